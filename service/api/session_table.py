"""The end of a table's match (API.md, tables, "The end of a match"): a seat resigns for its side.

A resignation is a write like a move: ``If-Match`` and a compare-and-set on the version, a public ``match_over``
event every token reads, and the record keeps the concession (``sessions.ending``), so that every later move,
computer turn and next round is refused.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response

from .. import session_usecases
from ..sessions.seats import shown
from ..storage import Snapshot
from . import session_log
from .problems import ApiProblem
from .session_access import require_player, short_hash
from .session_records import answered, call, engine_state, load, store
from .session_writer import WRITER

log = logging.getLogger("service.sessions")


def resign(session_id: str) -> Response:
    """The caller's side concedes the match (a seat token: a player resigns for itself, nobody for another)."""
    loaded = load(session_id, write=True)
    caller = loaded.caller
    require_player(caller)
    if caller.seat is None:
        raise ApiProblem(
            403,
            "forbidden_seat",
            "a seat resigns with its own token: the owner may hand a seat to the computer, not concede for it",
            {"seat": None},
        )
    version = loaded.version()
    game, state = engine_state(loaded)
    if loaded.ended is not None:
        raise ApiProblem(400, "match_over", f"the match is over: seat {loaded.ended.seat}'s side conceded it")
    on = session_usecases.Table(loaded.snapshot.id, version, loaded.sealed, loaded.fairness, shown(loaded.seats))
    sees = session_log.audience_of(caller, loaded.sealed).sees
    answer, events, ended = session_usecases.resign(game, state, on, caller.seat, "resigned", sees, WRITER)
    record = loaded.with_seats(loaded.auth, loaded.seats, ended)
    saved: Snapshot = call(store().replace, session_id, version, record, session_log.entry(events))
    log.info("session %s: seat %s resigned", short_hash(session_id), caller.seat)
    answer["version"] = saved.version
    return answered(answer)


def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("/<session_id>/resign", view_func=resign, methods=["POST"])
