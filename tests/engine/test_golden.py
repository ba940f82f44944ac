"""Golden replays: whole rounds written move by move in ``tests/golden/*.txt``, replayed through the engine.

A file is a header (``key: value``: game, players, seed, dealer, preset, rules, the dealt hands and table, any
re-deal or dealer bonus), a ``---`` line, one line per move and per deal from the stock::

    seat 0 plays 7D takes 3C 4S
    seat 1 plays 5B lays
    seat 0 plays 10D takes 10S sweep
    deal: 0: 1C 2S 3B | 1: 4D 5C 6S
    leftover: seat 1 takes 2C 9S

then ``---`` and the score: one line per side (points by category and the total) and the match. The test deals
from the seed, checks that every move is legal and produces the recorded captures and sweeps, and compares the
score. Regenerate the files with ``python -m tests.engine.test_golden --write`` (after a deliberate rule
change).
"""

from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from service.engine.cards import cards
from service.engine.fishing import Capture, FishingState
from service.engine.games import GAMES, resolve
from service.engine.state import Event, Match, seats_of, sides_of

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

# The replays to (re)write: file name -> (game, players, seed, dealer, preset, rule overrides).
REPLAYS: dict[str, tuple[str, int, int, int, str | None, dict[str, Any]]] = {
    "scopa-2p-seed-7.txt": ("scopa", 2, 7, 1, None, {}),
    "scopa-3p-seed-11-traditional-apt.txt": (
        "scopa", 3, 11, 2, "traditional", {"asso_piglia_tutto": True, "napola": "length", "re_bello": True},
    ),
    "scopa-2p-seed-10231-four-kings.txt": ("scopa", 2, 10231, 1, None, {"last_play_sweep_counts": True}),
    "scopone-9+4-seed-3.txt": ("scopone", 4, 3, 3, None, {}),
    "scopone-10+0-seed-5.txt": ("scopone", 4, 5, 3, None, {"scopone_deal": "10+0"}),
    "escoba-4p-seed-21.txt": ("escoba", 4, 21, 3, None, {}),
    "escoba-2p-seed-0-dealer-bonus.txt": ("escoba", 2, 0, 1, "stargames", {}),
}

SIDE = re.compile(r"side (\d) \(seats ([\d ]+)\): (.*); total (\d+)$")
MATCH = re.compile(r"match: scores ([\d ]+), target (\d+), (over, side (\d) wins|not over)$")


def words(items: Any) -> str:
    return " ".join(card.code for card in items)


def hands_line(state: FishingState) -> str:
    return " | ".join(f"{seat}: {words(hand)}" for seat, hand in enumerate(state.hands))


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


# -- writing -------------------------------------------------------------------------------------------------
def render(game: str, players: int, seed: int, dealer: int, preset: str | None,
           overrides: dict[str, Any]) -> str:
    """Play a round with a seeded random choice among the legal moves and write it down."""
    engine = GAMES[game]
    rules = resolve(game, preset, overrides)
    state, events = engine.deal(rules, players, seed, dealer, Match((0,) * sides_of(players), rules.target))
    lines = [
        f"game: {game}", f"players: {players}", f"seed: {seed}", f"dealer: {dealer}",
        f"preset: {preset or 'none'}",
        "rules: " + (" ".join(f"{k}={json.dumps(v)}" for k, v in overrides.items()) or "default"),
    ]
    for event in of_type(events, "redeal"):
        lines.append(f"redeal: {words(event.data['table'])} (three or more kings)")
    lines.append(f"hands: {hands_line(state)}")
    lines.append(f"table: {words(of_type(events, 'dealt')[0].data['table'])}")
    for event in of_type(events, "dealer_bonus"):
        lines.append(f"bonus: seat {event.data['seat']} takes the table, {event.data['escobas']} escobas")
    lines.append("---")
    rng = random.Random(seed)
    while not state.round_over:
        legal = engine.legal_moves(state)
        move = rng.choice(legal.moves)
        assert isinstance(move, Capture)
        seat = state.turn
        state, events = engine.play(state, move)
        taken = f"takes {words(move.capture or ())}" if move.capture else "lays"
        sweep = " sweep" if of_type(events, "sweep") else ""
        lines.append(f"seat {seat} plays {move.card.code} {taken}{sweep}")
        if of_type(events, "cards_dealt"):
            lines.append(f"deal: {hands_line(state)}")
        for event in of_type(events, "table_collected"):
            lines.append(f"leftover: seat {event.data['seat']} takes {words(event.data['cards'])}")
        if of_type(events, "round_over") and state.table:
            lines.append(f"leftover: nobody, {words(state.table)} stay on the table")
    lines.append("---")
    result = engine.score(state)
    for side in result.sides:
        points = ", ".join(f"{name} {n}" for name, n in side.points.items() if n) or "nothing"
        seats = " ".join(map(str, side.seats))
        lines.append(f"side {side.side} (seats {seats}): {points}; total {side.total}")
    outcome = f"over, side {result.match.winner} wins" if result.match.over else "not over"
    scores = " ".join(map(str, result.match.scores))
    lines.append(f"match: scores {scores}, target {result.match.target}, {outcome}")
    return "\n".join(lines) + "\n"


# -- reading and replaying -----------------------------------------------------------------------------------
@dataclass
class Replay:
    header: dict[str, str]
    redeals: list[str] = field(default_factory=list)
    bonus: str | None = None
    moves: list[str] = field(default_factory=list)
    score: list[str] = field(default_factory=list)


def parse(text: str) -> Replay:
    header_text, moves_text, score_text = text.split("\n---\n")
    replay = Replay({})
    for line in header_text.splitlines():
        key, _, value = line.partition(": ")
        if key == "redeal":
            replay.redeals.append(value.split(" (")[0])
        elif key == "bonus":
            replay.bonus = value
        else:
            replay.header[key] = value
    replay.moves = [line for line in moves_text.splitlines() if line]
    replay.score = [line for line in score_text.splitlines() if line]
    return replay


def parse_rules(text: str) -> dict[str, Any]:
    if text == "default":
        return {}
    return {key: json.loads(value) for key, _, value in (item.partition("=") for item in text.split())}


def card_set(text: str) -> set[str]:
    return set(text.split())


def hands_of(text: str) -> list[set[str]]:
    return [card_set(part.split(":", 1)[1]) for part in text.split(" | ")]


def parse_move(line: str) -> tuple[int, str, set[str], bool]:
    """``seat 0 plays 7D takes 3C 4S sweep`` -> (0, "7D", {"3C", "4S"}, True)."""
    parts = line.split()
    sweep = parts[-1] == "sweep"
    if sweep:
        parts.pop()
    assert parts[0] == "seat" and parts[2] == "plays", line
    assert (parts[4], len(parts)) == ("lays", 5) or (parts[4] == "takes" and len(parts) > 5), line
    return int(parts[1]), parts[3], set(parts[5:]), sweep


def replay_file(path: Path) -> None:
    replay = parse(path.read_text(encoding="utf-8"))
    head = replay.header
    game, players, seed, dealer = head["game"], int(head["players"]), int(head["seed"]), int(head["dealer"])
    preset = None if head["preset"] == "none" else head["preset"]
    engine = GAMES[game]
    rules = resolve(game, preset, parse_rules(head["rules"]))
    state, events = engine.deal(rules, players, seed, dealer, Match((0,) * sides_of(players), rules.target))
    assert [words(event.data["table"]) for event in of_type(events, "redeal")] == replay.redeals
    assert [set(map(str, hand)) for hand in state.hands] == hands_of(head["hands"])
    assert card_set(words(of_type(events, "dealt")[0].data["table"])) == card_set(head["table"])
    bonus = of_type(events, "dealer_bonus")
    if replay.bonus is None:
        assert not bonus
    else:
        found = re.fullmatch(r"seat (\d) takes the table, (\d) escobas", replay.bonus)
        assert found, replay.bonus
        seat, escobas = found.groups()
        assert [(event.data["seat"], event.data["escobas"]) for event in bonus] == [(int(seat), int(escobas))]
    lines = iter(replay.moves)
    for line in lines:
        seat, code, taken, sweep = parse_move(line)
        assert state.turn == seat, line
        legal = {
            (m.card.code, frozenset(c.code for c in m.capture or ()))
            for m in engine.legal_moves(state).moves
            if isinstance(m, Capture)
        }
        assert (code, frozenset(taken)) in legal, f"{path.name}: illegal move {line!r}"
        state, events = engine.play(state, Capture(cards([code])[0], cards(sorted(taken))))
        played = of_type(events, "card_played")[0].data
        assert {c.code for c in played["capture"]} == taken, line
        assert bool(of_type(events, "sweep")) == sweep, line
        if of_type(events, "cards_dealt"):
            dealt = next(lines)
            assert dealt.startswith("deal: "), dealt
            assert [set(map(str, hand)) for hand in state.hands] == hands_of(dealt.removeprefix("deal: "))
        for event in of_type(events, "table_collected"):
            assert next(lines) == f"leftover: seat {event.data['seat']} takes {words(event.data['cards'])}"
        if of_type(events, "round_over") and state.table:
            assert next(lines) == f"leftover: nobody, {words(state.table)} stay on the table"
    assert state.round_over, f"{path.name}: the recorded moves do not finish the round"
    result = engine.score(state)
    *side_lines, match_line = replay.score
    assert len(side_lines) == len(result.sides)
    for side, line in zip(result.sides, side_lines, strict=True):
        found = SIDE.fullmatch(line)
        assert found, line
        number, seats, points_text, total = found.groups()
        assert int(number) == side.side
        assert tuple(map(int, seats.split())) == side.seats == seats_of(side.side, players)
        recorded = {} if points_text == "nothing" else {
            name: int(n) for name, n in (item.rsplit(" ", 1) for item in points_text.split(", "))
        }
        assert {k: v for k, v in side.points.items() if v} == recorded, line
        assert side.total == int(total) == sum(recorded.values())
    found = MATCH.fullmatch(match_line)
    assert found, match_line
    scores, target, _, winner = found.groups()
    assert list(result.match.scores) == list(map(int, scores.split()))
    assert result.match.target == int(target)
    assert result.match.over is (winner is not None)
    assert result.match.winner == (None if winner is None else int(winner))


FILES = sorted(GOLDEN.glob("*.txt"))


def test_there_are_golden_replays() -> None:
    assert len(FILES) >= 3
    assert {path.name for path in FILES} == set(REPLAYS)


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_golden_replay(path: Path) -> None:
    replay_file(path)


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print("usage: python -m tests.engine.test_golden --write", file=sys.stderr)
        return 2
    GOLDEN.mkdir(exist_ok=True)
    for name, config in REPLAYS.items():
        (GOLDEN / name).write_text(render(*config), encoding="utf-8")
        print(f"wrote {GOLDEN / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
