"""Golden replays of the trick games without trumps (Tressette): whole rounds in ``tests/golden/tricks/*.txt``,
replayed through the engine and through ``POST /v1/games/{game}/replay``.

A file is a header (``key: value``: game, players, seed, dealer, preset, rules, the dealt hands and the stock), a
``---`` line, then one line per event that decides something::

    seat 1 declares three 3 missing S, 3 points
    seat 1 plays 2S
    trick: seat 1 takes 10S 2S, 2 thirds
    draw: seat 1 7C, seat 0 1D

then ``---`` and the score, as in ``tests/golden/*.txt`` (one line per side, then the match). The test deals from
the seed, checks that every move is legal and produces the recorded declarations, tricks and draws, and compares
the score. Regenerate with ``python -m tests.engine.test_golden_tricks --write`` after a deliberate rule change.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import card
from service.engine.games import GAMES, resolve
from service.engine.state import Event, Match, sides_of
from service.engine.tricks.state import PlayCard
from tests.engine.test_golden import MATCH, SIDE, parse_rules

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "tricks"

# file name -> (game, players, seed, dealer, preset, rule overrides)
REPLAYS: dict[str, tuple[str, int, int, int, str | None, dict[str, Any]]] = {
    "tressette-2p-seed-24-accusi.txt": ("tressette", 2, 24, 1, None, {"accusi": "on"}),
    "tressette-4p-seed-8-with-accusi.txt": ("tressette", 4, 8, 3, "with_accusi", {}),
    "tressette-2p-seed-5-round-per-side.txt": (
        "tressette", 2, 5, 0, None, {"thirds": "round_per_side", "show_drawn_cards": False},
    ),
}


def words(items: Any) -> str:
    return " ".join(item.code for item in items)


def event_lines(events: list[Event]) -> list[str]:
    """What a move decided, one line per decision, in the order it happened."""
    lines = []
    for event in events:
        data = event.data
        if event.type == "accusi_declared":
            for item in data["accusi"]:
                what = {"napoletana": f"napoletana {item.get('suit')}", "three": f"three {item.get('rank')} missing "
                        f"{item.get('missing')}", "four": f"four {item.get('rank')}"}[item["kind"]]
                lines.append(f"seat {data['seat']} declares {what}, {item['points']} points")
        elif event.type == "card_played":
            lines.append(f"seat {data['seat']} plays {data['card'].code}")
        elif event.type == "trick_won":
            lines.append(f"trick: seat {data['seat']} takes {words(data['cards'])}, {data['thirds']} thirds")
    drawn = [event for event in events if event.type == "card_drawn"]
    if drawn:
        lines.append("draw: " + ", ".join(f"seat {e.data['seat']} {e.data['card'].code}" for e in drawn))
    return lines


def render(game: str, players: int, seed: int, dealer: int, preset: str | None, overrides: dict[str, Any]) -> str:
    """Play a round with a seeded random choice among the legal moves and write it down."""
    engine = GAMES[game]
    rules = resolve(game, preset, overrides)
    state, _ = engine.deal(rules, players, seed, dealer, Match((0,) * sides_of(players), rules.target))
    lines = [
        f"game: {game}", f"players: {players}", f"seed: {seed}", f"dealer: {dealer}",
        f"preset: {preset or 'none'}",
        "rules: " + (" ".join(f"{k}={json.dumps(v)}" for k, v in overrides.items()) or "default"),
        "hands: " + " | ".join(f"{seat}: {words(hand)}" for seat, hand in enumerate(state.hands)),
        f"stock: {words(state.stock) or 'none'}",
        "---",
    ]
    rng = random.Random(seed)
    while not state.round_over:
        state, events = engine.play(state, rng.choice(engine.legal_moves(state).moves))
        lines += event_lines(events)
    lines.append("---")
    result = engine.score(state)
    for side in result.sides:
        points = ", ".join(f"{name} {n}" for name, n in side.points.items() if n) or "nothing"
        lines.append(f"side {side.side} (seats {' '.join(map(str, side.seats))}): {points}; total {side.total}")
    outcome = f"over, side {result.match.winner} wins" if result.match.over else "not over"
    lines.append(f"match: scores {' '.join(map(str, result.match.scores))}, target {result.match.target}, {outcome}")
    return "\n".join(lines) + "\n"


def parse(text: str) -> tuple[dict[str, str], list[str], list[str]]:
    header_text, moves_text, score_text = text.split("\n---\n")
    header = dict(line.split(": ", 1) for line in header_text.splitlines())
    moves = [line for line in moves_text.splitlines() if line]
    return header, moves, [line for line in score_text.splitlines() if line]


def played_cards(lines: list[str]) -> list[str]:
    return [line.split()[-1] for line in lines if " plays " in line]


FILES = sorted(GOLDEN.glob("*.txt"))


def test_the_trick_replays_are_the_listed_ones() -> None:
    assert {path.name for path in FILES} == set(REPLAYS)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_golden_replay(path: Path) -> None:
    header, lines, score = parse(path.read_text(encoding="utf-8"))
    game, players = header["game"], int(header["players"])
    engine = GAMES[game]
    rules = resolve(game, None if header["preset"] == "none" else header["preset"], parse_rules(header["rules"]))
    state, _ = engine.deal(
        rules, players, int(header["seed"]), int(header["dealer"]), Match((0,) * sides_of(players), rules.target)
    )
    assert " | ".join(f"{seat}: {words(hand)}" for seat, hand in enumerate(state.hands)) == header["hands"]
    assert (words(state.stock) or "none") == header["stock"]
    recorded = iter(lines)
    for code in played_cards(lines):
        move = PlayCard(card(code))
        assert move in engine.legal_moves(state).moves, f"{path.name}: illegal move {code}"
        state, events = engine.play(state, move)
        for line in event_lines(events):
            assert next(recorded) == line
    assert next(recorded, None) is None and state.round_over
    result = engine.score(state)
    *side_lines, match_line = score
    for side, line in zip(result.sides, side_lines, strict=True):
        found = SIDE.fullmatch(line)
        assert found, line
        assert int(found.group(1)) == side.side and int(found.group(4)) == side.total
        points = {} if found.group(3) == "nothing" else {
            name: int(n) for name, n in (item.rsplit(" ", 1) for item in found.group(3).split(", "))
        }
        assert {k: v for k, v in side.points.items() if v} == points, line
    found = MATCH.fullmatch(match_line)
    assert found and list(result.match.scores) == list(map(int, found.group(1).split()))


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_golden_replay_through_the_endpoint(client: FlaskClient, path: Path) -> None:
    header, lines, score = parse(path.read_text(encoding="utf-8"))
    body: dict[str, Any] = {
        "players": int(header["players"]),
        "seed": int(header["seed"]),
        "dealer": int(header["dealer"]),
        "rules": parse_rules(header["rules"]),
        "moves": [{"card": code} for code in played_cards(lines)],
    }
    if header["preset"] != "none":
        body["preset"] = header["preset"]
    answer = client.post(f"/v1/games/{header['game']}/replay", json=body)
    assert answer.status_code == 200, answer.get_json()
    result = answer.get_json()
    assert result["valid"] is True and result["moves_played"] == len(body["moves"])
    totals = [int(found.group(4)) for found in map(SIDE.fullmatch, score[:-1]) if found]
    assert [side["total"] for side in result["score"]["sides"]] == totals
    # One card swapped with the next one played: refused at its index (the seat does not hold it, or it must
    # follow suit), or at the latest at the next one.
    at = len(body["moves"]) // 2
    body["moves"][at] = body["moves"][at + 1]
    altered = client.post(f"/v1/games/{header['game']}/replay", json=body).get_json()
    assert altered["valid"] is False and altered["refused"]["move_index"] in (at, at + 1)


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print("usage: python -m tests.engine.test_golden_tricks --write", file=sys.stderr)
        return 2
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, config in REPLAYS.items():
        (GOLDEN / name).write_text(render(*config), encoding="utf-8")
        print(f"wrote {GOLDEN / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
