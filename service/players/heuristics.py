"""One-ply play (the greedy player, and the search's rollout policy): each game's ``Strategy`` says how much the
seat to act likes each move, from what that seat may know alone; here the best-liked one is chosen."""

from __future__ import annotations

from collections.abc import Sequence

from service.engine.game import Game
from service.engine.moves import Move
from service.engine.state import GameState


def scores(game: Game, state: GameState, moves: Sequence[Move]) -> list[float]:
    """How much the seat to act likes each move (higher is better)."""
    return game.strategy.move_scores(state, moves)


def greedy_move(game: Game, state: GameState, moves: Sequence[Move]) -> Move:
    """The best-liked move; ties go to the first listed, so the choice is a function of the position."""
    if len(moves) == 1:
        return moves[0]
    liked = game.strategy.move_scores(state, moves)
    return moves[liked.index(max(liked))]
