"""What every game's state shares (API.md, State): seats and sides, the match, events, the state protocol."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, NamedTuple, Protocol

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

    def __reduce__(self) -> tuple[type[Match], tuple[tuple[int, ...], int, int]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return Match, (self.scores, self.target, self.round)


class Event(NamedTuple):
    """Something that happened; ``data`` holds plain values and cards. A named tuple: every play makes some.

    ``to`` is the event's audience, the one definition of what is public (API.md, tables): ``None`` for every
    seat (a card played face up, a capture, a trick and who took it, the trump card, how many cards were dealt
    or drawn), or the one seat an event is private to (the cards dealt to or drawn by that seat).
    """

    type: str
    data: dict[str, Any]
    to: int | None = None


NEW_TUPLE: Final = tuple.__new__


def event(kind: str, data: dict[str, Any], to: int | None = None) -> Event:
    """``Event(kind, data, to)``, made without the named tuple's Python-level constructor: every play makes a few,
    and compiled, this is a native call and one tuple (about half the instructions)."""
    return NEW_TUPLE(Event, (kind, data, to))


def hands_dealt(hands: tuple[Hand, ...]) -> list[Event]:
    """Each seat's own cards of a deal, private to that seat (the others see only how many: the hand sizes)."""
    return [Event("hand_dealt", {"seat": seat, "cards": hand}, seat) for seat, hand in enumerate(hands) if hand]


class GameState(Protocol):
    """What every game's state offers (API.md, State); each family's state type adds its own fields.

    Only the families know their state types: everything else reads a state through this protocol and asks the
    game (``Game``) for the rest.
    """

    @property
    def game(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def players(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def hands(self) -> tuple[Hand, ...]: ...

    @property
    def stock(self) -> tuple[Card, ...]: ...

    @property
    def captures(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def match(self) -> Match: ...

    @property
    def deck(self) -> str: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def round_over(self) -> bool: ...

    def json_fields(self) -> dict[str, Any]:
        """The family's own fields as JSON values, in the order the state is written (API.md, State)."""
        ...
