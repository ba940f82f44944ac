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
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .base import (
    Quota,
    QuotaExceeded,
    SessionNotFound,
    Snapshot,
    StoreFull,
    VersionConflict,
    check_document,
    check_version,
    is_valid_session_id,
    new_session_id,
)

__all__ = ["MemoryStore"]


@dataclass(slots=True)
class _Entry:
    version: int
    document: bytes
    expires_at: float
    client: str | None = None


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

    def create(self, document: bytes, quota: Quota | None = None) -> Snapshot:
        document = check_document(document)
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
            self._entries[session_id] = _Entry(1, document, now + self._ttl, client)
            if window_key is not None:
                self._creations[window_key] = self._creations.get(window_key, 0) + 1
            return Snapshot(session_id, 1, document)

    def get(self, session_id: str) -> Snapshot:
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            self._touch(session_id, entry, now)
            return Snapshot(session_id, entry.version, entry.document)

    def replace(self, session_id: str, expected_version: int, document: bytes) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            if entry.version != expected_version:
                raise VersionConflict(session_id, entry.version, expected_version)
            entry.version += 1
            entry.document = document
            self._touch(session_id, entry, now)
            return Snapshot(session_id, entry.version, document)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        with self._lock:
            now = self._clock()
            entry = self._live(session_id, now)
            if entry.version != expected_version:
                raise VersionConflict(session_id, entry.version, expected_version)
            del self._entries[session_id]

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

    def __len__(self) -> int:
        """Number of live sessions (expired ones are swept first)."""
        with self._lock:
            self._sweep(self._clock())
            return len(self._entries)
