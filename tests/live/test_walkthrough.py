"""The walkthrough scripts of examples/ play a whole round against the service under gunicorn and score it; the
shell script (curl + jq) and the Python one agree with each other and with the same round played in-process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.live.server import ROOT

GAMES = [("scopa", 42), ("escoba", 7), ("briscola", 3), ("brisca", 11)]


def expected(client: FlaskClient, game: str, seed: int) -> dict[str, Any]:
    """The round as the scripts play it (the first legal card each time), in-process."""
    state = client.post(f"/v1/games/{game}/deal", json={"players": 2, "seed": seed}).get_json()["state"]
    while not state["round_over"]:
        moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
        move = next(move for move in moves if "card" in move)
        state = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
    score = client.post(f"/v1/games/{game}/score", json={"state": state}).get_json()
    return {
        "sides": [
            {key: side[key] for key in ("side", "seats", "points", "total")} for side in score["sides"]
        ],
        "match": score["match"],
    }


def run(command: list[str], base: str) -> dict[str, Any]:
    done = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "CARDRULES_URL": base},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "round over after" in done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize(("game", "seed"), GAMES)
def test_shell_walkthrough_plays_and_scores_a_round(
    live_service: str,
    client: FlaskClient,
    game: str,
    seed: int,
) -> None:
    if shutil.which("jq") is None or shutil.which("curl") is None:
        pytest.skip("the shell walkthrough needs curl and jq (make test installs jq)")
    result = run(["bash", "examples/play-round.sh", game, str(seed)], live_service)
    assert result == expected(client, game, seed)
    assert result["match"]["round"] == 1


@pytest.mark.parametrize(("game", "seed"), GAMES)
def test_python_walkthrough_plays_and_scores_a_round(
    live_service: str,
    client: FlaskClient,
    game: str,
    seed: int,
) -> None:
    result = run([sys.executable, "examples/play_round.py", game, str(seed)], live_service)
    assert result == expected(client, game, seed)
    if game in ("briscola", "brisca"):
        assert sum(side["points"]["card_points"] for side in result["sides"]) == 120
