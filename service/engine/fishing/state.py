"""The state and the move of the fishing games (API.md, State and Moves): a table, piles, sweeps."""

from __future__ import annotations

from typing import Any, NamedTuple

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
        """The first seat, from the seat after the dealer, that holds the most cards (the others have played)."""
        hands, players = self.hands, self.players
        most = 0
        for hand in hands:  # a loop, not max(map(len, ...)): compiled, it makes no call per hand
            if len(hand) > most:
                most = len(hand)
        if not most and not self.stock:
            return None
        seat = (self.dealer + 1) % players
        while len(hands[seat]) != most:  # ends: some hand holds the most cards
            seat = (seat + 1) % players
        return seat

    def json_fields(self) -> dict[str, Any]:
        fields = {"table": card_codes(self.table), "sweeps": list(self.sweeps), "last_capturer": self.last_capturer}
        if self.declaration_points:
            fields["declaration_points"] = list(self.declaration_points)
        return fields


class Capture(NamedTuple):
    """Play ``card``; ``capture`` None means "capture if this card can".

    A named tuple rather than a dataclass: legal-move lists build thousands of them.
    """

    card: Card
    capture: tuple[Card, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card.code, "capture": card_codes(self.capture or ())}
