"""In-process session store (development, tests, single-process deployments).

The data lives in the memory of one process: with several gunicorn workers every worker has its own,
disjoint set of sessions, and everything is lost on restart or worker recycling. The service never opens
it by itself (the default is :class:`~service.storage.sqlite_store.SqliteStore`); tests pass it in as
``SESSION_STORE`` where a fast, isolated store on a fake clock helps.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from .base import (
    LOG_LIMIT,
    EventLog,
    Quota,
    QuotaExceeded,
    SessionNotFound,
    Snapshot,
    StoreFull,
    VersionConflict,
    check_document,
    check_events,
    check_version,
    is_valid_session_id,
    new_session_id,
)

__all__ = ["MemoryFeed", "MemoryStore"]


@dataclass(slots=True)
class _Entry:
    version: int
    document: bytes
    expires_at: float
    client: str | None = None
    log: deque[tuple[int, bytes]] = field(default_factory=lambda: deque(maxlen=LOG_LIMIT))


class MemoryFeed:
    """The :class:`~service.storage.base.ChangeFeed` of a :class:`MemoryStore`: its appends, in-process.

    The store hands every appended session id to each open feed under a :class:`threading.Condition` (a
    cooperative one under gevent's patching), which wakes the feed's waiter at once.
    """

    def __init__(self, unregister: Callable[[MemoryFeed], None]) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._pending: set[str] = set()
        self._closed = False
        self._unregister = unregister

    def appended(self, session_id: str) -> None:
        """Called by the store after a log entry of ``session_id`` was stored."""
        with self._changed:
            self._pending.add(session_id)
            self._changed.notify_all()

    def wait(self, timeout: float) -> set[str]:
        with self._changed:
            if not self._pending and not self._closed:
                self._changed.wait_for(lambda: self._pending or self._closed, max(0.0, timeout))
            found, self._pending = self._pending, set()
            return found

    def close(self) -> None:
        with self._changed:
            if self._closed:
                return
            self._closed = True
            self._changed.notify_all()
        self._unregister(self)


class MemoryStore:
    """Thread-safe in-memory :class:`~service.storage.base.SessionStore` for a single process.

    * Every session expires ``ttl_seconds`` after its last successful ``create``/``get``/``replace``.
    * At most ``max_sessions`` live sessions: expired ones are evicted first; when all are live, ``create``
      raises :class:`~service.storage.base.StoreFull` (a ``StoreUnavailable``) with ``retry_after`` set to
      the time until the oldest session expires. Live sessions are never evicted.
    * ``clock`` must be monotonic (never go backwards); it is injectable for tests.

    One lock guards all state, and the entries are kept in expiry order (the TTL is the same for all of
    them), so expiry sweeps are amortized O(1).
    """

    backend = "memory"

    def __init__(
        self,
        ttl_seconds: int,
        max_sessions: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        if max_sessions <= 0:
            raise ValueError("max_sessions must be positive")
        self._ttl = float(ttl_seconds)
        self._ttl_seconds = ttl_seconds
        self._max = max_sessions
        self._clock = clock
        self._lock = threading.Lock()
        # Ordered from the soonest to the latest expiry: every touch moves an entry to the end.
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._creations: dict[tuple[str, float], int] = {}
        self._feeds: list[MemoryFeed] = []

    # -- helpers (call with the lock held) ---------------------------------------------------------------

    def _sweep(self, now: float) -> None:
        entries = self._entries
        while entries:
            oldest = next(iter(entries.values()))
            if oldest.expires_at > now:
                break
            entries.popitem(last=False)

    def _live(self, session_id: str, now: float) -> _Entry:
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        entry = self._entries.get(session_id)
        if entry is None:
            raise SessionNotFound(session_id)
        if entry.expires_at <= now:
            del self._entries[session_id]
            raise SessionNotFound(session_id)
        return entry

    def _touch(self, session_id: str, entry: _Entry, now: float) -> None:
        entry.expires_at = now + self._ttl
        self._entries.move_to_end(session_id)

    def _append(self, session_id: str, entry: _Entry, events: bytes | None) -> None:
        if events is None:
            return
        entry.log.append((entry.version, events))  # the deque's maxlen drops the oldest beyond LOG_LIMIT
        for feed in self._feeds:
            feed.appended(session_id)

    # -- SessionStore ----------------------------------------------------------------------------------------

    def _check_quota(self, quota: Quota, now: float) -> tuple[str, float] | None:
        window_key = None
        if quota.max_creates > 0:
            window = max(1, quota.window_seconds)
            window_end = float((int(now) // window + 1) * window)
            window_key = (quota.client, window_end)
            if self._creations.get(window_key, 0) >= quota.max_creates:
                raise QuotaExceeded("creates", quota.max_creates, math.ceil(window_end - now))
        if quota.max_live > 0:
            mine = [e.expires_at for e in self._entries.values() if e.client == quota.client]
            if len(mine) >= quota.max_live:
                raise QuotaExceeded("live", quota.max_live, math.ceil(min(mine) - now))
        return window_key

    def create(self, document: bytes, quota: Quota | None = None, events: bytes | None = None) -> Snapshot:
        document = check_document(document)
        events = check_events(events)
        with self._lock:
            now = self._clock()
            self._sweep(now)
            for key in [key for key in self._creations if key[1] <= now]:
                del self._creations[key]
            window_key = None if quota is None else self._check_quota(quota, now)
            if len(self._entries) >= self._max:
                oldest = next(iter(self._entries.values()))
                raise StoreFull(
                    f"session store full ({self._max} live sessions)",
                    retry_after=math.ceil(oldest.expires_at - now),
                )
            session_id = new_session_id()
            while session_id in self._entries:  # pragma: no cover - 192 random bits
                session_id = new_session_id()
            client = None if quota is None else quota.client
            entry = self._entries[session_id] = _Entry(1, document, now + self._ttl, client)
            self._append(session_id, entry, events)
            if window_key is not None:
                self._creations[window_key] = self._creations.get(window_key, 0) + 1
            return Snapshot(session_id, 1, document)

    def get(self, session_id: str) -> Snapshot:
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            self._touch(session_id, entry, now)
            return Snapshot(session_id, entry.version, entry.document)

    def replace(
        self, session_id: str, expected_version: int, document: bytes, events: bytes | None = None
    ) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        events = check_events(events)
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            if entry.version != expected_version:
                raise VersionConflict(session_id, entry.version, expected_version)
            entry.version += 1
            entry.document = document
            self._touch(session_id, entry, now)
            self._append(session_id, entry, events)
            return Snapshot(session_id, entry.version, document)

    def events(self, session_id: str, after: int) -> EventLog:
        after = check_version(after, "after")
        with self._lock:
            log = self._live(session_id, self._clock()).log  # no touch: polling keeps nothing alive
            if not log:
                return EventLog(0, ())
            newer: list[tuple[int, bytes]] = []
            for version, body in reversed(log):  # newest first: nothing newer costs one comparison
                if version <= after:
                    break
                newer.append((version, body))
            return EventLog(log[0][0], tuple(reversed(newer)))

    def feed(self) -> MemoryFeed:
        feed = MemoryFeed(self._unregister)
        with self._lock:
            self._feeds.append(feed)
        return feed

    def _unregister(self, feed: MemoryFeed) -> None:
        with self._lock:
            if feed in self._feeds:
                self._feeds.remove(feed)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            if entry.version != expected_version:
                raise VersionConflict(session_id, entry.version, expected_version)
            del self._entries[session_id]
            for feed in self._feeds:  # a deletion is news too: the session's streams end
                feed.appended(session_id)

    def status(self) -> dict[str, object]:
        try:
            with self._lock:
                self._sweep(self._clock())
                count = len(self._entries)
            status: dict[str, object] = {
                "backend": self.backend,
                "ok": count < self._max,
                "sessions": count,
                "max_sessions": self._max,
                "full": count >= self._max,
                "ttl_seconds": self._ttl_seconds,
            }
            if count >= self._max:
                status["reason"] = "store_full"
            return status
        except Exception as exc:  # never raise from a health probe
            return {
                "backend": self.backend,
                "ok": False,
                "full": False,
                "reason": "store_unavailable",
                "error": type(exc).__name__,
            }

    def close(self) -> None:
        with self._lock:
            self._entries.clear()
            feeds = list(self._feeds)
        for feed in feeds:
            feed.close()

    def __len__(self) -> int:
        """Number of live sessions (expired ones are swept first)."""
        with self._lock:
            self._sweep(self._clock())
            return len(self._entries)
