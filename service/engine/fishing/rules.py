"""Rule options the fishing games share (RULES.md sections 3-5)."""

from __future__ import annotations

from ..options import choice, flag

CAPTURE_CHOICE = choice(
    "capture_choice",
    "free",
    ("free", "most_cards", "fewest_cards"),
    "Which sum capture a player may take when several exist.",
)
LAST_PLAY_SWEEP = flag(
    "last_play_sweep_counts",
    False,
    "Whether a sweep made with the very last card of the round scores.",
)
PRIMIERA_MISSING_SUIT = choice(
    "primiera_missing_suit",
    "fewer_suits_loses",
    ("fewer_suits_loses", "cannot_score"),
    "How a side with cards in fewer than four suits fares for the primiera point.",
)


def switched_on(value: object) -> bool:
    """An on/off option's value: a flag (``True``, Scopa's ``asso_piglia_tutto``) or a choice of ``on`` and
    ``off`` (Cirulla's): RULES.md writes both."""
    return value is True or value == "on"
