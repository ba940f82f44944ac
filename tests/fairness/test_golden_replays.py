"""The golden replays of ``tests/golden`` verified through ``POST /v1/games/{game}/replay``: every recorded move
is accepted, the round ends with the recorded score, and one altered move is reported exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.engine.test_golden import FILES, MATCH, SIDE, parse, parse_move, parse_rules


def replay_body(path: Path) -> tuple[str, dict[str, Any], list[str]]:
    replay = parse(path.read_text(encoding="utf-8"))
    header = replay.header
    moves = []
    for line in replay.moves:
        if line.startswith("seat "):
            _, card, taken, _ = parse_move(line)
            moves.append({"card": card, "capture": sorted(taken)})
    body: dict[str, Any] = {
        "players": int(header["players"]),
        "seed": int(header["seed"]),
        "dealer": int(header["dealer"]),
        "rules": parse_rules(header["rules"]),
        "moves": moves,
    }
    if header["preset"] != "none":
        body["preset"] = header["preset"]
    return header["game"], body, replay.score


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_a_golden_replay_is_valid_through_the_endpoint_and_scores_as_recorded(
    client: FlaskClient, path: Path
) -> None:
    game, body, score_lines = replay_body(path)
    answer = client.post(f"/v1/games/{game}/replay", json=body)
    assert answer.status_code == 200, answer.get_json()
    result = answer.get_json()
    assert result["valid"] is True and result["moves_played"] == len(body["moves"]) and result["rounds"] == 1
    *side_lines, match_line = score_lines
    totals = [int(found.group(4)) for found in map(SIDE.fullmatch, side_lines) if found]
    assert [side["total"] for side in result["score"]["sides"]] == totals
    recorded = MATCH.fullmatch(match_line)
    assert recorded is not None
    assert result["score"]["match"]["scores"] == list(map(int, recorded.group(1).split()))


@pytest.mark.parametrize("path", FILES[:3], ids=[path.name for path in FILES[:3]])
def test_an_altered_golden_move_is_reported_at_its_index(client: FlaskClient, path: Path) -> None:
    game, body, _ = replay_body(path)
    at = len(body["moves"]) // 2
    body["moves"][at] = {**body["moves"][at], "card": body["moves"][at + 1]["card"]}
    result = client.post(f"/v1/games/{game}/replay", json=body).get_json()
    assert result["valid"] is False and result["refused"]["move_index"] == at
