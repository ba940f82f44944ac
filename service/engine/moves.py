"""Moves as callers name them (API.md, Moves)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card


class Capture(NamedTuple):
    """Scopa, Scopone, Escoba: play ``card``; ``capture`` None means "capture if this card can".

    A named tuple rather than a dataclass: legal-move lists build thousands of them.
    """

    card: Card
    capture: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Briscola: play ``card`` to the trick."""

    card: Card


@dataclass(frozen=True, slots=True)
class ExchangeTrump:
    """Briscola: give ``card`` (the 7 or 2 of trumps) for the face-up trump card."""

    card: Card


Move = Capture | PlayCard | ExchangeTrump


class LegalMoves(NamedTuple):
    """The seat to act and its legal moves; ``total`` counts all of them even when the list is cut short."""

    seat: int | None
    moves: tuple[Move, ...]
    total: int
