"""Immutable game states shared by every game (API.md, State)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from .cards import Card
from .options import Rules

Hand = tuple[Card, ...]


def sides_of(players: int) -> int:
    """Four players form two teams (seats 0+2 and 1+3); otherwise each seat is a side."""
    return 2 if players == 4 else players


def side_of(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


def seats_of(side: int, players: int) -> tuple[int, ...]:
    return (side, side + 2) if players == 4 else (side,)


@lru_cache(maxsize=64)
def playing_order(first: int, players: int) -> tuple[int, ...]:
    return tuple((first + offset) % players for offset in range(players))


@dataclass(frozen=True, slots=True)
class Match:
    """Match bookkeeping: ``scores`` per side before this round's points."""

    scores: tuple[int, ...]
    target: int
    round: int = 1


class Event(NamedTuple):
    """Something that happened; ``data`` holds plain values and cards. A named tuple: every play makes some.

    ``to`` is the event's audience, the one definition of what is public (API.md, tables): ``None`` for every
    seat (a card played face up, a capture, a trick and who took it, the trump card, how many cards were dealt
    or drawn), or the one seat an event is private to (the cards dealt to or drawn by that seat).
    """

    type: str
    data: dict[str, Any]
    to: int | None = None


def hands_dealt(hands: tuple[Hand, ...]) -> list[Event]:
    """Each seat's own cards of a deal, private to that seat (the others see only how many: the hand sizes)."""
    return [Event("hand_dealt", {"seat": seat, "cards": hand}, seat) for seat, hand in enumerate(hands) if hand]


class FishingState(NamedTuple):
    """A round of Scopa, Scopone or Escoba (a named tuple: immutable, and every play makes one)."""

    game: str
    rules: Rules
    players: int
    dealer: int
    hands: tuple[Hand, ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]
    captures: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_capturer: int | None
    match: Match
    deck: str = "italian"

    @property
    def round_over(self) -> bool:
        return not self.stock and not any(self.hands)

    @property
    def turn(self) -> int | None:
        """The first seat, from the seat after the dealer, that holds the most cards (the others have played)."""
        hands, players = self.hands, self.players
        most = max(map(len, hands))
        if not most and not self.stock:
            return None
        seat = (self.dealer + 1) % players
        while len(hands[seat]) != most:  # ends: some hand holds the most cards
            seat = (seat + 1) % players
        return seat


@dataclass(frozen=True, slots=True)
class TrickCard:
    seat: int
    card: Card


class BriscolaState(NamedTuple):
    """A round of Briscola / Brisca. ``trump_card`` lies under the stock while the stock has cards."""

    game: str
    rules: Rules
    players: int
    dealer: int
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    trump_card: Card
    trick: tuple[TrickCard, ...]
    leader: int
    captures: tuple[tuple[Card, ...], ...]
    match: Match
    deck: str = "italian"

    @property
    def trump_suit(self) -> str:
        return self.trump_card.suit.value

    @property
    def trump_under_stock(self) -> bool:
        return bool(self.stock)

    @property
    def round_over(self) -> bool:
        return not self.stock and not self.trick and not any(self.hands)

    @property
    def turn(self) -> int | None:
        if self.round_over:
            return None
        return (self.leader + len(self.trick)) % self.players


GameState = FishingState | BriscolaState
