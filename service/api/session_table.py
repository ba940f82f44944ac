"""A table's writes (API.md, "Tables"): a new table stored, what every write keeps of the table (its seats, its
clock's next deadline, the ``clock`` event), the moves the table makes by itself (a computer seat's, a clock's),
the end of a match (a seat resigns for its side, or its clock forfeits the match for it), and a rematch.

A concession is a write like a move: a compare-and-set on the version, a public ``match_over`` event every token
reads, and the record keeps the concession (``sessions.ending``), so that every later move, computer turn, clock
and next round is refused.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import logging
import math
import re
import time
from typing import Any

from flask import Blueprint, Response, request, url_for

from .. import session_usecases
from ..engine.errors import FieldProblem
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import Event, GameState
from ..fairness import SERVER_SEED
from ..offload import releasing
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..sessions import clock as clocks
from ..sessions import log as session_log
from ..sessions import presence
from ..sessions import seats as seating
from ..sessions.record import TableFields
from ..sessions.runner import Moved
from ..storage import Quota, Snapshot, deadlines, listings
from ..storage.claims import claim_once
from . import session_seats, thinking
from .common import (
    Table,
    conceded_written,
    deal_session,
    game_for,
    move_written,
    opened_log,
    seed_sealer,
    session_move,
    with_fairness,
)
from .jsonio import json_response
from .problems import ApiProblem
from .session_access import (
    API_KEY_CLIENT,
    creation_quota,
    digest,
    new_token,
    require_owner,
    require_player,
    runner,
    settings,
    short_hash,
    wall_now,
)
from .session_records import (
    Loaded,
    answered,
    call,
    engine_state,
    kept_written,
    load,
    owner_body,
    store,
    stored,
    tagged_document,
)
from .session_writes import saved, table

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
    loaded.version()
    game, state = engine_state(loaded)
    if loaded.ended is not None:
        raise ApiProblem(400, "match_over", f"the match is over: seat {loaded.ended.seat}'s side conceded it")
    answer = conceded(loaded, game, state, caller.seat, "resigned")
    log.info("session %s: seat %s resigned", short_hash(session_id), caller.seat)
    return answered(answer)


def conceded(loaded: Loaded, game: Game, state: GameState, seat: int, reason: str) -> dict[str, Any]:
    """Write ``seat``'s side's concession (``resigned``, or ``forfeit`` by its clock) on the version the caller
    read; the answer, as that seat sees it (the owner's public view when the clock forfeits)."""
    version = loaded.version()
    shown = session_seats.shown_seats(loaded.seats)
    on = Table(loaded.snapshot.id, version, loaded.sealed, loaded.fairness, shown)
    sees = loaded.caller.audience(loaded.sealed).sees
    ended = session_usecases.resign(game, state, seat, reason)
    answer, events = conceded_written(game, state, on, loaded.caller.seat, ended, sees)
    table = runner().timed(dataclasses.replace(loaded.table, ended=ended), state)
    record = loaded.with_table(loaded.auth, table)
    call(store().replace, loaded.snapshot.id, version, record, session_log.entry(events))
    return answer


def table_shown(table: TableFields) -> dict[str, Any]:
    """What every answer about the table says of it: who sits there, and the clock if it has one."""
    shown: dict[str, Any] = {"seats": session_seats.shown_seats(table.seats)}
    if table.clock is not None:
        shown["clock"] = clocks.shown(table.clock)
    return shown


def computer_seat_move(session_id: str, version: int) -> Moved:
    """The computer's move for the seat it plays, if the stored table is still at ``version`` with that seat to
    act: written as the owner's ``{"computer": ...}`` would be (``sessions.runner``), with no client to answer.
    The new version, and whether the computer is to act again; None when there was nothing to play. A
    ``presence`` event written meanwhile changes nothing that the move depends on: the move is made again on it."""
    for _ in range(3):
        loaded = stored(session_id, None, None, service=True)
        if not loaded.unchanged_since(version):
            return None
        if loaded.state.get("round_over") is True or loaded.ended is not None:
            return None
        game, state = engine_state(loaded)
        choice = seating.computer_to_act(loaded.seats, state.turn)
        if choice is None:
            return None
        try:
            return service_move(loaded, game, state, {"computer": choice})
        except ApiProblem as problem:
            if problem.status != 412:
                raise
    return None


def timed_out(session_id: str, deadline: float) -> Moved:
    """What the table's clock does once ``deadline`` has passed, if the stored record still has that deadline:
    claimed once across workers and instances, then written with a compare-and-set on the version that set it
    (a seat that moved in time wins). The index's entry is dropped or moved to the record's own deadline, and
    dropped with the session. A seat's presence entry (``sessions.presence``) says the seat went away."""
    seat_entry = presence.parse_entry(session_id)
    if seat_entry is not None:
        session_seats.went_away(*seat_entry, deadline)
        return None
    try:
        loaded = stored(session_id, None, None, service=True)
    except ApiProblem as problem:
        if problem.status in (403, 404):  # deleted or expired: its entry would be found due at every poll
            deadlines.drop_deadline(store(), session_id, deadline)
        raise
    for _ in range(3):
        try:
            return clock_acts(loaded, deadline)
        except ApiProblem as problem:
            if problem.status != 412:
                raise
        loaded = stored(session_id, None, None, service=True)  # a presence event came first: again, on it
    runner().note_deadline(session_id, loaded.table)  # the entry says the record's deadline again
    return None


def clock_acts(loaded: Loaded, deadline: float) -> Moved:
    """``timed_out`` on one reading of the record (a 412 when another write came first)."""
    session_id = loaded.snapshot.id
    clock = loaded.clock
    if clock is None or clock.deadline != deadline or loaded.ended is not None:
        if loaded.ended is None:
            runner().note_deadline(session_id, loaded.table)  # an entry left by a write that failed
        deadlines.drop_deadline(store(), session_id, deadline)
        return None
    if deadline > wall_now():
        return None
    version = loaded.snapshot.version
    if not claim_once(store(), f"deadline:{session_id}:{version}", int(clock.move_seconds) + 60):
        return None
    game, state = engine_state(loaded)
    seat = state.turn
    if seat is None or state.round_over:
        return None
    log.info("session %s: seat %s out of time (%s)", short_hash(session_id), seat, clock.on_timeout)
    if clock.on_timeout == "forfeit":
        return conceded(loaded, game, state, seat, "forfeit")["version"], False
    return service_move(loaded, game, state, {"computer": {"level": clock.level}, "reason": "timeout"})


def service_move(loaded: Loaded, game: Game, state: GameState, data: dict[str, Any]) -> Moved:
    """A move the table makes by itself (a computer seat's, a clock's), written as the owner's would be."""
    version = loaded.snapshot.version
    on = table(loaded, version)
    sees = loaded.caller.audience(loaded.sealed).sees
    chosen = think_for_service(game, state, data["computer"])
    written = move_written(game, on, None, session_move(game, state, chosen), schemas.dump_move(chosen), data, sees)
    saved(loaded, None, game, on, written)
    after = written.after
    return version + 1, not after.round_over and seating.computer_to_act(loaded.seats, after.turn) is not None


POOL_RETRY_SECONDS = 0.05


def think_for_service(game: Game, state: GameState, choice: dict[str, Any]) -> Move:
    """The seat's move from its own view, holding a slot of the host's pool (waiting for one, in turn)."""
    session_usecases.seat_to_act(state)  # a round over is refused before a slot is waited for, as a client's is
    pool = thinking.current()
    while (slot := pool.pool.take()) is None:
        time.sleep(POOL_RETRY_SECONDS)
    with releasing(slot):
        return session_usecases.computer_move(game, state, pool.within_budget(choice), pool.think)


def opened_table(
    quota: Quota,
    game: Game,
    state: GameState,
    fairness: dict[str, str] | None,
    dealt: list[Event] | None,
    sitting: TableFields,
    sealed: bool,
    seats: list[str],
    seats_shown: bool = True,
    **shown: Any,
) -> Response:
    """Store a new table whose seats hold ``seats``' tokens; 201 with the owner's and a spectator's tokens
    (and the seats' unless ``shown`` says otherwise)."""
    dumped, events = opened_log(game, state, dealt)
    sitting = runner().timed(sitting, state)
    owner, spectator = new_token(), new_token()
    sitting = dataclasses.replace(sitting, created=wall_now())
    auth = {
        "owner": digest(owner),
        "seats": [digest(token) for token in seats],
        "spectators": [digest(spectator)],
    }
    record, tag = tagged_document(game.name, dumped, auth, fairness, sealed, table=sitting)
    snapshot: Snapshot = call(store().create, record, quota, session_log.entry(events))
    runner().note_deadline(snapshot.id, sitting)  # its id is known only now: a read notices it if lost
    if quota.client.startswith(API_KEY_CLIENT):  # a host's tables are listed by its API key
        listings.add(store(), quota.client, snapshot.id, sitting.created or 0.0)
    kept_written(snapshot, game, state, dumped, auth, tag, fairness, sealed, table=sitting)
    log.info("session %s created for client %s", short_hash(snapshot.id), quota.client[:9])
    tokens = {"owner": owner, "seats": seats, "spectator": spectator}
    if not seats_shown:
        del tokens["seats"]
    extra = with_fairness({"tokens": tokens, **table_shown(sitting), **shown}, fairness, state.round_over, sealed)
    response = owner_body(snapshot, game, state, dumped, sealed, **extra)
    response.status_code = 201
    response.headers["Location"] = url_for("sessions.show", session_id=snapshot.id)
    runner().after_write(snapshot.id, snapshot.version, state, sitting)
    return response


def rematch(session_id: str) -> Response:
    """A new table for the same players (owner only): the same game, rules, seats and clock, dealt by the
    service with the next dealer. Each seat learns its new token from its own private ``rematch`` event on this
    table; the owner's answer carries the new table's owner and spectator tokens, never a seat's."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    version = loaded.version()
    quota = creation_quota()
    game, alias_preset = game_for(loaded.game)
    old = loaded.state
    players = len(loaded.auth["seats"])
    deal = {
        "players": players,
        "seed": SERVER_SEED,
        "dealer": (old["dealer"] + 1) % players,
        "deck": old["deck"],
        "rules": old["rules"],
    }
    state, fairness, dealt = deal_session(game, alias_preset, deal)
    nonce = new_token()
    seats = [seed_sealer().rematch_token(nonce, seat) for seat in range(players)]
    sitting = TableFields(
        tuple(dataclasses.replace(seat, reissued=0, connected=False) for seat in loaded.seats),
        None,
        loaded.clock and dataclasses.replace(loaded.clock, deadline=None),
    )
    response = opened_table(
        quota,
        game,
        state,
        fairness,
        dealt,
        sitting,
        loaded.sealed,
        seats,
        seats_shown=False,
        previous=session_id,
    )
    new_id = response.get_json()["id"]
    events = [{"type": "rematch", "to": "all", "id": new_id}]
    events += [{"type": "rematch", "to": seat, "id": new_id, "nonce": nonce} for seat in range(players)]
    call(store().replace, session_id, version, loaded.with_auth(loaded.auth), session_log.entry(events))
    return response


LISTED_PER_PAGE = 50
CURSOR_FORM = re.compile(r"[A-Za-z0-9_=-]{1,120}")  # openapi.yaml, GET /v1/sessions, cursor


def host_tables() -> Response:
    """A host's tables (API.md, tables, "A host's tables"): those its API key created, newest first, a page at a
    time; 404 when the service takes no API keys (then no table belongs to anyone)."""
    if not settings().api_keys:
        raise ApiProblem(404, "not_found", "the service lists tables by API key, and takes none (API_KEYS)")
    client = creation_quota().client  # 401 without the key, 403 for a wrong one
    before = cursor_value(request.args.get("cursor"))
    rows = listings.listed(store(), client, before, LISTED_PER_PAGE)
    tables = []
    for created, session_id in rows:
        try:
            loaded = stored(session_id, None, None, service=True)
        except ApiProblem as gone:
            if gone.status not in (403, 404):
                raise
            listings.forget(store(), client, session_id)  # deleted or expired
            continue
        game, state = engine_state(loaded)
        tables.append(
            {
                "id": session_id,
                "game": loaded.game,
                "version": loaded.snapshot.version,
                "phase": session_usecases.phase(game, state, loaded.ended),
                "seats": session_seats.shown_seats(loaded.seats),
                "created": clocks.rfc3339(created),
                "updated": clocks.rfc3339(loaded.updated or created),
            }
        )
    last = rows[-1] if len(rows) == LISTED_PER_PAGE else None
    following = None if last is None else base64.urlsafe_b64encode(f"{last[0]!r}|{last[1]}".encode()).decode()
    return json_response({"sessions": tables, "next": following})


def cursor_value(raw: str | None) -> tuple[float, str] | None:
    """A page's cursor (the ``next`` of the page before), or a 400 naming the parameter."""
    if raw is None:
        return None
    if CURSOR_FORM.fullmatch(raw) is None:  # b64decode would skip stray characters, not refuse them
        raise RequestInvalid([FieldProblem("/cursor", "must be the next of an earlier page")])
    try:
        created, session_id = base64.urlsafe_b64decode(raw.encode("ascii")).decode("ascii").split("|", 1)
        value = float(created)
        if not math.isfinite(value) or len(session_id) > 200:
            raise ValueError(raw)
    except (ValueError, UnicodeError, binascii.Error) as error:
        raise RequestInvalid([FieldProblem("/cursor", "must be the next of an earlier page")]) from error
    return value, session_id


def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("", view_func=host_tables, methods=["GET"])
    blueprint.add_url_rule("/<session_id>/resign", view_func=resign, methods=["POST"])
    blueprint.add_url_rule("/<session_id>/rematch", view_func=rematch, methods=["POST"])
