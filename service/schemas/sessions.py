"""The bodies of the session endpoints (API.md, sessions), read into plain values with field-level messages."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from ..fairness import SALT, SERVER_SEED
from ..players import LEVELS
from ..sessions import clock as clocks
from ..sessions.seats import NameRefused, normalized_name
from . import requests as schemas
from .fields import Boolean, BoundedList, Integer, Seed, Text

MAX_SEATS = 8
"""More seats than any game has: the game's own count is checked once the table is dealt."""


class SeatName(Text):
    """A seat's name as every token will read it (``sessions.seats.normalized_name``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        raw = super()._deserialize(value, attr, data, **kwargs)
        try:
            return normalized_name(raw)
        except NameRefused as refused:
            raise ValidationError(str(refused)) from refused


class SeatChoice(schemas.Strict):
    """One seat of a new table: the player's name, and ``computer`` when the computer plays it."""

    name = SeatName(max_length=32)
    computer = fields.Nested(schemas.PlayerChoice)


class ClockChoice(schemas.Strict):
    """A table's clock (``sessions.clock``): seconds a move, and what the service does when they run out."""

    move_seconds = Integer(required=True, minimum=clocks.MIN_SECONDS, maximum=clocks.MAX_SECONDS)
    on_timeout = fields.String(required=True, validate=validate.OneOf(clocks.ON_TIMEOUT))
    level = fields.String(validate=validate.OneOf(LEVELS))


class CreateSession(schemas.Strict):
    game = Text(max_length=32, required=True)
    state = fields.Dict()
    deal = fields.Dict()
    sealed = Boolean()
    seats = BoundedList(fields.Nested(SeatChoice), max_items=MAX_SEATS, min_items=1)
    clock = fields.Nested(ClockChoice)

    @validates_schema
    def state_or_deal(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("state" in data) == ("deal" in data):
            raise ValidationError(
                "give exactly one of 'state' (a state of yours) and 'deal' (dealt here)", "state"
            )
        dealt_here = (
            isinstance(data.get("deal"), dict) and str(data["deal"].get("seed")).lower() == SERVER_SEED
        )
        if data.get("sealed") and not dealt_here:
            raise ValidationError(
                'only a table the service deals from a seed it draws ("deal": {"seed": "server"}) can be sealed',
                "sealed",
            )


class NextRound(schemas.Strict):
    seed = Seed(required=True)
    salt = fields.String(validate=validate.Regexp(SALT, error="1 to 63 letters, digits or . _ ~ -"))


class ReplaceSession(schemas.Strict):
    game = Text(max_length=32)
    state = fields.Dict(required=True)


class SeatComputer(schemas.Strict):
    """``POST .../seats/{seat}/computer``: how the computer plays the seat from now on."""

    computer = fields.Nested(schemas.PlayerChoice, required=True)


class SessionMove(schemas.Strict):
    """A move of the caller's, or ``computer``: a computer player's move for the seat to act, played at once."""

    move = fields.Dict()
    computer = fields.Nested(schemas.PlayerChoice)

    @validates_schema
    def one_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("move" in data) == ("computer" in data):
            raise ValidationError("give exactly one of 'move' and 'computer'", "move")


CREATE_SESSION, REPLACE_SESSION, SESSION_MOVE = CreateSession(), ReplaceSession(), SessionMove()
NEXT_ROUND, SEAT_COMPUTER = NextRound(), SeatComputer()
