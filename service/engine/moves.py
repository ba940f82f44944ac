"""Moves as the engine lists them (API.md, Moves); each family defines its own move types."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple, Protocol


class Move(Hashable, Protocol):
    """A move of some game, as its family defines it: a card played, a capture, an exchange, a bid, a pass, a
    call (the game's shape says which kinds it has and whether each plays a card)."""

    def to_json(self) -> dict[str, Any]:
        """The move as callers name it (API.md, Moves)."""
        ...


class LegalMoves(NamedTuple):
    """The seat to act and its legal moves; ``total`` counts all of them even when the list is cut short."""

    seat: int | None
    moves: tuple[Move, ...]
    total: int
