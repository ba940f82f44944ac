"""Moves as the engine lists them (API.md, Moves); each family defines its own move types."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final, Protocol


class Move(Hashable, Protocol):
    """A move of some game, as its family defines it: a card played, a capture, an exchange, a bid, a pass, a
    call (the game's shape says which kinds it has and whether each plays a card)."""

    def to_json(self) -> dict[str, Any]:
        """The move as callers name it (API.md, Moves)."""
        ...


class LegalMoves:
    """The seat to act and its legal moves; ``total`` counts all of them even when the list is cut short.

    A class of three slots rather than a named tuple: every listing makes one, and compiled, its constructor is a
    native call (a named tuple's goes through ``tuple.__new__``). Immutable like every engine value.
    """

    __slots__ = ("moves", "seat", "total")

    def __init__(self, seat: int | None, moves: tuple[Move, ...], total: int) -> None:
        self.seat: Final = seat
        self.moves: Final = moves
        self.total: Final = total

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LegalMoves)
            and self.seat == other.seat
            and self.total == other.total
            and self.moves == other.moves
        )

    def __hash__(self) -> int:
        return hash((self.seat, self.moves, self.total))

    def __repr__(self) -> str:
        return f"LegalMoves(seat={self.seat!r}, moves={self.moves!r}, total={self.total!r})"

    def __reduce__(self) -> tuple[type[LegalMoves], tuple[int | None, tuple[Move, ...], int]]:
        # Pickled like a capture (fishing/state.py): compiled, the class is native.
        return LegalMoves, (self.seat, self.moves, self.total)
