"""Readers waiting for a session's next events (``?wait``, event streams), without holding a rules worker.

One hub per worker process. A background thread reads the store's change feed (``SessionStore.feed``: a
move made in any process, or on another host sharing the Redis, names its session there) and wakes the
readers of this process that wait on that session; each woken reader reads the log itself. Under
``make run`` and the image the workers are gevent's (deploy/gunicorn.conf.py): the thread is a greenlet, a
waiting reader is a greenlet parked on an event, and a thousand of them cost memory, not workers. A wake-up
the feed misses (a Redis reconnect) is made good by every reader reading the log again every
``RECHECK_SECONDS`` anyway.

The hub admits at most ``event_waiters_max`` readers at once in this process and ``event_waiters_per_client``
from one client address; past that a reader gets a 503 ``too_many_waiting`` at once, so a few clients cannot
take every waiting place (docs/deployment.md, waiting and streams).
"""

from __future__ import annotations

import logging
import os
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, request

from ..config import Settings
from ..storage import ChangeFeed, SessionStore
from .problems import ApiProblem

log = logging.getLogger("service.waiting")

RECHECK_SECONDS = 5.0
FEED_WAIT_SECONDS = 1.0


class Hub:
    def __init__(self, store: SessionStore, most: int, most_per_client: int) -> None:
        self.store, self.most, self.most_per_client = store, most, most_per_client
        self._lock = threading.Lock()
        self._waiting: dict[str, set[threading.Event]] = {}
        self._clients: Counter[str] = Counter()
        self._count = 0
        self._pid: int | None = None
        self._feed: ChangeFeed | None = None

    @property
    def waiting(self) -> int:
        return self._count

    @contextmanager
    def watching(self, session_id: str, client: str) -> Iterator[threading.Event]:
        """An event set whenever the session's log may have grown, held for the block; 503 when the places are
        taken. Register before reading the log, so that nothing appended in between is missed."""
        self._started()
        wake = threading.Event()
        with self._lock:
            if self._count >= self.most or self._clients[client] >= self.most_per_client:
                raise ApiProblem(
                    503,
                    "too_many_waiting",
                    "too many readers are waiting for events here; read again after Retry-After, or without "
                    "?wait",
                    headers={"Retry-After": "5"},
                )
            self._count += 1
            self._clients[client] += 1
            self._waiting.setdefault(session_id, set()).add(wake)
        try:
            yield wake
        finally:
            with self._lock:
                self._count -= 1
                self._clients[client] -= 1
                if not self._clients[client]:
                    del self._clients[client]
                waiters = self._waiting.get(session_id)
                if waiters is not None:
                    waiters.discard(wake)
                    if not waiters:
                        del self._waiting[session_id]

    def notify(self, session_ids: set[str]) -> None:
        with self._lock:
            woken = [wake for session_id in session_ids for wake in self._waiting.get(session_id, ())]
        for wake in woken:
            wake.set()

    def _started(self) -> None:
        """The feed and its reader, made in the process that uses them (never inherited across a fork)."""
        pid = os.getpid()
        if self._pid == pid:
            return
        with self._lock:
            if self._pid == pid:
                return
            self._feed = self.store.feed()
            self._pid = pid
            threading.Thread(target=self._follow, args=(self._feed,), name="event-feed", daemon=True).start()

    def _follow(self, feed: ChangeFeed) -> None:
        while self._feed is feed:
            try:
                changed = feed.wait(FEED_WAIT_SECONDS)
            except Exception:  # the feed says it never raises; a bug in it must not end the wake-ups
                log.exception("the change feed failed")
                changed = set()
            if changed:
                self.notify(changed)

    def close(self) -> None:
        feed, self._feed, self._pid = self._feed, None, None
        if feed is not None:
            feed.close()


def hub() -> Hub:
    found: Hub = current_app.extensions["event_hub"]
    return found


def client_address() -> str:
    return request.remote_addr or "unknown"


def init_app(app: Flask, settings: Settings) -> Hub:
    """The hub of the app's session store; its feed starts with the first waiting reader, in that process."""
    made = Hub(app.extensions["session_store"], settings.event_waiters_max, settings.event_waiters_per_client)
    app.extensions["event_hub"] = made
    return made
