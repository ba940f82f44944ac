"""Suggest a move for the seat to act, at one of three levels, within a time budget.

``suggest`` takes an ``Observation`` (what the seat knows), never a state, so no level can see another hand or
the stock order.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple

from service.engine.game import Game
from service.engine.moves import Move

from .endgame import solvable, solve
from .errors import NotToAct, UnknownLevel
from .heuristics import greedy_move
from .observation import Observation, determinize
from .search import default_playouts, search

LEVELS = ("random", "greedy", "strong")
DEFAULT_BUDGET_MS = 200
MAX_BUDGET_MS = 2000


class Suggestion(NamedTuple):
    """A suggested move and what it took.

    ``considered``: for ``random`` and ``greedy`` the legal moves chosen among; for ``strong`` the playouts
    weighed (one playout = one candidate move played in one sampled world and the round finished), or in a
    two-player endgame solved exactly the finished lines of play searched; 0 when there was a single legal
    move. ``complete``: False when the budget cut the search short (only ``strong``
    can be cut); the move is then the best found so far, and may differ from an uncut search's.
    """

    move: Move
    level: str
    considered: int
    elapsed_ms: float
    complete: bool


def suggest(
    game: Game,
    observation: Observation,
    level: str = "greedy",
    seed: int = 0,
    budget_ms: float = DEFAULT_BUDGET_MS,
    *,
    playouts: int | None = None,
) -> Suggestion:
    """A legal move for the observing seat, the same for the same observation, level and seed (when complete).

    ``budget_ms`` is a hard cap on the time spent (at most ``MAX_BUDGET_MS``). ``strong`` weighs ``playouts``
    rollouts (by default the game's, ``default_playouts``) shared among the candidate moves: its work is a function of
    the position and the level, never of the clock, unless the budget cuts it short. Raises ``NotToAct`` when
    the seat is not to act or the round is over, ``UnknownLevel`` for a level not in ``LEVELS``.
    """
    started = time.perf_counter()
    if level not in LEVELS:
        raise UnknownLevel(level, LEVELS)
    if observation.game != game.name:
        raise TypeError(f"{game.name} was given an observation of {observation.game}")
    if observation.round_over or observation.turn != observation.seat:
        raise NotToAct(observation.seat, None if observation.round_over else observation.turn)
    budget = min(max(float(budget_ms), 0.0), MAX_BUDGET_MS) / 1000.0
    # Legal moves depend only on the seat's hand and the table or trick, so any consistent deal lists them.
    world = determinize(observation, random.Random(seed))
    moves = game.legal_moves(world).moves
    complete = True
    if level == "random":
        move, considered = random.Random(seed).choice(moves), len(moves)
    elif level == "greedy" or len(moves) == 1:
        move, considered = greedy_move(game, world, moves), len(moves) if level == "greedy" else 0
    else:
        deadline = started + budget
        found = solve(game, observation, moves, seed, deadline) if solvable(observation) else None
        if found is None:
            work = default_playouts(game) if playouts is None else playouts
            found = search(game, observation, moves, seed, deadline, work)
        move, considered, complete = found.move, found.considered, found.complete
    return Suggestion(move, level, considered, (time.perf_counter() - started) * 1000.0, complete)
