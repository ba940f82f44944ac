"""Scopa and Scopone (RULES.md sections 3 and 4): rank match first, else a sum equal to the card's value."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import IllegalMove
from .fishing import NO_SIZE, FishingGame, Options, TableIndex
from .options import Rules


class Scopa(FishingGame):
    name = "scopa"
    smallest_capture = 2  # a single card is taken by rank, never as a "sum" of one

    def ace_takes_all(self, rules: Rules, card: Card, index: TableIndex) -> bool:
        """Asso piglia tutto: an ace played while no ace is on the table takes the whole (non-empty) table."""
        return (
            card.rank == 1
            and bool(rules.by_name["asso_piglia_tutto"])
            and bool(index.cards)
            and 1 not in index.by_rank
        )

    def capture_options(self, rules: Rules, card: Card, index: TableIndex) -> Options:
        rank = card.rank
        if self.ace_takes_all(rules, card, index):
            return Options(index, rank, NO_SIZE, fixed=(index.cards,))
        same_rank = index.by_rank.get(rank)
        if same_rank:
            # All seeds agree: a card matching a table card's rank takes exactly one such card.
            return Options(index, rank, NO_SIZE, fixed=tuple([(other,) for other in same_rank]))
        choice = rules.by_name["capture_choice"]
        return Options(index, rank, index.sizes(rank, self.smallest_capture, choice))

    def explain_wrong_capture(
        self, rules: Rules, card: Card, taken: tuple[Card, ...], index: TableIndex
    ) -> IllegalMove:
        params = {"card": card.code, "capture": [c.code for c in taken]}
        if self.ace_takes_all(rules, card, index):
            return IllegalMove(
                "ace_takes_all", "an ace played with no ace on the table takes the whole table", params
            )
        same_rank = [other.code for other in index.cards if other.rank == card.rank]
        if same_rank:
            return IllegalMove(
                "must_take_single_card",
                f"{card.code} must take exactly one table card of the same rank: " + " or ".join(same_rank),
                {**params, "options": same_rank},
            )
        return explain_size_or_sum(rules, card, taken, index, card.rank, self.smallest_capture)

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool:
        return bool(rules["apt_sweep_counts"]) or not self.ace_takes_all(rules, card, index)

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        """Danish guide: three or four kings on the opening table void the deal (a king cannot be summed)."""
        return bool(rules["opening_kings_redeal"]) and sum(1 for card in table if card.rank == 10) >= 3


class Scopone(Scopa):
    name = "scopone"
    player_counts: tuple[int, ...] = (4,)

    def hand_size(self, rules: Rules) -> int:
        return 9 if rules["scopone_deal"] == "9+4" else 10

    def opening_table_size(self, rules: Rules) -> int:
        return 4 if rules["scopone_deal"] == "9+4" else 0

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        return rules["scopone_deal"] == "9+4" and super().needs_redeal(rules, table)


def explain_size_or_sum(
    rules: Rules, card: Card, taken: tuple[Card, ...], index: TableIndex, total: int, smallest: int
) -> IllegalMove:
    """Why a capture set of the right cards is refused: its sum, or its size under ``capture_choice``."""
    params = {"card": card.code, "capture": [c.code for c in taken]}
    got = sum(c.rank for c in taken)
    if got != total or len(taken) < smallest:
        return IllegalMove(
            "wrong_sum",
            f"the captured cards sum to {got}, {card.code} needs {total}",
            {**params, "total": got, "expected": total},
        )
    if rules["capture_choice"] == "most_cards":
        return IllegalMove(
            "must_take_more_cards", "capture_choice most_cards: a larger set can be taken", params
        )
    return IllegalMove(
        "must_take_fewer_cards", "capture_choice fewest_cards: a smaller set can be taken", params
    )
