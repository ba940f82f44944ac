"""A session's events as a token may read them (API.md, tables): a page, a long poll, or a stream.

``GET /v1/sessions/{id}/events?after=N`` answers ``{version, first_version, events}``: the events of every
version after ``N`` the token may see (``session_log``), each with its ``version``. ``?wait=S`` (up to 30 s)
answers as soon as the log holds something after ``N``, or after ``S`` seconds with no events. With ``Accept:
text/event-stream`` the same events come as Server-Sent Events: one message an event (``event:`` its type,
``data:`` the event as JSON), the message that ends a version carrying ``id:`` that version, so a stream
broken in the middle of a version resumes (``Last-Event-ID``) with the whole version again; a comment every
``HEARTBEAT_SECONDS`` keeps proxies from closing a quiet stream. A stream closes when its token stops opening
the session (revoked, the session deleted or expired) and after ``event_stream_seconds``; EventSource then
reconnects with ``Last-Event-ID`` by itself.

Waiting costs no rules worker: the waiting readers park on the hub (``waiting``), woken by the store's change
feed, and read the log again when woken.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import orjson
from flask import Blueprint, Response, request, stream_with_context

from ..engine.errors import FieldProblem
from ..schemas.errors import RequestInvalid
from ..storage import EventLog
from . import session_log
from .jsonio import json_response
from .problems import ApiProblem
from .session_access import etag, none_match, settings
from .session_records import Loaded, call, load, store, with_fairness
from .waiting import RECHECK_SECONDS, client_address, hub

MAX_WAIT_SECONDS = 30
HEARTBEAT_SECONDS = 15.0
RETRY_MS = 2000
VERSION_PARAM = re.compile(r"[0-9]{1,18}")
WAIT_PARAM = re.compile(r"[0-9]{1,2}")
STREAM = "text/event-stream"

Clock = Callable[[], float]


def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("/<session_id>/events", "events", events, methods=["GET"])


def events(session_id: str) -> Response:
    loaded = load(session_id)
    resumed = request.headers.get("Last-Event-ID")
    if wants_stream():
        return stream(session_id, loaded, after_param(resumed))
    if resumed is not None:
        after_param(resumed)  # a page reads ?after, but a malformed header is refused for it as for a stream
    after, wait = after_param(None), wait_param()
    log = read_log(session_id, after)
    if not log.entries and wait:
        with hub().watching(session_id, client_address()) as wake:
            log = read_log(session_id, after)
            deadline = time.monotonic() + wait
            while not log.entries and (remaining := deadline - time.monotonic()) > 0:
                if wake.wait(min(remaining, RECHECK_SECONDS)):
                    wake.clear()
                log = read_log(session_id, after)
        if log.entries:  # the table moved on while this reader waited: its token is checked again
            loaded = load(session_id)
    version = max(loaded.snapshot.version, log.entries[-1][0] if log.entries else 0)
    if not log.entries and none_match(version):
        unchanged = Response(status=304)
        unchanged.headers["ETag"] = etag(version)
        return unchanged
    response = json_response(page(loaded, log, version))
    response.headers["ETag"] = etag(version)
    return response


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


def stream(session_id: str, loaded: Loaded, after: int) -> Response:
    """Server-Sent Events from ``after`` on; the place on the hub is taken before the answer starts, so a
    refusal is an ordinary 503 problem."""
    watching = hub().watching(session_id, client_address())
    wake = watching.__enter__()
    lifetime = settings().event_stream_seconds
    # Streams opened together (after a restart, say) would otherwise beat together, every 15 s, for good.
    first_beat = random.uniform(HEARTBEAT_SECONDS / 2, HEARTBEAT_SECONDS)
    messages = Stream(session_id, loaded, after, wake, time.monotonic, lifetime, first_beat).messages()

    def released() -> Iterator[bytes]:
        try:
            yield from messages
        finally:
            watching.__exit__(None, None, None)

    response = Response(stream_with_context(released()), mimetype=STREAM)
    response.headers["X-Accel-Buffering"] = "no"  # nginx passes each message on as it comes
    return response


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
    ) -> None:
        self.session_id, self.loaded, self.after, self.wake = session_id, loaded, after, wake
        self.clock = clock
        self.ends = clock() + lifetime
        self.first_beat = first_beat

    def messages(self) -> Iterator[bytes]:
        """Events as they come, a heartbeat when quiet; the token is checked again at least every
        ``RECHECK_SECONDS``, so a revocation whose wake-up was lost still ends the stream soon."""
        yield f"retry: {RETRY_MS}\n\n".encode()
        beat = self.clock() + self.first_beat
        while True:
            yield from self.pending()
            now = self.clock()
            if now >= self.ends:
                return
            woken = self.wake.wait(max(0.0, min(beat, self.ends, now + RECHECK_SECONDS) - now))
            if woken:
                self.wake.clear()
            if not self.still_open():
                return
            if self.clock() >= beat:
                yield b": heartbeat\n\n"
                beat = self.clock() + HEARTBEAT_SECONDS

    def pending(self) -> Iterator[bytes]:
        log = read_log(self.session_id, self.after)
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

    def still_open(self) -> bool:
        """The token still opens the session (a revoked one, a deleted or expired session end the stream)."""
        try:
            self.loaded = load(self.session_id)
        except ApiProblem:
            return False
        return True


def message(event: dict[str, Any], version: int | None) -> bytes:
    """One Server-Sent Event: its type, the event as one line of JSON, and ``id`` on a version's last one."""
    head = f"event: {event['type']}\n" + (f"id: {version}\n" if version is not None else "")
    return head.encode() + b"data: " + orjson.dumps(event) + b"\n\n"
