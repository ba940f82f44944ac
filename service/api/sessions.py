"""Server-side sessions (API.md, sessions): capabilities, not ids; optimistic concurrency through ETag / If-Match.

Creating a session returns an owner token and one token per seat (``Authorization: Bearer``). Tokens are
random secrets; the session record keeps only their SHA-256 digests, compared in constant time. The owner
reads the full state, replaces it, deletes the session, plays for the seat to act and issues a new token
for a seat (which revokes the old one). A seat token reads only its seat's view and legal moves and plays
only when its seat is to act (the checks live in ``session_access``). The security model is written down in
docs/sessions.md.

Every check happens before anything is written: a refused request (401, 403, 412, 422, ...) changes nothing.
Writes are a compare-and-set on the version that was read, authorized and computed on.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import orjson
from flask import Blueprint, Flask, Response, current_app, request, url_for
from marshmallow import ValidationError, fields, validate, validates_schema

from ..engine.errors import FieldProblem, InvalidState, RulesError
from ..engine.game import Game
from ..engine.state import GameState
from ..fairness import SALT
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.fields import Seed, Text
from ..schemas.state import dump_state
from ..storage import (
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    SessionStore,
    Snapshot,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
)
from ..storage.base import is_valid_session_id
from ..usecases import checked_state, suggestion_for
from . import thinking
from .common import dump_events, dump_suggestion, game_for, played, view_body
from .jsonio import json_response, read_json
from .problems import ApiProblem
from .session_access import (
    Caller,
    Preconditions,
    bearer_token,
    creation_quota,
    digest,
    etag,
    identify,
    if_match,
    matched_version,
    new_token,
    no_access,
    require_owner,
    short_hash,
    stale,
)
from .session_deals import deal_next_round, deal_session, fairness_answer

blueprint = Blueprint("sessions", __name__, url_prefix="/v1/sessions")
log = logging.getLogger("service.sessions")

SEAT_PARAM = re.compile(r"[0-9]{1,2}")


class CreateSession(schemas.Strict):
    game = Text(max_length=32, required=True)
    state = fields.Dict()
    deal = fields.Dict()

    @validates_schema
    def state_or_deal(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("state" in data) == ("deal" in data):
            raise ValidationError(
                "give exactly one of 'state' (a state of yours) and 'deal' (dealt here)", "state"
            )


class NextRound(schemas.Strict):
    seed = Seed(required=True)
    salt = fields.String(validate=validate.Regexp(SALT, error="1 to 63 letters, digits or . _ ~ -"))


class ReplaceSession(schemas.Strict):
    game = Text(max_length=32)
    state = fields.Dict(required=True)


class SessionMove(schemas.Strict):
    move = fields.Dict(required=True)


CREATE_SESSION, REPLACE_SESSION, SESSION_MOVE = CreateSession(), ReplaceSession(), SessionMove()
NEXT_ROUND = NextRound()


# -- the stored record ----------------------------------------------------------------------------------------


@dataclass
class Loaded:
    snapshot: Snapshot
    game: str
    state: dict[str, Any]
    auth: dict[str, Any]
    caller: Caller
    preconditions: Preconditions = None
    fairness: dict[str, str] | None = None
    """The commitment and sealed seed of a round the service dealt with a seed it drew."""

    def version(self) -> int:
        """The version a write replaces (If-Match checked against the stored one)."""
        return matched_version(self.preconditions, self.snapshot.version)


def store() -> SessionStore:
    found: SessionStore = current_app.extensions["session_store"]
    return found


def call(action: Any, *args: Any) -> Any:
    """Run a store call, mapping its errors to problems."""
    try:
        return action(*args)
    except SessionNotFound as error:
        raise ApiProblem(404, "session_not_found", "no such session (unknown, deleted or expired)") from error
    except VersionConflict as error:
        raise stale(error.current_version) from error
    except SessionCorrupt as error:
        raise corrupt(error.session_id, error.reason) from error
    except QuotaExceeded as error:
        what = "live sessions" if error.kind == "live" else "sessions created in this window"
        raise ApiProblem(
            429,
            "session_quota_exceeded",
            f"this client holds too many {what} (limit {error.limit}); delete finished sessions or wait",
            {"quota": error.kind, "limit": error.limit},
            headers={"Retry-After": str(error.retry_after)},
        ) from error
    except StoreFull as error:
        raise ApiProblem(
            507,
            "store_full",
            "the session store has no room for a new session; existing sessions still work",
            headers={"Retry-After": str(error.retry_after)},
        ) from error
    except StoreUnavailable as error:
        raise ApiProblem(
            503,
            "store_unavailable",
            "the session store is unavailable; try again shortly",
            headers={"Retry-After": str(error.retry_after)},
        ) from error


def corrupt(session_id: str, reason: str) -> ApiProblem:
    log.error("session %s: stored record unreadable (%s)", short_hash(session_id), reason)
    return ApiProblem(
        500,
        "session_corrupt",
        "this session's stored record cannot be read; other sessions are not affected",
    )


def load(session_id: str, write: bool = False) -> Loaded:
    """Authenticate the caller against the stored session: 404, 401 or 403 before anything else happens.

    A malformed id names no session (404 without looking at the token); a well-formed one needs a token
    (401), and a write a well-formed If-Match (428, 400), before the store is asked. A token that opens no
    session with this id is a 403 whether or not the session exists, so an id alone (from a log, say) does
    not tell whether its game is still on.
    """
    if not is_valid_session_id(session_id):
        raise ApiProblem(404, "session_not_found", "no such session (unknown, deleted or expired)")
    token = bearer_token()
    preconditions = if_match() if write else None
    try:
        snapshot: Snapshot = call(store().get, session_id)
    except ApiProblem as problem:
        if problem.code == "session_not_found":
            raise no_access() from problem
        raise
    try:
        record = orjson.loads(snapshot.document)
        game, state, auth = record["game"], record["state"], record["auth"]
        if not (isinstance(game, str) and isinstance(state, dict) and isinstance(auth, dict)):
            raise TypeError("record fields")
        if not isinstance(auth.get("seats"), list) or not isinstance(auth.get("owner"), str):
            raise TypeError("auth fields")
        fairness = record.get("fairness")
        if fairness is not None and not (
            isinstance(fairness, dict)
            and all(isinstance(fairness.get(k), str) for k in ("commitment", "sealed"))
        ):
            raise TypeError("fairness fields")
    except (orjson.JSONDecodeError, KeyError, TypeError) as error:
        raise corrupt(session_id, type(error).__name__) from error
    return Loaded(snapshot, game, state, auth, identify(token, auth), preconditions, fairness)


def engine_state(loaded: Loaded) -> tuple[Game, GameState]:
    """The stored game and state, checked again: a stored state that no longer loads is a corrupt record."""
    try:
        game, _ = game_for(loaded.game)
        return game, checked_state(game, loaded.state)
    except (ApiProblem, RequestInvalid, InvalidState, RulesError) as error:
        raise corrupt(loaded.snapshot.id, type(error).__name__) from error


def document(
    game: str, state: dict[str, Any], auth: dict[str, Any], fairness: dict[str, str] | None = None
) -> bytes:
    record: dict[str, Any] = {"game": game, "state": state, "auth": auth}
    if fairness is not None:
        record["fairness"] = fairness
    return orjson.dumps(record)


def with_fairness(
    answer: dict[str, Any], loaded_fairness: dict[str, str] | None, round_over: bool
) -> dict[str, Any]:
    """An answer about a server-dealt round carries ``fairness``: the commitment, and the seed once it is over."""
    shown = fairness_answer(loaded_fairness, round_over)
    if shown is not None:
        answer["fairness"] = shown
    return answer


# -- responses ------------------------------------------------------------------------------------------------


def session_body(snapshot: Snapshot, game: str, state: dict[str, Any], **extra: Any) -> Response:
    response = json_response(
        {"id": snapshot.id, "version": snapshot.version, "game": game, "state": state, **extra}
    )
    response.headers["ETag"] = etag(snapshot.version)
    return response


def seat_param(default: int | None) -> int:
    raw = request.args.get("seat")
    if raw is None:
        if default is None:
            raise ApiProblem(
                400,
                "validation_error",
                "seat is required with the owner token",
                problems=[FieldProblem("/seat", "required: the seat whose view to show")],
            )
        return default
    if not SEAT_PARAM.fullmatch(raw):
        raise ApiProblem(
            400,
            "validation_error",
            "seat must be a seat number",
            problems=[FieldProblem("/seat", "must be an integer 0..3")],
        )
    return int(raw)


def asked_seat(caller: Caller, state: GameState) -> int | None:
    """The seat a turn-related read is about: a seat token's own, the owner's ``?seat``, else the seat to act."""
    if caller.seat is not None or "seat" in request.args:
        return seat_for(caller, state.players)
    return state.turn


def seat_for(caller: Caller, players: int) -> int:
    """The seat a read is about: a seat token's own (``?seat`` may only repeat it), or the owner's choice."""
    seat = seat_param(caller.seat)
    if caller.seat is not None and seat != caller.seat:
        raise ApiProblem(
            403,
            "forbidden_seat",
            f"this token is for seat {caller.seat}; it cannot read seat {seat}",
            {"seat": caller.seat},
        )
    if not 0 <= seat < players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{players - 1}")])
    return seat


# -- endpoints ------------------------------------------------------------------------------------------------


@blueprint.after_request
def no_store(response: Response) -> Response:
    """Session answers hold secrets (tokens, hands): no cache, shared or private, may keep them."""
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("")
def create() -> Response:
    quota = creation_quota()
    data = schemas.load(CREATE_SESSION, read_json())
    game, alias_preset = game_for(data["game"])
    fairness = None
    if "deal" in data:
        state, fairness = deal_session(game, alias_preset, data["deal"])
    else:
        state = checked_state(game, data["state"])
    owner, seats = new_token(), [new_token() for _ in range(state.players)]
    auth = {"owner": digest(owner), "seats": [digest(token) for token in seats]}
    dumped = dump_state(state)
    snapshot: Snapshot = call(store().create, document(game.name, dumped, auth, fairness), quota)
    log.info("session %s created for client %s", short_hash(snapshot.id), quota.client[:9])
    extra = with_fairness({"tokens": {"owner": owner, "seats": seats}}, fairness, state.round_over)
    response = session_body(snapshot, game.name, dumped, **extra)
    response.status_code = 201
    response.headers["Location"] = url_for("sessions.show", session_id=snapshot.id)
    return response


@blueprint.get("/<session_id>")
def show(session_id: str) -> Response:
    loaded = load(session_id)
    require_owner(loaded.caller)
    extra = with_fairness({}, loaded.fairness, loaded.state.get("round_over") is True)
    return session_body(loaded.snapshot, loaded.game, loaded.state, **extra)


@blueprint.put("/<session_id>")
def replace(session_id: str) -> Response:
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    data = schemas.load(REPLACE_SESSION, read_json())
    game, _ = game_for(data.get("game", loaded.game))
    state = checked_state(game, data["state"])
    if state.players != len(loaded.auth["seats"]):
        raise RequestInvalid(
            [FieldProblem("/state/players", f"this session has {len(loaded.auth['seats'])} seats")]
        )
    dumped = dump_state(state)
    # A state the owner brings was not dealt here: whatever the session proved about its last deal ends.
    snapshot = call(store().replace, session_id, version, document(game.name, dumped, loaded.auth))
    return session_body(snapshot, game.name, dumped)


@blueprint.delete("/<session_id>")
def delete(session_id: str) -> Response:
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    call(store().delete, session_id, loaded.version())
    return Response(status=204)


@blueprint.post("/<session_id>/moves")
def move(session_id: str) -> Response:
    loaded = load(session_id, write=True)
    version = loaded.version()
    data = schemas.load(SESSION_MOVE, read_json())
    game, state = engine_state(loaded)
    caller = loaded.caller
    if caller.seat is not None and not state.round_over and state.turn != caller.seat:
        raise ApiProblem(
            403,
            "not_your_turn",
            f"seat {state.turn} is to act; this token plays for seat {caller.seat}",
            {"seat": caller.seat, "turn": state.turn},
        )
    after, events = played(game, state, data["move"])
    dumped = dump_state(after)
    record = document(game.name, dumped, loaded.auth, loaded.fairness)
    saved: Snapshot = call(store().replace, session_id, version, record)
    extra = with_fairness({"events": dump_events(events)}, loaded.fairness, after.round_over)
    if caller.seat is None:
        return session_body(saved, game.name, dumped, **extra)
    view = view_body(game, after, caller.seat)
    response = json_response({"id": saved.id, "version": saved.version, "game": game.name, "view": view, **extra})
    response.headers["ETag"] = etag(saved.version)
    return response


@blueprint.get("/<session_id>/view")
def view(session_id: str) -> Response:
    loaded = load(session_id)
    game, state = engine_state(loaded)
    seen = view_body(game, state, seat_for(loaded.caller, state.players))
    response = json_response(with_fairness(seen, loaded.fairness, state.round_over))
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


@blueprint.get("/<session_id>/legal-moves")
def legal_moves(session_id: str) -> Response:
    """The legal moves of the seat to act; a seat token not on turn gets an empty list."""
    loaded = load(session_id)
    game, state = engine_state(loaded)
    seat = asked_seat(loaded.caller, state)
    answer: dict[str, Any] = {"seat": seat, "turn": state.turn, "moves": [], "total": 0, "truncated": False}
    if seat is not None and seat == state.turn and not state.round_over:
        found = game.legal_moves(state, None)
        answer.update(
            moves=[schemas.dump_move(item) for item in found.moves],
            total=found.total,
            truncated=len(found.moves) < found.total,
        )
    response = json_response(answer)
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


@blueprint.post("/<session_id>/suggest")
def suggest(session_id: str) -> Response:
    """A computer player's move for the token's seat (the owner: ``?seat``, else the seat to act).

    The player sees only that seat's view of the stored state, so a seat token learns nothing from it that its
    own view does not show; it may be asked whether or not the seat is to act (400 ``not_to_act`` if not).
    """
    loaded = load(session_id)
    with thinking.current().admitted() as pool:
        data = pool.within_budget(schemas.load(schemas.SESSION_SUGGEST_REQUEST, read_json()))
        game, state = engine_state(loaded)
        seat, found = suggestion_for(game, state, asked_seat(loaded.caller, state), data, pool.think)
    response = json_response(dump_suggestion(found, seat, data["budget_ms"]))
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


@blueprint.post("/<session_id>/seats/<seat>/token")
def rotate_seat_token(session_id: str, seat: str) -> Response:
    """A new token for one seat (owner only); the seat's previous token stops working at once."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    seats = list(loaded.auth["seats"])
    if not SEAT_PARAM.fullmatch(seat) or int(seat) >= len(seats):
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{len(seats) - 1}")])
    token = new_token()
    seats[int(seat)] = digest(token)
    auth = {**loaded.auth, "seats": seats}
    record = document(loaded.game, loaded.state, auth, loaded.fairness)
    saved: Snapshot = call(store().replace, session_id, version, record)
    log.info("session %s: seat %s token replaced", short_hash(session_id), seat)
    response = json_response({"id": saved.id, "version": saved.version, "seat": int(seat), "token": token})
    response.headers["ETag"] = etag(saved.version)
    return response


@blueprint.post("/<session_id>/next-round")
def next_round(session_id: str) -> Response:
    """The next round of the match, dealt here from the finished one (owner only); ``"seed": "server"`` seals it."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    data = schemas.load(NEXT_ROUND, read_json())
    game, _ = engine_state(loaded)
    state, fairness = deal_next_round(game, loaded.state, data)
    dumped = dump_state(state)
    saved: Snapshot = call(
        store().replace, session_id, version, document(game.name, dumped, loaded.auth, fairness)
    )
    return session_body(saved, game.name, dumped, **with_fairness({}, fairness, state.round_over))


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
