"""The tokens of a session (docs/sessions.md): a seat's token replaced, spectator tokens handed out and revoked.

Owner only, with If-Match; a replaced or revoked token stops working at once, since every request checks the
token against the digests of the record it reads.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response

from ..engine.errors import FieldProblem
from ..schemas.errors import RequestInvalid
from ..storage import Snapshot
from .jsonio import json_response
from .problems import ApiProblem
from .session_access import NUMBER_PARAM, digest, etag, new_token, require_owner, short_hash
from .session_records import call, load, sealed_table, store

log = logging.getLogger("service.sessions")

NO_EVENTS = b"[]"
"""The log entry of a change of tokens: nothing for anybody to read, but open streams wake and check their token
again, so a revoked one is closed at once."""


def rotate_seat_token(session_id: str, seat: str) -> Response:
    """A new token for one seat (owner only); the seat's previous token stops working at once.

    Not at a sealed table: the new token would show its owner that seat's hand. A seat whose player is gone can
    still be played there, by a computer player at the owner's request.
    """
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    if loaded.sealed:
        raise sealed_table("a seat's token is issued once, or its new holder, the owner, would see that hand")
    version = loaded.version()
    seats = list(loaded.auth["seats"])
    if not NUMBER_PARAM.fullmatch(seat) or int(seat) >= len(seats):
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{len(seats) - 1}")])
    token = new_token()
    seats[int(seat)] = digest(token)
    auth = {**loaded.auth, "seats": seats}
    record = loaded.with_auth(auth)
    saved: Snapshot = call(store().replace, session_id, version, record, NO_EVENTS)
    log.info("session %s: seat %s token replaced", short_hash(session_id), seat)
    response = json_response({"id": saved.id, "version": saved.version, "seat": int(seat), "token": token})
    response.headers["ETag"] = etag(saved.version)
    return response


MAX_SPECTATORS = 32
"""Spectator tokens a session holds at once (revoked ones give their place to new ones)."""


def add_spectator(session_id: str) -> Response:
    """A new spectator token (owner only): the public view and nothing else, until it is revoked."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    places = list(loaded.auth.get("spectators", ()))
    index = next((k for k, stored in enumerate(places) if stored is None), len(places))
    if index >= MAX_SPECTATORS:
        raise ApiProblem(
            409,
            "spectator_limit",
            f"this session already has {MAX_SPECTATORS} spectator tokens: revoke one first",
            {"limit": MAX_SPECTATORS},
        )
    token = new_token()
    places[index : index + 1] = [digest(token)]
    record = loaded.with_auth({**loaded.auth, "spectators": places})
    saved: Snapshot = call(store().replace, session_id, version, record, NO_EVENTS)
    response = json_response({"id": saved.id, "version": saved.version, "spectator": index, "token": token})
    response.status_code = 201
    response.headers["ETag"] = etag(saved.version)
    return response


def revoke_spectator(session_id: str, spectator: str) -> Response:
    """Revoke a spectator token (owner only); it stops working at once."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    places = list(loaded.auth.get("spectators", ()))
    if (
        not NUMBER_PARAM.fullmatch(spectator)
        or int(spectator) >= len(places)
        or places[int(spectator)] is None
    ):
        raise ApiProblem(404, "not_found", "this session has no spectator token with that number")
    places[int(spectator)] = None
    record = loaded.with_auth({**loaded.auth, "spectators": places})
    saved: Snapshot = call(store().replace, session_id, version, record, NO_EVENTS)
    response = Response(status=204)
    response.headers["ETag"] = etag(saved.version)
    return response


def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("/<session_id>/seats/<seat>/token", view_func=rotate_seat_token, methods=["POST"])
    blueprint.add_url_rule("/<session_id>/spectators", view_func=add_spectator, methods=["POST"])
    blueprint.add_url_rule(
        "/<session_id>/spectators/<spectator>", view_func=revoke_spectator, methods=["DELETE"]
    )
