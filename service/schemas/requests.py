"""Request bodies of the game endpoints (API.md, Endpoints)."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from ..engine.errors import FieldProblem
from ..engine.game import Game
from ..engine.games import GAMES
from ..engine.moves import Move
from ..fairness import MAX_SEALED_CHARS, SALT, SEED_HEX, SERVER_SEED
from ..players import LEVELS, MAX_BUDGET_MS, MAX_EXPLAIN, MAX_WORLDS
from .errors import RequestInvalid
from .fields import BoundedList, Integer, Seed, Text, cards_list
from .limits import DECK_STYLES, MAX_CARDS, MAX_PLAYERS, MAX_ROUND, MAX_SWEEPS, MIN_PLAYERS
from .state import field, seat

MAX_LIMIT = 10_000
MAX_REPLAY_MOVES = 1500
"""A match of any game has far fewer plays; longer replays are refused before anything is played."""
SALT_FIELD_ERROR = "1 to 63 letters, digits or . _ ~ -"


class Strict(Schema):
    class Meta:
        unknown = RAISE


class DealRequest(Strict):
    players = Integer(minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    seed = Seed(required=True)
    dealer = seat()
    deck = fields.String(validate=validate.OneOf(DECK_STYLES))
    preset = Text(max_length=32)
    rules = fields.Dict(validate=validate.Length(max=32))
    previous = fields.Dict()
    salt = fields.String(validate=validate.Regexp(SALT, error=SALT_FIELD_ERROR))

    @validates_schema
    def players_or_previous(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "players" not in data and "previous" not in data:
            raise ValidationError("required unless 'previous' is given", "players")
        if "salt" in data and data.get("seed") != SERVER_SEED:
            raise ValidationError("a salt is mixed only into a seed the service draws (seed: server)", "salt")


MAX_PLAYER_SEED = 2**53 - 1  # what every JSON client reads as an exact integer


class PlayerChoice(Strict):
    """How a computer player is asked for a move: its level, the seed of its sampling, its time budget, and
    (``strong``) its work in sampled worlds per candidate move."""

    level = fields.String(required=True, validate=validate.OneOf(LEVELS))
    seed = Integer(minimum=0, maximum=MAX_PLAYER_SEED)
    budget_ms = Integer(minimum=1, maximum=MAX_BUDGET_MS)
    worlds = Integer(minimum=1, maximum=MAX_WORLDS)


class SuggestRequest(PlayerChoice):
    state = fields.Dict(required=True)
    seat = seat()
    explain = Integer(minimum=0, maximum=MAX_EXPLAIN)


class SessionSuggestRequest(PlayerChoice):
    explain = Integer(minimum=0, maximum=MAX_EXPLAIN)


MAX_REPLAY_ROUNDS = 100
"""More rounds than a match to the highest target needs: every round of a fishing game gives at least the
settebello's point, every round of Briscola a win or a draw that the target bounds."""
CONTEXT_FIELDS = ("players", "dealer", "round", "deck", "preset", "rules", "scores")


class ReplayRound(Strict):
    """One round of a replayed match: its seed (in the clear, or sealed by a server-seeded deal) and its moves."""

    seed = Seed()
    sealed_seed = Text(max_length=MAX_SEALED_CHARS)
    salt = fields.String(validate=validate.Regexp(SALT, error=SALT_FIELD_ERROR))
    seed_commitment = fields.String(validate=validate.Regexp(SEED_HEX, error="64 lowercase hex digits"))
    moves = BoundedList(fields.Raw(), MAX_REPLAY_MOVES, required=True)

    @validates_schema
    def one_seed(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("seed" in data) == ("sealed_seed" in data):
            raise ValidationError("give exactly one of 'seed' or 'sealed_seed'", "_schema")
        if data.get("seed") == SERVER_SEED:
            raise ValidationError("a replay names the seed it replays, or its sealed_seed", "seed")
        if "sealed_seed" in data and "salt" in data:
            raise ValidationError("the sealed seed carries its salt", "salt")


class ReplayRequest(Strict):
    """A whole round or match (docs/fairness.md): one seed and its moves, or ``rounds``, one seed each.

    The first round is dealt with ``players`` and the other context fields, or with the context sealed in its
    sealed seed; every later round follows from the one before, as ``deal`` with ``previous`` does.
    """

    seed = Seed()
    sealed_seed = Text(max_length=MAX_SEALED_CHARS)
    salt = fields.String(validate=validate.Regexp(SALT, error=SALT_FIELD_ERROR))
    seed_commitment = fields.String(validate=validate.Regexp(SEED_HEX, error="64 lowercase hex digits"))
    players = Integer(minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    dealer = seat()
    round = Integer(minimum=1, maximum=MAX_ROUND)
    deck = fields.String(validate=validate.OneOf(DECK_STYLES))
    preset = Text(max_length=32)
    rules = fields.Dict(validate=validate.Length(max=32))
    scores = BoundedList(Integer(minimum=-MAX_ROUND, maximum=MAX_ROUND), MAX_PLAYERS)  # a zero-sum match goes below 0
    moves = BoundedList(fields.Raw(), MAX_REPLAY_MOVES)
    rounds = BoundedList(fields.Nested(ReplayRound), MAX_REPLAY_ROUNDS, min_items=1)

    @validates_schema
    def one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "rounds" in data:
            single = [name for name in ("seed", "sealed_seed", "salt", "seed_commitment", "moves") if name in data]
            if single:
                raise ValidationError("with 'rounds', each round names its own seed and moves", single[0])
            first = data["rounds"][0]
            total = sum(len(entry["moves"]) for entry in data["rounds"])
            if total > MAX_REPLAY_MOVES:
                raise ValidationError(f"at most {MAX_REPLAY_MOVES} moves in all rounds together", "rounds")
        else:
            if "moves" not in data:
                raise ValidationError("required unless 'rounds' is given", "moves")
            if ("seed" in data) == ("sealed_seed" in data):
                raise ValidationError("give exactly one of 'seed' or 'sealed_seed'", "_schema")
            if data.get("seed") == SERVER_SEED:
                raise ValidationError("a replay names the seed it replays, or its sealed_seed", "seed")
            first = data
        if "sealed_seed" in first:
            taken = [name for name in (*CONTEXT_FIELDS, "salt") if name in data]
            if taken:
                raise ValidationError("the sealed seed carries the deal's context", taken[0])
        elif "players" not in data:
            raise ValidationError("required with 'seed'", "players")


class StateRequest(Strict):
    state = fields.Dict(required=True)
    limit = Integer(minimum=0, maximum=MAX_LIMIT)


class MoveRequest(Strict):
    state = fields.Dict(required=True)
    move = fields.Dict(required=True)


class ViewRequest(Strict):
    state = fields.Dict(required=True)
    seat = seat(required=True)


class ScoreRequest(Strict):
    """Either a finished state, or just the piles of a fishing game."""

    state = fields.Dict()
    rules = fields.Dict(validate=validate.Length(max=32))
    players = Integer(minimum=MIN_PLAYERS, maximum=MAX_PLAYERS)
    captures = BoundedList(cards_list(MAX_CARDS), MAX_PLAYERS)
    sweeps = BoundedList(Integer(minimum=0, maximum=MAX_SWEEPS), MAX_PLAYERS)
    match = fields.Dict()

    @validates_schema
    def state_or_piles(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "state" in data:
            extra = sorted(set(data) - {"state"})
            if extra:
                raise ValidationError(f"not allowed together with 'state': {', '.join(extra)}", "_schema")
            return
        missing = [name for name in ("players", "captures") if name not in data]
        for name in missing:
            raise ValidationError("required unless 'state' is given", name)


class MoveSchema(Strict):
    """A move's fields; ``one_of``: fields of which a move has exactly one (``Codec.move_one_of``)."""

    one_of: tuple[str, ...] = ()

    @validates_schema
    def one_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        if self.one_of and sum(name in data for name in self.one_of) != 1:
            names = " or ".join(f"'{name}'" for name in self.one_of)
            raise ValidationError(f"a move has exactly one of {names}", "_schema")


def _move_schema(game: Game) -> Schema:
    codec = game.codec
    described: dict[str, Any] = {spec.name: field(spec) for spec in codec.move_fields}
    described["one_of"] = codec.move_one_of
    made: type[Schema] = type(f"{game.name.capitalize()}MoveSchema", (MoveSchema,), described)
    return made()


MOVE_SCHEMAS: dict[str, Schema] = {name: _move_schema(game) for name, game in GAMES.items()}
"""Each game's move schema, from its family's ``Codec.move_fields``."""


def _plain_envelope(schema: Schema, raw: dict[str, Any]) -> bool:
    """Whether a request body is a well-formed envelope the schema would pass unchanged: the hot path skips it."""
    if schema is MOVE_REQUEST:
        return raw.keys() == {"state", "move"} and type(raw["state"]) is dict and type(raw["move"]) is dict
    if schema is STATE_REQUEST:
        limit = raw.get("limit", 0)
        return (
            raw.keys() <= {"state", "limit"}
            and type(raw.get("state")) is dict
            and type(limit) is int
            and 0 <= limit <= MAX_LIMIT
        )
    return False


def load(schema: Schema, raw: object, prefix: str = "") -> dict[str, Any]:
    if isinstance(raw, dict) and _plain_envelope(schema, raw):
        return raw
    if not isinstance(raw, dict):
        raise RequestInvalid.from_marshmallow(ValidationError("must be a JSON object"), prefix)
    try:
        data: dict[str, Any] = schema.load(raw)
    except ValidationError as error:
        raise RequestInvalid.from_marshmallow(error, prefix) from error
    return data


def load_move(game: Game, raw: object, prefix: str = "/move") -> Move:
    codec = game.codec
    fast = codec.read_move(raw)
    if fast is not None:
        return fast
    made = codec.move(load(MOVE_SCHEMAS[game.name], raw, prefix))
    if isinstance(made, tuple):
        where, why = made
        raise RequestInvalid([FieldProblem(prefix + where, why)])
    return made


def dump_move(move: Move) -> dict[str, Any]:
    return move.to_json()


DEAL_REQUEST = DealRequest()
SUGGEST_REQUEST, SESSION_SUGGEST_REQUEST = SuggestRequest(), SessionSuggestRequest()
STATE_REQUEST = StateRequest()
MOVE_REQUEST = MoveRequest()
SCORE_REQUEST = ScoreRequest()
VIEW_REQUEST = ViewRequest()
REPLAY_REQUEST = ReplayRequest()
