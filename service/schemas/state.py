"""Game states: JSON <-> engine states (API.md, State). Structure is checked here, consistency in the engine."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate

from ..engine import options as engine_options
from ..engine.errors import FieldProblem, InvalidRules
from ..engine.state import GameState
from .errors import RequestInvalid
from .fastpath import build_state, read_state
from .fastpath import card_codes as card_codes
from .fastpath import dump_state as dump_state
from .fastpath import dump_value as dump_value
from .fields import Boolean, BoundedList, Card, Integer, Text, cards_list

DECK_STYLES = ("italian", "spanish", "french")
MAX_PLAYERS = 4
MAX_SCORE = 100_000
MAX_ROUND = 100_000


def seat(**kwargs: Any) -> Integer:
    return Integer(minimum=0, maximum=MAX_PLAYERS - 1, **kwargs)


class MatchSchema(Schema):
    class Meta:
        unknown = RAISE

    scores = BoundedList(Integer(minimum=0, maximum=MAX_SCORE), 4, 1, required=True)
    target = Integer(minimum=1, maximum=100, required=True)
    round = Integer(minimum=1, maximum=MAX_ROUND, load_default=1)
    # Output-only fields a caller may post back unchanged.
    over = Boolean(load_default=None)
    winner = Integer(minimum=0, maximum=MAX_PLAYERS - 1, allow_none=True, load_default=None)


class CommonStateSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # bookkeeping a caller keeps alongside the state is ignored

    game = Text(max_length=32)
    rules = fields.Dict(validate=validate.Length(max=32))
    players = Integer(minimum=2, maximum=MAX_PLAYERS, required=True)
    dealer = seat(required=True)
    turn = seat(allow_none=True)
    round_over = Boolean()
    deck = fields.String(validate=validate.OneOf(DECK_STYLES))
    hands = BoundedList(cards_list(10), MAX_PLAYERS, required=True)
    stock = cards_list(40, required=True)
    captures = BoundedList(cards_list(40), MAX_PLAYERS, required=True)
    match = fields.Nested(MatchSchema)


class FishingStateSchema(CommonStateSchema):
    table = cards_list(40, required=True)
    sweeps = BoundedList(Integer(minimum=0, maximum=40), MAX_PLAYERS, required=True)
    last_capturer = seat(allow_none=True, load_default=None)


class TrickCardSchema(Schema):
    class Meta:
        unknown = RAISE

    seat = seat(required=True)
    card = Card(required=True)


class BriscolaStateSchema(CommonStateSchema):
    trump_card = Card(required=True)
    trump_suit = fields.String(validate=validate.OneOf(["D", "C", "S", "B"]))
    trick = BoundedList(fields.Nested(TrickCardSchema), 3, load_default=list)
    leader = seat(required=True)


FISHING_STATE = FishingStateSchema()
BRISCOLA_STATE = BriscolaStateSchema()


def load_rules(game: str, raw: dict[str, Any] | None, prefix: str) -> engine_options.Rules:
    try:
        return engine_options.resolve(game, overrides=raw or {})
    except InvalidRules as error:
        raise RequestInvalid(
            [FieldProblem(prefix + p.pointer, p.message) for p in error.problems], "invalid_rules"
        ) from error


def load_state(game: str, raw: object, prefix: str = "/state") -> tuple[GameState, dict[str, Any]]:
    """The engine state and the derived fields the caller reported (turn, round_over, trump_suit)."""
    if not isinstance(raw, dict):
        raise RequestInvalid([FieldProblem(prefix, "must be an object")])
    data = read_state(raw, game == "briscola")
    if data is None:
        schema = BRISCOLA_STATE if game == "briscola" else FISHING_STATE
        try:
            data = schema.load(raw)
        except ValidationError as error:
            raise RequestInvalid.from_marshmallow(error, prefix) from error
    if "game" in data and data["game"] != game and not (game == "briscola" and data["game"] == "brisca"):
        raise RequestInvalid([FieldProblem(prefix + "/game", f"must be {game}")], "game_mismatch")
    rules = load_rules(game, data.get("rules"), prefix)
    return build_state(game, data, rules)
