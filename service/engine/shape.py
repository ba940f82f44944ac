"""A game's shape as data (API.md: "a game's shape ... is in its catalogue entry"): the seat counts it is played
at, how sides form at each count, the phases of a round and the kinds of move each phase takes.

Each game declares its shape; the catalogue shows it, and the tests hold every game's scoring to its sides. Sides
form one of three ways: ``alone`` (every seat a side), ``fixed`` (partners from the deal: at four, seats 0 and 2
against 1 and 3) or ``hidden`` (decided during play and secret until revealed, as a called card's holder)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ALONE = "alone"
FIXED = "fixed"
HIDDEN = "hidden"


@dataclass(frozen=True)
class MoveKind:
    """One kind of move: the JSON fields it carries (``required`` always, ``optional`` when wanted) and whether it
    plays a card (a bid or a pass names none)."""

    name: str
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()
    plays_card: bool = True
    description: str = ""

    def describe(self) -> dict[str, Any]:
        return {
            "kind": self.name,
            "required": list(self.required),
            "optional": list(self.optional),
            "plays_card": self.plays_card,
            "description": self.description,
        }


@dataclass(frozen=True)
class Phase:
    """A part of a round and the move kinds it takes."""

    name: str
    moves: tuple[str, ...]
    description: str = ""


PLAY = "play"


@dataclass(frozen=True)
class Shape:
    """Seat counts, sides at each count (``partnered``: the counts at which fixed partnerships form), phases and
    move kinds."""

    seats: tuple[int, ...]
    moves: tuple[MoveKind, ...]
    phases: tuple[Phase, ...]
    partnered: tuple[int, ...] = (4,)
    hidden: tuple[int, ...] = ()

    def form(self, players: int) -> str:
        """How sides form with ``players`` seats."""
        if players in self.hidden:
            return HIDDEN
        return FIXED if players in self.partnered else ALONE

    def sides(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The seats of each side from the deal: partners sit across (every other seat); hidden sides are unknown
        at the deal, so each seat stands alone until they are revealed."""
        if self.form(players) == FIXED:
            count = players // 2
            return tuple(tuple(range(side, players, count)) for side in range(count))
        return tuple((seat,) for seat in range(players))

    def side_count(self, players: int) -> int:
        """How many sides score at ``players`` seats (a match keeps one total per side): ``len(sides(players))``,
        without building them (asked for every state read without a match)."""
        return players // 2 if self.form(players) == FIXED else players

    def side_by_seat(self, players: int) -> tuple[int, ...]:
        """Each seat's side from the deal (hidden sides: each seat its own until revealed)."""
        found = [0] * players
        for side, seats in enumerate(self.sides(players)):
            for seat in seats:
                found[seat] = side
        return tuple(found)

    def describe(self) -> dict[str, Any]:
        """The shape as plain values, as the catalogue lists it."""
        return {
            "seats": [
                {"players": count, "sides": self.form(count), "seats_by_side": [list(s) for s in self.sides(count)]}
                for count in self.seats
            ],
            "phases": [
                {"phase": phase.name, "moves": list(phase.moves), "description": phase.description}
                for phase in self.phases
            ],
            "moves": [kind.describe() for kind in self.moves],
        }


def card_play_shape(seats: tuple[int, ...], *moves: MoveKind) -> Shape:
    """A game whose round is one phase of playing cards, with fixed partners at four."""
    return Shape(seats, moves, (Phase(PLAY, tuple(kind.name for kind in moves), "the seats play in turn"),))
