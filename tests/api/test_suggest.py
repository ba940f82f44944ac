"""Computer players through HTTP: ``POST /v1/games/{game}/suggest`` and ``POST /v1/sessions/{id}/suggest``.

The suggestion is legal, depends on what the seat may see and nothing else, stays within its budget, and a
session seat gets suggestions only for itself; a refused request changes nothing. Every test here runs on
``search_clock`` (tests/conftest.py), which moves a fixed step at each reading: whether a 2,000 ms search
completes depends on the work it does, not on how busy the machine is.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES
from service.players.search import default_playouts
from tests.clock import UNHURRIED_STEP, SteppingClock
from tests.sessions.conftest import bearer, open_table

pytestmark = pytest.mark.usefixtures("search_clock")

LEVELS = ("random", "greedy", "strong")
SETUPS = sorted(
    {(name, players) for name, game in GAMES.items() for players in (game.player_counts[0], game.player_counts[-1])}
)
"""Every game with the fewest and the most players it is played by."""


def dealt(client: FlaskClient, game: str, players: int, seed: int) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": seed})
    assert response.status_code == 200
    state: dict[str, Any] = response.get_json()["state"]
    return state


def suggested(client: FlaskClient, game: str, state: dict[str, Any], **asked: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/suggest", json={"state": state, "budget_ms": 2000, **asked})
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def hidden_swapped(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same position for ``seat`` with every card it cannot see dealt differently (sizes kept)."""
    others = [index for index in range(state["players"]) if index != seat]
    unseen = [card for index in others for card in state["hands"][index]] + list(state["stock"])
    unseen.reverse()
    hands = [list(hand) for hand in state["hands"]]
    for index in others:
        size = len(hands[index])
        hands[index], unseen = unseen[:size], unseen[size:]
    return {**state, "hands": hands, "stock": unseen}


@pytest.mark.parametrize(("game", "players"), SETUPS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_suggestion_is_legal_and_sees_only_the_seat_view(
    client: FlaskClient, game: str, players: int, level: str
) -> None:
    state = dealt(client, game, players, 11)
    asked: dict[str, Any] = {"worlds": 4} if level == "strong" else {}  # what is tested holds for any work
    answer = suggested(client, game, state, level=level, seed=3, **asked)
    assert answer["seat"] == state["turn"] and answer["level"] == level and answer["complete"] is True
    verdict = client.post(
        f"/v1/games/{game}/validate", json={"state": state, "move": answer["move"]}
    ).get_json()
    assert verdict["legal"] is True
    other = hidden_swapped(state, state["turn"])
    assert other["hands"] != state["hands"]
    assert suggested(client, game, other, level=level, seed=3, **asked)["move"] == answer["move"]


def test_random_players_with_other_seeds_choose_other_moves(client: FlaskClient) -> None:
    state = dealt(client, "escoba", 2, 5)
    moves = {str(suggested(client, "escoba", state, level="random", seed=seed)["move"]) for seed in range(12)}
    assert len(moves) > 1


def test_a_whole_round_played_by_the_greedy_player_through_http(client: FlaskClient) -> None:
    state = dealt(client, "scopa", 2, 8)
    plays = 0
    while not state["round_over"]:
        move = suggested(client, "scopa", state, level="greedy")["move"]
        state = client.post("/v1/games/scopa/play", json={"state": state, "move": move}).get_json()["state"]
        plays += 1
    assert plays == 36
    assert client.post("/v1/games/scopa/score", json={"state": state}).status_code == 200


def test_the_strong_player_keeps_to_a_small_budget(client: FlaskClient, search_clock: SteppingClock) -> None:
    """With the clock moving 1 ms at every reading, 40 ms stop the search short, and the answer says so,
    within the budget."""
    state = dealt(client, "escoba", 4, 2)
    search_clock.step = 0.001
    answer = suggested(client, "escoba", state, level="strong", budget_ms=40)
    assert answer["complete"] is False and answer["confident"] is False
    assert 0 < answer["considered"] < default_playouts(GAMES["escoba"])
    assert answer["elapsed_ms"] <= 40 + 2  # the reading that stopped the search, and the last one
    search_clock.step = UNHURRIED_STEP
    full = suggested(client, "escoba", state, level="strong", budget_ms=2000)
    assert full["complete"] is True and full["considered"] > answer["considered"]


@pytest.mark.parametrize(
    ("asked", "pointer"),
    [
        ({"level": "expert"}, "/level"),
        ({}, "/level"),
        ({"level": "greedy", "budget_ms": 0}, "/budget_ms"),
        ({"level": "greedy", "budget_ms": 5000}, "/budget_ms"),
        ({"level": "greedy", "seed": -1}, "/seed"),
        ({"level": "greedy", "seed": "7"}, "/seed"),
        ({"level": "greedy", "seat": 5}, "/seat"),
        ({"level": "greedy", "seat": 1}, "/seat"),
    ],
)
def test_a_bad_request_for_a_suggestion_is_a_400_naming_the_field(
    client: FlaskClient, asked: dict[str, Any], pointer: str
) -> None:
    state = dealt(client, "scopa", 2, 1)
    response = client.post("/v1/games/scopa/suggest", json={"state": state, **asked})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert pointer in [error["pointer"] for error in response.get_json()["errors"]]


def test_a_finished_round_has_no_move_to_suggest(client: FlaskClient) -> None:
    state = dealt(client, "briscola", 2, 4)
    while not state["round_over"]:
        move = suggested(client, "briscola", state, level="random")["move"]
        state = client.post("/v1/games/briscola/play", json={"state": state, "move": move}).get_json()[
            "state"
        ]
    response = client.post("/v1/games/briscola/suggest", json={"state": state, "level": "greedy"})
    assert response.status_code == 400 and response.get_json()["code"] == "not_to_act"


def test_a_session_seat_gets_the_suggestion_its_view_allows_and_nothing_changes(client: FlaskClient) -> None:
    table = open_table(client, "briscola", seed=6)
    state, version = table.state(), table.etag()
    turn = state["turn"]
    own = client.post(
        f"{table.path}/suggest",
        json={"level": "strong", "seed": 2, "budget_ms": 2000},
        headers=bearer(table.seats[turn]),
    )
    assert own.status_code == 200 and own.headers["Cache-Control"] == "no-store"
    stateless = suggested(client, "briscola", state, level="strong", seed=2)
    assert own.get_json()["move"] == stateless["move"] and own.get_json()["seat"] == turn
    idle = client.post(
        f"{table.path}/suggest", json={"level": "greedy"}, headers=bearer(table.seats[1 - turn])
    )
    assert idle.status_code == 400 and idle.get_json()["code"] == "not_to_act"
    other = client.post(
        f"{table.path}/suggest?seat={turn}", json={"level": "greedy"}, headers=bearer(table.seats[1 - turn])
    )
    assert other.status_code == 403 and other.get_json()["code"] == "forbidden_seat"
    anonymous = client.post(f"{table.path}/suggest", json={"level": "greedy"})
    assert anonymous.status_code == 401
    owner = client.post(f"{table.path}/suggest", json={"level": "greedy"}, headers=bearer(table.owner))
    assert owner.status_code == 200 and owner.get_json()["seat"] == turn
    assert table.state() == state and table.etag() == version
