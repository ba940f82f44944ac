"""Which seat a session read is about (a seat token's own, or the owner's ``?seat``, never at a sealed table),
and whether its player is at the table (``sessions.presence``): heard from on every answered request of a seat
token and on an open stream's heartbeats, announced gone by the runner when the window passes in silence."""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import Any

from flask import Response, g, request

from ..engine.errors import FieldProblem
from ..engine.limits import MAX_SEAT
from ..engine.state import GameState
from ..schemas.errors import RequestInvalid
from ..sessions import log as session_log
from ..sessions import presence
from ..sessions import seats as seating
from ..storage import deadlines
from ..storage.base import StoreError
from .jsonio import current_flask_app
from .problems import ApiProblem
from .session_access import NUMBER_PARAM, require_player, runner, settings, wall_now
from .session_records import (
    Loaded,
    call,
    engine_state,
    held_records,
    hold,
    remember,
    sealed_table,
    store,
    stored,
)

log = logging.getLogger("service.sessions")
SIGHTINGS = "presence_sightings"
HELD = "presence_streams"
DEPARTURES = "presence_departures"
REFRESH_BATCH = 20
"""Entries renewed in one store write: 5,000 in one SQLite transaction held a worker's event loop for 165-390 ms
every 20 s, and 100 took 10-14 ms in a worker holding 5,000 streams (docs/performance.md, event streams, 10,000
streams); 20 take 0.3-3 ms, for about the same time in all."""


def seat_param() -> int | None:
    raw = request.args.get("seat")
    if raw is None:
        return None
    if not NUMBER_PARAM.fullmatch(raw):
        raise ApiProblem(
            400,
            "validation_error",
            "seat must be a seat number",
            problems=[FieldProblem("/seat", f"must be an integer 0..{MAX_SEAT}")],
        )
    return int(raw)


def seat_for(loaded: Loaded, players: int, public: bool) -> int | None:
    """The seat a read is about: a seat token's own (``?seat`` may only repeat it), or the owner's ``?seat``.

    Without ``?seat`` the owner reads the public view (``public``) or the seat to act's; at a sealed table the
    owner may read no seat at all.
    """
    caller, seat = loaded.caller, seat_param()
    if caller.spectator:
        if seat is not None or not public:
            require_player(caller)
        return None
    if caller.seat is not None:
        if seat is not None and seat != caller.seat:
            raise ApiProblem(
                403,
                "forbidden_seat",
                f"this token is for seat {caller.seat}; it cannot read seat {seat}",
                {"seat": caller.seat},
            )
        return caller.seat
    if loaded.sealed and (seat is not None or not public):
        raise sealed_table("the owner reads the public view, not a seat's hand")
    if seat is not None and not 0 <= seat < players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{players - 1}")])
    return seat


def asked_seat(loaded: Loaded, state: GameState) -> int | None:
    """The seat a turn-related read is about: a seat token's own, the owner's ``?seat``, else the seat to act."""
    seat = seat_for(loaded, state.players, public=False)
    return state.turn if seat is None else seat


# -- presence --------------------------------------------------------------------------------------------------


def presence_on() -> bool:
    return settings().presence_seconds > 0


def shown_seats(seats: seating.Seats) -> list[dict[str, Any]]:
    return seating.shown(seats, presence_on())


def after_answer(response: Response) -> Response:
    """Every answered request of a seat token (2xx, 304) says its player is there; a refused one says nothing.
    (``session_records.stored`` notes the seat when it reads the record for a seat token.)"""
    found = g._get_current_object().pop("presence_heard", None)  # not through the proxy: ``problems.language``
    if found is not None and response.status_code < 400:
        seen(*found)
    return response


def seen(session_id: str, seat: int, leaving: bool = False) -> None:
    """The seat's player is there now: its entry refreshed (at most every ``REFRESH_SECONDS`` from this worker,
    unless ``leaving``: a stream's last word), and a ``presence`` event if the table thought it gone. Best
    effort: a store that cannot say now is asked again on the seat's next call."""
    window = settings().presence_seconds
    if window <= 0:
        return
    app = current_flask_app()
    sightings: presence.Sightings | None = app.extensions.get(SIGHTINGS)
    if sightings is None:  # not ``setdefault``: every seat's call would make one (a lock, a dict) to throw away
        sightings = app.extensions.setdefault(SIGHTINGS, presence.Sightings())
    now = wall_now()
    known = held_records().get(session_id)
    # A seat the computer plays is always shown there: its player's coming and going is not announced.
    told = known is not None and seat < len(known.seats) and known.seats[seat].at_table
    if told and not leaving and not sightings.stale(session_id, seat, now):
        return
    try:
        due = now + presence.due_after(window)
        key = presence.entry_key(session_id, seat)
        if leaving and (told or known is None):
            # Written with the entries of the other seats leaving at the same moment (``presence.Departures``).
            departures: presence.Departures = app.extensions.setdefault(DEPARTURES, presence.Departures(REFRESH_BATCH))
            departures.note(key, due, _write_entries)
        else:
            deadlines.set_deadline(store(), key, due)
        runner().start(polling=True)
        if known is not None and not told:
            announce(known, seat, True)
        sightings.refreshed(session_id, seat, now)
    except (ApiProblem, StoreError) as error:  # a 412: the table moved on; the next call tries again
        log.debug("presence not noted: %s", getattr(error, "code", type(error).__name__))
        sightings.forget(session_id, seat)


def held_streams() -> presence.HeldStreams:
    extensions = current_flask_app().extensions
    found: presence.HeldStreams | None = extensions.get(HELD)
    if found is None:
        found = extensions.setdefault(HELD, presence.HeldStreams())
    return found


def stream_opened(session_id: str, seat: int) -> None:
    """A stream of the seat's token opened here: the worker's runner keeps the seat's entry fresh while it lasts
    (the answer that opened it says the player is there, as any answer does)."""
    if presence_on():
        held_streams().opened(session_id, seat)
        runner().start(polling=True)


def stream_closed(session_id: str, seat: int) -> None:
    """A stream of the seat's ended: when it was the seat's last one here, the window runs from now."""
    if presence_on() and held_streams().closed(session_id, seat):
        seen(session_id, seat, leaving=True)


def _write_entries(entries: dict[str, float]) -> None:
    try:
        deadlines.set_deadlines(store(), entries)
    except (ApiProblem, StoreError) as error:  # best effort, as ``seen``: the held entries fall due on their own
        log.debug("presence of %d leaving seats not noted: %s", len(entries), getattr(error, "code", error))


def refresh_streams() -> None:
    """The runner's chore (every ``STREAM_REFRESH_SECONDS``): the entries of every seat holding a stream in this
    worker, refreshed in one call to the store; a seat the table thinks away (a race with the runner that found
    it due) is announced back."""
    window = settings().presence_seconds
    held = held_streams().seats()
    if window <= 0 or not held:
        return
    due = wall_now() + window + 2 * presence.STREAM_REFRESH_SECONDS
    entries = [(presence.entry_key(session_id, seat), due) for session_id, seat in held]
    for start in range(0, len(entries), REFRESH_BATCH):
        deadlines.set_deadlines(store(), dict(entries[start : start + REFRESH_BATCH]))
        time.sleep(0)  # under gevent: the worker's requests and streams go on between two batches
    kept = held_records()
    for session_id, seat in held:
        known = kept.get(session_id)
        if known is not None and seat < len(known.seats) and not known.seats[seat].at_table:
            seen(session_id, seat)


def announce(loaded: Loaded, seat: int, connected: bool) -> None:
    """Write the ``presence`` event (a compare-and-set on the version read), keeping If-Match good for the
    versions since the last other write."""
    session_id, version = loaded.snapshot.id, loaded.snapshot.version
    table = dataclasses.replace(loaded.table, seats=seating.with_presence(loaded.seats, seat, connected))
    base = version if loaded.presence_base is None else loaded.presence_base
    record = loaded.with_table(loaded.auth, table, base)
    event = presence.event(seat, connected)
    snapshot = call(store().replace, session_id, version, record, session_log.entry([event]))
    remember(snapshot.document, *engine_state(loaded))
    hold(dataclasses.replace(loaded, snapshot=snapshot, table=table, presence_base=base, preconditions=None))
    runner().noticed(session_id, snapshot.version, loaded.state, table, delay=0.0)


def went_away(session_id: str, seat: int, due: float) -> None:
    """The seat's entry fell due (``due``): nobody heard from its player for the whole window. Announced once
    across workers: only while the entry still says ``due`` (a refresh since wins) and the record still shows
    the seat connected, the event written with a compare-and-set on that record (a presence event of another
    seat first: read again and written again), the entry dropped after it (a runner that dies in between leaves
    it due, and the next one finds the seat already gone and drops it)."""
    key = presence.entry_key(session_id, seat)
    if not presence_on():
        deadlines.drop_deadline(store(), key, due)
        return
    for _ in range(3):
        try:
            loaded = stored(session_id, None, None, service=True)
        except ApiProblem as problem:
            if problem.status in (403, 404):  # deleted or expired: nobody to tell
                deadlines.drop_deadline(store(), key, due)
                return
            raise
        there = seat < len(loaded.seats) and loaded.seats[seat].connected and not loaded.seats[seat].computer
        if not there:
            deadlines.drop_deadline(store(), key, due)
            return
        if deadlines.due_of(store(), key) != due:
            return  # heard from since the poll
        try:
            announce(loaded, seat, False)
        except ApiProblem as problem:
            if problem.status != 412:
                raise
            continue
        deadlines.drop_deadline(store(), key, due)
        return
