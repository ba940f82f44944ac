"""Briscola's own fast search for the strong player: one fully known world searched by alpha-beta on a compact,
mutable copy of the trick rules (RULES.md section 6), instead of rollouts through the immutable engine.

The cards are deck indices (suit = index // 10); the hands, the trick and the drawn stock are lists changed in
place and restored on the way back, so nothing is copied. The rules copied: no duty to follow suit; the highest
trump, else the highest card of the suit led, takes the trick; its taker draws first and leads the next; the
face-up trump card is the last card drawn. A trump exchange is weighed at the root only (``solve_move`` makes
it and searches on from there).

The search looks ``TRICKS`` whole tricks ahead, and to the end of the round once few enough cards are left
(``EXACT_CARDS``). A finished round is valued as the strong player is scored: won, tied or lost (1, 0, -1), the
card points' margin only breaking ties (``MARGIN``). A round not yet finished is valued by the margin so far,
with what the cards still in hand are likely worth to their holders (``HELD_TRUMP``, ``HELD_PLAIN``), against the
points still to be played (``leaf_result``, the margin's tie-break added): an estimate, in the same units, of
the round's result. The search also hands up its line's leaf: the round won (or its likely share) and the margin.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..cards import DECK, Card
from ..game import Line
from ..state import side_of
from .common import with_seat
from .state import BriscolaState

POINTS = tuple(card.points for card in DECK)
STRENGTH = tuple(card.strength for card in DECK)
TOTAL_POINTS = 120
MARGIN = 0.002
"""A card point of margin, in rounds won: a tie-break only (120 points are worth less than a quarter round)."""
TRICKS = 3
"""Whole tricks searched ahead before the round's end is in reach (two plies a trick with two players)."""
EXACT_CARDS = 10
"""At most this many cards left in the hands, the stock and the trump card: searched to the end of the round."""
SPREAD = 10.0, 0.3
"""A round's margin still moves by about ``SPREAD[0] + SPREAD[1] * points still to play``: ``leaf_result`` is the
margin so far against it (tanh: a sure win counts one round, an even margin none)."""
HELD_TRUMP = 4.0, 0.5, 0.6
"""A trump still in hand at the search's horizon, in card points to its side: a trick it will take (``[0]``),
the more the higher it is (``[1]`` a step of strength), and its own points, which it usually keeps (``[2]``)."""
HELD_PLAIN = 0.3
"""Another card still in hand: a share of its points, which its holder plays when they are safe."""
EXACT_NODES = 2_000
"""An exact search that needs more nodes than this (a move; most need a few hundred) looks ``TRICKS`` ahead
instead: the work stays bounded, and a function of the world alone."""
INFINITY = math.inf


class TooBig(Exception):
    """The exact search passed ``EXACT_NODES``."""


def held_values(trump: int) -> tuple[float, ...]:
    """What each card (by deck index) still in a hand at the horizon is worth to its holder's side."""
    return tuple(
        HELD_TRUMP[0] + HELD_TRUMP[1] * card.strength + HELD_TRUMP[2] * card.points
        if card.index // 10 == trump
        else HELD_PLAIN * card.points
        for card in DECK
    )


HELD = tuple(held_values(trump) for trump in range(4))


def final_value(diff: int) -> float:
    """A finished round, from the searching side: won 1, tied 0, lost -1, and the margin's tie-break."""
    return (1.0 if diff > 0 else -1.0 if diff < 0 else 0.0) + MARGIN * diff


def leaf_result(diff: float, left: int) -> float:
    """An unfinished round's likely result (-1 lost ... 1 won) from a margin ``diff`` with ``left`` card points
    still to play."""
    return math.tanh(diff / (SPREAD[0] + SPREAD[1] * left))


class TrickSolver:
    """One world of Briscola for two sides (two players, or two partnerships), from ``seat``'s side."""

    def __init__(self, state: BriscolaState, seat: int) -> None:
        players = state.players
        mine = side_of(seat, players)
        self.players, self.state = players, state
        self.ours = [side_of(other, players) == mine for other in range(players)]
        self.load()
        self.nodes = 0
        self.limit: int | None = None
        # The line a search's value comes from, as its leaf saw it: the round won (1, a tie 0.5, lost 0; at a
        # horizon the likely share) and the card points' margin. Each node hands its best child's up.
        self.leaf_won = 0.5
        self.leaf_diff = 0.0

    def load(self) -> None:
        """The lists from the state: at the start, and again after a search given up half-way (``TooBig``)."""
        state = self.state
        self.hands = [[card.index for card in hand] for hand in state.hands]
        self.trick = [played.card.index for played in state.trick]
        self.leader = state.leader
        self.pile = [card.index for card in state.stock] + [state.trump_card.index]
        self.stock = len(state.stock)  # the stock's cards come first in ``pile``, then the trump card
        self.at = 0  # the next card drawn is pile[at]; nothing is drawn once at >= stock
        self.trump = state.trump_card.index // 10
        self.held = HELD[self.trump]
        self.diff = 0  # card points taken by the seat's side less the other side's
        taken = 0
        for other, pile in enumerate(state.captures):
            points = sum(card.points for card in pile)
            taken += points
            self.diff += points if self.ours[other] else -points
        self.left = TOTAL_POINTS - taken

    def cards_left(self) -> int:
        drawn = self.stock + 1 if self.stock else 0
        return sum(map(len, self.hands)) + len(self.trick) + drawn

    def horizon(self) -> int:
        """How many tricks to search: to the end of the round when it is near enough, else ``TRICKS``."""
        if self.cards_left() <= EXACT_CARDS:
            return 99
        return TRICKS

    def move_value(self, card: int) -> float:
        """The value of the seat to act playing ``card`` (a deck index), best play after it on both sides: to
        the end of the round when that takes at most ``EXACT_NODES``, else ``TRICKS`` ahead."""
        return self.searched(lambda tricks: self.play(card, tricks, -INFINITY, INFINITY))

    def searched(self, search: Callable[[int], float]) -> float:
        tricks = self.horizon()
        if tricks <= TRICKS:
            return search(tricks)
        self.limit = self.nodes + EXACT_NODES
        try:
            return search(tricks)
        except TooBig:
            self.limit = None
            self.load()
            return search(TRICKS)
        finally:
            self.limit = None

    def taker(self, trick: list[int]) -> int:
        """The position in ``trick`` of the card that takes it."""
        trump = self.trump
        best_at, best = 0, trick[0]
        for at in range(1, len(trick)):
            card = trick[at]
            if card // 10 == best // 10:
                if STRENGTH[card] > STRENGTH[best]:
                    best_at, best = at, card
            elif card // 10 == trump:
                best_at, best = at, card
        return best_at

    def ordered(self, hand: list[int]) -> list[int]:
        """The cards to try first, for alpha-beta to cut sooner: leading, the cheapest (plain and pointless);
        following, the cards that take the trick (the cheapest first), then the cheapest of the rest."""
        trump = self.trump
        if len(hand) < 2:
            return list(hand)
        trick = self.trick
        if not trick:
            return sorted(hand, key=lambda card: POINTS[card] + (20 if card // 10 == trump else 0))
        best = trick[self.taker(trick)]
        suit, top = best // 10, STRENGTH[best]

        def key(card: int) -> int:
            takes = STRENGTH[card] > top if card // 10 == suit else card // 10 == trump
            return POINTS[card] + (20 if card // 10 == trump else 0) - (100 if takes else 0)

        return sorted(hand, key=key)

    def value(self, tricks: int, alpha: float, beta: float) -> float:
        """The value with the seat to act about to play, ``tricks`` more tricks to finish before the leaf."""
        seat = (self.leader + len(self.trick)) % self.players
        hand = self.hands[seat]
        if not hand:  # the seat to act has nothing left: the round is over
            final = self.diff
            self.leaf_won = 1.0 if final > 0 else 0.0 if final < 0 else 0.5
            self.leaf_diff = float(final)
            return final_value(final)
        if tricks <= 0:
            held, diff = self.held, float(self.diff)
            for other, cards in enumerate(self.hands):
                worth = 0.0
                for card in cards:
                    worth += held[card]
                diff += worth if self.ours[other] else -worth
            result = leaf_result(diff, self.left)
            self.leaf_won = (result + 1.0) * 0.5
            self.leaf_diff = diff
            return result + MARGIN * diff
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooBig
        maximising = self.ours[seat]
        best = -INFINITY if maximising else INFINITY
        best_won, best_diff = 0.5, 0.0
        for card in self.ordered(hand):
            found = self.play(card, tricks, alpha, beta)
            if maximising:
                if found > best:
                    best, best_won, best_diff = found, self.leaf_won, self.leaf_diff
                    if found > alpha:
                        alpha = found
            elif found < best:
                best, best_won, best_diff = found, self.leaf_won, self.leaf_diff
                if found < beta:
                    beta = found
            if alpha >= beta:
                break
        self.leaf_won, self.leaf_diff = best_won, best_diff
        return best

    def play(self, card: int, tricks: int, alpha: float, beta: float) -> float:
        """The value once the seat to act plays ``card``."""
        trick, players, hands = self.trick, self.players, self.hands
        leader = self.leader
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        at = hand.index(card)
        del hand[at]
        trick.append(card)
        if len(trick) < players:
            found = self.value(tricks, alpha, beta)
        else:
            winner = (leader + self.taker(trick)) % players
            points = 0
            for taken in trick:
                points += POINTS[taken]
            diff, left, drawn_at = self.diff, self.left, self.at
            self.diff = diff + (points if self.ours[winner] else -points)
            self.left = left - points
            done = trick[:]
            trick.clear()
            self.leader = winner
            drew = 0
            if drawn_at < self.stock:
                drew = min(players, len(self.pile) - drawn_at)
                for position in range(drew):
                    hands[(winner + position) % players].append(self.pile[drawn_at + position])
                self.at = drawn_at + drew
            found = self.value(tricks - 1, alpha, beta)
            for position in range(drew):
                hands[(winner + position) % players].pop()
            self.at, self.leader, self.diff, self.left = drawn_at, leader, diff, left
            trick.extend(done)
        trick.pop()
        hand.insert(at, card)
        return found


def solve_move(state: BriscolaState, card: Card, exchange: bool, seat: int) -> Line:
    """The line to ``seat``'s side of the seat to act playing ``card``, or with ``exchange`` giving it for the
    face-up trump card (the same seat still acts, holding that card instead: searched on from there)."""
    if not exchange:
        solver = TrickSolver(state, seat)
        value = solver.move_value(card.index)
    else:
        turn = state.turn
        assert turn is not None
        hand = tuple(state.trump_card if held is card else held for held in state.hands[turn])
        state = state._replace(hands=with_seat(state.hands, turn, hand), trump_card=card)
        solver = TrickSolver(state, seat)
        value = solver.searched(lambda tricks: solver.value(tricks, -INFINITY, INFINITY))
    return Line(value, solver.leaf_won, solver.leaf_diff)
