"""A session's events as a token may read them (API.md, tables): a page, a long poll, or a stream.

``GET /v1/sessions/{id}/events?after=N`` answers ``{version, first_version, events}``: the events of every
version after ``N`` the token may see (``session_log``), each with its ``version``. ``?wait=S`` (up to 30 s)
answers as soon as the log holds something after ``N``, or after ``S`` seconds with no events. With ``Accept:
text/event-stream`` the same events come as Server-Sent Events: one message an event (``event:`` its type,
``data:`` the event as JSON), the message that ends a version carrying ``id:`` that version, so a stream
broken in the middle of a version resumes (``Last-Event-ID``) with the whole version again; a comment every
``HEARTBEAT_SECONDS`` keeps proxies from closing a quiet stream. A stream closes when its token stops opening
the session (revoked, the session deleted or expired) and after ``event_stream_seconds``; EventSource then
reconnects with ``Last-Event-ID`` by itself. A stream whose worker stops sends a reconnect hint (``retry:``)
and ends at once (``service.sessions.stopping``); a store that fails for a while ends no stream: it waits,
beats, and reads again.

A browser's ``EventSource`` cannot send the ``Authorization`` header: ``POST .../stream-tickets`` gives it a
single-use ticket for ``?ticket=`` instead (``service.sessions.tickets``).

Waiting costs no rules worker: the waiting readers park on the hub (``waiting``), woken by the store's change
feed; the readers of one session share one read of each new version (``Hub.shared_read``).
"""

from __future__ import annotations

import dataclasses
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from flask import Blueprint, Response, current_app, request, stream_with_context

from ..engine.errors import FieldProblem
from ..schemas.errors import RequestInvalid
from ..sessions import disconnect, stopping, tickets
from ..storage import EventLog
from ..storage.base import is_valid_session_id
from ..storage.claims import claim_once
from . import session_log
from .jsonio import json_response
from .problems import ApiProblem
from .session_access import bearer_token, digest, etag, identify_digest, none_match, settings, token_digests
from .session_records import Loaded, asked, call, store, stored, with_fairness
from .waiting import RECHECK_SECONDS, Hub, client_address, hub

MAX_WAIT_SECONDS = 30
HEARTBEAT_SECONDS = 15.0
RETRY_MS = 2000
VERSION_PARAM = re.compile(r"[0-9]{1,18}")
WAIT_PARAM = re.compile(r"[0-9]{1,2}")
STREAM = "text/event-stream"

Clock = Callable[[], float]


def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("/<session_id>/events", "events", events, methods=["GET"])
    blueprint.add_url_rule("/<session_id>/stream-tickets", "stream_tickets", stream_ticket, methods=["POST"])


def events(session_id: str) -> Response:
    resumed = request.headers.get("Last-Event-ID")
    if wants_stream():
        after = after_param(resumed)
        if not stopping.is_stopping():
            # A client at its cap is refused before its token is read from the store: a refusal then costs
            # a look at the counts, so one that retries at once cannot hold up the rules requests of others
            # (docs/deployment.md, waiting and streams). The 503 says nothing of the session or the token.
            hub().refuse_if_full(client_address())
        token_digest, loaded = reader(session_id)
        return stream(session_id, loaded, after, token_digest)
    if resumed is not None:
        after_param(resumed)  # a page reads ?after, but a malformed header is refused for it as for a stream
    after, wait = after_param(None), wait_param()
    if wait and not stopping.is_stopping():
        hub().refuse_if_full(client_address())
    token_digest, loaded = reader(session_id)
    log = read_log(session_id, after)
    if not log.entries and wait and not stopping.is_stopping():
        with hub().watching(session_id, client_address()) as wake:
            gone = threading.Event()

            def client_left() -> None:
                gone.set()
                wake.set()

            stop_watching = disconnect.watch(request.environ, client_left)
            try:
                log = read_log(session_id, after)
                deadline = time.monotonic() + wait
                while not log.entries and (remaining := deadline - time.monotonic()) > 0:
                    if wake.wait(min(remaining, RECHECK_SECONDS)):
                        wake.clear()
                    if gone.is_set() or stopping.is_stopping():
                        break  # nobody to answer, or the worker stops: answer what there is, now
                    log = read_log(session_id, after)
            finally:
                stop_watching()
        if log.entries:  # the table moved on while this reader waited: its token is checked again
            loaded = stored(session_id, None, None, token_digest)
    version = max(loaded.snapshot.version, log.entries[-1][0] if log.entries else 0)
    if not log.entries and none_match(version):
        unchanged = Response(status=304)
        unchanged.headers["ETag"] = etag(version)
        return unchanged
    response = json_response(page(loaded, log, version))
    response.headers["ETag"] = etag(version)
    return response


def reader(session_id: str) -> tuple[str, Loaded]:
    """Who reads, by the digest of their token, and the record for them: from the ``Authorization`` header,
    or (on this route only) from a stream ticket in ``?ticket``."""
    ticket = request.args.get("ticket")
    if ticket is None:
        token, _ = asked(session_id, False)
        return digest(token), stored(session_id, token, None)
    return by_ticket(session_id, ticket)


def by_ticket(session_id: str, text: str) -> tuple[str, Loaded]:
    """The reader a ticket opens; every refusal is the same 401, whatever the fault (tickets' module)."""
    now = time.time()
    keys = ticket_keys()
    ticket = tickets.read(keys, text, session_id, now) if is_valid_session_id(session_id) else None
    if ticket is None:
        raise invalid_ticket()
    try:
        record = orjson.loads(call(store().get, session_id).document)
        held_by = tickets.holder(ticket, keys, token_digests(record["auth"]))
        if held_by is None:
            raise invalid_ticket()
        loaded = stored(session_id, None, None, held_by)
    except ApiProblem as problem:
        if problem.status in (403, 404):  # the session is gone, or the token no longer opens it
            raise invalid_ticket() from problem
        raise
    if not tickets.use(ticket, lambda name, seconds: bool(call(claim_once, store(), name, seconds)), now):
        raise invalid_ticket()
    return held_by, loaded


def stream_ticket(session_id: str) -> Response:
    """``POST /v1/sessions/{id}/stream-tickets``: a single-use ticket for one stream, for the token that asks."""
    token, _ = asked(session_id, False)
    stored(session_id, token, None)
    seconds = tickets.TICKET_SECONDS
    ticket = tickets.issue(ticket_keys(), session_id, digest(token), time.time(), seconds)
    response = json_response({"ticket": ticket, "expires_in": seconds}, status=201)
    response.headers["Cache-Control"] = "no-store"
    return response


def ticket_keys() -> tickets.TicketKeys:
    keys: tickets.TicketKeys | None = current_app.extensions.get("ticket_keys")
    if keys is None:
        keys = current_app.extensions["ticket_keys"] = tickets.TicketKeys(
            current_app.extensions["seed_sealer"].ticket_key_material()
        )
    return keys


def invalid_ticket() -> ApiProblem:
    return ApiProblem(
        401,
        "invalid_ticket",
        "this stream ticket cannot open a stream: ask for a new one (POST .../stream-tickets) and use it within "
        "expires_in seconds, once",
    )


def page(loaded: Loaded, log: EventLog, version: int) -> dict[str, Any]:
    audience = session_log.audience_of(loaded.caller, loaded.sealed)
    answer = {
        "id": loaded.snapshot.id,
        "version": version,
        "first_version": log.start,
        "events": session_log.read(loaded.game, audience, log.entries),
    }
    return with_fairness(answer, loaded.fairness, loaded.state.get("round_over") is True, loaded.sealed)


def read_log(session_id: str, after: int) -> EventLog:
    found: EventLog = call(store().events, session_id, after)
    return found


def wants_stream() -> bool:
    """A stream only for a client that names ``text/event-stream`` (as EventSource does): ``*/*``, which most
    HTTP libraries send by default, gets the JSON page rather than an answer that stays open for minutes."""
    accepted = request.accept_mimetypes
    named = max((quality for value, quality in accepted if value == STREAM), default=0)
    return named > 0 and named >= accepted.quality("application/json")


def after_param(resumed: str | None) -> int:
    """``?after`` (default 0), or for a stream its ``Last-Event-ID`` when the browser reconnects."""
    raw = request.args.get("after") if resumed is None else resumed
    if raw is None:
        return 0
    if not VERSION_PARAM.fullmatch(raw):
        where = "/after" if resumed is None else "/Last-Event-ID"
        raise RequestInvalid([FieldProblem(where, "must be a version: a whole number 0 or more")])
    return int(raw)


def wait_param() -> float:
    """``?wait``: whole seconds up to 30, cut to the operator's ``EVENT_WAIT_MAX_SECONDS``."""
    raw = request.args.get("wait")
    if raw is None:
        return 0.0
    if not WAIT_PARAM.fullmatch(raw) or int(raw) > MAX_WAIT_SECONDS:
        raise RequestInvalid([FieldProblem("/wait", f"must be a whole number of seconds, 0 to {MAX_WAIT_SECONDS}")])
    return min(float(raw), settings().event_wait_max_seconds)


# -- the stream -----------------------------------------------------------------------------------------------

TRANSIENT = frozenset({"store_unavailable", "store_busy"})
"""Store refusals that say "not now": a stream waits them out rather than ending."""
RETRY_AFTER_FAILURE_SECONDS = 1.0


def stream(session_id: str, loaded: Loaded, after: int, token_digest: str) -> Response:
    """Server-Sent Events from ``after`` on; the place on the hub is taken before the answer starts, so a
    refusal is an ordinary 503 problem."""
    if stopping.is_stopping():  # this worker is on its way out: send the client to another one at once
        return Response([reconnect_hint()], mimetype=STREAM)
    watching = hub().watching(session_id, client_address())
    wake = watching.__enter__()
    lifetime = settings().event_stream_seconds
    # Streams opened together (after a restart, say) would otherwise beat together, every 15 s, for good.
    first_beat = random.uniform(HEARTBEAT_SECONDS / 2, HEARTBEAT_SECONDS)
    opened = Stream(session_id, loaded, after, wake, time.monotonic, lifetime, first_beat, token_digest)
    stop_watching = disconnect.watch(request.environ, opened.client_left)

    def released() -> Iterator[bytes]:
        try:
            yield from opened.messages()
        finally:
            stop_watching()
            watching.__exit__(None, None, None)

    response = Response(stream_with_context(released()), mimetype=STREAM)
    response.headers["X-Accel-Buffering"] = "no"  # nginx passes each message on as it comes
    response.headers["Cache-Control"] = "no-store"
    return response


def reconnect_hint() -> bytes:
    """Reconnect soon, spread over a second and a half: the streams of a stopping worker must not all come
    back to the next one in the same instant."""
    return f"retry: {random.randint(250, 1500)}\n\n".encode()


class Stream:
    """One open stream: what it has sent, and when it next beats or ends (``clock``: seconds, monotonic)."""

    def __init__(
        self,
        session_id: str,
        loaded: Loaded,
        after: int,
        wake: threading.Event,
        clock: Clock,
        lifetime: float,
        first_beat: float = HEARTBEAT_SECONDS,
        token_digest: str = "",
        waiting: Hub | None = None,
    ) -> None:
        self.session_id, self.loaded, self.after, self.wake = session_id, loaded, after, wake
        self.clock = clock
        self.ends = clock() + lifetime
        self.first_beat = first_beat
        self.token_digest = token_digest or digest(bearer_token())
        self.hub = waiting or hub()
        self.gone = False
        self.closed = False
        self.failing = False

    def client_left(self) -> None:
        self.gone = True
        self.wake.set()

    def messages(self) -> Iterator[bytes]:
        """Events as they come, a heartbeat when quiet. A stream looks at the store only when its session has a
        new generation in the hub (a wake-up), every ``RECHECK_SECONDS`` (the hub's tick makes that look a fresh
        read, once per session), and after a store failure (on its own, every second, until the store answers);
        a wake-up's look reads what the session's other readers read for the same version. So a quiet stream's
        heartbeat costs a write and nothing else, a wake-up that was lost costs ``RECHECK_SECONDS`` at most, and a
        revoked token ends the stream at its next look."""
        yield f"retry: {RETRY_MS}\n\n".encode()
        beat = self.clock() + self.first_beat
        recheck = self.clock() + RECHECK_SECONDS
        looked, fresh, look = self.hub.generation(self.session_id), True, True
        while True:
            if look:
                yield from self.pending(fresh)
            now = self.clock()
            if now >= self.ends or self.closed:
                return
            due = min(beat, self.ends, recheck)
            if self.failing:
                due = min(due, now + RETRY_AFTER_FAILURE_SECONDS)
            if self.wake.wait(max(0.0, due - now)):
                self.wake.clear()
            if self.gone:
                return
            if stopping.is_stopping():
                yield reconnect_hint()
                return
            generation, fresh = self.hub.generation(self.session_id), self.failing
            look = fresh or generation != looked or self.clock() >= recheck
            if self.clock() >= recheck:
                recheck = self.clock() + RECHECK_SECONDS
            if look:
                looked = generation
                if not self.still_open(fresh):
                    return
            if self.clock() >= beat:
                yield b": heartbeat\n\n"
                beat = self.clock() + HEARTBEAT_SECONDS

    def pending(self, fresh: bool = True) -> Iterator[bytes]:
        try:
            log = self.read(fresh)
        except ApiProblem as problem:
            self.failed(problem)
            return
        if not log.entries:
            return
        audience = session_log.audience_of(self.loaded.caller, self.loaded.sealed)
        shown = session_log.read(self.loaded.game, audience, log.entries)
        by_version: dict[int, list[dict[str, Any]]] = {}
        for event in shown:
            by_version.setdefault(event["version"], []).append(event)
        out = []
        for version, _ in log.entries:
            batch = by_version.get(version, [])
            for index, event in enumerate(batch):
                last = index == len(batch) - 1
                out.append(message(event, version if last else None))
        self.after = log.entries[-1][0]
        if out:
            yield b"".join(out)

    def read(self, fresh: bool) -> EventLog:
        """The log after this stream's place: its own read, or the one its session's readers share for this
        version (taken when it starts no later than this stream's place)."""
        if fresh:
            return read_log(self.session_id, self.after)
        generation = self.hub.generation(self.session_id)
        after = self.after
        read_after, log = self.hub.shared_read(
            "log", self.session_id, generation, lambda: (after, read_log(self.session_id, after))
        )
        if read_after > self.after:
            return read_log(self.session_id, self.after)
        return EventLog(log.start, tuple(entry for entry in log.entries if entry[0] > self.after))

    def still_open(self, fresh: bool = True) -> bool:
        """The token still opens the session (a revoked one, a deleted or expired session end the stream);
        while the store cannot say, the stream stays open and asks again soon."""
        try:
            if fresh:
                loaded = stored(self.session_id, None, None, self.token_digest)
            else:
                generation = self.hub.generation(self.session_id)
                shared = self.hub.shared_read(
                    "record",
                    self.session_id,
                    generation,
                    lambda: stored(self.session_id, None, None, self.token_digest),
                )
                loaded = dataclasses.replace(shared, caller=identify_digest(self.token_digest, shared.auth))
        except ApiProblem as problem:
            self.failed(problem)
            return not self.closed
        self.loaded, self.failing = loaded, False
        return True

    def failed(self, problem: ApiProblem) -> None:
        if problem.code in TRANSIENT:
            self.failing = True
        else:
            self.closed = True


def message(event: dict[str, Any], version: int | None) -> bytes:
    """One Server-Sent Event: its type, the event as one line of JSON, and ``id`` on a version's last one."""
    head = f"event: {event['type']}\n" + (f"id: {version}\n" if version is not None else "")
    return head.encode() + b"data: " + orjson.dumps(event) + b"\n\n"
