"""Game states: JSON <-> engine states (API.md, State). Structure is checked here, consistency in the engine."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from marshmallow import EXCLUDE, RAISE, Schema, ValidationError, fields, validate

from ..engine import options as engine_options
from ..engine.cards import Card as EngineCard
from ..engine.errors import FieldProblem, InvalidRules
from ..engine.state import BriscolaState, FishingState, GameState, Match, TrickCard, sides_of
from .errors import RequestInvalid
from .fastpath import read_state
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
    players = data["players"]
    match_data = data.get("match")
    if match_data is None:
        match = Match(scores=(0,) * sides_of(players), target=rules.target, round=1)
    else:
        match = Match(tuple(match_data["scores"]), match_data["target"], match_data["round"])
    # The fast reader gives tuples already (tuple() of a tuple is the tuple itself); the schemas give lists.
    hands = tuple(map(tuple, data["hands"]))
    captures = tuple(map(tuple, data["captures"]))
    deck = data.get("deck", "italian")
    state: GameState
    if game == "briscola":
        state = BriscolaState(
            game=game,
            rules=rules,
            players=players,
            dealer=data["dealer"],
            hands=hands,
            stock=tuple(data["stock"]),
            trump_card=data["trump_card"],
            trick=tuple(TrickCard(item["seat"], item["card"]) for item in data["trick"]),
            leader=data["leader"],
            captures=captures,
            match=match,
            deck=deck,
        )
    else:
        state = FishingState(
            game=game,
            rules=rules,
            players=players,
            dealer=data["dealer"],
            hands=hands,
            table=tuple(data["table"]),
            stock=tuple(data["stock"]),
            captures=captures,
            sweeps=tuple(data["sweeps"]),
            last_capturer=data["last_capturer"],
            match=match,
            deck=deck,
        )
    reported = {key: data[key] for key in ("turn", "round_over", "trump_suit") if key in data}
    return state, reported


def card_codes(items: tuple[EngineCard, ...] | list[EngineCard]) -> list[str]:
    return list(map(_CODE_OF, items))


_CODE_OF = attrgetter("code")


def dump_state(state: GameState) -> dict[str, Any]:
    """The state as callers keep it: every field of API.md, derived ones included."""
    out: dict[str, Any] = {
        "game": state.game,
        "rules": dict(state.rules.by_name),
        "players": state.players,
        "dealer": state.dealer,
        "turn": state.turn,
        "round_over": state.round_over,
        "deck": state.deck,
        "hands": [card_codes(hand) for hand in state.hands],
        "stock": card_codes(state.stock),
        "captures": [card_codes(pile) for pile in state.captures],
        "match": {
            "scores": list(state.match.scores),
            "target": state.match.target,
            "round": state.match.round,
        },
    }
    if isinstance(state, FishingState):
        out["table"] = card_codes(state.table)
        out["sweeps"] = list(state.sweeps)
        out["last_capturer"] = state.last_capturer
    else:
        out["trump_card"] = state.trump_card.code
        out["trump_suit"] = state.trump_suit
        out["trick"] = [{"seat": played.seat, "card": played.card.code} for played in state.trick]
        out["leader"] = state.leader
    return out


def dump_value(value: Any) -> Any:
    """Engine values (cards, tuples) inside events and scores as plain JSON values."""
    if isinstance(value, EngineCard):
        return value.code
    if isinstance(value, tuple | list):
        return [dump_value(item) for item in value]
    if isinstance(value, dict):
        return {key: dump_value(item) for key, item in value.items()}
    return value
