"""The state and the move of the fishing games (API.md, State and Moves): a table, piles, sweeps."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..cards import Card
from ..options import Rules
from ..reading import card_codes
from ..state import Hand, Match


class FishingState(NamedTuple):
    """A round of a fishing game (a named tuple: immutable, and every play makes one)."""

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
    declaration_points: tuple[int, ...] = ()
    """Cirulla: the points each seat has declared on the deals (the cards no longer tell); empty elsewhere."""

    @property
    def round_over(self) -> bool:
        return not self.stock and not any(self.hands)

    @property
    def turn(self) -> int | None:
        return seat_to_play(self)

    def json_fields(self) -> dict[str, Any]:
        fields = {"table": card_codes(self.table), "sweeps": list(self.sweeps), "last_capturer": self.last_capturer}
        if self.declaration_points:
            fields["declaration_points"] = list(self.declaration_points)
        return fields


def seat_to_play(state: FishingState) -> int | None:
    """The first seat, from the seat after the dealer, that holds the most cards (the others have played); None once
    the round is over. A function as well as the state's ``turn``: compiled, a call to it is native, and reading a
    named tuple's property is not."""
    hands, players = state.hands, state.players
    most = 0
    for hand in hands:  # a loop, not max(map(len, ...)): compiled, it makes no call per hand
        if len(hand) > most:
            most = len(hand)
    if not most and not state.stock:
        return None
    seat = (state.dealer + 1) % players
    while len(hands[seat]) != most:  # ends: some hand holds the most cards
        seat = (seat + 1) % players
    return seat


class Capture:
    """Play ``card``; ``capture`` None means "capture if this card can".

    A class of two slots, not a named tuple or a frozen dataclass: legal-move lists make thousands of these, and
    compiled, this constructor costs about a third of a named tuple's (made through ``tuple.__new__``) and a
    seventh of a frozen dataclass's, and the collector walks it at half the cost. Immutable like every engine value:
    the fields are ``Final``, and no engine code writes them.
    """

    __slots__ = ("capture", "card")

    def __init__(self, card: Card, capture: tuple[Card, ...] | None = None) -> None:
        self.card: Final = card
        self.capture: Final = capture

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Capture) and self.card is other.card and self.capture == other.capture

    def __hash__(self) -> int:
        return hash((self.card, self.capture))

    def __repr__(self) -> str:
        return f"Capture(card={self.card!r}, capture={self.capture!r})"

    def __reduce__(self) -> tuple[type[Capture], tuple[Card, tuple[Card, ...] | None]]:
        # A computer player's answer crosses a process in a pickle; compiled, the class is native, and pickle's
        # default (a bare instance, then its slots) cannot make one.
        return Capture, (self.card, self.capture)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "capture": card_codes(self.capture or ())}
