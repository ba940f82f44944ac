"""Suggest a move for the seat to act, at one of three levels, within a time budget.

``suggest`` takes an ``Observation`` (what the seat knows), never a state, so no level can see another hand or
the stock order.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

from service.engine.game import Game
from service.engine.moves import Move
from service.engine.state import GameState

from .endgame import solvable, solve
from .errors import NotToAct, UnknownLevel
from .heuristics import greedy_move
from .hints import VALUE_ONE_PLY, VALUE_OUTCOME, Alternative, explained, one_ply
from .observation import Observation, determinize
from .search import (
    MAX_CANDIDATES,
    STOPPED_BY_SOLVED,
    STOPPED_BY_TIME,
    STOPPED_BY_WORK,
    Ranked,
    SearchResult,
    default_playouts,
    search,
)

LEVELS = ("random", "greedy", "strong")
LEVEL_LABELS = {"random": "beginner", "greedy": "casual", "strong": "expert"}
"""What a frontend calls each level (docs/players.md, the ladder): ``random`` a table's first steps, ``greedy`` a
player who takes what is there, ``strong`` one who counts the cards; the catalogue names them in each language."""
DEFAULT_BUDGET_MS = 1000
"""A safety cap, not what decides the move: every game's default work ends well within it on a quiet host (a
median of about 100-120 ms of pure Python from an opening, far less compiled), so the default answer is the
work's, the same on any machine at any load a host can serve; only a host some five times slower than that cuts
it, and the answer then says so (``complete`` and ``confident`` false, ``stopped_by: time``)."""
MAX_BUDGET_MS = 2000
MAX_WORLDS = 500
"""Sampled worlds per candidate a caller may ask for: 500 worlds of five candidates take seconds of a core, so
the budget, not this bound, stops a search that large."""

STOPPED_BY_SINGLE_MOVE = "single_move"
"""One legal move: nothing to weigh."""
STOPPED_BY_ONE_PLY = "one_ply"
"""``greedy``: the best one-ply score, no search."""
STOPPED_BY_RANDOM = "random"
"""``random``: a legal move drawn at random, no search."""
STOPS = (
    STOPPED_BY_WORK,
    STOPPED_BY_TIME,
    STOPPED_BY_SOLVED,
    STOPPED_BY_SINGLE_MOVE,
    STOPPED_BY_ONE_PLY,
    STOPPED_BY_RANDOM,
)


class Suggestion(NamedTuple):
    """A suggested move and what it took.

    ``considered``: for ``random`` and ``greedy`` the legal moves chosen among; for ``strong`` the playouts
    weighed (one playout = one candidate move played in one sampled world and the round finished), or in a
    two-player endgame solved exactly the finished lines of play searched; 0 when there was a single legal
    move. ``complete``: False when the budget cut the search short (only ``strong``
    can be cut); the move is then the best found so far, and may differ from an uncut search's. ``stopped_by``:
    what ended the thinking (``STOPS``): ``work``, ``time`` or ``solved`` for a search, else ``single_move``,
    ``one_ply`` or ``random``.
    """

    move: Move
    level: str
    considered: int
    elapsed_ms: float
    complete: bool
    stopped_by: str = STOPPED_BY_WORK
    alternatives: tuple[Alternative, ...] = ()
    """Asked for with ``explain``: the best moves, ``move`` first, each valued in ``value_unit``."""
    value_unit: str | None = None
    worlds: int | None = None
    """``strong`` by sampling: the sampled worlds each candidate met (``considered`` shared out)."""
    points_unit: str | None = None
    """With ``alternatives``: what their ``points`` count (``Strategy.points_unit``)."""

    @property
    def confident(self) -> bool:
        """Whether the player did all the work it was given: False when the budget cut it short, and the move
        and its values are then those of a thinner search than the level's (a coach screen says so)."""
        return self.complete


def suggest(
    game: Game,
    observation: Observation,
    level: str = "greedy",
    seed: int = 0,
    budget_ms: float = DEFAULT_BUDGET_MS,
    *,
    playouts: int | None = None,
    worlds: int | None = None,
    explain: int = 0,
    progress: Callable[[Suggestion], None] | None = None,
) -> Suggestion:
    """A legal move for the observing seat, the same for the same observation, level and seed (when complete).

    ``budget_ms`` is a hard cap on the time spent (at most ``MAX_BUDGET_MS``). ``strong`` weighs ``playouts``
    rollouts (by default the game's, ``default_playouts``) shared among the candidate moves: its work is a function of
    the position and the level, never of the clock, unless the budget cuts it short; ``worlds`` asks instead for
    that many sampled worlds per candidate move. ``explain`` asks for up to that many alternatives, best first
    (``hints``); ``random`` weighs nothing, so it explains nothing. ``progress``, if given, is handed now and then
    what a ``strong`` search would answer if its budget ran out there (``search.search``). Raises ``NotToAct``
    when the seat is not to act or the round is over, ``UnknownLevel`` for a level not in ``LEVELS``.
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
    ranked: Ranked = ()
    unit, met = VALUE_ONE_PLY, None
    if len(moves) == 1:
        move, considered, stopped_by = moves[0], 0 if level == "strong" else 1, STOPPED_BY_SINGLE_MOVE
    elif level == "random":
        move, considered, stopped_by = random.Random(seed).choice(moves), len(moves), STOPPED_BY_RANDOM
    elif level == "greedy":
        move, considered, stopped_by = greedy_move(game, world, moves), len(moves), STOPPED_BY_ONE_PLY
    else:
        deadline = started + budget
        found = solve(game, observation, moves, seed, deadline) if solvable(observation) else None
        if found is None:
            work = default_playouts(game) if playouts is None else playouts
            if worlds is not None:
                work = worlds * min(len(moves), MAX_CANDIDATES)
            reports = None if progress is None else _reporting(progress, game, world, level, explain, started)
            found = search(game, observation, moves, seed, deadline, work, reports)
            met = found.worlds_met
        move, considered, complete = found.move, found.considered, found.complete
        stopped_by, ranked, unit = found.stopped_by, found.ranked, VALUE_OUTCOME
    alternatives: tuple[Alternative, ...] = ()
    if explain and level != "random":
        if not ranked:  # no search, or one cut before its first world: the one-ply view stands
            ranked, unit = one_ply(game, world, moves, move), VALUE_ONE_PLY
        alternatives = explained(game, world, ranked, explain)
    elapsed_ms = (time.perf_counter() - started) * 1000.0
    shown_unit, points_unit = (unit, game.strategy.points_unit) if alternatives else (None, None)
    return Suggestion(
        move, level, considered, elapsed_ms, complete, stopped_by, alternatives, shown_unit, met, points_unit
    )


def _reporting(
    progress: Callable[[Suggestion], None], game: Game, world: GameState, level: str, explain: int, started: float
) -> Callable[[SearchResult], None]:
    """The search's reports of its best so far, handed on as the answers a budget cut there would give."""

    def report(found: SearchResult) -> None:
        shown = explained(game, world, found.ranked, explain) if explain else ()
        elapsed_ms = (time.perf_counter() - started) * 1000.0
        unit, points_unit = (VALUE_OUTCOME, game.strategy.points_unit) if shown else (None, None)
        progress(
            Suggestion(
                found.move,
                level,
                found.considered,
                elapsed_ms,
                False,
                STOPPED_BY_TIME,
                shown,
                unit,
                found.worlds_met,
                points_unit,
            )
        )

    return report
