"""The fishing games' fast playout for the strong player: one fully known world played to the end of the round on
a compact, mutable copy of the capture rules (RULES.md sections 3-5), instead of through the immutable engine.

Cards are deck indices (rank = index % 10 + 1); the hands, the table, the stock and the piles are lists changed
in place. The rules copied: a card takes a table card of its rank, one of them (Scopa), else table cards summing to
its value, two at least (``Tactics.smallest_capture``); with a ``capture_sum`` (Escoba's 15), cards that sum to it
with the card played; with ``by_value`` too (Cirulla), cards summing to its value, one or more, or to the sum with
it, the player choosing (a rank match first with ``rank_priority``); ``asso_piglia_tutto``, an ace taking a table
without an ace (a sweep if ``ace_sweeps``); ``capture_choice`` (free, most or fewest cards) and
``capture_obligation`` (none, the played card, any card); a capture that empties the table is a sweep, unless it is
the round's last play and ``last_play_sweep_counts`` is off; emptied hands are dealt again from the stock, one card
at a time from the seat after the dealer; the last capturer takes what is left. The finished round is scored by the
game itself (``score_piles``); what a deal declares (Cirulla) is left out, the same for every line searched.

The seats play a quick one-ply policy: take the capture worth most (``card_values``, a sweep a point) less what
the table left exposes, else lay the card that costs least; now and then (``epsilon``) a random legal play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import DECK, Card
from ..state import playing_order
from .rules import switched_on
from .state import FishingState

SWEEP = 1.0
LAY_COST = 0.5
EXPOSED = 0.25
"""A table left behind: the share of its cards' worth the next seats are likely to take."""
SWEEPABLE = 0.6
"""A table one card can sweep: the chance the next seat holds that card, roughly (a sweep is a point)."""

Subsets = list[tuple[int, int, int, float]]
"""A table's subsets as (positions bitmask, sum of ranks, size, worth of the cards)."""


def subsets_of(table: Sequence[int], values: Sequence[float]) -> Subsets:
    found: Subsets = [(0, 0, 0, 0.0)]
    for at, card in enumerate(table):
        bit, rank, value = 1 << at, card % 10 + 1, values[card]
        found += [(mask | bit, total + rank, size + 1, worth + value) for mask, total, size, worth in found]
    return found


def taste(option: tuple[int, int, float]) -> float:
    return option[2]


class FishingPlayout:
    """One fully known fishing world, played to the end of the round by the quick policy."""

    def __init__(
        self,
        state: FishingState,
        values: tuple[float, ...],
        capture_sum: int | None,
        smallest: int,
        hand_size: int,
        by_value: bool = False,
        ace_sweeps: bool = False,
    ) -> None:
        options = state.rules.by_name
        self.players, self.dealer = state.players, state.dealer
        self.hands = [[card.index for card in hand] for hand in state.hands]
        self.table = [card.index for card in state.table]
        self.stock = [card.index for card in state.stock]
        self.piles = [[card.index for card in pile] for pile in state.captures]
        self.sweeps = list(state.sweeps)
        self.last = state.last_capturer
        self.values, self.capture_sum, self.smallest, self.hand_size = values, capture_sum, smallest, hand_size
        self.choice = str(options.get("capture_choice", "free"))
        self.obligation = str(options["capture_obligation"])
        self.by_value, self.rank_first = by_value, switched_on(options.get("rank_priority"))
        self.ace_all, self.ace_sweeps = switched_on(options.get("asso_piglia_tutto")), ace_sweeps
        self.last_sweep = bool(options["last_play_sweep_counts"])
        turn = state.turn
        assert turn is not None
        self.turn = turn

    # -- the rules, and the quick policy's taste -------------------------------------------------------------
    def captures(self, card: int, subsets: Subsets) -> Subsets:
        """The table subsets ``card`` may take (every one of them, when the table holds its rank, of one card);
        none: it can only be laid."""
        rank = card % 10 + 1
        if rank == 1 and self.takes_all(card):
            return [subsets[-1]]  # asso piglia tutto: the whole table
        if self.by_value:
            same = [subset for subset in subsets if subset[2] == 1 and subset[1] == rank] if self.rank_first else []
            fifteen = (self.capture_sum or 0) - rank
            return same + [
                subset for subset in subsets if subset[2] and (subset[1] == fifteen or (not same and subset[1] == rank))
            ]
        if self.capture_sum is None:
            same = [subset for subset in subsets if subset[2] == 1 and subset[1] == rank]
            if same:
                return same
            wanted = rank
        else:
            wanted = self.capture_sum - rank
        smallest = self.smallest
        found = [subset for subset in subsets if subset[1] == wanted and subset[2] >= smallest]
        if len(found) > 1 and self.choice != "free":
            sizes = [subset[2] for subset in found]
            keep = max(sizes) if self.choice == "most_cards" else min(sizes)
            found = [subset for subset in found if subset[2] == keep]
        return found

    def exposure(self, count: int, total: int, worth: float) -> float:
        """What a table left behind (``count`` cards, ranks summing to ``total``, worth ``worth``) likely costs: a
        share of its worth, and a sweep if one card can make it."""
        if not count:
            return 0.0
        goal = self.capture_sum
        sweepable = (count == 1 or total <= 10) if goal is None else 1 <= goal - total <= 10
        sweepable = sweepable or (self.by_value and total <= 10) or self.ace_all
        return EXPOSED * worth + (SWEEPABLE * SWEEP if sweepable else 0.0)

    def moves(self) -> list[tuple[int, int, float]]:
        """Every legal play of the seat to act as (card, bitmask of the table positions taken, 0 for a lay, and
        the quick policy's taste for it)."""
        hand, table, values = self.hands[self.turn], self.table, self.values
        subsets = subsets_of(table, values)
        count, total, worth = len(table), subsets[-1][1], subsets[-1][3]
        sweep = SWEEP if self.last_sweep or self.stock or sum(map(len, self.hands)) > 1 else 0.0
        options: list[tuple[int, int, float]] = []
        lays: list[tuple[int, int, float]] = []
        someone = False
        for card in hand:
            value = values[card]
            found = self.captures(card, subsets) if count else []
            swept = sweep if found and (self.ace_sweeps or not self.takes_all(card)) else 0.0
            for mask, taken, size, gain in found:
                left = count - size
                bonus = swept if not left else -self.exposure(left, total - taken, worth - gain)
                options.append((card, mask, value + gain + bonus))
            lay = (card, 0, -LAY_COST * value - self.exposure(count + 1, total + card % 10 + 1, worth + value))
            if not found:
                lays.append(lay)
                continue
            someone = True
            if self.obligation == "none":
                options.append(lay)
        if not someone:
            return lays
        return options if self.obligation == "any_card" else options + lays

    def takes_all(self, card: int) -> bool:
        """Whether ``card`` is an ace taking the table by asso piglia tutto."""
        return card % 10 == 0 and self.ace_all and bool(self.table) and all(other % 10 for other in self.table)

    def play(self, card: int, mask: int) -> None:
        seat, hands, table = self.turn, self.hands, self.table
        counts = self.ace_sweeps or not self.takes_all(card)
        hands[seat].remove(card)
        if mask:
            taken = [other for at, other in enumerate(table) if mask >> at & 1]
            left = [other for at, other in enumerate(table) if not mask >> at & 1]
            self.piles[seat] += [card, *taken]
            self.table = left
            self.last = seat
            if not left and counts:
                last_play = not self.stock and not any(hands)
                if self.last_sweep or not last_play:
                    self.sweeps[seat] += 1
        else:
            table.append(card)
        if any(hands):
            self.turn = (seat + 1) % self.players
        elif self.stock:
            dealt = self.hand_size * self.players
            cards, self.stock = self.stock[:dealt], self.stock[dealt:]
            for at, other in enumerate(playing_order(self.dealer + 1, self.players)):
                hands[other] = cards[at :: self.players]
            self.turn = (self.dealer + 1) % self.players
        else:
            if self.table and self.last is not None:
                self.piles[self.last] += self.table
                self.table = []
            self.turn = -1

    def run(self, rng: random.Random, epsilon: float) -> None:
        """The round played out: every seat the quick policy, now and then a random legal play."""
        while self.turn >= 0:
            moves = self.moves()
            if len(moves) == 1:
                move = moves[0]
            elif rng.random() < epsilon:
                move = moves[rng.randrange(len(moves))]
            else:
                move = max(moves, key=taste)
            self.play(move[0], move[1])

    def result(self) -> tuple[list[tuple[Card, ...]], list[int]]:
        """The finished piles as cards, and the sweeps: what ``score_piles`` takes."""
        return [tuple(DECK[card] for card in pile) for pile in self.piles], self.sweeps
