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

from service.engine.games import resolve
from service.fairness import commitment
from tests.live.server import ROOT

GAMES = [("scopa", 42), ("escoba", 7), ("briscola", 3), ("brisca", 11), ("tressette", 5)]


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


def run(command: list[str], base: str, said: str = "round over after") -> dict[str, Any]:
    """Run an example script against ``base``: it succeeds, says ``said`` on stderr, and prints JSON."""
    done = subprocess.run(
        command,
        cwd=ROOT,
        env={**os.environ, "CARDRULES_URL": base},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert said in done.stderr
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


def expected_match(client: FlaskClient, game: str, seed: int, players: int) -> dict[str, Any]:
    """The match as the session script plays it, played statelessly in-process: the same deals and moves."""
    state = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": seed}).get_json()["state"]
    rounds = []
    for number in range(1, 31):
        moves = 0
        while not state["round_over"]:
            legal = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
            move = next(move for move in legal if "card" in move)
            state = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
            moves += 1
        score = client.post(f"/v1/games/{game}/score", json={"state": state}).get_json()
        rounds.append({"round": number, "moves": moves, "totals": [side["total"] for side in score["sides"]]})
        if score["match"]["over"]:
            break
        following = {"seed": f"{seed}-{number + 1}", "previous": state}
        state = client.post(f"/v1/games/{game}/deal", json=following).get_json()["state"]
    return {"game": game, "players": players, "rounds": rounds, "match": score["match"]}


@pytest.mark.parametrize(("game", "seed", "players"), [("scopa", 42, 2), ("briscola", 5, 2), ("scopone", 9, 4)])
def test_session_walkthrough_plays_a_whole_match_with_seat_tokens(
    live_service: str, client: FlaskClient, game: str, seed: int, players: int
) -> None:
    command = [sys.executable, "examples/session_match.py", game, str(seed), str(players)]
    result = run(command, live_service, said="round 1 over after")
    assert result == expected_match(client, game, seed, players)
    assert result["match"]["over"] is True


def test_session_walkthrough_with_server_seeds_reveals_each_seed_that_was_committed(live_service: str) -> None:
    command = [sys.executable, "examples/session_match.py", "briscola", "server", "2"]
    rounds = run(command, live_service, said="round 1 over after")["rounds"]
    assert rounds  # one round wins a Briscola match; a drawn round (60 to 60) deals another
    rules = dict(resolve("briscola").by_name)
    for number, played in enumerate(rounds, start=1):
        fairness, dealer = played["fairness"], number % 2  # seat 1 deals first, then the deal passes on
        assert commitment("briscola", 2, dealer, number, rules, fairness["seed"]) == fairness["seed_commitment"]


@pytest.mark.parametrize(("game", "players"), [("scopa", 2), ("briscola", 3)])
def test_a_seat_verifies_its_round_in_three_calls(live_service: str, game: str, players: int) -> None:
    """examples/verify_round.py: a sealed round played with a token per seat, then replayed by seat 0 from its
    events and its view alone (docs/fairness.md, a seat verifies its round)."""
    done = subprocess.run(
        [sys.executable, "examples/verify_round.py", game, str(players)],
        cwd=ROOT,
        env={**os.environ, "CARDRULES_URL": live_service},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert "valid True, commitment matches True" in done.stdout
