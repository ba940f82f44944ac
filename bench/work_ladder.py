"""Strength per millisecond of CPU: ``strong`` at a ladder of work against the sparring partner, every game.

    python -m bench.work_ladder [--games scopa,briscola,...] [--worlds 4,8,16,32,64,160] [--rounds 200]
                                [--processes 2] [--quick]

A rung of the ladder is ``strong`` with ``worlds`` sampled deals for each candidate move (the API's ``worlds``;
``strong*8`` in the tables) or ``greedy``, the cheapest level. Work, not time, bounds every rung: the budget is
the 1 s safety cap, and a decision it cuts is shown (``cut short``), so a rung repeats move for move on any
machine (its moves digest). Each rung plays the sparring partner (``bench/sparring.py``) at the game's two-sided
table, round by round as ``bench/tournament_table.py`` plays them: each deal twice with the sides swapped, a round
won by the side with more round points (card points in the trick games), a tie counting half, Wilson's 95%
interval.

A rung's cost is the CPU time of the playing process (``time.process_time``) for each of its decisions among
several legal moves (a single legal move is answered without thinking and left out): median and 95th percentile.
A game's ladder stops at the first rung whose median is past the last target.
The second table reads the first at the CPU targets of a decision (0.5, 1, 2, 5 and 20 ms): for each game, the
rung with the most work whose median is within the target, and its score rate.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import service.engine.fishing.capture
from service.engine.games import GAMES
from service.players.search import MIN_WORLDS

from .common import heading, load_line, machine_facts, median, percentile, table
from .tournament_table import SPARRING, RoundPlayed, moves_digest, round_tasks, run, table_size, wilson

WORLDS = (4, 8, 16, 32, 64, 160)
TARGETS_MS = (0.5, 1.0, 2.0, 5.0, 20.0)
QUICK_WORLDS = (4,)


class Rung:
    def __init__(self, game: str, bot: str, played: Sequence[RoundPlayed], seconds: float) -> None:
        self.game, self.bot, self.seconds = game, bot, seconds
        self.rounds = len(played)
        self.score = sum(item.share for item in played)
        self.cpu = [ms for item in played for ms in item.first_cpu]
        self.decisions = sum(len(item.first_ms) for item in played)
        self.cut = sum(item.cut[0] for item in played)
        self.digest = moves_digest(played)

    @property
    def rate(self) -> float:
        return self.score / self.rounds if self.rounds else 0.0

    @property
    def median_cpu(self) -> float:
        return median(self.cpu) if self.cpu else 0.0

    def shown_rate(self) -> str:
        low, high = wilson(self.score, self.rounds)
        return f"{self.rate:.1%} ({low:.1%} - {high:.1%})"

    def row(self) -> tuple[object, ...]:
        p95 = percentile(self.cpu, 0.95) if self.cpu else 0.0
        cut = f"{self.cut / self.decisions:.1%}" if self.cut else "0"
        return (
            self.game, self.bot, self.rounds, self.shown_rate(), f"{self.median_cpu:.2f} / {p95:.2f}",
            len(self.cpu), cut, self.digest, f"{self.seconds:.0f}",
        )


def ladder(worlds: Sequence[int]) -> list[str]:
    return ["greedy", *(f"strong*{count}" for count in worlds)]


def climb(games: Sequence[str], worlds: Sequence[int], rounds: int, processes: int) -> list[Rung]:
    rungs = []
    for game in games:
        for bot in ladder(worlds):
            began = time.perf_counter()
            played = run(round_tasks(game, bot, SPARRING, rounds), processes)
            rungs.append(Rung(game, bot, played, time.perf_counter() - began))
            print(" | ".join(map(str, rungs[-1].row())), file=sys.stderr, flush=True)  # a long run's progress
            if rungs[-1].median_cpu > TARGETS_MS[-1]:
                break  # past the last target: a rung with more work would only cost more
    return rungs


def at_targets(games: Sequence[str], rungs: Sequence[Rung]) -> list[tuple[object, ...]]:
    rows = []
    for game in games:
        mine = [rung for rung in rungs if rung.game == game]
        cells: list[object] = [f"{game} ({table_size(GAMES[game])}p)"]
        for target in TARGETS_MS:
            within = [rung for rung in mine if rung.median_cpu <= target]
            if not within:
                cells.append("-")
                continue
            best = within[-1]  # the ladder's order is its work's
            cells.append(f"{best.rate:.1%} ({best.bot}, {best.median_cpu:.2f} ms)")
        rows.append(tuple(cells))
    return rows


HEADERS = ["game", "rung", "rounds", "score rate (95% CI)", "CPU ms a decision (median / p95)", "decisions"]
HEADERS += ["cut short", "moves digest", "seconds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: every game)")
    parser.add_argument("--worlds", default=",".join(map(str, WORLDS)), help="the rungs of strong, in worlds")
    parser.add_argument("--rounds", type=int, default=200, help="rounds a rung and game")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="a smoke run: two rounds, one rung of strong")
    args = parser.parse_args(argv)
    games = [name.strip() for name in args.games.split(",") if name.strip()]
    worlds = [int(count) for count in args.worlds.split(",") if count.strip()]
    if args.quick:
        args.rounds, worlds = 2, list(QUICK_WORLDS)
    unknown = [name for name in games if name not in GAMES]
    if unknown or any(count < MIN_WORLDS for count in worlds):
        parser.error(f"unknown game ({', '.join(unknown)}) or fewer than {MIN_WORLDS} worlds")
    started = time.perf_counter()
    print("# Strength per millisecond: strong's work against the sparring partner\n")
    print(machine_facts())
    compiled = not str(service.engine.fishing.capture.__file__).endswith(".py")
    engine = "compiled with mypyc" if compiled else "the pure-Python sources"
    print(f"\nEngine: {engine}; {args.processes} processes; {args.rounds} rounds a rung and game.\n")
    print(__doc__)
    rungs = climb(games, worlds, args.rounds, args.processes)
    print(heading("Every rung"))
    print(table(HEADERS, [rung.row() for rung in rungs]))
    print(heading("Score rate at a CPU budget a decision"))
    targets = [f"<= {target:g} ms" for target in TARGETS_MS]
    print(table(["game", *targets], at_targets(games, rungs)))
    print(f"\n_work ladder: {time.perf_counter() - started:.0f} s_\n")
    print(load_line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
