"""What the trick-taking games' states and moves share (API.md, State and Moves): the trick, its cards, a play;
and Briscola's state, with its trump card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from ..cards import DECK, Card
from ..limits import MAX_PLAYERS
from ..options import Rules
from ..state import NEW_TUPLE, Hand, Match


@dataclass(frozen=True, slots=True)
class TrickCard:
    seat: int
    card: Card

    def __reduce__(self) -> tuple[type[TrickCard], tuple[int, Card]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return TrickCard, (self.seat, self.card)


PLAYED: Final = tuple([tuple([TrickCard(seat, card) for card in DECK]) for seat in range(MAX_PLAYERS)])
"""Each card as each seat played it: immutable, so every trick shares these."""


def played(seat: int, card: Card) -> TrickCard:
    """``card`` as ``seat`` played it to the trick (made once, at import)."""
    return PLAYED[seat][card.index]


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play ``card`` to the trick."""

    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code}

    def __reduce__(self) -> tuple[type[PlayCard], tuple[Card]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return PlayCard, (self.card,)


PLAYS: Final = tuple([PlayCard(card) for card in DECK])
"""Each card played, by the card's index: moves are immutable, so every listing shares these (compiled, making a
frozen dataclass costs several thousand instructions)."""


@dataclass(frozen=True, slots=True)
class ExchangeTrump:
    """Briscola: give ``card`` (the 7 or 2 of trumps) for the face-up trump card."""

    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"exchange": self.card.code}

    def __reduce__(self) -> tuple[type[ExchangeTrump], tuple[Card]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return ExchangeTrump, (self.card,)


def trick_json(trick: tuple[TrickCard, ...]) -> list[dict[str, Any]]:
    return [{"seat": played.seat, "card": played.card.code} for played in trick]


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

    def json_fields(self) -> dict[str, Any]:
        return {
            "trump_card": self.trump_card.code,
            "trump_suit": self.trump_suit,
            "trick": trick_json(self.trick),
            "leader": self.leader,
        }


def briscola_after(
    state: BriscolaState,
    *,
    hands: tuple[Hand, ...] | None = None,
    stock: tuple[Card, ...] | None = None,
    trump_card: Card | None = None,
    trick: tuple[TrickCard, ...] | None = None,
    leader: int | None = None,
    captures: tuple[tuple[Card, ...], ...] | None = None,
) -> BriscolaState:
    """``state`` with the fields given changed, as ``_replace`` makes it (none of these fields is ever None).

    Written out because every play makes one: compiled, this is a native call and one tuple, where ``_replace``
    runs the named tuple's own Python code (about 10,000 instructions)."""
    return NEW_TUPLE(
        BriscolaState,
        (
            state.game,
            state.rules,
            state.players,
            state.dealer,
            state.hands if hands is None else hands,
            state.stock if stock is None else stock,
            state.trump_card if trump_card is None else trump_card,
            state.trick if trick is None else trick,
            state.leader if leader is None else leader,
            state.captures if captures is None else captures,
            state.match,
            state.deck,
        ),
    )
