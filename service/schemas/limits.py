"""The size limits of a posted state, as the schemas read them: defined with the engine (``engine/limits.py``),
which its fast readers share."""

from __future__ import annotations

from ..engine.limits import (
    DECK_STYLES,
    MAX_CARDS,
    MAX_HAND,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_RULES,
    MAX_SCORE,
    MAX_SEAT,
    MAX_SWEEPS,
    MAX_TARGET,
    MAX_TRICK,
    MIN_PLAYERS,
    MIN_SCORE,
    MIN_TARGET,
    SUITS,
)

__all__ = [
    "DECK_STYLES",
    "MAX_CARDS",
    "MAX_HAND",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_ROUND",
    "MAX_RULES",
    "MAX_SCORE",
    "MAX_SEAT",
    "MAX_SWEEPS",
    "MAX_TARGET",
    "MAX_TRICK",
    "MIN_PLAYERS",
    "MIN_SCORE",
    "MIN_TARGET",
    "SUITS",
]
