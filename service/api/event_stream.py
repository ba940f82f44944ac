"""One open event stream of a session (``session_events``): Server-Sent Events as the log grows, a heartbeat
when it is quiet, the ``table`` event first when read from version 0, and a reconnect hint when the worker stops.

A stream looks at the store only when its session has news (the hub's wake-up), at its periodic look, and after a
store failure; the readers of one session share one read of each version (``waiting.Hub.shared_read``).
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, request, stream_with_context

from ..schemas.fastpath import dumps
from ..sessions import disconnect, ending, stopping
from ..sessions.alarms import Alarms
from ..sessions.waiting import RECHECK_SECONDS, Hub
from ..storage import EventLog
from . import session_seats
from .common import logged_events, seat_view
from .problems import ApiProblem
from .session_access import bearer_token, client_address, digest, hub, identify_digest, settings
from .session_records import Loaded, call, engine_state, store, stored
from .session_table import table_shown

HEARTBEAT_SECONDS = 15.0
FIRST_BEAT_SOONEST = 5.0
RETRY_MS = 2000
STREAM = "text/event-stream"

Clock = Callable[[], float]


def table_event(loaded: Loaded) -> dict[str, Any]:
    """What a client starts from (API.md, tables, "The first event"): the token's whole view of the table at
    the record's version, and who sits there. The events of the versions up to it are already in that view."""
    game, state = engine_state(loaded)
    seat = loaded.caller.seat
    view = seat_view(game, state, seat, loaded.fairness, loaded.sealed)
    return {
        "version": loaded.snapshot.version,
        "type": "table",
        "to": "all" if seat is None else seat,
        "view": view,
        **table_shown(loaded.table),
        "match_over": ending.of_view(view, loaded.ended),
    }


def read_log(session_id: str, after: int) -> EventLog:
    found: EventLog = call(store().events, session_id, after)
    return found


# -- the stream -----------------------------------------------------------------------------------------------

TRANSIENT = frozenset({"store_unavailable", "store_busy"})
"""Store refusals that say "not now": a stream waits them out rather than ending."""
RETRY_AFTER_FAILURE_SECONDS = 1.0


def stream(session_id: str, loaded: Loaded, after: int, token_digest: str, starts: bool = False) -> Response:
    """Server-Sent Events from ``after`` on; the place on the hub is taken before the answer starts, so a
    refusal is an ordinary 503 problem."""
    if stopping.is_stopping():  # this worker is on its way out: send the client to another one at once
        return Response([reconnect_hint(hub().held_when_stopping())], mimetype=STREAM)
    watching = hub().watching(session_id, client_address())
    wake = watching.__enter__()
    lifetime = settings().event_stream_seconds
    # Streams opened together (after a restart, say) would otherwise beat together, every 15 s, for good. Drawn
    # over a whole period, the beats of streams opened in a burst are spread evenly over every period after it;
    # over half of one (7.5-15 s), 10,000 streams beat 1,300 a second at the peak and 30 at the trough.
    first_beat = random.uniform(FIRST_BEAT_SOONEST, FIRST_BEAT_SOONEST + HEARTBEAT_SECONDS)
    # And their periodic looks at the store too: 10,000 streams opened within seconds read their sessions in
    # the same seconds every 30 s, a worker's other answers waiting meanwhile (``bench/streams.py``).
    first_look = random.uniform(RECHECK_SECONDS / 2, RECHECK_SECONDS)
    opened = Stream(session_id, loaded, after, wake, time.monotonic, lifetime, first_beat, token_digest, first_look)
    opened.alarms = hub().alarms
    opened.starts = starts
    seat = loaded.caller.seat
    stop_watching = disconnect.watch(request.environ, opened.client_left)

    def released() -> Iterator[bytes]:
        # Counted held once the body is sent (a HEAD, or an answer closed unsent, never runs this at all).
        if seat is not None:  # a seat holding a stream is at the table (``session_seats``)
            session_seats.stream_opened(session_id, seat)
        try:
            yield from opened.messages()
        finally:
            stop_watching()
            watching.__exit__(None, None, None)
            if seat is not None:
                session_seats.stream_closed(session_id, seat)

    response = Response(stream_with_context(released()), mimetype=STREAM)
    response.headers["X-Accel-Buffering"] = "no"  # nginx passes each message on as it comes
    response.headers["Cache-Control"] = "no-store"
    return response


RECONNECT_MS_PER_READER = 1
RECONNECT_MS_MOST = 10_000


def reconnect_hint(readers: int = 0) -> bytes:
    """Reconnect soon, spread over a second and a half, or over a millisecond for each of the ``readers`` the
    stopping worker held (ten seconds at most): its streams must not all come back to the other workers in the
    same instant. 5,000 streams spread over 1.5 s left a worker's other requests waiting up to 2.4 s while it
    opened them (``bench/recycling.py``)."""
    spread = min(RECONNECT_MS_MOST, max(1500, readers * RECONNECT_MS_PER_READER))
    return f"retry: {random.randint(250, spread)}\n\n".encode()


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
        first_look: float = RECHECK_SECONDS,
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
        self.starts = False
        """The stream begins with the ``table`` event (read from version 0, not a reconnect)."""
        self.first_look = first_look
        """Seconds to its first periodic look at the store; every ``RECHECK_SECONDS`` after that."""
        self.alarms: Alarms | None = None
        """The worker's timer for its readers (``sessions.alarms``); without it, each wait times itself."""

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
        if self.starts:
            yield message(table_event(self.loaded), None)
        beat = self.clock() + self.first_beat
        recheck = self.clock() + self.first_look
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
            if self.wait(max(0.0, due - now)):
                self.wake.clear()
            if self.gone:
                return
            if stopping.is_stopping():
                yield reconnect_hint(self.hub.held_when_stopping())
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

    def wait(self, seconds: float) -> bool:
        if self.alarms is None:
            return self.wake.wait(seconds)
        return self.alarms.wait(self.wake, seconds)

    def pending(self, fresh: bool = True) -> Iterator[bytes]:
        try:
            log = self.read(fresh)
        except ApiProblem as problem:
            self.failed(problem)
            return
        if not log.entries:
            return
        audience = self.loaded.caller.audience(self.loaded.sealed)
        shown = logged_events(self.loaded.game, audience, log.entries)
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
                if shared.snapshot.version == self.loaded.snapshot.version:
                    # Nothing changed: the stream keeps what it holds. A copy each look, made for every stream
                    # of a worker every 30 s, lived on into the collector's oldest generation, and its full
                    # collections walked them all (docs/deployment.md, waiting and streams).
                    return True
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
    return head.encode() + b"data: " + dumps(event) + b"\n\n"
