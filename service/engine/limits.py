"""The size limits of a posted state, in one place: the schemas, the families' fast readers and a test against
``openapi.yaml`` all read them here, so the three descriptions of a state cannot drift apart.
"""

from __future__ import annotations

from typing import Final

MAX_PLAYERS: Final = 5  # Briscola chiamata
MAX_SEAT: Final = MAX_PLAYERS - 1
MIN_PLAYERS: Final = 2
MAX_HAND: Final = 10  # Scopone 10+0
MAX_CARDS: Final = 40  # stock, table, a pile, a capture
MAX_TRICK: Final = MAX_PLAYERS - 1  # a complete trick is cleared at once
MAX_SWEEPS: Final = 40
MAX_SCORE: Final = 100_000
MIN_SCORE: Final = -MAX_SCORE  # a zero-sum match (Briscola chiamata) has totals below zero
MAX_ROUND: Final = 100_000
MIN_TARGET: Final = 1
MAX_TARGET: Final = 100
MAX_NAME: Final = 32  # game names, presets
MAX_RULES: Final = 32  # entries of a rules object
DECK_STYLES: Final = ("italian", "spanish", "french")
SUITS: Final = ("D", "C", "S", "B")
