"""How long a refused sealed replay takes, against how far its moves were legal (docs/fairness.md, threat model).

A sealed replay that does not legally finish its round gets one answer whatever the moves; its time must not tell
how many of them were legal either. For every game this replays a sealed round's legal moves cut after ``p`` plays
and padded with refused moves to the same length, for several ``p``, interleaved so that the machine's drift hits
every ``p`` alike, and prints the median time of each with its ratio to ``p = 0``. A ratio that grows with ``p``
would be the leak; the engine's own replay of the same round played in full is the reference.

    python -m bench.replay_timing [--repeats 200]
"""

from __future__ import annotations

import argparse
import contextlib
import time
from typing import Any

from service.engine.games import GAMES
from service.engine.state import Match, sides_of
from service.fairness import SealedDeal, SeedSealer
from service.replay import SealedReplayUnfinished, replay
from service.schemas.requests import dump_move

from .common import heading, machine_facts, median, table

SEALER = SeedSealer(bytes(range(32)))
SEED = "0" * 64


def sealed_round(name: str) -> tuple[str, list[dict[str, Any]]]:
    """A sealed seed and the first-legal-move round it deals."""
    game = GAMES[name]
    players = min(game.player_counts)
    rules = game.rulebook.resolve()
    deal = SealedDeal(
        SEED, name, players, players - 1, 1, dict(rules), "italian", None, (0,) * sides_of(players)
    )
    state, _ = game.deal(rules, players, SEED, players - 1, Match((0,) * sides_of(players), rules.target, 1))
    moves = []
    while not state.round_over:
        move = game.legal_moves(state, 1).moves[0]
        moves.append(dump_move(move))
        state, _ = game.play(state, move)
    return SEALER.seal(deal), moves


def timed(name: str, body: dict[str, Any]) -> float:
    began = time.perf_counter()
    with contextlib.suppress(SealedReplayUnfinished):
        replay(GAMES[name], None, body, SEALER)
    return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args(argv)
    print(heading("Refused sealed replays: time against the legal prefix"))
    print(machine_facts())
    rows = []
    for name in GAMES:
        sealed, moves = sealed_round(name)
        total = len(moves)
        wrong = {"card": moves[0]["card"]}  # played at the first move: refused whenever it comes again
        prefixes = sorted({0, 1, total // 4, total // 2, total - 2})
        bodies = {p: {"sealed_seed": sealed, "moves": moves[:p] + [wrong] * (total - p)} for p in prefixes}
        full = {"sealed_seed": sealed, "moves": moves}
        times: dict[Any, list[float]] = {p: [] for p in prefixes}
        times["full"] = []
        for body in bodies.values():
            timed(name, body)  # warm: the public round is worked out once per game and rules
        for _ in range(args.repeats):
            for p, body in bodies.items():
                times[p].append(timed(name, body))
            times["full"].append(timed(name, full))
        base = median(times[0])
        for p in prefixes:
            rows.append([name, total, p, f"{median(times[p]) * 1e3:.3f}", f"{median(times[p]) / base:.3f}"])
        rows.append(
            [
                name,
                total,
                "all (finished)",
                f"{median(times['full']) * 1e3:.3f}",
                f"{median(times['full']) / base:.3f}",
            ]
        )
    print(table(["game", "moves sent", "legal prefix", "median ms", "ratio to prefix 0"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
