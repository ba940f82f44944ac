"""The fishing family (RULES.md 3-5 and 10: Scopa, Scopone, Escoba, Cirulla): its state, moves, checks, JSON, play,
score and computer-player hooks, all here; a game of the family is a ``FishingGame`` subclass in a module of its own."""

from __future__ import annotations

from .cirulla import Cirulla
from .escoba import Escoba
from .game import FishingGame, dealt_hands, new_match
from .scopa import Scopa, Scopone
from .sets import table_index
from .state import Capture, FishingState

__all__ = [
    "Capture",
    "Cirulla",
    "Escoba",
    "FishingGame",
    "FishingState",
    "Scopa",
    "Scopone",
    "dealt_hands",
    "new_match",
    "table_index",
]
