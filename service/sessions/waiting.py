"""Readers waiting for a session's next events (``?wait``, event streams), without holding a rules worker.

One hub per worker process. A background thread reads the store's change feed (``SessionStore.feed``: a
move made in any process, or on another host sharing the Redis, names its session there) and wakes the
readers of this process that wait on that session. Under ``make run`` and the image the workers are gevent's
(deploy/gunicorn.conf.py): the thread is a greenlet, a waiting reader is a greenlet parked on an event, and
thousands of them cost memory, not workers.

One read per version, not per reader: each wake-up of a session starts a new *generation* of it, and the
first of its readers to look reads the log and the record once for that generation; the others take the same
answer and filter it for their own token in memory (``shared_read``). A wake-up the feed misses (a Redis
reconnect) is made good by a new generation of every watched session each ``RECHECK_SECONDS`` (``tick``):
the readers' periodic looks then read afresh, once per session.

Admission (``sessions.admission``): at most ``event_waiters_max`` readers in this worker, below its
connections, so rules requests always find one; ``event_waiters_per_client`` from one client address and
``event_waiters_host_max`` in all across the host's workers. Past a cap a reader is refused at once
(``Refused``: the HTTP layer answers a 503 ``too_many_waiting`` with ``Retry-After``; docs/deployment.md, waiting
and streams). A reader whose
client closed its connection gives its place back at once (``sessions.disconnect``), and when the
worker stops (``sessions.stopping``) every reader is woken to end.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from ..storage import ChangeFeed, SessionStore
from . import stopping
from .admission import Caps, Refused, Table
from .alarms import Alarms

log = logging.getLogger("service.waiting")

RECHECK_SECONDS = 30.0
GIVE_WAY_SHARE = 0.99
"""A worker holding this share of its cap of readers in connections leaves new connections to a worker that
holds fewer (``Hub.gives_way``). Close to the cap: while a worker gives way, every new connection, a rules
request's too, waits for the other workers alone, and at 95 % a common split of 57 / 43 made the fuller worker
give way for a whole run, the legal-moves p99 ten times its own (docs/performance.md)."""
FEED_WAIT_SECONDS = 1.0
T = TypeVar("T")


class Hub:
    def __init__(self, store: SessionStore, caps: Caps, directory: str | None = None) -> None:
        self.store, self.caps, self.directory = store, caps, directory
        self._lock = threading.Lock()
        self._waiting: dict[str, set[threading.Event]] = {}
        self._generations: dict[str, int] = {}
        self._reads: dict[tuple[str, str], tuple[int, Any]] = {}
        self._pid: int | None = None
        self._feed: ChangeFeed | None = None
        self._table: Table | None = None
        self._held_at_stop: int | None = None
        self.alarms = Alarms()
        self._give_way_from = caps.here - int(caps.here * (1 - GIVE_WAY_SHARE))
        """Connections from which this worker may give way (``gives_way``)."""
        """The one timer of this worker's streams (``sessions.alarms``)."""

    @property
    def waiting(self) -> int:
        return sum(len(wakes) for wakes in self._waiting.values())

    def held_when_stopping(self) -> int:
        """The readers this worker held when its streams first heard it stop (they leave one by one after)."""
        if self._held_at_stop is None:
            self._held_at_stop = self.waiting
        return self._held_at_stop

    @contextmanager
    def watching(self, session_id: str, client: str) -> Iterator[threading.Event]:
        """An event set whenever the session's log may have grown, held for the block; ``Refused`` when the
        places are taken. Register before reading the log, so that nothing appended in between is missed."""
        table = self._started()
        wake = threading.Event()
        try:
            table.admit(client, self.caps)
        except Refused as refused:
            refusals.count(refused.which)
            raise
        with self._lock:
            self._waiting.setdefault(session_id, set()).add(wake)
        try:
            yield wake
        finally:
            with self._lock:
                waiters = self._waiting.get(session_id)
                if waiters is not None:
                    waiters.discard(wake)
                    if not waiters:
                        del self._waiting[session_id]
                        self._generations.pop(session_id, None)
                        for kind in ("log", "record"):
                            self._reads.pop((kind, session_id), None)
            table.release(client)

    def refuse_if_full(self, client: str) -> None:
        """The refusal a reader of ``client`` would get now, raised before anything else is done for it (a place
        is still taken by ``watching``, which checks again)."""
        try:
            self._started().check(client, self.caps)
        except Refused as refused:
            refusals.count(refused.which)
            raise

    def holds_its_share(self, client: str) -> bool:
        """True when ``client`` holds every waiting place one client may across the host (``sessions.lanes``).
        Asked of every connection: it starts nothing, so a worker that has seen no reader yet says False (its
        first stream request starts the counts, and from then it reads the host's)."""
        table = self._table if self._pid == os.getpid() else None
        return table is not None and table.client(client) >= self.caps.per_client

    def gives_way(self, held: int) -> bool:
        """Whether this worker, holding ``held`` connections, leaves new ones to the host's other workers
        (``sessions.accepting``): it is within ``GIVE_WAY_SHARE`` of its cap of readers, past which it would
        refuse streams the host still has room for, and another worker is not. Which worker accepts a connection
        is the kernel's choice, and a split of 10,000 streams past 60 / 40 once refused some below the host's cap.
        Like ``holds_its_share``, it starts nothing: a worker that has seen no reader yet says False."""
        if held < self._give_way_from:
            return False
        table = self._table if self._pid == os.getpid() else None
        return table is not None and table.room_elsewhere(self._give_way_from)

    def generation(self, session_id: str) -> int:
        return self._generations.get(session_id, 0)

    def shared_read(self, kind: str, session_id: str, generation: int, read: Callable[[], T]) -> T:
        """``read()`` once per generation of a session's wake-ups, whichever of its readers asks first; the
        others get the same answer (an exception is never shared: each reader meets its own)."""
        with self._lock:
            kept = self._reads.get((kind, session_id))
        if kept is not None and kept[0] == generation:
            found: T = kept[1]
            return found
        value = read()
        with self._lock:
            if session_id in self._waiting:
                self._reads[(kind, session_id)] = (generation, value)
        return value

    def notify(self, session_ids: set[str]) -> None:
        with self._lock:
            woken: list[threading.Event] = []
            for session_id in session_ids:
                wakes = self._waiting.get(session_id)
                if wakes:
                    self._generations[session_id] = self._generations.get(session_id, 0) + 1
                    woken += wakes
        for wake in woken:
            wake.set()

    def wake_everyone(self) -> None:
        with self._lock:
            woken = [wake for wakes in self._waiting.values() for wake in wakes]
        for wake in woken:
            wake.set()

    def _started(self) -> Table:
        """The feed, its reader and the admission table, made in the process that uses them (never inherited
        across a fork)."""
        pid = os.getpid()
        if self._pid == pid and self._table is not None:
            return self._table
        with self._lock:
            if self._pid != pid or self._table is None:
                self._table = Table(self.directory)
                self._feed = self.store.feed()
                self._pid = pid
                threading.Thread(target=self._follow, args=(self._feed,), name="event-feed", daemon=True).start()
                stopping.on_stop(self.wake_everyone)
            return self._table

    def _follow(self, feed: ChangeFeed) -> None:
        ticked = time.monotonic()
        recoveries = getattr(feed, "recoveries", 0)
        while self._feed is feed:
            try:
                changed = feed.wait(FEED_WAIT_SECONDS)
            except Exception:  # the feed says it never raises; a bug in it must not end the wake-ups
                log.exception("the change feed failed")
                changed = set()
            if changed:
                self.notify(changed)
            if getattr(feed, "recoveries", 0) != recoveries:
                # The feed was lost for a while (a Redis restart): what it would have said is unknown, so every
                # watched session gets a new generation and every reader looks again, now.
                recoveries = getattr(feed, "recoveries", 0)
                self.tick()
                self.wake_everyone()
            if time.monotonic() - ticked >= RECHECK_SECONDS:
                ticked = time.monotonic()
                self.tick()

    def tick(self) -> None:
        """A new generation of every watched session, waking nobody: the readers' own periodic looks then read
        afresh, once per session, what a lost wake-up (a Redis reconnect) would have hidden."""
        with self._lock:
            for session_id in self._waiting:
                self._generations[session_id] = self._generations.get(session_id, 0) + 1

    def close(self) -> None:
        feed, self._feed, self._pid = self._feed, None, None
        table, self._table = self._table, None
        if feed is not None:
            feed.close()
        if table is not None:
            table.close()


class RefusalLog:
    """One log line a second at most for the refusals of each cap, with their count: a client retrying at its cap
    a thousand times a second must not write a thousand lines (``clock``: seconds, monotonic)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, every: float = 1.0) -> None:
        self.clock, self.every = clock, every
        self._lock = threading.Lock()
        self._unsaid: dict[str, int] = {}
        self._said: dict[str, float] = {}

    def count(self, which: str) -> int:
        """Count a refusal by ``which`` cap; the number of refusals the line written now tells, or 0."""
        now = self.clock()
        with self._lock:
            unsaid = self._unsaid.get(which, 0) + 1
            if now - self._said.get(which, float("-inf")) < self.every:
                self._unsaid[which] = unsaid
                return 0
            self._unsaid[which], self._said[which] = 0, now
        log.info("waiting reader refused: the %s cap is reached (%d refused since the last such line)", which, unsaid)
        return unsaid


refusals = RefusalLog()
