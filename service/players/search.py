"""The strong player: determinized Monte Carlo over the hands the seat cannot see.

For each of a fixed number of sampled worlds (the unseen cards dealt at random, ``determinize``), every candidate
move is valued in that world by the family's own fast search (``Strategy.line_value``: Briscola's alpha-beta, the
fishing games' compact playout), or else played and the round finished by a greedy rollout through the engine;
the move with the best average result for the seat's side wins. Every candidate meets the same worlds and the
same rollout dice (common random numbers), so the comparison is between moves, not between lucky deals. A long
list of moves is first cut to the greedy player's favourites, and where the game's strategy says so
(``Strategy.prior``) its one-ply estimate joins the mean.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from service.engine.game import Game, Line
from service.engine.moves import Move
from service.engine.state import GameState

from .heuristics import greedy_move, scores
from .observation import Observation, determinize

MIN_WORLDS = 4
MAX_CANDIDATES = 5
"""Only the greedy player's favourite few are searched: more sampled worlds each, and the rest are rarely best
(in Escoba, free to lay any card, a hand has up to a dozen moves)."""
EPSILON = 0.1
"""Share of rollout plays made at random: the seats do not all play the one greedy line."""


STOPPED_BY_WORK = "work"
"""The search did all the work it was given (its worlds or playouts): the same seed, the same move, anywhere."""
STOPPED_BY_TIME = "time"
"""The budget cut the search short: the move is the best found so far."""
STOPPED_BY_SOLVED = "solved"
"""The rest of the round was searched exactly."""


class Valued(NamedTuple):
    """A candidate move as it was weighed: ``value``, what the player maximises (the mean outcome in the units of
    ``Strategy.outcome``, the prior included; or a one-ply score); ``win_chance``, the share of the weighed rounds
    its side won, a draw counting half (None when no round was weighed: a one-ply reading); ``points``, the mean
    margin in the game's points (``Strategy.points_unit``)."""

    move: Move
    value: float
    win_chance: float | None
    points: float


Ranked = tuple[Valued, ...]


class SearchResult(NamedTuple):
    """The move found, what was weighed to find it (playouts, or lines of an exact endgame), whether in full.

    ``ranked``: every candidate searched, best first; ``stopped_by``: which bound ended the search.
    """

    move: Move
    considered: int
    complete: bool
    ranked: Ranked = ()
    stopped_by: str = STOPPED_BY_WORK

    @property
    def worlds_met(self) -> int:
        """The sampled worlds each candidate met (the playouts shared out among the candidates)."""
        return self.considered // len(self.ranked) if self.ranked else 0


def default_playouts(game: Game) -> int:
    """Playouts (one candidate valued in one world) per decision by default, shared among the candidate moves
    (``Strategy.playouts``, tuned per game to about 100-140 ms of pure Python from a two-player opening on one idle
    core); the budget cuts it short on slower or busier machines."""
    return game.strategy.playouts


def worlds_for(candidates: int, playouts: int) -> int:
    """How many sampled worlds each candidate meets: ``playouts`` shared out, down to a floor when there are
    many candidates."""
    return max(MIN_WORLDS, -(-playouts // max(candidates, 1)))


def finished(game: Game, final: GameState, seat: int) -> Line:
    """The finished round from ``seat``'s side: its value, the round won, the margin (``Strategy.judged``)."""
    return game.strategy.judged(game.score(final), seat)


def rollout(game: Game, state: GameState, rng: random.Random, epsilon: float = EPSILON) -> GameState:
    """The round played out from ``state``: every seat greedy, now and then a random legal move."""
    while not state.round_over:
        moves = game.legal_moves(state).moves
        if len(moves) == 1:
            move = moves[0]
        elif rng.random() < epsilon:
            move = moves[rng.randrange(len(moves))]
        else:
            move = greedy_move(game, state, moves)
        state, _ = game.play(state, move)
    return state


REPORT_EVERY = 0.01
"""Seconds between two reports of the best so far (``progress``): a few percent of a search's time."""

Progress = Callable[[SearchResult], None]


def search(
    game: Game,
    observation: Observation,
    moves: Sequence[Move],
    seed: int,
    deadline: float,
    playouts: int,
    progress: Progress | None = None,
) -> SearchResult:
    """The candidate with the best mean outcome over the sampled worlds; stops before ``deadline``
    (``time.perf_counter()``) rather than run a playout it has no time for.

    Only whole worlds count (every candidate played in them), so a cut search still compares like with like.
    With no world complete the greedy choice stands. ``progress``, if given, is handed the result the search would
    give if cut there, about every ``REPORT_EVERY`` seconds: a caller that may not wait answers with the last.
    """
    seat = observation.seat
    strategy = game.strategy
    if len(moves) > MAX_CANDIDATES:
        moves = favourites(game, observation, moves, seed, deadline)
    worlds = worlds_for(len(moves), playouts)
    dealer = random.Random(seed)
    totals = Totals(len(moves))
    done = 0
    slowest = 0.0
    complete = True
    reported = time.perf_counter() if progress is not None else 0.0  # no clock read the search does not need
    for _ in range(worlds):
        world = determinize(observation, dealer)
        dice = dealer.getrandbits(64)
        results = []
        for move in moves:
            began = time.perf_counter()
            if began + slowest > deadline:
                complete = False
                break
            line = strategy.line_value(world, move, seat, dice)
            if line is None:
                after, _ = game.play(world, move)
                line = finished(game, rollout(game, after, random.Random(dice)), seat)
            results.append(line)
            slowest = max(slowest, time.perf_counter() - began)
        if not complete:
            break
        totals.add(results)
        done += 1
        if progress is not None and done < worlds and time.perf_counter() - reported >= REPORT_EVERY:
            progress(weighed(game, observation, moves, seed, totals, done, False))
            reported = time.perf_counter()
    if not done:
        fallback = determinize(observation, random.Random(seed))
        return SearchResult(greedy_move(game, fallback, moves), 0, False, (), STOPPED_BY_TIME)
    return weighed(game, observation, moves, seed, totals, done, complete)


class Totals:
    """What the whole worlds weighed add up to, candidate by candidate: values, rounds won, margins."""

    def __init__(self, candidates: int) -> None:
        self.values = [0.0] * candidates
        self.won = [0.0] * candidates
        self.points = [0.0] * candidates

    def add(self, lines: Sequence[Line]) -> None:
        for index, line in enumerate(lines):
            self.values[index] += line.value
            self.won[index] += line.won
            self.points[index] += line.points


def weighed(
    game: Game,
    observation: Observation,
    moves: Sequence[Move],
    seed: int,
    totals: Totals,
    done: int,
    complete: bool,
) -> SearchResult:
    """The result of ``done`` whole worlds that add up to ``totals``, the prior joined to the values' mean."""
    values = [total / done for total in totals.values]
    weight = game.strategy.prior
    if weight:
        liked = scores(game, determinize(observation, random.Random(seed)), moves)
        values = [value + weight * prior for value, prior in zip(values, liked, strict=True)]
    chosen = pick(game, observation, moves, values, seed)
    lines = [
        Line(value, won / done, points / done)
        for value, won, points in zip(values, totals.won, totals.points, strict=True)
    ]
    return SearchResult(
        chosen,
        done * len(moves),
        complete,
        ranking(moves, lines, chosen),
        STOPPED_BY_WORK if complete else STOPPED_BY_TIME,
    )


def ranking(moves: Sequence[Move], lines: Sequence[Line], chosen: Move) -> Ranked:
    """The moves as weighed, best first: the chosen one leads a dead heat, the rest keep the listed order."""
    order = sorted(range(len(moves)), key=lambda index: (-lines[index].value, moves[index] != chosen, index))
    return tuple(
        Valued(moves[index], lines[index].value, lines[index].won, lines[index].points) for index in order
    )


RANKED_AT_ONCE = 256
"""A long list of moves (hand-built Escoba tables list 2,000) is liked in slices this long, the deadline read
between them; each slice longer than the strategies' own thresholds, so a move is liked alike either way."""


def favourites(
    game: Game, observation: Observation, moves: Sequence[Move], seed: int, deadline: float = float("inf")
) -> list[Move]:
    """The ``MAX_CANDIDATES`` moves the greedy player likes best, in their listed order; past the deadline only
    those liked so far are ranked."""
    world = determinize(observation, random.Random(seed))
    liked: list[float] = []
    while len(liked) < len(moves):
        end = len(liked) + RANKED_AT_ONCE
        if len(moves) - end < RANKED_AT_ONCE:
            end = len(moves)  # no short last slice
        liked += scores(game, world, moves[len(liked) : end])
        if len(liked) < len(moves) and time.perf_counter() > deadline:
            break
    ranked = sorted(range(len(liked)), key=lambda index: (-liked[index], index))[:MAX_CANDIDATES]
    return [moves[index] for index in sorted(ranked)]


def pick(
    game: Game, observation: Observation, moves: Sequence[Move], values: Sequence[float], seed: int
) -> Move:
    """The best-valued move; a dead heat goes to the greedy player's taste, else to the first listed."""
    best = max(values)
    leaders = [move for move, value in zip(moves, values, strict=True) if value == best]
    if len(leaders) == 1:
        return leaders[0]
    liked = greedy_move(game, determinize(observation, random.Random(seed)), moves)
    return liked if liked in leaders else leaders[0]
