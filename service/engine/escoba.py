"""Escoba (RULES.md section 5): the played card and the cards taken sum to exactly 15."""

from __future__ import annotations

from .cards import Card
from .errors import IllegalMove
from .fishing import FishingGame, Options, TableIndex
from .options import Rules
from .scopa import explain_size_or_sum
from .state import Event, FishingState

ESCOBA_SUM = 15
# dealer_bonus: opening table sum -> escobas for the dealer (StarGames: 15 and 20; traditional: 15 and 30).
DEALER_BONUS = {"stargames": {15: 1, 20: 2}, "traditional": {15: 1, 30: 2}, "off": {}}


class Escoba(FishingGame):
    name = "escoba"
    smallest_capture = 1

    def capture_options(self, rules: Rules, card: Card, index: TableIndex) -> Options:
        total = ESCOBA_SUM - card.rank
        return Options(index, total, index.sizes(total, self.smallest_capture, rules.by_name["capture_choice"]))

    def explain_wrong_capture(
        self, rules: Rules, card: Card, taken: tuple[Card, ...], index: TableIndex
    ) -> IllegalMove:
        error = explain_size_or_sum(rules, card, taken, index, ESCOBA_SUM - card.rank, self.smallest_capture)
        if error.reason == "wrong_sum":
            got = card.rank + sum(c.rank for c in taken)
            return IllegalMove(
                "wrong_sum",
                f"{card.code} and the captured cards sum to {got}, not {ESCOBA_SUM}",
                {**error.params, "total": got, "expected": ESCOBA_SUM},
            )
        return error

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
