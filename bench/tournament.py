"""Computer players against each other and against sparring partners: seeded matches and rounds, every game.

    python -m bench.tournament [--matches 1000] [--strong-matches 200] [--playouts N] [--budget-ms MS]
                               [--games scopa,briscola,...] [--processes 2] [--quick]
                               [--parts levels,teams,sparring,budgets] [--rounds 100]
                               [--pairings greedy:sparring,strong:sparring,...] [--budgets 5,20,50,200,1000]
                               [--budget-rounds 50]

``levels``: the service's levels against each other in whole matches. A match is dealt round after round
(``next_round``: the dealer rotates, scores carry) until the game says it is over. The two levels swap seats every
match and each deal is played once from each side (duplicate play), so neither the seat nor the cards favour a
level. ``strong`` plays a fixed number of playouts per move (the game's default, its strategy's ``playouts``, unless
``--playouts`` says) with the budget out of the way (``MAX_BUDGET_MS``), so the results are reproducible;
``--budget-ms`` plays it against the clock instead. ``teams``: four-player games played legally to the end.

``sparring`` and ``budgets``: the service's levels against the sparring partner (a determinized alpha-beta
expert) and a one-ply heuristic bot (``bench/sparring.py``), round by round, every game of the registry (or
``--games``); ``budgets`` plays ``strong`` at each of ``--budgets`` against the sparring partner (strength per
millisecond). See ``bench/tournament_table.py`` for what a score rate is.

Every suggested move is checked with ``game.check`` against the real state before it is played.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Sequence
from typing import NamedTuple

import service.engine.fishing.capture
from service.engine.game import Game
from service.engine.games import GAMES
from service.engine.state import GameState, Match, side_of, sides_of
from service.players import MAX_BUDGET_MS, observe, suggest

from . import tournament_table
from .common import heading, load_line, machine_facts, table, verdict
from .tournament_table import wilson

MAX_ROUNDS = 40
"""A match still undecided after this many rounds counts as a draw (it never happens in practice)."""
GREEDY_TARGET = 0.80
STRONG_TARGET = 0.60
PAIRINGS = (("greedy", "random"), ("strong", "greedy"))
TEAM_GAMES = ("scopone", "briscola")
QUICK_PLAYOUTS = 30
PARTS = ("levels", "teams", "sparring", "budgets")
QUICK_PAIRINGS = "greedy:one-ply,greedy:sparring,strong@5:sparring,sparring:one-ply"


class Task(NamedTuple):
    game: str
    players: int
    seats: tuple[str, ...]  # the level in each seat
    deal_seed: int
    playouts: int | None  # strong's playouts per move; None for the game's default
    budget_ms: float


class Played(NamedTuple):
    task: Task
    winner: int | None  # the winning side, None for a draw
    rounds: int
    strong_ms: list[float]
    cut: int  # strong moves the budget cut short


def play_match(task: Task) -> Played:
    """One match, every seat played by its level; a move the real state refuses raises."""
    game: Game = GAMES[task.game]
    players = task.players
    rules = game.rulebook.resolve(None, {})
    state: GameState
    state, _ = game.deal(
        rules, players, task.deal_seed, players - 1, Match((0,) * sides_of(players), rules.target)
    )
    strong_ms: list[float] = []
    cut = 0
    for rounds in range(1, MAX_ROUNDS + 1):
        ply = 0
        while not state.round_over:
            seat = state.turn
            assert seat is not None
            level = task.seats[seat]
            seed = task.deal_seed * 1_000_003 + rounds * 1_009 + ply
            found = suggest(
                game, observe(game, state, seat), level, seed, task.budget_ms, playouts=task.playouts
            )
            if level == "strong":
                strong_ms.append(found.elapsed_ms)
                cut += not found.complete
            state, _ = game.play(state, game.check(state, found.move))
            ply += 1
        result = game.score(state).match
        if result.over:
            return Played(task, result.winner, rounds, strong_ms, cut)
        following = game.next_round(state)
        state, _ = game.deal(
            following.rules, players, task.deal_seed, following.dealer, following.match, following.deck
        )
    return Played(task, None, MAX_ROUNDS, strong_ms, cut)


def pairing_tasks(
    game: str, first: str, second: str, matches: int, playouts: int | None, budget_ms: float
) -> list[Task]:
    """``matches`` two-player matches, ``first`` in seat 0 of the even ones; deals repeat in pairs."""
    tasks = []
    for index in range(matches):
        seats = (first, second) if index % 2 == 0 else (second, first)
        tasks.append(Task(game, 2, seats, 1 + index // 2, playouts, budget_ms))
    return tasks


def summarise(first: str, second: str, played: Sequence[Played]) -> tuple[object, ...]:
    """One table row: wins of each level, draws, the first level's win rate with its interval, strong's cost."""
    wins = {first: 0, second: 0}
    draws = rounds = cut = 0
    strong_ms: list[float] = []
    for match in played:
        rounds += match.rounds
        strong_ms += match.strong_ms
        cut += match.cut
        if match.winner is None:
            draws += 1
        else:
            wins[match.task.seats[match.winner]] += 1
    total = len(played)
    low, high = wilson(wins[first], total)
    mean_ms = sum(strong_ms) / len(strong_ms) if strong_ms else None
    return (
        total,
        rounds,
        wins[first],
        wins[second],
        draws,
        f"{wins[first] / total:.1%}" if total else "-",
        f"{low:.1%} - {high:.1%}",
        "-" if mean_ms is None else f"{mean_ms:.1f}",
        "-" if not strong_ms else f"{len(strong_ms)} ({cut} cut)",
    )


def team_tasks(matches: int, playouts: int | None, budget_ms: float) -> list[Task]:
    """Four players: strong (seat 0) and greedy (seat 2) against two random seats, in Scopone and Briscola."""
    seats = ("strong", "random", "greedy", "random")
    return [
        Task(game, 4, seats, 1 + index, playouts, budget_ms)
        for game in TEAM_GAMES
        for index in range(matches)
    ]


def run(tasks: list[Task], processes: int) -> list[Played]:
    if processes <= 1:
        return [play_match(task) for task in tasks]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        return pool.map(play_match, tasks, chunksize=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--matches", type=int, default=1000, help="matches of greedy against random, per game"
    )
    parser.add_argument("--strong-matches", type=int, default=200, help="matches of strong against greedy")
    parser.add_argument("--team-matches", type=int, default=4, help="four-player matches per game")
    parser.add_argument(
        "--playouts", type=int, default=None, help="strong's playouts per move (default: per game)"
    )
    parser.add_argument("--budget-ms", type=float, default=None, help="play strong against the clock instead")
    parser.add_argument(
        "--games", default=",".join(GAMES), help="comma-separated games (levels: those with two players)"
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated parts to run")
    parser.add_argument("--rounds", type=int, default=100, help="rounds per pairing against the sparring bots")
    pairings = ",".join(f"{first}:{second}" for first, second in tournament_table.PAIRINGS)
    parser.add_argument("--pairings", default=pairings, help="first:second bots, comma-separated")
    parser.add_argument("--budgets", default=",".join(f"{ms:g}" for ms in tournament_table.BUDGETS))
    parser.add_argument("--budget-rounds", type=int, default=50, help="rounds per budget against sparring")
    parser.add_argument(
        "--quick", action="store_true", help=f"a smoke run: a few matches, {QUICK_PLAYOUTS} playouts per move"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.strong_matches, args.team_matches = 20, 2, 1
        args.playouts = args.playouts or QUICK_PLAYOUTS
        args.rounds, args.budget_rounds, args.budgets = 2, 2, "5"
        args.pairings = QUICK_PAIRINGS
    games = [name.strip() for name in args.games.split(",") if name.strip()]
    parts = [name.strip() for name in args.parts.split(",") if name.strip()]
    unknown = [name for name in games if name not in GAMES] + [name for name in parts if name not in PARTS]
    if unknown:
        parser.error("unknown game or part: " + ", ".join(unknown))
    started = time.perf_counter()
    print("# Tournament: computer players against each other\n")
    print(machine_facts())
    compiled = not str(service.engine.fishing.capture.__file__).endswith(".py")
    print(f"\nEngine: {'compiled with mypyc' if compiled else 'the pure-Python sources'}; {args.processes} processes.")
    failures: list[str] = []
    if "levels" in parts:
        failures += levels_part(args, [name for name in games if 2 in GAMES[name].player_counts])
    if "teams" in parts:
        teams_part(args)
    if "sparring" in parts:
        print(heading("Against the sparring partner and the one-ply bot, round by round"))
        print(tournament_table.__doc__)
        print(
            tournament_table.sparring_section(
                games, tournament_table.parse_pairings(args.pairings), args.rounds, args.processes
            )
        )
    if "budgets" in parts:
        print(heading("Strength per millisecond: strong at each budget against the sparring partner"))
        budgets = [float(ms) for ms in args.budgets.split(",") if ms.strip()]
        print(tournament_table.budget_section(games, budgets, args.budget_rounds, args.processes))
    print(f"\n_tournament: {time.perf_counter() - started:.0f} s_\n")
    print(load_line())
    if failures:
        print("\nBelow target: " + "; ".join(failures))
    return 0


def levels_part(args: argparse.Namespace, games: list[str]) -> list[str]:
    """The service's levels against each other in whole matches; the pairings below their target."""
    budget = MAX_BUDGET_MS if args.budget_ms is None else args.budget_ms
    work = (
        ", ".join(f"{name} {game.strategy.playouts}" for name, game in GAMES.items())
        if args.playouts is None
        else str(args.playouts)
    )
    how = (
        f"{work} playouts per move, budget {budget:g} ms as a safety cap only (reproducible)"
        if args.budget_ms is None
        else f"at most {work} playouts per move within a {budget:g} ms budget (timing-dependent)"
    )
    print(f"\nLevels: strong {how}; default rules; two players unless stated.")
    print(heading("Two-player matches"))
    rows, failures = [], []
    for first, second in PAIRINGS:
        count = args.matches if second == "random" else args.strong_matches
        target = GREEDY_TARGET if second == "random" else STRONG_TARGET
        for name in games:
            began = time.perf_counter()
            played = run(pairing_tasks(name, first, second, count, args.playouts, budget), args.processes)
            row = summarise(first, second, played)
            wins = int(str(row[2]))
            ok = wins >= target * len(played)
            if not ok and name != "escoba":
                failures.append(f"{first} vs {second}, {name}")
            rows.append(
                (
                    f"{first} vs {second}",
                    name,
                    *row,
                    f">= {target:.0%}",
                    verdict(ok),
                    time.perf_counter() - began,
                )
            )
    headers = ["pairing", "game", "matches", "rounds", "wins 1st", "wins 2nd", "draws", "win rate 1st"]
    headers += ["95% CI (Wilson)", "ms per strong move", "strong moves", "target", "result", "seconds"]
    print(table(headers, rows))
    print(
        "\n`win rate 1st`: matches won by the first level of the pairing; a draw is a match undecided after"
        f" {MAX_ROUNDS} rounds. `ms per strong move`: mean wall time of one `strong` suggestion"
        " (a single legal move is answered at once). The targets are checked for Scopa and Briscola;"
        " Escoba is reported alongside."
    )
    return failures


def teams_part(args: argparse.Namespace) -> None:
    """Four players: every move legal, every match finished."""
    budget = MAX_BUDGET_MS if args.budget_ms is None else args.budget_ms
    print(heading("Four players: strong + greedy (seats 0 and 2) against two random seats"))
    team_rows = []
    for name in TEAM_GAMES:
        tasks = [task for task in team_tasks(args.team_matches, args.playouts, budget) if task.game == name]
        played = run(tasks, args.processes)
        won = sum(1 for match in played if match.winner == side_of(0, 4))
        lost = sum(1 for match in played if match.winner not in (None, side_of(0, 4)))
        drawn = len(played) - won - lost
        team_rows.append(
            (name, len(played), sum(match.rounds for match in played), won, lost, drawn, "legal")
        )
    print(
        table(["game", "matches", "rounds", "strong+greedy won", "random won", "draws", "moves"], team_rows)
    )
    print("\nEvery move of every seat was accepted by `game.check` on the real state; every match finished.")


if __name__ == "__main__":
    raise SystemExit(main())
