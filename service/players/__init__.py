"""Computer players for every game: observe what a seat knows, then suggest a move (random, greedy, strong).

Pure engine layer: the standard library and ``service.engine`` only. A player is handed an ``Observation``,
never a state, so it plays fair by construction.
"""

from __future__ import annotations

from .errors import NotToAct, UnknownLevel
from .hints import MAX_EXPLAIN, VALUE_UNITS, Alternative
from .observation import Observation, determinize, observe
from .suggest import (
    DEFAULT_BUDGET_MS,
    LEVEL_LABELS,
    LEVELS,
    MAX_BUDGET_MS,
    MAX_WORLDS,
    STOPS,
    Suggestion,
    suggest,
)

__all__ = [
    "DEFAULT_BUDGET_MS",
    "LEVELS",
    "LEVEL_LABELS",
    "MAX_BUDGET_MS",
    "MAX_EXPLAIN",
    "MAX_WORLDS",
    "STOPS",
    "VALUE_UNITS",
    "Alternative",
    "NotToAct",
    "Observation",
    "Suggestion",
    "UnknownLevel",
    "determinize",
    "observe",
    "suggest",
]
