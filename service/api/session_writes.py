"""How a session write is made: on the record this worker holds, and once per ``Idempotency-Key``.

A write made on the record this worker holds for its session (``session_records.hold``), without reading the
store first, when If-Match names the version held (docs/sessions.md, the stored record).

Most moves of a table come to the worker that wrote or read its last version, with that version's ETag. The
write's compare-and-set on that version refuses it if the session changed in any way since (every change of a
record, a token issued or revoked included, is a new version), or has ended. Any refusal, that one or another, is
answered as the stored record would have it: the same refusal when the stored record is the one held, else the
write made again on the stored one.

Safe retries (docs/sessions.md): ``Idempotency-Key`` on a session's moves and next round. The record keeps the
answers (``sessions.retries``); a retry with the same key and body from the same token gets the original answer,
status, body and ETag, even after the session moved on; the same key with another body is a 422
``idempotency_key_reused``. Keys are checked before If-Match, since a retry carries the version it was first sent
against.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from flask import Response, g

from ..engine.errors import FieldProblem
from ..engine.game import Game
from ..sessions import clock as clocks
from ..sessions import log as session_log
from ..sessions import retries
from . import session_seats
from .common import Table, Written
from .jsonio import current_request
from .problems import ApiProblem
from .session_access import (
    Caller,
    Preconditions,
    bearer_token,
    digest,
    etag,
    identify,
    matched_version,
    runner,
)
from .session_records import (
    Loaded,
    answered,
    asked,
    call,
    held_records,
    kept_written,
    store,
    stored,
    tagged_document,
)

Attempt = Callable[[Loaded, bool], Response]
"""A write on a record read for its caller; the flag says whether the record is the one held here."""


class Unheld(Exception):
    """A write begun on a held record that is to be made on the stored one instead."""


class Held(NamedTuple):
    """What a write's caller sent, and the record this worker holds for its session at the version If-Match
    names (None when it holds no such record)."""

    token: str
    preconditions: Preconditions
    record: Loaded | None

    def for_caller(self, found: Loaded) -> Loaded:
        caller = identify(self.token, found.auth)
        if caller.seat is not None:  # as ``stored`` notes it: its player is there once answered
            g.presence_heard = (found.snapshot.id, caller.seat)
        return found.for_caller(caller, self.preconditions)


def held(session_id: str) -> Held:
    """The caller's token and If-Match, and the record this worker holds if it holds the version named (the same
    404, 401, 428 or 400 as ``load``, answered before anything is read)."""
    token, preconditions = asked(session_id, write=True)
    found = held_records().get(session_id)
    if found is None or preconditions is None:
        return Held(token, preconditions, None)  # ``*`` matches whatever version is stored: only the store knows
    try:
        matched_version(preconditions, found.snapshot.version, found.presence_base)
    except ApiProblem:
        return Held(token, preconditions, None)
    return Held(token, preconditions, found)


def written(session_id: str, attempt: Attempt) -> Response:
    """``attempt`` on the held record when there is one for the version named, else on the stored record.

    The caller is identified inside the attempt on the held record. An attempt that raises ``Unheld`` is made on
    the stored record; one refused otherwise is made again on the stored record if that is not the one held
    (a refused write changes nothing, so the second attempt starts from what the store holds). A write refused
    that way is counted twice in the metrics, once per attempt.
    """
    sent = held(session_id)
    if sent.record is not None:
        try:
            return attempt(sent.for_caller(sent.record), True)
        except Unheld:
            pass
        except Exception:
            loaded = stored(session_id, sent.token, sent.preconditions)
            if loaded.snapshot != sent.record.snapshot:
                return attempt(loaded, False)
            raise
    loaded = stored(session_id, sent.token, sent.preconditions)
    try:
        return attempt(loaded, False)
    except ApiProblem as problem:
        if problem.status != 412:
            raise
        # Another seat's presence event came between the read and the compare-and-set: nothing the write
        # depends on changed, so it is made again on the record that holds it (once; a real change stays a 412).
        fresh = stored(session_id, sent.token, sent.preconditions)
        if not fresh.unchanged_since(loaded.snapshot.version):
            raise
        return attempt(fresh, False)


# -- Idempotency-Key ---------------------------------------------------------------------------------------------

KEY = re.compile(r"[\x21-\x7e]{1,128}")


def retry_of(caller: Caller, operation: str, data: dict[str, Any]) -> retries.Retry | None:
    """The retry a keyed request would be (None without a key), bound to the caller's token."""
    raw = current_request().environ.get("HTTP_IDEMPOTENCY_KEY")  # the headers' ``get`` raises and catches
    if raw is None:
        return None
    if not KEY.fullmatch(raw):
        raise ApiProblem(
            400,
            "validation_error",
            "Idempotency-Key must be 1 to 128 visible ASCII characters",
            problems=[FieldProblem("/Idempotency-Key", "1 to 128 visible ASCII characters")],
        )
    place = "owner" if caller.owner else f"seat {caller.seat}"
    return retries.retry(operation, place, digest(bearer_token()), raw, data)


def earlier_reply(replies: list[dict[str, Any]], retry: retries.Retry | None) -> Response | None:
    """The answer first given to this key, or None; the key with another body is a 422."""
    try:
        reply = retries.earlier(replies, retry)
    except retries.KeyReused:
        raise ApiProblem(
            422,
            "idempotency_key_reused",
            "this Idempotency-Key was first sent with another body: use a new key for a new request",
        ) from None
    if reply is None:
        return None
    response = Response(reply.body, status=reply.status, mimetype="application/json")
    response.headers["ETag"] = etag(reply.version)
    return response


# -- the write ---------------------------------------------------------------------------------------------------


def table(loaded: Loaded, version: int) -> Table:
    shown = session_seats.shown_seats(loaded.seats)
    return Table(loaded.snapshot.id, version, loaded.sealed, loaded.fairness, shown)


def saved(loaded: Loaded, retry: retries.Retry | None, game: Game, on: Table, written: Written) -> Response:
    """Store a write's outcome (its answer kept for a retry) with a compare-and-set on the version it replaces."""
    new_version = on.version + 1
    sitting = runner().timed(loaded.table, written.after)
    events = written.events
    if sitting.clock is not None:  # every reader learns the new deadline with the write that set it
        shown = clocks.shown(sitting.clock)
        tick = {"type": "clock", "to": "all", "clock": shown}
        events = [*events, tick]
        written.answer["events"].append(tick)
        written.answer["clock"] = shown
    replies = retries.with_reply(loaded.replies, retry, new_version, written.answer)
    record, tag = tagged_document(
        game.name, written.state, loaded.auth, written.fairness, loaded.sealed, replies, sitting
    )
    runner().note_deadline(on.id, sitting)
    snapshot = call(store().replace, on.id, on.version, record, session_log.entry(events))
    kept_written(
        snapshot, game, written.after, written.state, loaded.auth, tag, written.fairness, loaded.sealed, replies,
        sitting,
    )
    runner().after_write(snapshot.id, snapshot.version, written.after, sitting)
    return answered(written.answer)
