"""The two-player endgame, solved exactly: with the stock empty every unseen card is in the opponent's hand.

Then there is only one consistent deal, and the last few plays can be searched to the end of the round (minimax
with alpha-beta) instead of sampled.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from service.engine.game import Game, Line
from service.engine.moves import Move
from service.engine.state import GameState

from .observation import Observation, determinize
from .search import STOPPED_BY_SOLVED, SearchResult, finished, pick, ranking

MAX_ENDGAME_CARDS = 6
"""Cards left in both hands at most: three each, a few hundred lines of play at worst."""
MAX_LINES = 4_000
"""A table that allows many captures per card could grow the tree; past this many finished lines, sample."""


class OutOfTime(Exception):
    """The deadline or the line limit came first."""


def solvable(observation: Observation) -> bool:
    """Whether the position is perfect information for the seat: two players, nothing left in the stock."""
    return (
        observation.players == 2
        and observation.stock_count == 0
        and sum(observation.hand_sizes) <= MAX_ENDGAME_CARDS
    )


def solve(
    game: Game, observation: Observation, moves: Sequence[Move], seed: int, deadline: float
) -> SearchResult | None:
    """The move with the best result against best replies, or None when the solve ran out of time or lines."""
    world = determinize(observation, random.Random(0))  # the one consistent deal
    solver = _Minimax(game, observation.seat, world.players, deadline)
    try:
        # Each candidate searched with a full window: its exact value, so equal moves are seen to be equal.
        found = [solver.value(game.play(world, move)[0], -float("inf"), float("inf")) for move in moves]
    except OutOfTime:
        return None
    chosen = pick(game, observation, moves, [line.value for line in found], seed)
    return SearchResult(chosen, solver.lines, True, ranking(moves, found, chosen), STOPPED_BY_SOLVED)


class _Minimax:
    """Minimax with alpha-beta to the end of the round, from ``seat``'s side. A class rather than a recursive
    closure: a closure that calls itself is a reference cycle, left for the cyclic collector at every solve."""

    def __init__(self, game: Game, seat: int, players: int, deadline: float) -> None:
        self.game, self.seat, self.deadline = game, seat, deadline
        self.side_of = game.shape.side_by_seat(players)
        self.mine = self.side_of[seat]
        self.lines = 0

    def value(self, state: GameState, alpha: float, beta: float) -> Line:
        """The best line for both sides from ``state``: its leaf's value, result and margin."""
        game = self.game
        if state.round_over:
            self.lines += 1
            if self.lines > MAX_LINES or (self.lines % 64 == 0 and time.perf_counter() > self.deadline):
                raise OutOfTime
            return finished(game, state, self.seat)
        turn = state.turn
        assert turn is not None
        maximising = self.side_of[turn] == self.mine
        best: Line | None = None
        for move in game.legal_moves(state).moves:
            found = self.value(game.play(state, move)[0], alpha, beta)
            if maximising:
                if best is None or found.value > best.value:
                    best = found
                alpha = max(alpha, found.value)
            else:
                if best is None or found.value < best.value:
                    best = found
                beta = min(beta, found.value)
            if alpha >= beta:
                break
        assert best is not None  # a seat to act has a legal move
        return best
