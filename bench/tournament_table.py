"""The service's levels against the sparring partner and the one-ply bot (``bench/sparring.py``), round by round.

Every game in the registry, at its two-sided table (two players, or two partnerships of two where the game has
no two-player table). A pairing plays ``rounds`` single rounds from fresh deals: each deal twice, the two bots
trading sides, so neither the cards nor the seat favour one. Every bot is handed only its seat's observation, and
every move it answers is checked by ``game.check`` on the real state before it is played (an illegal one stops
the run). The score rate is the share of rounds won by the first bot of the pairing: a round is won by the side
with more round points (card points in the trick games), a tie counts half; the interval is Wilson's at 95%. The
time of a decision is the wall time of the bot's call, observation given (a single legal move counts, answered
at once); median and 95th percentile per bot.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from typing import NamedTuple

from service.engine.game import Game
from service.engine.games import GAMES
from service.engine.moves import Move
from service.engine.state import GameState, Match, side_of, sides_of
from service.players import DEFAULT_BUDGET_MS, MAX_BUDGET_MS, Observation, observe, suggest
from service.players.suggest import STOPPED_BY_SINGLE_MOVE

from .common import median, percentile, table
from .sparring import expert_move, one_ply_move

SPARRING, ONE_PLY = "sparring", "one-ply"
FIXED = "strong-fixed"
"""``strong`` with its fixed playouts (the game's default) and the budget out of the way: reproducible."""
PAIRINGS = (
    ("greedy", ONE_PLY),
    ("greedy", SPARRING),
    ("strong", ONE_PLY),
    ("strong", SPARRING),
    (FIXED, SPARRING),
    (SPARRING, ONE_PLY),
)
BUDGETS = (5.0, 20.0, 50.0, 200.0, 1000.0)


def wilson(wins: float, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not total:
        return 0.0, 1.0
    share = wins / total
    centre = share + z * z / (2 * total)
    spread = z * math.sqrt(share * (1 - share) / total + z * z / (4 * total * total))
    scale = 1 + z * z / total
    return (centre - spread) / scale, (centre + spread) / scale


def table_size(game: Game) -> int:
    """Two players where the game has them, else two partnerships of two."""
    counts = game.player_counts
    return 2 if 2 in counts else 4 if 4 in counts else counts[0]


class Bot(NamedTuple):
    """``strong`` (``strong@20``: at 20 ms; ``strong*8``: 8 sampled worlds a candidate, by work), ``strong-fixed``,
    ``greedy``, ``random``, or a sparring bot."""

    name: str

    @property
    def budget_ms(self) -> float:
        if self.name == FIXED or "*" in self.name:
            return MAX_BUDGET_MS
        return float(self.name.split("@")[1]) if "@" in self.name else DEFAULT_BUDGET_MS

    @property
    def level(self) -> str:
        return "strong" if self.name == FIXED else self.name.split("@")[0].split("*")[0]

    @property
    def worlds(self) -> int | None:
        return int(self.name.split("*")[1]) if "*" in self.name else None

    def decide(self, game: Game, observation: Observation, seed: int) -> tuple[Move, bool, bool]:
        """The bot's move, whether a time budget cut its search short, and whether it chose among several moves
        (a single legal move is answered without thinking; a sparring bot is counted as choosing always)."""
        if self.name == SPARRING:
            return expert_move(game, observation, seed), False, True
        if self.name == ONE_PLY:
            return one_ply_move(game, observation, seed), False, True
        found = suggest(game, observation, self.level, seed, self.budget_ms, worlds=self.worlds)
        return found.move, not found.complete, found.stopped_by != STOPPED_BY_SINGLE_MOVE


class RoundTask(NamedTuple):
    game: str
    first: str
    second: str
    deal_seed: int
    swapped: bool  # the first bot plays side 1


class RoundPlayed(NamedTuple):
    task: RoundTask
    share: float  # 1 the first bot's side won the round, 0.5 a tie, 0 lost
    first_ms: list[float]
    second_ms: list[float]
    cut: tuple[int, int]  # moves of each bot that a budget cut short
    moves: str  # every move of the round, in order (the table's digest compares two runs move for move)
    first_cpu: list[float]  # CPU ms of each decision among several moves (``time.process_time``)
    second_cpu: list[float]


def play_round(task: RoundTask) -> RoundPlayed:
    """One round from the deal; each seat's bot sees only its observation; a move the state refuses raises."""
    game = GAMES[task.game]
    players = table_size(game)
    rules = game.rulebook.resolve(None, {})
    state: GameState
    state, _ = game.deal(rules, players, task.deal_seed, players - 1, Match((0,) * sides_of(players), rules.target))
    first_side = 1 if task.swapped else 0
    bots = [Bot(task.first if side_of(seat, players) == first_side else task.second) for seat in range(players)]
    times: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    cut = [0, 0]
    ply = 0
    played: list[str] = []
    while not state.round_over:
        seat = state.turn
        assert seat is not None
        observation = observe(game, state, seat)
        mine = 0 if side_of(seat, players) == first_side else 1
        began, began_cpu = time.perf_counter(), time.process_time()
        move, was_cut, chose = bots[seat].decide(game, observation, task.deal_seed * 1_000_003 + ply)
        times[mine].append((time.perf_counter() - began) * 1000.0)
        if chose:
            cpu[mine].append((time.process_time() - began_cpu) * 1000.0)
        cut[mine] += was_cut
        played.append(repr(move))
        state, _ = game.play(state, game.check(state, move))
        ply += 1
    totals = [side.total for side in game.score(state).sides]
    ours, theirs = totals[first_side], totals[1 - first_side]
    share = 1.0 if ours > theirs else 0.5 if ours == theirs else 0.0
    return RoundPlayed(task, share, times[0], times[1], (cut[0], cut[1]), ";".join(played), cpu[0], cpu[1])


def round_tasks(game: str, first: str, second: str, rounds: int) -> list[RoundTask]:
    """``rounds`` rounds (rounded up to even): deal ``k`` once with each bot on side 0."""
    return [
        RoundTask(game, first, second, 1 + index // 2, bool(index % 2)) for index in range(rounds + rounds % 2)
    ]


def run(tasks: list[RoundTask], processes: int) -> list[RoundPlayed]:
    if processes <= 1:
        return [play_round(task) for task in tasks]
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        return pool.map(play_round, tasks, chunksize=1)


def timing(values: Sequence[float]) -> str:
    return f"{median(values):.1f} / {percentile(values, 0.95):.1f}" if values else "-"


def moves_digest(played: Sequence[RoundPlayed]) -> str:
    """A digest of every move of every round, in the rounds' order: equal in two runs, they played move for move
    the same (a run on a quiet host against one with the cores kept busy: work, not time, decides a move)."""
    digest = hashlib.sha256()
    for item in played:
        digest.update(item.moves.encode())
        digest.update(b"\n")
    return digest.hexdigest()[:12]


def summary(played: Sequence[RoundPlayed]) -> tuple[object, ...]:
    """Rounds, won-drawn-lost, the first bot's score rate with its interval, each bot's decision times, cuts, and
    the moves' digest."""
    total = len(played)
    score = sum(item.share for item in played)
    won = sum(1 for item in played if item.share == 1.0)
    drawn = sum(1 for item in played if item.share == 0.5)
    low, high = wilson(score, total)
    first_ms = [ms for item in played for ms in item.first_ms]
    second_ms = [ms for item in played for ms in item.second_ms]
    cuts = [sum(item.cut[at] for item in played) for at in (0, 1)]
    shares = zip(cuts, (first_ms, second_ms), strict=True)
    cut = " / ".join(f"{count / len(moves):.0%}" if moves and count else "0" for count, moves in shares)
    return (
        total,
        f"{won}-{drawn}-{total - won - drawn}",
        f"{score / total:.1%}" if total else "-",
        f"{low:.1%} - {high:.1%}",
        timing(first_ms),
        timing(second_ms),
        cut,
        moves_digest(played),
    )


HEADERS = ["pairing", "game", "rounds", "won-tied-lost", "score rate 1st", "95% CI (Wilson)"]
HEADERS += ["ms 1st (median / p95)", "ms 2nd (median / p95)", "cut short (1st / 2nd)", "moves digest", "seconds"]


def pairing_rows(
    games: Sequence[str], pairings: Sequence[tuple[str, str]], rounds: int, processes: int
) -> list[tuple[object, ...]]:
    rows = []
    for first, second in pairings:
        for name in games:
            began = time.perf_counter()
            played = run(round_tasks(name, first, second, rounds), processes)
            label = f"{first} vs {second}"
            rows.append((label, f"{name} ({table_size(GAMES[name])}p)", *summary(played), time.perf_counter() - began))
            print(" | ".join(map(str, rows[-1])), file=sys.stderr, flush=True)  # progress of a long run
    return rows


def sparring_section(
    games: Sequence[str], pairings: Sequence[tuple[str, str]], rounds: int, processes: int
) -> str:
    """The pairings' table and what it means."""
    rows = pairing_rows(games, pairings, rounds, processes)
    notes = (
        "\n`strong`: its default budget of"
        f" {DEFAULT_BUDGET_MS} ms a decision (timing-dependent: a loaded machine cuts more searches short);"
        f" `{FIXED}`: its default playouts with the budget at {MAX_BUDGET_MS} ms (a cap only);"
        " `strong@N`: an N ms budget. A round is won by the side with more round points, a tie counts half;"
        " each deal is played twice with the sides swapped. `cut short`: the share of the bot's decisions a"
        " budget cut. Every move was checked by `game.check` on the real state before it was played."
    )
    return table(HEADERS, rows) + "\n" + notes


def budget_section(games: Sequence[str], budgets: Sequence[float], rounds: int, processes: int) -> str:
    """Strength per millisecond: ``strong`` at each budget against the sparring partner."""
    pairings = [(f"strong@{budget:g}", SPARRING) for budget in budgets]
    return table(HEADERS, pairing_rows(games, pairings, rounds, processes))


def parse_pairings(text: str) -> list[tuple[str, str]]:
    """``greedy:sparring,strong@20:one-ply`` -> pairs."""
    pairs = []
    for item in text.split(","):
        if item.strip():
            first, _, second = item.strip().partition(":")
            pairs.append((first, second))
    return pairs
