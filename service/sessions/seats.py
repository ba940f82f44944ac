"""Who sits at a table (API.md, tables, "Seats and names"): each seat's shown name, whether the computer plays it,
and how many times its token was reissued.

No HTTP and no store here: the session record keeps ``to_record``'s list under ``seats``, and every view and the
``table`` event show ``shown``'s. A name is the player's to choose and every token of the table reads it, so it
is normalized (Unicode NFC, outer spaces cut, inner runs of spaces made one) and must be 1-32 printable
characters: no control or format characters (a right-to-left override could make one name read as another) and
no private-use or unassigned code points.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace
from typing import Any

MAX_NAME = 32
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class NameRefused(ValueError):
    """A name that cannot be shown; the message says why."""


def normalized_name(raw: str) -> str:
    """The name as every token will read it, or :class:`NameRefused`."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise NameRefused("must hold at least one visible character")
    if len(name) > MAX_NAME:
        raise NameRefused(f"must be at most {MAX_NAME} characters")
    if any(unicodedata.category(character) in REFUSED_CATEGORIES for character in name):
        raise NameRefused("must be printable characters (no control, format or private-use characters)")
    return name


@dataclass(frozen=True)
class Seat:
    name: str | None = None
    computer: dict[str, Any] | None = None
    """How the computer plays this seat (``{"level", ...}``, as a computer move's ``computer``), or None."""
    reissued: int = 0
    """Times the owner gave this seat a new token at a sealed table (the host could have looked at its hand)."""
    connected: bool = False
    """Whether the table last heard that its player is there (``sessions.presence``: a public event says so)."""

    @property
    def at_table(self) -> bool:
        """Shown connected: a computer seat always, a human one while the table last heard its player there."""
        return self.computer is not None or self.connected

    @property
    def level(self) -> str | None:
        return None if self.computer is None else str(self.computer["level"])


Seats = tuple[Seat, ...]
_HUMAN = Seat()
_HUMAN_THERE = Seat(connected=True)
"""The seats most records keep (an unnamed human's, not there or there), shared: a frozen dataclass is made
field by field, and every read of a record the worker did not hold makes its seats."""


def unnamed(players: int) -> Seats:
    return (_HUMAN,) * players


def to_record(seats: Seats) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat in seats:
        kept: dict[str, Any] = {}
        if seat.name is not None:
            kept["name"] = seat.name
        if seat.computer is not None:
            kept["computer"] = seat.computer
        if seat.reissued:
            kept["reissued"] = seat.reissued
        if seat.connected:
            kept["connected"] = True
        out.append(kept)
    return out


def from_record(value: object, players: int) -> Seats:
    """The seats a record keeps (a record made before seats had names keeps none: every seat unnamed and
    human); ``TypeError`` for a list that no release wrote."""
    if value is None:
        return unnamed(players)
    if not isinstance(value, list) or len(value) != players:
        raise TypeError("seats field")
    seats = []
    for kept in value:
        if not isinstance(kept, dict):
            raise TypeError("seats field")
        if not kept or (len(kept) == 1 and kept.get("connected") is True):
            seats.append(_HUMAN_THERE if kept else _HUMAN)
            continue
        name, computer, reissued = kept.get("name"), kept.get("computer"), kept.get("reissued", 0)
        connected = kept.get("connected", False)
        if name is not None and not isinstance(name, str):
            raise TypeError("seats field")
        if computer is not None and not (isinstance(computer, dict) and isinstance(computer.get("level"), str)):
            raise TypeError("seats field")
        if type(reissued) is not int or reissued < 0 or not isinstance(connected, bool):
            raise TypeError("seats field")
        seats.append(Seat(name, computer, reissued, connected))
    return tuple(seats)


def shown(seats: Seats, presence: bool = True) -> list[dict[str, Any]]:
    """The seats as every token of the table reads them. ``connected`` is true for a computer seat, which is
    always there; for a human one, what the table last heard (``presence``), or null where the service keeps no
    presence (``PRESENCE_SECONDS=0``)."""
    return [
        {
            "seat": index,
            "name": seat.name,
            "computer": seat.level,
            "connected": seat.at_table if presence or seat.computer is not None else None,
            "reissued": seat.reissued,
        }
        for index, seat in enumerate(seats)
    ]


def with_presence(seats: Seats, index: int, connected: bool) -> Seats:
    return tuple(replace(seat, connected=connected) if k == index else seat for k, seat in enumerate(seats))


def handed_to_computer(seats: Seats, index: int, computer: dict[str, Any] | None) -> Seats:
    """The seats with ``index`` played by the computer as ``computer`` says (None: given back to its player)."""
    return tuple(replace(seat, computer=computer) if k == index else seat for k, seat in enumerate(seats))


def reissued(seats: Seats, index: int) -> Seats:
    return tuple(replace(seat, reissued=seat.reissued + 1) if k == index else seat for k, seat in enumerate(seats))


def computer_to_act(seats: Seats, turn: int | None) -> dict[str, Any] | None:
    """How the computer plays the seat to act, when the computer plays it."""
    if turn is None or not 0 <= turn < len(seats):
        return None
    return seats[turn].computer
