"""Escoba (RULES.md section 5): the played card and the cards taken sum to exactly 15."""

from __future__ import annotations

from ..cards import Card
from ..options import (
    Option,
    Preset,
    RuleBook,
    Rules,
    choice,
    number,
)
from ..state import Event
from .game import FishingGame
from .rules import CAPTURE_CHOICE, LAST_PLAY_SWEEP, PRIMIERA_MISSING_SUIT
from .sets import BY_SUM, CaptureSets, TableIndex
from .state import FishingState

ESCOBA_SUM = 15
# dealer_bonus: opening table sum -> escobas for the dealer (StarGames: 15 and 20; traditional: 15 and 30).
DEALER_BONUS = {"stargames": {15: 1, 20: 2}, "traditional": {15: 1, 30: 2}, "off": {}}

ESCOBA_OPTIONS: tuple[Option, ...] = (
    choice(
        "capture_obligation",
        "none",
        ("none", "played_card", "any_card"),
        "none: a player may always lay a card; played_card / any_card: as in Scopa.",
    ),
    CAPTURE_CHOICE,
    LAST_PLAY_SWEEP,
    choice(
        "dealer_bonus",
        "stargames",
        ("stargames", "traditional", "off"),
        "Opening table taken by the dealer: stargames 15 -> 1 escoba, 20 -> 2; traditional 15 -> 1, 30 -> 2.",
    ),
    choice("fourth_point", "primiera", ("primiera", "most_sevens"), "What decides the fourth round point."),
    PRIMIERA_MISSING_SUIT,
    number("target", 21, 1, 100, "Points that win the match."),
)

ESCOBA_PRESETS = {
    "stargames": Preset(
        "stargames", "The StarGames rules.", {"dealer_bonus": "stargames", "fourth_point": "primiera"}
    ),
    "traditional": Preset(
        "traditional",
        "The common published rules.",
        {"dealer_bonus": "traditional", "fourth_point": "most_sevens"},
    ),
}


class Escoba(FishingGame):
    name = "escoba"
    smallest_capture = 1
    capture_sum: int | None = ESCOBA_SUM
    playouts = 350  # compact playouts: about 100 ms from a two-player opening on one idle core
    rulebook = RuleBook("escoba", ESCOBA_OPTIONS, ESCOBA_PRESETS)

    def capture_sets(self, rules: Rules, card: Card, index: TableIndex) -> CaptureSets:
        rank = card.rank
        choice: str = rules.by_name["capture_choice"]
        return CaptureSets(index, ESCOBA_SUM - rank, None, BY_SUM, choice, self.smallest_capture, rank)

    def fourth_point(self, rules: Rules) -> str:
        return "primiera" if rules.by_name["fourth_point"] == "primiera" else "sevens"

    def open_round(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        """StarGames: a dealer whose four table cards make a bonus sum takes them at once, scoring escobas."""
        escobas = DEALER_BONUS[state.rules["dealer_bonus"]].get(sum(card.rank for card in state.table), 0)
        if not escobas or not state.table:
            return state, []
        dealer = state.dealer
        captures = tuple(state.table if seat == dealer else pile for seat, pile in enumerate(state.captures))
        sweeps = tuple(n + escobas if seat == dealer else n for seat, n in enumerate(state.sweeps))
        event = Event("dealer_bonus", {"seat": dealer, "cards": state.table, "escobas": escobas})
        return state._replace(table=(), captures=captures, sweeps=sweeps, last_capturer=dealer), [event]
