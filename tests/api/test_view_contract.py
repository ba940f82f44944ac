"""The contract describes every field of a view (issue: a contract that describes every byte): real views of every
game of the registry, every seat, through a whole seeded round, stateless and at a session table, validate against
``openapi.yaml``'s ``View`` with no additional property allowed anywhere in it (the spec closed as
``tests/api/contract_strict.py`` closes it for every answer). A field added to a view and not to
the contract fails here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES
from service.storage import SqliteStore
from tests.api.contract_strict import problems_of, schema_validator
from tests.sessions.conftest import make_app

SESSION_ONLY = ("seats", "clock", "match_over")
"""What a session's view adds to the view (the operation's own ``allOf`` branch), checked with its own schemas."""


VIEW = schema_validator("View")
TABLES = [(name, players) for name, game in GAMES.items() for players in game.player_counts]


def played_round(client: FlaskClient, game: str, players: int, seed: int) -> list[dict[str, Any]]:
    """Every state of one round, from the deal to its end, each move drawn from the legal ones by ``seed``."""
    choose = random.Random(seed)
    dealt = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": seed})
    assert dealt.status_code == 200, dealt.get_json()
    states = [dealt.get_json()["state"]]
    while not states[-1]["round_over"]:
        moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": states[-1]}).get_json()["moves"]
        played = client.post(
            f"/v1/games/{game}/play", json={"state": states[-1], "move": choose.choice(moves)}
        )
        states.append(played.get_json()["state"])
    return states


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_stateless_view_is_described(client: FlaskClient, game: str, players: int) -> None:
    problems: set[str] = set()
    for state in played_round(client, game, players, seed=players):
        for seat in range(players):
            view = client.post(f"/v1/games/{game}/view", json={"state": state, "seat": seat})
            assert view.status_code == 200, view.get_json()
            problems.update(problems_of(VIEW, view.get_json()))
    assert sorted(problems) == []


@pytest.fixture
def table_client(tmp_path: Path) -> Iterator[FlaskClient]:
    """A service on a session file of its own, closed after the test: the clocked table's runner then stops
    polling, and leaves no thread working beside the tests that follow in this process."""
    store = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    yield make_app(store).test_client()
    store.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_view_at_a_table_is_described(table_client: FlaskClient, game: str) -> None:
    client = table_client
    players = GAMES[game].player_counts[0]
    clock = {"move_seconds": 60, "on_timeout": "none"}
    body = {"game": game, "deal": {"players": players, "seed": "server"}, "clock": clock}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    path, tokens = f"/v1/sessions/{created['id']}", created["tokens"]
    readers = [*tokens["seats"], tokens["owner"], tokens["spectator"]]
    choose, problems = random.Random(game), set()
    while True:
        for token in readers:
            answer = client.get(f"{path}/view", headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 200, answer.get_json()
            view = answer.get_json()
            for key, schema in zip(SESSION_ONLY, ("Seats", "TableClock", "NullableMatchOver"), strict=True):
                problems.update(
                    f"{key}: {problem}" for problem in problems_of(schema_validator(schema), view.pop(key))
                )
            problems.update(problems_of(VIEW, view))
        turn = view["turn"]
        if view["round_over"]:
            break
        seat_token = {"Authorization": f"Bearer {tokens['seats'][turn]}"}
        listed = client.get(f"{path}/legal-moves", headers=seat_token)
        move = choose.choice(listed.get_json()["moves"])
        moved = client.post(
            f"{path}/moves", json={"move": move}, headers={**seat_token, "If-Match": listed.headers["ETag"]}
        )
        assert moved.status_code == 200, moved.get_json()
    assert sorted(problems) == []
