"""What the trick-taking games share: winning a trick, drawing from the stock, the trick's checks and view.

A game of the family (``briscola.py``, ...) keeps its own state type and builds it from these pieces; they read
and return plain values, so each game's state stays its own (STYLE.md: rules are data plus small hooks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..cards import Card, Suit
from ..checks import Located, check_cards, check_hand_sizes, check_match, check_seats, fail
from ..errors import IllegalMove, Reason, pointer
from ..limits import MAX_SEAT, MAX_TRICK
from ..reading import FieldSpec, int_in, trick_in
from ..shape import MoveKind
from ..state import Event, GameState, Hand, event, playing_order
from .state import TrickCard

Piles = tuple[tuple[Card, ...], ...]

TRICK_FIELDS = (
    FieldSpec("trick", "trick", MAX_TRICK, omitted="empty"),
    FieldSpec("leader", "seat", required=True),
)
PLAY_FIELDS = (FieldSpec("card", "card", required=True),)
PLAY_CARD = MoveKind("card", ("card",), description="a card from hand to the trick")


class TrickRound(GameState, Protocol):
    """What the shared pieces read of a trick game's state."""

    @property
    def trick(self) -> tuple[TrickCard, ...]: ...

    @property
    def leader(self) -> int: ...


def with_seat(items: Piles, seat: int, value: tuple[Card, ...]) -> Piles:
    return (*items[:seat], value, *items[seat + 1 :])


def without(hand: Hand, card: Card) -> Hand:
    return tuple(c for c in hand if c is not card)


def trick_winner(trick: Sequence[TrickCard], trump: Suit | None, strength: Callable[[Card], int]) -> int:
    """The seat of the highest trump, else of the highest card of the suit led (RULES.md 6 and 8)."""
    trumps = [played for played in trick if played.card.suit is trump] if trump is not None else []
    led = trick[0].card.suit
    contenders = trumps or [played for played in trick if played.card.suit is led]
    return max(contenders, key=lambda played: strength(played.card)).seat


def draws(
    hands: tuple[Hand, ...], pile: Sequence[Card], winner: int, players: int, stock_after: int, shown: bool
) -> tuple[tuple[Hand, ...], list[Event]]:
    """One card each from ``pile`` (the stock, and what lies under it), from the trick's winner in playing order:
    the hands after the draw and its events (``stock_after``: the cards the stock keeps), each seat's card
    private to it unless the rules show it to all."""
    order = playing_order(winner, players)[: len(pile)]
    after = list(hands)
    events = [event("cards_drawn", {"order": order, "stock": stock_after})]
    for card, seat in zip(pile, order, strict=False):  # the pile may hold more than one card a seat
        after[seat] = (*after[seat], card)
        events.append(event("card_drawn", {"seat": seat, "card": card}, None if shown else seat))
    return tuple(after), events


def last_trick(state: TrickRound) -> dict[str, Any] | None:
    """The last completed trick as the table saw it, also while the next one is played: its winner (who leads
    now) and its cards, the last ones the winner's pile took. None before the first trick is complete."""
    winner = state.leader
    pile = state.captures[winner]
    if len(pile) < state.players:
        return None
    return {"seat": winner, "cards": pile[-state.players :]}


def trick_view(state: TrickRound) -> dict[str, Any]:
    """What every seat sees of the trick on the table and who led it."""
    return {
        "trick": [{"seat": played.seat, "card": played.card} for played in state.trick],
        "leader": state.leader,
    }


def not_in_hand(seat: int, card: Card) -> IllegalMove:
    code = card.code
    return IllegalMove(Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {code}", {"card": code, "seat": seat})


# -- checks ----------------------------------------------------------------------------------------------------
def located_trick(state: TrickRound) -> Located:
    for index, played in enumerate(state.trick):
        yield pointer("trick", index, "card"), played.card


def check_trick_seats(state: TrickRound, player_counts: Sequence[int]) -> None:
    n = state.players
    if (
        n in player_counts
        and len(state.hands) == len(state.captures) == n
        and 0 <= state.dealer < n
        and 0 <= state.leader < n
        and all(0 <= played.seat < n for played in state.trick)
    ):
        return  # the usual case, checked at once; otherwise the shared checks say what is wrong
    seats: list[tuple[str, int | None]] = [("/dealer", state.dealer), ("/leader", state.leader)]
    seats.extend((pointer("trick", i, "seat"), played.seat) for i, played in enumerate(state.trick))
    check_seats(state, player_counts, [("hands", len(state.hands)), ("captures", len(state.captures))], seats)


def check_trick_round(
    state: TrickRound,
    deck: tuple[Card, ...],
    extra: Sequence[Card],
    located_extra: Callable[[], Located],
    initial_stock: int,
    hand_size: int,
    sides: int,
    signed_scores: bool = False,
) -> None:
    """The cards, the match, the stock size, the trick's order, piles of whole tricks and the hand sizes
    (``signed_scores``: a zero-sum match, whose totals may be below zero)."""
    check_cards(state, deck, extra, located_extra)
    check_match(state, sides, signed_scores)
    n = state.players
    stock = len(state.stock)
    if stock and not (stock <= initial_stock and (initial_stock - stock) % n == 0):
        raise fail(
            "invalid_stock_size",
            f"a stock of {stock} cards cannot occur in this game's deals",
            ("/stock", f"must hold {initial_stock} cards less a multiple of {n}"),
        )
    if len(state.trick) >= n:
        raise fail(
            "invalid_trick",
            "a complete trick is cleared at once",
            ("/trick", f"must hold fewer than {n} cards"),
        )
    for index, played in enumerate(state.trick):
        expected = (state.leader + index) % n
        if played.seat != expected:
            raise fail(
                "invalid_trick",
                "trick cards are played in seat order from the leader",
                (pointer("trick", index, "seat"), f"must be {expected}"),
            )
    for seat, pile in enumerate(state.captures):
        if len(pile) % n:
            raise fail(
                "invalid_piles",
                "piles hold whole tricks",
                (pointer("captures", seat), f"size must be a multiple of {n}"),
            )
    if not state.round_over:
        full = (hand_size,) if stock else range(1, hand_size + 1)
        check_hand_sizes(state, state.leader, len(state.trick), full)


# -- JSON ------------------------------------------------------------------------------------------------------
def read_trick(raw: dict[str, Any], data: dict[str, Any]) -> None:
    """The fast reader of ``trick`` and ``leader`` (``TRICK_FIELDS``)."""
    data["leader"] = int_in(raw["leader"], 0, MAX_SEAT)
    data["trick"] = trick_in(raw.get("trick", []), MAX_TRICK)


def built_trick(data: dict[str, Any]) -> tuple[TrickCard, ...]:
    return tuple(TrickCard(item["seat"], item["card"]) for item in data["trick"])
