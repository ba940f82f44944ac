"""Engine-only throughput on one core, no HTTP: random 2-player rounds per second, and ``legal_moves`` cost.

    python -m bench.engine [--seconds 2.0] [--repeats 3] [--no-profile]

A round: deal from a seed, then at every step ``legal_moves`` and ``play`` of a random legal move (a seeded
``random.Random``), then ``score``. The target is 1000 rounds/s per game; a game that misses it is profiled and
the top functions by cumulative time are printed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import service.engine.fishing.capture
from service.engine.cards import DECK, Card
from service.engine.checks import check_reported
from service.engine.fishing import FishingState, new_match, table_index
from service.engine.games import GAMES, resolve
from service.engine.options import Rules

from .common import OtherLoad, heading, load_line, machine_facts, median, profile_top, table, verdict

TARGET_ROUNDS_PER_SECOND = 1000
ROUND_GAMES = ("scopa", "escoba", "briscola")
PLAYERS = 2
TABLE_SIZES = (4, 8, 16, 24, 30, 34, 37)


def pin_to_one_core() -> str:
    """Run on a single CPU so the number means "one core"; returns which one."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpus = sorted(os.sched_getaffinity(0))
    with contextlib.suppress(OSError):
        os.sched_setaffinity(0, {cpus[-1]})
        return f"pinned to CPU {cpus[-1]}"
    return "not pinned"


def play_round(game: Any, rules: Rules, seed: int) -> int:
    """One random round from the deal of ``seed``; returns the number of plays."""
    rng = random.Random(seed)
    state, _ = game.deal(rules, PLAYERS, seed, PLAYERS - 1, new_match(rules, PLAYERS))
    plies = 0
    while not state.round_over:
        found = game.legal_moves(state)
        state, _ = game.play(state, rng.choice(found.moves))
        plies += 1
    game.score(state)
    return plies


def rounds_per_second(name: str, seconds: float, first_seed: int) -> tuple[float, float, int]:
    """(rounds/s, microseconds per play, rounds) over about ``seconds`` of rounds."""
    game, rules = GAMES[name], resolve(name)
    rounds = plies = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        plies += play_round(game, rules, first_seed + rounds)
        rounds += 1
        if rounds % 16 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    return rounds / elapsed, elapsed / plies * 1e6, rounds


def profile_rounds(name: str, rounds: int, top: int = 10) -> list[tuple[str, int, float, float]]:
    """The ``top`` engine functions by cumulative time over ``rounds`` rounds."""
    game, rules = GAMES[name], resolve(name)

    def work() -> None:
        for seed in range(rounds):
            play_round(game, rules, seed)

    return profile_top(work, top, keep=lambda where: "bench/" not in where)


# -- the same rounds from the pure-Python sources ----------------------------------------------------------------
ROOT = Path(__file__).resolve().parent.parent
COMPILED = not str(service.engine.fishing.capture.__file__).endswith(".py")
SOURCES_RUN = """
import json, sys
import service.engine.fishing.capture
from bench.engine import ROUND_GAMES, pin_to_one_core, rounds_per_second
assert service.engine.fishing.capture.__file__.endswith(".py"), service.engine.fishing.capture.__file__
pin_to_one_core()
seconds, repeats = float(sys.argv[1]), int(sys.argv[2])
rates = {}
for name in ROUND_GAMES:
    rounds_per_second(name, 0.3, 10_000_000)
    rates[name] = [rounds_per_second(name, seconds, 1 + i * 1_000_000)[0] for i in range(repeats)]
print(json.dumps(rates))
"""


def rounds_from_sources(seconds: float, repeats: int) -> dict[str, list[float]]:
    """Rounds/s of each game with the engine run from a copy of its sources, none of the compiled modules."""
    with tempfile.TemporaryDirectory() as tmp:
        ignore = shutil.ignore_patterns("*.so", "compiled_sources.txt", "__pycache__")
        shutil.copytree(ROOT / "service", Path(tmp) / "service", ignore=ignore)
        done = subprocess.run(
            [sys.executable, "-c", SOURCES_RUN, str(seconds), str(repeats)],
            cwd=tmp, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, check=True,
        )
    rates: dict[str, list[float]] = json.loads(done.stdout)
    return rates


# -- legal_moves against table size ---------------------------------------------------------------------------
def table_state(name: str, table_size: int, rules: Rules) -> FishingState:
    """A valid 2-player end-of-stock position with ``table_size`` cards on the table, built to be expensive.

    Seat 0 plays first (dealer 1). With 6 or more cards off the table both seats hold 3 (seat 0 to play);
    otherwise seat 0 holds one card fewer than seat 1, which is to play. The mover holds the cards with the most
    capture sets (Escoba: low cards, 15 - rank is large; Scopa: kings, no rank match while the table can avoid
    kings); the table takes the lowest remaining cards; the rest goes to seat 0's pile.
    """
    off_table = 40 - table_size
    if off_table >= 6:
        sizes, mover = (3, 3), 0
    elif off_table >= 3:
        sizes, mover = (1, 2), 1
    else:
        raise ValueError(f"a table of {table_size} leaves too few cards for the hands")
    if name == "escoba":
        preferred = sorted(DECK, key=lambda card: (card.rank, card.index))
    else:
        preferred = sorted(DECK, key=lambda card: (-card.rank, card.index))
    mover_hand = tuple(preferred[: sizes[mover]])
    rest = [card for card in DECK if card not in mover_hand]
    # The other seat takes the highest cards left, so the table keeps the low ones.
    by_rank_desc = sorted(rest, key=lambda card: (-card.rank, card.index))
    other_hand = tuple(by_rank_desc[: sizes[1 - mover]])
    rest = [card for card in rest if card not in other_hand]
    by_rank = sorted(rest, key=lambda card: (card.rank, card.index))
    table_cards = tuple(by_rank[:table_size])
    pile = tuple(sorted(by_rank[table_size:], key=lambda card: card.index))
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[mover], hands[1 - mover] = mover_hand, other_hand
    state = FishingState(
        game=name,
        rules=rules,
        players=PLAYERS,
        dealer=1,
        hands=tuple(hands),
        table=table_cards,
        stock=(),
        captures=(pile, ()),
        sweeps=(0, 0),
        last_capturer=0 if pile else None,
        match=new_match(rules, PLAYERS),
    )
    game: Any = GAMES[name]
    game.validate(state)
    check_reported(state, {"turn": state.turn, "round_over": state.round_over})
    assert state.turn == mover
    return state


def time_call(call: Callable[[], object], budget: float = 0.15) -> float:
    """Microseconds per call: repeat until ``budget`` seconds have passed (at least 3 calls)."""
    calls = 0
    started = time.perf_counter()
    while True:
        call()
        calls += 1
        elapsed = time.perf_counter() - started
        if calls >= 3 and elapsed >= budget:
            return elapsed / calls * 1e6


def cold_legal_moves(game: Any, state: FishingState) -> object:
    """``legal_moves`` with nothing remembered: a new state object, and the table summaries forgotten."""
    table_index.cache_clear()
    return game.legal_moves(state._replace())


def legal_moves_rows(name: str, rules: Rules) -> list[tuple[Any, ...]]:
    game: Any = GAMES[name]
    rows = []
    for size in TABLE_SIZES:
        state = table_state(name, size, rules)
        found = game.legal_moves(state)
        micros = time_call(partial(cold_legal_moves, game, state))
        hand = " ".join(card.code for card in state.hands[state.turn or 0])
        rows.append((size, hand, found.total, len(found.moves), micros))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of rounds per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per game (the median is reported)")
    parser.add_argument("--no-profile", action="store_true", help="do not profile games that miss the target")
    parser.add_argument("--profile-rounds", type=int, default=150)
    parser.add_argument("--no-sources", action="store_true", help="do not also time the pure-Python sources")
    args = parser.parse_args(argv)

    print("# Engine benchmark (one core, no HTTP)\n")
    print(machine_facts())
    pinned = pin_to_one_core()
    build = "compiled with mypyc (setup.py)" if COMPILED else "the pure-Python sources"
    print(f"\nProcess {pinned}; {PLAYERS} players, default rules of each game; engine: {build}.")

    print(heading("Random rounds per second"))
    rows, failing = [], []
    for name in ROUND_GAMES:
        rounds_per_second(name, 0.3, 10_000_000)  # warm-up
        with OtherLoad() as other:
            runs = [rounds_per_second(name, args.seconds, 1 + i * 1_000_000) for i in range(args.repeats)]
        rate = median([run[0] for run in runs])
        per_play = median([run[1] for run in runs])
        total_rounds = sum(run[2] for run in runs)
        ok = rate >= TARGET_ROUNDS_PER_SECOND
        if not ok:
            failing.append(name)
        rows.append(
            (
                name,
                total_rounds,
                rate,
                max(run[0] for run in runs),
                per_play,
                other.cores,
                TARGET_ROUNDS_PER_SECOND,
                verdict(ok),
            )
        )
    headers = ["game", "rounds run", "rounds/s (median)", "rounds/s (best)", "us per play", "other load"]
    print(table([*headers, "target", "result"], rows))
    print(
        "\n`us per play` = one `legal_moves` + one `play` (plus the deal and score spread over the round);"
        " `other load` = cores other processes kept busy meanwhile (of the machine's "
        f"{os.cpu_count()})."
    )

    if COMPILED and not args.no_sources:
        print(heading("The same rounds from the pure-Python sources (the fallback without a C compiler)"))
        with OtherLoad() as other:
            from_sources = rounds_from_sources(args.seconds, args.repeats)
        compiled_rates = {row[0]: row[2] for row in rows}
        source_rows = [
            (name, median(rates), compiled_rates[name], compiled_rates[name] / median(rates), other.cores)
            for name, rates in from_sources.items()
        ]
        print(table(["game", "sources rounds/s (median)", "compiled", "speed-up", "other load"], source_rows))

    print(heading("`legal_moves` cost against table size (2 players, empty stock, nothing remembered between calls)"))
    cases = (
        ("escoba", resolve("escoba", overrides={"capture_obligation": "none"}), "capture_obligation none"),
        ("scopa", resolve("scopa"), "default rules (any_card)"),
    )
    for name, rules, label in cases:
        print(f"\n{name}, {label}:\n")
        print(
            table(
                ["table cards", "mover's hand", "total", "listed", "us per call"],
                legal_moves_rows(name, rules),
            )
        )
    print(
        "\nScopa: a card matching a table card's rank takes only that card, so kings stay in hand and the table"
        " holds ranks 1-9 while it can (36 cards); at 37 a king is on the table and every play is a rank match."
    )

    if failing and not args.no_profile:
        for name in failing:
            print(heading(f"Profile: {name}, {args.profile_rounds} rounds, top 10 by cumulative time"))
            profile = profile_rounds(name, args.profile_rounds)
            print(table(["function", "calls", "own s", "cumulative s"], profile))
    print("\n" + load_line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
