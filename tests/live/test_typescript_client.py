"""The TypeScript client generated from openapi.yaml (clients/typescript: openapi-typescript + openapi-fetch) is
type-checked by tsc, plays a whole round of every game and player count against the service under gunicorn, and
its session example (src/session-table.ts) plays sealed tables, each seat on its own token following the event
stream, with no cast: check-typed.mjs holds the examples to the generated types."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import ALIASES, GAMES
from tests.live.server import ROOT
from tests.live.test_session_example_checks import problems

PACKAGE = ROOT / "clients" / "typescript"
SESSION_TABLES = [
    ("briscola", 2),
    *((name, max(game.player_counts)) for name, game in GAMES.items()),
]
"""The tables the session examples play (tests/live/test_python_client.py too): Briscola for two, and every game
of the registry at its largest table (Scopa for four among them)."""


@pytest.fixture(scope="module")
def built_client() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are needed for the TypeScript client")
    if not (PACKAGE / "node_modules" / ".package-lock.json").exists():
        pytest.skip("clients/typescript has no node_modules: make test runs npm ci there")
    # Generate the client from the current spec and type-check the script against it: a breaking change fails here.
    done = subprocess.run(["npm", "run", "build"], cwd=PACKAGE, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def expected_rounds() -> set[str]:
    """Every game id (aliases included) with every player count it allows."""
    return {
        f"{name}/{players}"
        for name in (*GAMES, *ALIASES)
        for players in GAMES[ALIASES[name][0] if name in ALIASES else name].player_counts
    }


def first_card_round(client: FlaskClient, game: str, players: int, seed: int) -> dict[str, Any]:
    state = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": seed}).get_json()["state"]
    while not state["round_over"]:
        moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
        move = next((move for move in moves if "card" in move), moves[-1])
        state = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
    result: dict[str, Any] = client.post(f"/v1/games/{game}/score", json={"state": state}).get_json()
    return result


def test_generated_client_plays_every_game(
    built_client: None,
    live_service: str,
    client: FlaskClient,
) -> None:
    done = subprocess.run(
        ["node", "dist/play.js"],
        cwd=PACKAGE,
        env={**os.environ, "CARDRULES_URL": live_service},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    # A table of two (API.md, tables): Ana plays her turns, the computer seat all of its own with no call.
    assert re.search(r"table: Ana played 20 moves, the computer seat", done.stderr), done.stderr
    results = json.loads(done.stdout)
    assert set(results) == expected_rounds()
    for key, score in results.items():
        game, players = key.split("/")
        assert score["match"]["round"] == 1
        if game in ("briscola", "brisca"):
            assert sum(side["total"] for side in score["sides"]) == 120, key
        else:
            # Fishing games: the script plays the first legal card, as this in-process round does.
            assert score == first_card_round(client, game, int(players), 42), key


def test_the_examples_hold_to_the_generated_types(built_client: None) -> None:
    """No type assertion (`as`, `<T>`, `!`), no `any` written or inferred, no hand-written type predicate."""
    done = subprocess.run(
        ["npm", "run", "-s", "check-typed"], cwd=PACKAGE, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(("game", "players"), SESSION_TABLES)
def test_the_session_example_plays_a_sealed_table(
    built_client: None, live_service: str, game: str, players: int
) -> None:
    done = subprocess.run(
        ["node", "dist/session-table.js", game, str(players), "--url", live_service],
        cwd=PACKAGE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert problems(json.loads(done.stdout), game, players) == []
