"""Scopa and Scopone (RULES.md sections 3 and 4): rank match first, else a sum equal to the card's value."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..options import (
    Option,
    Preset,
    RuleBook,
    Rules,
    choice,
    flag,
    number,
)
from .game import FishingGame
from .rules import CAPTURE_CHOICE, LAST_PLAY_SWEEP, PRIMIERA_MISSING_SUIT
from .sets import ACE_TAKES_ALL, BY_RANK, BY_SUM, CaptureSets, TableIndex

SCOPA_OPTIONS: tuple[Option, ...] = (
    choice(
        "capture_obligation",
        "any_card",
        ("any_card", "played_card"),
        "any_card: a player who can capture with any card must capture; played_card: only a card that can "
        "capture must capture.",
    ),
    CAPTURE_CHOICE,
    LAST_PLAY_SWEEP,
    flag("opening_kings_redeal", True, "Three or four kings among the opening table cards void the deal."),
    PRIMIERA_MISSING_SUIT,
    choice("primiera_rule", "classic", ("classic", "most_sevens"), "How the primiera point is decided."),
    flag("re_bello", False, "The king of coins scores one point."),
    flag("rosmarino", False, "The fante (jack) of swords scores one point."),
    choice(
        "napola",
        "off",
        ("off", "length", "fixed3"),
        "Ace, two and three of coins score: off, their run length, or a fixed 3.",
    ),
    flag("asso_piglia_tutto", False, "An ace played when no ace is on the table captures the whole table."),
    flag("apt_sweep_counts", False, "Whether an ace taking the whole table scores a sweep."),
    number("target", 11, 1, 100, "Points that win the match."),
)

SCOPONE_OPTIONS: tuple[Option, ...] = (
    *SCOPA_OPTIONS,
    choice(
        "scopone_deal",
        "9+4",
        ("9+4", "10+0"),
        "9 cards each and 4 on the table, or 10 each and an empty table.",
    ),
)

# StarGames (the seed rules) against the common published rules.
SCOPA_PRESETS = {
    "stargames": Preset(
        "stargames",
        "The StarGames rules.",
        {"capture_obligation": "any_card", "primiera_missing_suit": "fewer_suits_loses"},
    ),
    "traditional": Preset(
        "traditional",
        "The common published rules.",
        {"capture_obligation": "played_card", "primiera_missing_suit": "cannot_score"},
    ),
}


class Scopa(FishingGame):
    name = "scopa"
    smallest_capture = 2  # a single card is taken by rank, never as a "sum" of one
    playouts = 400  # compact playouts: about 100 ms from a two-player opening on one idle core
    rulebook = RuleBook("scopa", SCOPA_OPTIONS, SCOPA_PRESETS)

    def capture_sets(self, rules: Rules, card: Card, index: TableIndex) -> CaptureSets:
        rank = card.rank
        if rank == 1 and self.ace_takes_all(rules, card, index):
            return CaptureSets(index, rank, (index.cards,), ACE_TAKES_ALL)
        if index.ranks >> rank & 1:
            same_rank = index.by_rank[rank]
            # All seeds agree: a card matching a table card's rank takes exactly one such card.
            return CaptureSets(index, rank, tuple([(other,) for other in same_rank]), BY_RANK)
        return CaptureSets(index, rank, None, BY_SUM, rules.by_name["capture_choice"], self.smallest_capture)

    def ace_sweeps(self, rules: Rules) -> bool:
        return bool(rules["apt_sweep_counts"])

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool:
        return self.ace_sweeps(rules) or not self.ace_takes_all(rules, card, index)

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        """Danish guide: three or four kings on the opening table void the deal (a king cannot be summed)."""
        return bool(rules["opening_kings_redeal"]) and sum(1 for card in table if card.rank == 10) >= 3

    def fourth_point(self, rules: Rules) -> str:
        return "primiera" if rules.by_name["primiera_rule"] == "classic" else "sevens"


class Scopone(Scopa):
    name = "scopone"
    player_counts: tuple[int, ...] = (4,)
    playouts = 350  # compact playouts: about 120 ms from an opening on one idle core
    rulebook = RuleBook("scopone", SCOPONE_OPTIONS, SCOPA_PRESETS)

    def hand_size(self, rules: Rules) -> int:
        return 9 if rules["scopone_deal"] == "9+4" else 10

    def opening_table_size(self, rules: Rules) -> int:
        return 4 if rules["scopone_deal"] == "9+4" else 0

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        return rules["scopone_deal"] == "9+4" and super().needs_redeal(rules, table)
