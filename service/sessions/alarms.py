"""One timer for all the waiting readers of a worker, instead of one for each of their waits.

A stream waits for news of its session (its wake-up event) or for its next heartbeat, periodic look or end,
whichever comes first. Waiting with a timeout made a timer for every wait: under gevent about ten objects the
cyclic collector tracks (the timeout, its watcher, their callbacks and arguments), alive until the wait ends, up
to 15 s later. So they outlived the young generations: a worker holding 5,000 streams carried some 35,000 of
them through each of its middle collections (5-15 ms, twice a second, the event loop stopped meanwhile), and
promoted enough of them for a full collection of 80-100 ms every 15 s or so (docs/performance.md, 10,000
streams). Here a wait is a place in the bucket of its due time (to ``RESOLUTION`` seconds), and one ticker
sets the events of every bucket whose time has come: a wait makes no timer, and the ticker runs only while some
reader waits.

An alarm sets the same event news would: the reader wakes as for news, finds none, and does what its own clock
says is due. A reader woken early (by news, or by an alarm meant for an earlier wait of its own) loses nothing:
it looks at its clock again and waits once more.
"""

from __future__ import annotations

import heapq
import logging
import math
import os
import threading
import time
from collections.abc import Callable

log = logging.getLogger("service.waiting")

RESOLUTION = 0.05
"""Seconds: a wait ends at most this much after its time (a heartbeat, a look, a stream's end)."""


class Alarms:
    """Waits for an event or a time, with one ticker thread (under gevent, a greenlet) for all of them."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, resolution: float = RESOLUTION) -> None:
        self.clock, self.resolution = clock, resolution
        self._lock = threading.Lock()
        self._buckets: dict[int, set[threading.Event]] = {}
        self._slots: list[int] = []
        """The buckets' slots, earliest first (a heap)."""
        self._ticker_pid: int | None = None
        """The process whose ticker runs (a forked child starts its own)."""

    @property
    def pending(self) -> int:
        with self._lock:
            return sum(len(bucket) for bucket in self._buckets.values())

    def wait(self, event: threading.Event, seconds: float) -> bool:
        """Wait until ``event`` is set, or for ``seconds`` at most (a little more: up to the resolution); whether
        the event is set, by news or by the alarm."""
        if event.is_set() or seconds <= 0:
            return event.is_set()
        slot = math.ceil((self.clock() + seconds) / self.resolution)
        with self._lock:
            bucket = self._buckets.get(slot)
            if bucket is None:
                bucket = self._buckets[slot] = set()
                heapq.heappush(self._slots, slot)
            bucket.add(event)
            start = self._ticker_pid != os.getpid()
            self._ticker_pid = os.getpid()
        if start:
            threading.Thread(target=self._tick, name="alarms", daemon=True).start()
        try:
            return event.wait()
        finally:
            with self._lock:
                bucket.discard(event)

    def ring_due(self) -> int:
        """Set the events of every bucket whose time has come; how many were set."""
        now_slot = math.floor(self.clock() / self.resolution)
        due: list[threading.Event] = []
        with self._lock:  # copied under the lock: a wait that ends leaves its bucket under it
            while self._slots and self._slots[0] <= now_slot:
                due.extend(self._buckets.pop(heapq.heappop(self._slots), ()))
        for event in due:
            event.set()
        return len(due)

    def _tick(self) -> None:
        # Made here, in the ticker: an event made before gevent's patch (the app is preloaded) would block the
        # whole worker. An event's wait rather than ``time.sleep``, which a test may stand in for.
        pause = threading.Event()
        while True:
            pause.wait(self.resolution)
            try:
                self.ring_due()
            except Exception:  # a ticker that died would leave every reader to wait for news alone
                log.exception("alarms not rung")
            with self._lock:
                if not self._slots:
                    self._ticker_pid = None
                    return
