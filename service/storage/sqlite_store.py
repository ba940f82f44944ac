"""Embedded session store on SQLite (the default): durable, shared by every worker of one host.

One database file (``SESSION_DB``) in WAL mode holds every session; each worker process opens its own
connections lazily (one per thread), so a connection is never carried across ``fork`` (gunicorn preloads
the app in the master and forks workers, and recycles them). Every write is one ``BEGIN IMMEDIATE``
transaction that reads the version and writes the new one: a compare-and-set that SQLite serializes across
processes. Readers never block writers (WAL). Waiting for the write lock is bounded by ``busy_timeout``;
past it a call fails with :class:`~service.storage.base.StoreUnavailable` (503).

Tables:

* ``sessions(id, version, document, expires_at, client)``: one row per session. ``expires_at`` is wall-clock
  time (it must survive restarts), pushed back by ``get`` and ``replace`` (sliding expiry). A read only
  writes when the expiry is more than ``refresh_slack`` seconds behind (so most reads write nothing).
  Expired rows read as "not found" and are swept, a bounded batch per ``create``.
* ``creations(client, ends_at, count)``: per-client creation counts in fixed windows (the quota).

Durability: ``synchronous=NORMAL`` in WAL mode: an acknowledged write survives a crash or kill of any
process; the last transactions may be lost on a power cut of the host. Sessions are never evicted: at
``max_sessions`` live sessions, or on a full disk, ``create`` raises :class:`StoreFull`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from .base import (
    Quota,
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    Snapshot,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
    check_document,
    check_version,
    is_valid_session_id,
    new_session_id,
)

__all__ = ["SqliteStore"]

log = logging.getLogger(__name__)

_SCHEMA_VERSION: Final = 1
_SWEEP_BATCH: Final = 200
_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS sessions ("
    " id TEXT PRIMARY KEY, version INTEGER NOT NULL, document BLOB NOT NULL,"
    " expires_at REAL NOT NULL, client TEXT)",
    "CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at)",
    "CREATE INDEX IF NOT EXISTS sessions_client ON sessions (client, expires_at)",
    "CREATE TABLE IF NOT EXISTS creations ("
    " client TEXT NOT NULL, ends_at INTEGER NOT NULL, count INTEGER NOT NULL,"
    " PRIMARY KEY (client, ends_at)) WITHOUT ROWID",
)

# Connections inherited through fork: never used nor closed in the child (closing one could release locks
# the parent holds); kept referenced so that garbage collection does not close them either.
_INHERITED: list[sqlite3.Connection] = []


class SqliteStore:
    """:class:`~service.storage.base.SessionStore` on one SQLite file; thread- and fork-safe.

    * ``path``: the database file; its directory is created (mode 0700) when missing.
    * ``ttl_seconds``: sliding lifetime; ``refresh_slack`` (default ``min(60, ttl/100)``) is how far behind
      the expiry may lag before a read pushes it back.
    * ``max_sessions``: live sessions the file may hold; ``create`` raises :class:`StoreFull` beyond.
    * ``busy_timeout``: seconds a call waits for the write lock before :class:`StoreUnavailable`.
    * ``clock``: wall-clock seconds (``time.time``); injectable for tests.
    """

    backend = "sqlite"

    def __init__(
        self,
        path: str | os.PathLike[str],
        ttl_seconds: int,
        *,
        max_sessions: int = 100_000,
        busy_timeout: float = 5.0,
        refresh_slack: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        if max_sessions <= 0:
            raise ValueError("max_sessions must be positive")
        if busy_timeout <= 0:
            raise ValueError("busy_timeout must be positive")
        self.path = Path(path)
        self._ttl = float(ttl_seconds)
        self._ttl_seconds = ttl_seconds
        self._max = max_sessions
        self._busy = busy_timeout
        self._slack = min(60.0, self._ttl / 100) if refresh_slack is None else refresh_slack
        self._clock = clock
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[tuple[int, sqlite3.Connection]] = []
        self._closed = False
        self._counted: tuple[float, int] = (float("-inf"), 0)
        self._initialize()

    # -- connections -------------------------------------------------------------------------------------

    def _initialize(self) -> None:
        """Create the directory, the file and the schema with a connection closed at once (before any fork)."""
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        conn = self._connect()
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("BEGIN IMMEDIATE")
            for statement in _SCHEMA:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
            conn.execute("COMMIT")
        finally:
            conn.close()
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(
            str(self.path), timeout=self._busy, isolation_level=None, check_same_thread=False
        )
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA busy_timeout={int(self._busy * 1000)}")
        return conn

    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise StoreUnavailable("session store closed")
        local = self._local
        pid = os.getpid()
        conn: sqlite3.Connection | None = getattr(local, "conn", None)
        if conn is not None:
            if local.pid == pid:
                return conn
            _INHERITED.append(conn)
        conn = self._connect()
        local.conn, local.pid = conn, pid
        with self._lock:
            self._connections.append((pid, conn))
        return conn

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Map SQLite failures: a full disk is :class:`StoreFull`, anything else :class:`StoreUnavailable`."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.Error as exc:
            code = getattr(exc, "sqlite_errorcode", None)
            if code == sqlite3.SQLITE_FULL:
                raise StoreFull("session store full (disk)") from exc
            log.warning("session store: %s (%s)", type(exc).__name__, getattr(exc, "sqlite_errorname", ""))
            raise StoreUnavailable(f"session store unavailable ({type(exc).__name__})") from exc

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One ``BEGIN IMMEDIATE`` transaction: committed when the block ends, rolled back when it raises."""
        with self._errors():
            conn = self._conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # -- helpers -------------------------------------------------------------------------------------------

    @staticmethod
    def _checked(session_id: str, row: Any) -> tuple[int, bytes]:
        version, document = row[0], row[1]
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise SessionCorrupt(session_id, "version is not a positive integer")
        if not isinstance(document, bytes):
            raise SessionCorrupt(session_id, "document is not bytes")
        return version, document

    def _live_row(self, conn: sqlite3.Connection, session_id: str, now: float) -> Any:
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        row = conn.execute(
            "SELECT version, document, expires_at FROM sessions WHERE id = ?", (session_id,)
        ).fetchone()
        if row is None or not isinstance(row[2], int | float) or row[2] <= now:
            raise SessionNotFound(session_id)
        return row

    def _check_quota(self, conn: sqlite3.Connection, quota: Quota, now: float) -> int | None:
        """Refuse a creation over the quota; return the window end to count it in (None: no rate limit)."""
        window_end = None
        if quota.max_creates > 0:
            window = max(1, quota.window_seconds)
            window_end = (int(now) // window + 1) * window
            row = conn.execute(
                "SELECT count FROM creations WHERE client = ? AND ends_at = ?", (quota.client, window_end)
            ).fetchone()
            if row is not None and row[0] >= quota.max_creates:
                raise QuotaExceeded("creates", quota.max_creates, math.ceil(window_end - now))
        if quota.max_live > 0:
            count, soonest = conn.execute(
                "SELECT count(*), min(expires_at) FROM sessions WHERE client = ? AND expires_at > ?",
                (quota.client, now),
            ).fetchone()
            if count >= quota.max_live:
                raise QuotaExceeded("live", quota.max_live, math.ceil(soonest - now))
        return window_end

    def _live_estimate(self, conn: sqlite3.Connection, now: float) -> int:
        """Live sessions, counted at most once a second per process (counting is linear in the sessions) and at
        every creation once the count nears the cap; in between, this process's creations are added."""
        with self._lock:
            counted_at, count = self._counted
        if now - counted_at < 1.0 and count < 0.9 * self._max:
            with self._lock:
                self._counted = (counted_at, count + 1)
            return count
        (live,) = conn.execute("SELECT count(*) FROM sessions WHERE expires_at > ?", (now,)).fetchone()
        with self._lock:
            self._counted = (now, int(live) + 1)
        return int(live)

    # -- SessionStore ----------------------------------------------------------------------------------------

    def create(self, document: bytes, quota: Quota | None = None) -> Snapshot:
        document = check_document(document)
        with self._transaction() as conn:
            now = self._clock()
            conn.execute(
                "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ? LIMIT ?)",
                (now, _SWEEP_BATCH),
            )
            conn.execute("DELETE FROM creations WHERE ends_at <= ?", (now,))
            window_end = None if quota is None else self._check_quota(conn, quota, now)
            if self._live_estimate(conn, now) >= self._max:
                raise StoreFull(f"session store full ({self._max} live sessions)")
            client = None if quota is None else quota.client
            while True:
                session_id = new_session_id()
                try:
                    conn.execute(
                        "INSERT INTO sessions (id, version, document, expires_at, client) VALUES (?, 1, ?, ?, ?)",
                        (session_id, document, now + self._ttl, client),
                    )
                except sqlite3.IntegrityError:  # pragma: no cover - 192 random bits
                    continue
                break
            if window_end is not None:
                conn.execute(
                    "INSERT INTO creations (client, ends_at, count) VALUES (?, ?, 1)"
                    " ON CONFLICT (client, ends_at) DO UPDATE SET count = count + 1",
                    (client, window_end),
                )
        return Snapshot(session_id, 1, document)

    def get(self, session_id: str) -> Snapshot:
        with self._errors():
            conn = self._conn()
            now = self._clock()
            row = self._live_row(conn, session_id, now)
            version, document = self._checked(session_id, row)
            if row[2] < now + self._ttl - self._slack:
                # One statement is one transaction; a concurrent write has refreshed the expiry itself. The
                # refresh is best effort: a read that could not push the expiry back still answers.
                with contextlib.suppress(sqlite3.OperationalError):
                    conn.execute(
                        "UPDATE sessions SET expires_at = ? WHERE id = ? AND expires_at < ?",
                        (now + self._ttl, session_id, now + self._ttl),
                    )
        return Snapshot(session_id, version, document)

    def replace(self, session_id: str, expected_version: int, document: bytes) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        with self._transaction() as conn:
            now = self._clock()
            version, _ = self._checked(session_id, self._live_row(conn, session_id, now))
            if version != expected_version:
                raise VersionConflict(session_id, version, expected_version)
            conn.execute(
                "UPDATE sessions SET version = ?, document = ?, expires_at = ? WHERE id = ?",
                (version + 1, document, now + self._ttl, session_id),
            )
        return Snapshot(session_id, version + 1, document)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        with self._transaction() as conn:
            now = self._clock()
            row = self._live_row(conn, session_id, now)
            version = row[0]
            if isinstance(version, int) and not isinstance(version, bool) and version != expected_version:
                raise VersionConflict(session_id, version, expected_version)
            # A corrupt record (unreadable version) may be deleted by whoever may delete the session.
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))

    def status(self) -> dict[str, object]:
        result: dict[str, object] = {"backend": self.backend, "ok": False, "path": str(self.path)}
        try:
            with self._errors():
                conn = self._conn()
                (live,) = conn.execute(
                    "SELECT count(*) FROM sessions WHERE expires_at > ?", (self._clock(),)
                ).fetchone()
            full = live >= self._max
            result.update(
                ok=not full,
                sessions=live,
                max_sessions=self._max,
                full=full,
                ttl_seconds=self._ttl_seconds,
            )
            if full:
                result["error"] = "session store full: new sessions are refused (507 store_full)"
        except Exception as exc:  # a health probe never raises
            result["error"] = str(exc) if isinstance(exc, StoreError) else type(exc).__name__
        return result

    def close(self) -> None:
        pid = os.getpid()
        with self._lock:
            self._closed = True
            mine = [conn for owner, conn in self._connections if owner == pid]
            self._connections.clear()
        for conn in mine:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
