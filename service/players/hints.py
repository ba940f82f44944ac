"""A hint that explains: the best few moves, each with its estimated value and, in a player's words, what it does.

The values come from what the level weighed: the search's ranking for ``strong``, the one-ply scores
(``Strategy.move_scores``) for ``greedy``. The reasons are the game family's (``Strategy.reasons``), read on the
seat's sampled world from what the seat may know alone, so a hint shows no card the seat has not seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from service.engine.game import Game, MoveReason
from service.engine.moves import Move
from service.engine.state import GameState

from .heuristics import scores
from .search import Ranked, Valued

MAX_EXPLAIN = 5
"""The most alternatives a hint lists: the search weighs no more candidates than that."""

VALUE_OUTCOME = "outcome"
"""The search's value: the mean (or, solved, the exact) ``Strategy.outcome`` of the round for the seat's side
(rounds won less rounds lost, a margin's tie-break, where the family plays for rounds; the margin where it
plays for points)."""
VALUE_ONE_PLY = "one_ply"
"""The greedy player's one-ply score (``Strategy.move_scores``): what the move takes now, less what it hands on."""
VALUE_UNITS = (VALUE_OUTCOME, VALUE_ONE_PLY)


class Alternative(NamedTuple):
    """One move of a hint: its value (higher is better, in the answer's ``value_unit``), the share of the weighed
    rounds its side won (None for a one-ply reading, which weighs no round), its margin in the game's points, and
    what it does."""

    move: Move
    value: float
    win_chance: float | None
    points: float
    reasons: tuple[MoveReason, ...]


def one_ply(game: Game, world: GameState, moves: Sequence[Move], chosen: Move) -> Ranked:
    """The moves by their one-ply scores, best first; the chosen one leads a dead heat, the rest keep their order.
    Their points are what each wins at once (``Strategy.move_points``); no round was weighed, so no chance."""
    liked = scores(game, world, moves)
    points = game.strategy.move_points(world, moves)
    order = sorted(range(len(moves)), key=lambda index: (-liked[index], moves[index] != chosen, index))
    return tuple(Valued(moves[index], liked[index], None, points[index]) for index in order)


def explained(game: Game, world: GameState, ranked: Ranked, count: int) -> tuple[Alternative, ...]:
    """The first ``count`` of ``ranked`` with their reasons."""
    reasons = game.strategy.reasons
    return tuple(
        Alternative(found.move, found.value, found.win_chance, found.points, reasons(world, found.move))
        for found in ranked[: min(count, MAX_EXPLAIN)]
    )
