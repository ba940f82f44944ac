"""Server-side session snapshots (API.md, sessions): optimistic concurrency through ETag / If-Match.

A refused request changes nothing: a move is checked by the rules before the compare-and-set is attempted.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask import Blueprint, Flask, Response, current_app, jsonify, request, url_for
from marshmallow import fields

from ..engine.errors import FieldProblem
from ..schemas import requests as schemas
from ..schemas.fields import Text
from ..schemas.state import dump_state
from ..storage import SessionNotFound, SessionStore, Snapshot, StoreUnavailable, VersionConflict
from ..usecases import checked_state
from .common import dump_events, game_for, played, render_view
from .jsonio import read_json
from .problems import ApiProblem

blueprint = Blueprint("sessions", __name__, url_prefix="/v1/sessions")
VERSION_TAG = re.compile(r"[0-9]{1,18}")
SEAT_PARAM = re.compile(r"[0-9]{1,2}")


class CreateSession(schemas.Strict):
    game = Text(max_length=32, required=True)
    state = fields.Dict(required=True)


class ReplaceSession(schemas.Strict):
    game = Text(max_length=32)
    state = fields.Dict(required=True)


class SessionMove(schemas.Strict):
    move = fields.Dict(required=True)


CREATE_SESSION, REPLACE_SESSION, SESSION_MOVE = CreateSession(), ReplaceSession(), SessionMove()


def store() -> SessionStore:
    found: SessionStore = current_app.extensions["session_store"]
    return found


def etag(version: int) -> str:
    return f'"{version}"'


def expected_version(session_id: str) -> int:
    """The version named by If-Match: required for every write (428 without it).

    ``*`` matches whatever version exists (RFC 9110); a weak tag never matches, as If-Match compares strongly.
    """
    header = request.headers.get("If-Match")
    if not header:
        raise ApiProblem(428, "precondition_required", "send If-Match with the session's ETag")
    tag = header.strip()
    if tag == "*":
        current: Snapshot = call(store().get, session_id)
        return current.version
    if len(tag) >= 2 and tag[0] == tag[-1] == '"':
        tag = tag[1:-1]  # the ETag as sent; a bare version number is taken too
    if not VERSION_TAG.fullmatch(tag):
        raise ApiProblem(412, "precondition_failed", "If-Match does not name a version of this session")
    return int(tag)


def call(action: Any, *args: Any) -> Any:
    """Run a store call, mapping its errors to problems."""
    try:
        return action(*args)
    except SessionNotFound as error:
        raise ApiProblem(404, "session_not_found", "no such session (unknown, deleted or expired)") from error
    except VersionConflict as error:
        raise ApiProblem(
            412,
            "precondition_failed",
            "the session has changed since that version",
            {"current_version": error.current_version},
            headers={"ETag": etag(error.current_version)},
        ) from error
    except StoreUnavailable as error:
        retry = str(getattr(error, "retry_after", 1))
        raise ApiProblem(
            503,
            "store_unavailable",
            "the session store is unavailable; try again shortly",
            headers={"Retry-After": retry},
        ) from error


def document(game: str, state: dict[str, Any]) -> bytes:
    return orjson.dumps({"game": game, "state": state})


def respond(snapshot: Snapshot, status: int = 200, extra: dict[str, Any] | None = None) -> Response:
    stored = orjson.loads(snapshot.document)
    response = jsonify({"id": snapshot.id, "version": snapshot.version, **stored, **(extra or {})})
    response.status_code = status
    response.headers["ETag"] = etag(snapshot.version)
    return response


def load_session(session_id: str) -> tuple[Snapshot, dict[str, Any]]:
    snapshot: Snapshot = call(store().get, session_id)
    return snapshot, orjson.loads(snapshot.document)


@blueprint.post("")
def create() -> Response:
    data = schemas.load(CREATE_SESSION, read_json(current_app))
    game, _ = game_for(data["game"])
    state = checked_state(game, data["state"])
    snapshot = call(store().create, document(game.name, dump_state(state)))
    response = respond(snapshot, 201)
    response.headers["Location"] = url_for("sessions.show", session_id=snapshot.id)
    return response


@blueprint.get("/<session_id>")
def show(session_id: str) -> Response:
    snapshot, _ = load_session(session_id)
    return respond(snapshot)


@blueprint.put("/<session_id>")
def replace(session_id: str) -> Response:
    version = expected_version(session_id)
    data = schemas.load(REPLACE_SESSION, read_json(current_app))
    _, stored = load_session(session_id)
    game, _ = game_for(data.get("game", stored["game"]))
    state = checked_state(game, data["state"])
    snapshot = call(store().replace, session_id, version, document(game.name, dump_state(state)))
    return respond(snapshot)


@blueprint.delete("/<session_id>")
def delete(session_id: str) -> Response:
    version = expected_version(session_id)
    call(store().delete, session_id, version)
    return Response(status=204)


@blueprint.post("/<session_id>/moves")
def move(session_id: str) -> Response:
    version = expected_version(session_id)
    data = schemas.load(SESSION_MOVE, read_json(current_app))
    snapshot, stored = load_session(session_id)
    if snapshot.version != version:
        call(_conflict, session_id, snapshot.version, version)
    game, _ = game_for(stored["game"])
    state = checked_state(game, stored["state"])
    after, events = played(game, state, data["move"])
    saved = call(store().replace, session_id, version, document(game.name, dump_state(after)))
    return respond(saved, extra={"events": dump_events(events)})


@blueprint.get("/<session_id>/view")
def view(session_id: str) -> Response:
    raw_seat = request.args.get("seat", "")
    if not SEAT_PARAM.fullmatch(raw_seat):
        raise ApiProblem(
            400,
            "validation_error",
            "seat must be a seat number",
            problems=[FieldProblem("/seat", "must be an integer 0..3")],
        )
    _, stored = load_session(session_id)
    game, _ = game_for(stored["game"])
    return render_view(game, checked_state(game, stored["state"]), int(raw_seat))


def _conflict(session_id: str, current: int, expected: int) -> None:
    raise VersionConflict(session_id, current, expected)


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
