"""A fishing state and move as JSON (API.md, State and Moves): the fields, the fast readers, the writer."""

from __future__ import annotations

from typing import Any

from ..cards import BY_CODE
from ..game import Common
from ..limits import MAX_CARDS, MAX_SWEEPS
from ..moves import Move
from ..reading import FieldSpec, Unsure, cards_in, counts_in, seat_or_none
from ..shape import MoveKind
from ..state import GameState
from .state import Capture, FishingState

FIELDS = (
    FieldSpec("table", "cards", MAX_CARDS, required=True),
    FieldSpec("sweeps", "counts", MAX_SWEEPS, required=True),
    FieldSpec("last_capturer", "seat", nullable=True, omitted="null"),
)
CAPTURE = MoveKind(
    "capture",
    ("card",),
    ("capture",),
    description="a card from hand and the table cards it takes: [] lays it, omitted takes the only set there is",
)
MOVE_FIELDS = (
    FieldSpec("card", "card", required=True),
    FieldSpec("capture", "cards", 40, nullable=True),  # null, like an omitted capture: "capture if this card can"
)


class FishingCodec:
    fields: tuple[FieldSpec, ...] = FIELDS
    reported: tuple[str, ...] = ()
    written: tuple[str, ...] = ()
    move_fields = MOVE_FIELDS
    move_one_of: tuple[str, ...] = ()

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        sweeps = raw["sweeps"]
        if type(sweeps) is not list:
            raise Unsure
        data["table"] = cards_in(raw["table"], MAX_CARDS)
        data["sweeps"] = counts_in(sweeps, MAX_SWEEPS)
        data["last_capturer"] = seat_or_none(raw.get("last_capturer"))

    def build(self, common: Common, data: dict[str, Any]) -> GameState:
        # Positionally, in the fields' order: keyword arguments made building the state a fifth dearer.
        game, rules, players, dealer, hands, stock, captures, match, deck = common
        table, sweeps, last_capturer = tuple(data["table"]), tuple(data["sweeps"]), data["last_capturer"]
        return FishingState(
            game, rules, players, dealer, hands, table, stock, captures, sweeps, last_capturer, match, deck
        )

    def read_move(self, raw: object) -> Move | None:
        """A well-formed move read without the schema, or None to let the schema explain what is wrong."""
        if type(raw) is not dict or not raw.keys() <= {"card", "capture"}:
            return None
        code = raw.get("card")
        card = BY_CODE.get(code) if type(code) is str else None
        if card is None:
            return None
        if raw.get("capture") is None:
            return Capture(card, None)
        taken = raw["capture"]
        if type(taken) is not list or len(taken) > 40 or not all(type(code) is str for code in taken):
            return None
        cards = [BY_CODE.get(code) for code in taken]
        if None in cards or len(set(cards)) != len(cards):
            return None
        return Capture(card, tuple(cards))  # type: ignore[arg-type]

    def move(self, data: dict[str, Any]) -> Move | tuple[str, str]:
        capture = data.get("capture")
        if capture is not None and len(set(capture)) != len(capture):
            return "/capture", "names a card twice"
        return Capture(data["card"], None if capture is None else tuple(capture))

CODEC = FishingCodec()
