"""The tokens of a session (docs/sessions.md): a seat's token replaced, spectator tokens handed out and revoked.

Owner only, with If-Match; a replaced or revoked token stops working at once, since every request checks the
token against the digests of the record it reads. Who plays a seat, its player or the computer, is said here
too: by the owner or by the seat's own token.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from flask import Blueprint, Response, request

from ..engine.errors import FieldProblem
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.sessions import SEAT_COMPUTER
from ..sessions import log as session_log
from ..sessions import seats as seating
from ..storage import Snapshot
from . import session_seats
from .jsonio import json_response, read_json
from .problems import ApiProblem
from .session_access import NUMBER_PARAM, digest, etag, new_token, require_owner, runner, short_hash
from .session_records import call, load, store

log = logging.getLogger("service.sessions")

NO_EVENTS = b"[]"
"""The log entry of a change of tokens: nothing for anybody to read, but open streams wake and check their token
again, so a revoked one is closed at once."""


def rotate_seat_token(session_id: str, seat: str) -> Response:
    """A new token for one seat (owner only); the seat's previous token stops working at once.

    Allowed at a sealed table too, where a player who lost their token would otherwise end the table: the new
    token's first holder is the owner, who could look at that hand, so every reissue appends a public
    ``seat_reissued`` event that every token reads and each view's ``seats[i].reissued`` counts them
    (docs/fairness.md, a lost seat). The other way back, which shows the owner nothing, is to hand the seat to
    the computer (``seat_computer``).
    """
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    index = seat_number(seat, len(loaded.auth["seats"]))
    token = new_token()
    places = list(loaded.auth["seats"])
    places[index] = digest(token)
    sitting = seating.reissued(loaded.seats, index)
    record = loaded.with_table({**loaded.auth, "seats": places}, dataclasses.replace(loaded.table, seats=sitting))
    event = {"type": "seat_reissued", "to": "all", "seat": index, "count": sitting[index].reissued}
    saved: Snapshot = call(store().replace, session_id, version, record, session_log.entry([event]))
    log.info("session %s: seat %s token replaced", short_hash(session_id), index)
    response = json_response({"id": saved.id, "version": saved.version, "seat": index, "token": token})
    response.headers["ETag"] = etag(saved.version)
    return response


def seat_number(raw: str, players: int) -> int:
    if not NUMBER_PARAM.fullmatch(raw) or int(raw) >= players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{players - 1}")])
    return int(raw)


def seat_computer(session_id: str, seat: str) -> Response:
    """``POST``: the computer plays the seat from now on (its next turn included, at once if it is its turn);
    ``DELETE``: the seat is its player's again. The owner's call, or the seat's own token's."""
    loaded = load(session_id, write=True)
    version = loaded.version()
    index = seat_number(seat, len(loaded.auth["seats"]))
    caller = loaded.caller
    if not (caller.owner or caller.seat == index):
        raise ApiProblem(
            403,
            "forbidden_seat",
            f"only the owner or seat {index}'s own token can say who plays seat {index}",
            {"seat": caller.seat},
        )
    if request.method == "POST":
        choice: dict[str, Any] | None = schemas.load(SEAT_COMPUTER, read_json())["computer"]
    else:
        choice = None
    sitting = seating.handed_to_computer(loaded.seats, index, choice)
    if choice is None and loaded.seats[index].computer is not None:
        # Given back, the seat shows its own player: there if this is its own call, else once heard from.
        sitting = seating.with_presence(sitting, index, caller.seat == index)
    table = dataclasses.replace(loaded.table, seats=sitting)
    record = loaded.with_table(loaded.auth, table)
    shown = session_seats.shown_seats(sitting)
    event = {
        "type": "seat_changed",
        "to": "all",
        "seat": index,
        "computer": sitting[index].level,
        "connected": shown[index]["connected"],  # the player's own presence again, once given back
    }
    saved: Snapshot = call(store().replace, session_id, version, record, session_log.entry([event]))
    runner().noticed(saved.id, saved.version, loaded.state, table, delay=0.0)
    response = json_response({"id": saved.id, "version": saved.version, "seats": shown})
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
    blueprint.add_url_rule(
        "/<session_id>/seats/<seat>/computer", view_func=seat_computer, methods=["POST", "DELETE"]
    )
    blueprint.add_url_rule("/<session_id>/spectators", view_func=add_spectator, methods=["POST"])
    blueprint.add_url_rule(
        "/<session_id>/spectators/<spectator>", view_func=revoke_spectator, methods=["DELETE"]
    )
