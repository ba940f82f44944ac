"""One position of a fishing round, analysed once: listing, checking and playing read the same analysis."""

from __future__ import annotations

from functools import partial
from typing import Final, Protocol

from ..cards import DECK, Card, codes
from ..errors import AmbiguousCapture, IllegalMove, Reason
from ..moves import LegalMoves
from ..options import Rules
from ..state import Event, GameState, Hand, event
from .sets import CaptureSets, TableIndex, table_index
from .state import Capture, FishingState, seat_to_play

# Every play makes a state: made straight from its fields, without the named tuple's Python-level constructor.
new_state = partial(tuple.__new__, FishingState)

LAYS: Final = tuple([Capture(card, ()) for card in DECK])
"""Each card laid on the table, by the card's index: moves are immutable, so every listing shares these."""

MAX_LISTED_MOVES = 2000
"""Adversarial tables can allow tens of thousands of capture sets; ``total`` still counts them all."""


class Rulebook(Protocol):
    """What a position asks of its game (``FishingGame``): the capture rule, sweeps, the deals and the end."""

    def capture_sets(self, rules: Rules, card: Card, index: TableIndex) -> CaptureSets: ...

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool: ...

    def deal_from_stock(self, state: FishingState) -> tuple[FishingState, list[Event]]: ...

    def end_round(self, state: FishingState) -> tuple[FishingState, list[Event]]: ...


class Position:
    """One position of a fishing round, analysed once: the seat to play and the capture sets of its cards.

    ``legal_moves``, ``check`` and ``play`` all read this one analysis (pokerkit's verify / can / do).
    """

    __slots__ = ("game", "lay_any", "lay_uncapturing", "seat", "sets", "state")

    def __init__(self, game: Rulebook, state: FishingState) -> None:
        self.game, self.state = game, state
        self.seat = seat = seat_to_play(state)
        sets: dict[Card, CaptureSets] = {}  # per card in the seat's hand, in hand order
        self.sets = sets
        someone_captures = False
        if seat is not None:
            rules = state.rules
            index = table_index(state.table)
            for card in state.hands[seat]:
                # Two cards of one rank capture alike: the earlier card's sets serve (a hand holds ten at most, so
                # looking back costs less than a dictionary by rank).
                found: CaptureSets | None = None
                for earlier, its_sets in sets.items():
                    if earlier.rank == card.rank:
                        found = its_sets
                        break
                if found is None:
                    found = game.capture_sets(rules, card, index)
                sets[card] = found
                someone_captures = someone_captures or found.any
        # The capture obligation (RULES.md 3 and 5) as two flags for ``may_lay``: every card may be laid (none;
        # any_card when no card captures), or only a card that cannot capture (played_card).
        obligation: str = state.rules.by_name["capture_obligation"]  # typed: compiled, str equality is native
        self.lay_any = obligation == "none" or (obligation == "any_card" and not someone_captures)
        self.lay_uncapturing = obligation == "played_card"

    def may_lay(self, sets: CaptureSets) -> bool:
        """The capture obligation: whether a card with these capture sets may capture nothing."""
        return self.lay_any or (self.lay_uncapturing and not sets.any)

    def lay_refusal(self, card: Card, sets: CaptureSets) -> IllegalMove:
        """Why a card ``may_lay`` refuses must capture."""
        if sets.any:
            return IllegalMove(Reason.MUST_CAPTURE, f"{card.code} can capture, so it must", {"card": card.code})
        return IllegalMove(
            Reason.MUST_CAPTURE, "another card in hand can capture, so a capture must be made", {"card": card.code}
        )

    def legal_moves(self, limit: int | None = None) -> LegalMoves:
        if self.seat is None:
            return LegalMoves(None, (), 0)
        cap = MAX_LISTED_MOVES if limit is None else min(limit, MAX_LISTED_MOVES)
        listed: list[Capture] = []
        total = 0
        lay_any, lay_uncapturing = self.lay_any, self.lay_uncapturing
        # Cards of one rank share one CaptureSets (``__init__``): its sets are found once and listed with each card.
        # The room left only shrinks, so the first search of a CaptureSets listed all that any later card can use.
        found_for: dict[CaptureSets, tuple[list[tuple[Card, ...]], int]] | None = None  # made when first needed
        for card, sets in self.sets.items():
            if sets.any:
                room = cap - len(listed)
                fixed = sets.fixed
                if fixed is not None:
                    count = len(fixed)
                    shown = min(count, room)
                    listed.extend([Capture(card, taken) for taken in fixed[:shown]])
                else:
                    earlier = None if found_for is None else found_for.get(sets)
                    if earlier is None:
                        found = sets.first(room + 1)
                        # cut short by the ceiling: count the rest without listing them
                        count = sets.count() if len(found) > room else len(found)
                        if found_for is None:
                            found_for = {}
                        found_for[sets] = found, count
                    else:
                        found, count = earlier
                    shown = min(count, room)
                    listed.extend([Capture(card, taken) for taken in found[:shown]])
                total += count
            if lay_any or (lay_uncapturing and not sets.any):  # may_lay, at every card of every listing
                if len(listed) < cap:
                    listed.append(LAYS[card.index])
                total += 1
        return LegalMoves(self.seat, tuple(listed), total)

    def check(self, move: Capture) -> Capture:
        """The move with its capture filled in, or IllegalMove saying which rule forbids it."""
        seat = self.seat
        if seat is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no card may be played")
        card = move.card
        sets = self.sets.get(card)
        if sets is None:
            raise IllegalMove(
                Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card.code}", {"card": card.code, "seat": seat}
            )
        taken = move.capture
        if taken is None:
            listed = sets.first(2)
            if len(listed) > 1:
                raise AmbiguousCapture(card.code, [codes(option) for option in sets.first(50)])
            taken = listed[0] if listed else ()
        if not taken:
            if not self.may_lay(sets):
                raise self.lay_refusal(card, sets)
            return move if move.capture == () else Capture(card, ())
        if len(taken) > 1 and len(set(taken)) != len(taken):
            twice = next(piece for piece in taken if taken.count(piece) > 1)
            raise IllegalMove(
                Reason.CAPTURE_NOT_ON_TABLE, f"the capture names {twice.code} twice", {"card": twice.code}
            )
        table = self.state.table
        for piece in taken:
            if piece not in table:
                raise IllegalMove(
                    Reason.CAPTURE_NOT_ON_TABLE, f"{piece.code} is not on the table", {"card": piece.code}
                )
        if not sets.allows(taken):
            raise sets.refusal(card, tuple(taken))
        if len(taken) > 1:  # callers may name the cards in any order; the capture keeps the table's
            at = [table.index(piece) for piece in taken]
            if at != sorted(at):
                taken = tuple(sorted(taken, key=table.index))
        return move if taken is move.capture and type(taken) is tuple else Capture(card, tuple(taken))

    def play(self, move: Capture) -> tuple[FishingState, list[Event]]:
        checked = self.check(move)
        card, taken = checked.card, checked.capture
        state, seat, game = self.state, self.seat, self.game
        assert seat is not None and taken is not None
        hands = list(state.hands)
        hand = hands[seat]
        at = hand.index(card)
        hands[seat] = hand[:at] + hand[at + 1 :]
        events = [event("card_played", {"seat": seat, "card": card, "capture": taken})]
        table, captures, sweeps, last_capturer = state.table, state.captures, state.sweeps, state.last_capturer
        if taken:
            table = tuple([c for c in table if c not in taken])
            piles = list(captures)
            piles[seat] = (*piles[seat], card, *taken)
            captures, last_capturer = tuple(piles), seat
            if not table and self.sweep_counts(hands, card, taken):
                sweeps = tuple([n + (s == seat) for s, n in enumerate(sweeps)])
                events.append(event("sweep", {"seat": seat}))
        else:
            table = (*table, card)
        state = new_state(
            (
                state.game,
                state.rules,
                state.players,
                state.dealer,
                tuple(hands),
                table,
                state.stock,
                captures,
                sweeps,
                last_capturer,
                state.match,
                state.deck,
                state.declaration_points,
            )
        )
        if not any(hands):
            if state.stock:
                state, dealt = game.deal_from_stock(state)
                events.extend(dealt)
            else:
                state, ended = game.end_round(state)
                events.extend(ended)
        return state, events

    def sweep_counts(self, hands_after: list[Hand], card: Card, taken: tuple[Card, ...]) -> bool:
        """A capture that empties the table is a sweep, unless it is the round's last play and that may not count."""
        before = self.state
        last_play = not before.stock and not any(hands_after)
        return (not last_play or bool(before.rules.by_name["last_play_sweep_counts"])) and self.game.sweep_scores(
            before.rules, card, table_index(before.table), taken
        )


RECENT_POSITIONS = 4
"""Callers list, check and play the same position one after another (the engine's users, the benchmarks);
a request of the HTTP service reads its state afresh, so it never finds one here."""
recent: list[Position] = []


def position(game: Rulebook, state: GameState) -> Position:
    """The analysis of ``state``, kept for the last few states asked about (compared by identity)."""
    for found in recent:
        if found.state is state and found.game is game:
            return found
    return analysed(game, state)


def analysed(game: Rulebook, state: GameState) -> Position:
    """A new analysis of ``state``, which is not among the recent positions; the oldest of those makes room."""
    if not isinstance(state, FishingState):
        raise not_own(state)
    made = Position(game, state)
    recent.insert(0, made)
    if len(recent) > RECENT_POSITIONS:  # one in, one out (not ``del recent[n:]``: compiled, a slice is dear)
        recent.pop()
    return made




def not_own(given: object) -> TypeError:
    return TypeError(f"a fishing game was given a {type(given).__name__}")
