"""Game states: JSON <-> engine states (API.md, State). Structure is checked here, consistency in the engine."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from ..engine.errors import FieldProblem, InvalidRules
from ..engine.game import Game
from ..engine.games import GAMES, find_game
from ..engine.options import Rules
from ..engine.reading import BID_POINTS, RANKS, FieldSpec
from ..engine.state import GameState
from .errors import RequestInvalid
from .fastpath import FOREIGN, SPECS, build_state, read_state
from .fastpath import dump_state as dump_state
from .fastpath import dump_value as dump_value
from .fields import Boolean, BoundedList, Card, Integer, Text, cards_list
from .limits import (
    DECK_STYLES,
    MAX_CARDS,
    MAX_HAND,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_RULES,
    MAX_SCORE,
    MAX_SEAT,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_SCORE,
    MIN_TARGET,
    SUITS,
)


def seat(**kwargs: Any) -> Integer:
    return Integer(minimum=0, maximum=MAX_SEAT, **kwargs)


class MatchSchema(Schema):
    class Meta:
        unknown = RAISE

    scores = BoundedList(Integer(minimum=MIN_SCORE, maximum=MAX_SCORE), MAX_PLAYERS, 1, required=True)
    target = Integer(minimum=MIN_TARGET, maximum=MAX_TARGET, required=True)
    round = Integer(minimum=1, maximum=MAX_ROUND, load_default=1)
    # Output-only fields a caller may post back unchanged.
    over = Boolean(load_default=None)
    winner = Integer(minimum=0, maximum=MAX_SEAT, allow_none=True, load_default=None)


class CommonStateSchema(Schema):
    class Meta:
        unknown = EXCLUDE  # bookkeeping a caller keeps alongside the state is ignored

    game = Text(max_length=MAX_NAME)
    rules = fields.Dict(validate=validate.Length(max=MAX_RULES))
    players = Integer(minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, required=True)
    dealer = seat(required=True)
    turn = seat(allow_none=True)
    round_over = Boolean()
    deck = fields.String(validate=validate.OneOf(DECK_STYLES))
    hands = BoundedList(cards_list(MAX_HAND), MAX_PLAYERS, required=True)
    stock = cards_list(MAX_CARDS, required=True)
    captures = BoundedList(cards_list(MAX_CARDS), MAX_PLAYERS, required=True)
    match = fields.Nested(MatchSchema)


class TrickCardSchema(Schema):
    class Meta:
        unknown = RAISE

    seat = seat(required=True)
    card = Card(required=True)


class AuctionEntrySchema(Schema):
    """A bid (``{seat, bid, points?}``) or a pass (``{seat, pass: true}``) of an auction."""

    class Meta:
        unknown = RAISE

    seat = seat(required=True)
    bid = fields.String(validate=validate.OneOf(RANKS))
    points = Integer(minimum=BID_POINTS[0], maximum=BID_POINTS[1])
    pass_ = Boolean(data_key="pass", attribute="pass", validate=validate.Equal(True, error="must be true"))

    @validates_schema
    def bid_or_pass(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("bid" in data) == ("pass" in data):
            raise ValidationError("an entry is a bid or a pass: exactly one of 'bid' or 'pass'", "_schema")
        if "points" in data and "bid" not in data:
            raise ValidationError("points go with a bid", "points")


def field(spec: FieldSpec) -> fields.Field[Any]:
    """The marshmallow field that checks what a family's ``FieldSpec`` describes (``engine/reading.py``)."""
    options: dict[str, Any] = {"required": spec.required}
    if spec.nullable:
        options["allow_none"] = True
    if spec.omitted:
        options["load_default"] = list if spec.omitted == "empty" else None
    if spec.kind == "cards":
        return cards_list(spec.most, **options)
    if spec.kind == "card":
        return Card(**options)
    if spec.kind == "seat":
        return seat(**options)
    if spec.kind == "counts":
        return BoundedList(Integer(minimum=0, maximum=spec.most), MAX_PLAYERS, **options)
    if spec.kind == "suit":
        return fields.String(validate=validate.OneOf(SUITS), **options)
    if spec.kind == "trick":
        return BoundedList(fields.Nested(TrickCardSchema), spec.most, **options)
    if spec.kind == "rank":
        return fields.String(validate=validate.OneOf(RANKS), **options)
    if spec.kind == "number":
        return Integer(minimum=spec.least, maximum=spec.most, **options)
    if spec.kind == "true":
        return Boolean(validate=validate.Equal(True, error="must be true"), **options)
    if spec.kind == "auction":
        return BoundedList(fields.Nested(AuctionEntrySchema), spec.most, **options)
    raise ValueError(f"no field of kind {spec.kind!r}")


def _state_schema(game: Game) -> Schema:
    """The common fields, the game's own, and the other families' as the contract bounds them: checked when sent,
    never required, then dropped (``load_state``)."""
    foreign = {name: field(replace(SPECS[name], required=False, omitted="")) for name in FOREIGN[game.name]}
    described = {**foreign, **{spec.name: field(spec) for spec in game.codec.fields}}
    return CommonStateSchema.from_dict(described, name=f"{game.name.capitalize()}StateSchema")()


STATE_SCHEMAS: dict[str, Schema] = {name: _state_schema(game) for name, game in GAMES.items()}
"""Each game's state schema: the common fields, then its family's (``Codec.fields``)."""


def load_rules(game: Game, raw: dict[str, Any] | None, prefix: str) -> Rules:
    try:
        return game.rulebook.resolve(overrides=raw or {})
    except InvalidRules as error:
        raise RequestInvalid(
            [FieldProblem(prefix + p.pointer, p.message) for p in error.problems], "invalid_rules"
        ) from error


def load_state(game: Game, raw: object, prefix: str = "/state") -> tuple[GameState, dict[str, Any]]:
    """The engine state and the derived fields the caller reported (turn, round_over, trump_suit)."""
    if not isinstance(raw, dict):
        raise RequestInvalid([FieldProblem(prefix, "must be an object")])
    data = read_state(raw, game)
    if data is None:
        try:
            data = STATE_SCHEMAS[game.name].load(raw)
        except ValidationError as error:
            raise RequestInvalid.from_marshmallow(error, prefix) from error
        for name in FOREIGN[game.name].intersection(data):
            del data[name]
    if "game" in data and data["game"] != game.name and not _names(data["game"], game):
        raise RequestInvalid([FieldProblem(prefix + "/game", f"must be {game.name}")], "game_mismatch")
    rules = load_rules(game, data.get("rules"), prefix)
    return build_state(game, data, rules)


def _names(name: str, game: Game) -> bool:
    """Whether ``name`` is ``game`` under an alias (a Brisca state posted to Briscola)."""
    found = find_game(name)
    return found is not None and found[0] is game
