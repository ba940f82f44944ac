"""Embedded session store on SQLite (the default): durable, shared by every worker of one host.

One database file (``SESSION_DB``) in WAL mode holds every session; each worker process opens its own
connections (a pool, :mod:`.sqlite_connections`), so a connection is never carried across ``fork`` (gunicorn
preloads the app in the master and forks workers, and recycles them). Every write is one ``BEGIN IMMEDIATE``
transaction that reads the version and writes the new one: a compare-and-set that SQLite serializes across
processes. Readers never block writers (WAL).

Failing fast and truthfully:

* A write lock held by someone else is waited for cooperatively, ``busy_timeout`` seconds at most (default
  0.25), then :class:`StoreBusy` (503 ``store_busy``). A read never waits for it.
* A damaged file (``SQLITE_CORRUPT``, ``SQLITE_NOTADB``) is :class:`StoreCorrupt` for every call, in every
  worker and after restarts, until an operator removes the ``<db>.corrupt`` marker (:mod:`.sqlite_health`).
* No room: at ``max_sessions`` stored sessions, or when the new session would leave less than
  ``disk_reserve_bytes`` free on the disk (measured at each creation, under the write lock), ``create`` raises
  :class:`StoreFull`, while the sessions already stored keep being played (their writes need little room, and
  the reserve keeps it for them). A write that SQLite refuses for a full disk is :class:`StoreFull` too, and
  :meth:`SqliteStore.status` then says ``full``.

Tables:

* ``sessions(id, version, document, expires_at, client)``: one row per session. ``expires_at`` is wall-clock
  time (it must survive restarts), pushed back by ``get`` and ``replace`` (sliding expiry). A read only
  writes when the expiry is more than ``refresh_slack`` seconds behind (so most reads write nothing).
  Expired rows read as "not found" and are swept, a bounded batch per ``create``.
* ``counts(name, value)``: ``sessions`` is the number of rows of ``sessions``, kept by triggers, so the cap is
  checked and the row inserted in one transaction without counting the table: exact across every worker.
* ``creations(client, ends_at, count)``: per-client creation counts in fixed windows (the quota).
* ``events(seq, session_id, version, body)``: the sessions' event logs and what the change feeds follow
  (:mod:`.sqlite_events`), written in the transaction of their version and deleted with their session.

Durability: ``synchronous=NORMAL`` in WAL mode: an acknowledged write survives a crash or kill of any
process; the last transactions may be lost on a power cut of the host. Sessions are never evicted.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

from .base import (
    LOG_LIMIT,
    EventLog,
    Quota,
    Snapshot,
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
    check_document,
    check_events,
    check_version,
    new_session_id,
)
from .sqlite_connections import (
    ConnectionPool,
    LockWait,
    immediate,
    is_busy,
    primary_code,
)
from .sqlite_events import SqliteChangeFeed, append_event, mark_deleted, read_log
from .sqlite_health import CorruptionMark, DiskRoom
from .sqlite_schema import (
    NOT_WRITTEN,
    SWAP,
    WRITE,
    check_quota,
    check_room,
    checked_row,
    live_count,
    live_row,
    migrate,
    stored_count,
)

__all__ = ["SqliteStore"]

log = logging.getLogger(__name__)

T = TypeVar("T")

_SWEEP_BATCH: Final = 200
_BUSY_REPORTED_FOR: Final = 5.0
_START_LOCK_WAIT: Final = 5.0
_CORRUPT_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_INT64: Final = 2**63

class SqliteStore:
    """:class:`~service.storage.base.SessionStore` on one SQLite file; thread-, greenlet- and fork-safe.

    * ``path``: the database file; its directory is created (mode 0700) when missing.
    * ``ttl_seconds``: sliding lifetime; ``refresh_slack`` (default ``min(60, ttl/100)``) is how far behind
      the expiry may lag before a read pushes it back.
    * ``max_sessions``: sessions the file may hold; ``create`` raises :class:`StoreFull` beyond.
    * ``busy_timeout``: seconds a write waits for the lock before :class:`StoreBusy`.
    * ``disk_reserve_bytes``: free disk below which ``create`` raises :class:`StoreFull` (0: no reserve).
    * ``clock``: wall-clock seconds (``time.time``), for expiry; ``monotonic`` and ``sleep`` drive the
      lock wait and the health checks; ``free_bytes`` measures the disk. All injectable for tests.
    """

    backend = "sqlite"

    def __init__(
        self,
        path: str | os.PathLike[str],
        ttl_seconds: int,
        *,
        max_sessions: int = 100_000,
        busy_timeout: float = 0.25,
        disk_reserve_bytes: int = 0,
        refresh_slack: float | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] | None = None,
        sleep: Callable[[float], object] | None = None,
        free_bytes: Callable[[Path], int] | None = None,
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
        self._slack = min(60.0, self._ttl / 100) if refresh_slack is None else refresh_slack
        self._clock = clock
        self._wait = LockWait(busy_timeout, monotonic, sleep)
        self._pool = ConnectionPool(self.path)
        self._mark = CorruptionMark(self.path, clock=monotonic)
        self._disk = DiskRoom(self.path.parent, disk_reserve_bytes, free_bytes=free_bytes, clock=monotonic)
        self._closed = False
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._initialize()

    # -- the file ----------------------------------------------------------------------------------------------

    def _initialize(self, lock_wait: float = _START_LOCK_WAIT) -> None:
        """Create the file and the schema with a connection closed at once (before any fork).

        A file already marked corrupt is left alone; one found corrupt now is marked. Either way the store
        starts, refusing session calls with :class:`StoreCorrupt`, so that the stateless API keeps serving
        and ``/readyz`` can say what is wrong.
        """
        if self._mark.reason() is not None:
            log.error("session store: %s exists; not opening the database", self._mark.path.name)
            return

        def create_schema() -> None:
            conn = self._pool.open()
            try:
                migrate(conn)
            finally:
                conn.close()

        try:
            LockWait(max(lock_wait, self._wait.seconds)).run(create_schema)
        except sqlite3.DatabaseError as error:
            if primary_code(error) not in _CORRUPT_CODES:
                raise
            self._mark.set(_error_name(error))
            return
        with contextlib.suppress(OSError):
            os.chmod(self.path, 0o600)

    def _usable(self) -> None:
        """Refuse while the file is marked corrupt; reopen it once an operator has removed the mark."""
        if self._closed:
            raise StoreUnavailable("session store closed")
        reason = self._mark.reason()
        if reason is not None:
            raise StoreCorrupt(
                f"session store corrupt ({reason}); an operator must repair or replace the file"
            )
        if self._mark.seen_by_this_process:
            log.warning("session store: %s was removed; reopening the database", self._mark.path.name)
            self._pool.close()
            self._mark.forget()
            self._initialize(lock_wait=self._wait.seconds)  # inside a request: no longer than any other wait
            if self._mark.reason() is not None:
                raise StoreCorrupt("session store corrupt; an operator must repair or replace the file")

    def _translated(self, error: sqlite3.Error) -> StoreError:
        """The store error of a SQLite failure (a busy lock is handled by the lock wait before this)."""
        code = primary_code(error)
        if code == sqlite3.SQLITE_FULL:
            self._disk.write_refused()
            return StoreFull("session store full (disk)")
        if code in _CORRUPT_CODES:
            self._mark.set(_error_name(error))
            self._pool.close()
            return StoreCorrupt("session store corrupt; an operator must repair or replace the file")
        log.warning("session store: %s (%s)", type(error).__name__, _error_name(error))
        return StoreUnavailable(f"session store unavailable ({type(error).__name__})")

    def _call(self, operation: Callable[[sqlite3.Connection], T], *, creates: bool = False) -> T:
        """Run ``operation`` on a pooled connection, again while the lock is held, mapping SQLite's errors."""
        self._usable()
        if creates and self._disk.low():  # a flood at the reserve is refused without taking the games' write lock
            raise StoreFull("session store full (free disk below the reserve)")
        try:
            return self._wait.run(functools.partial(self._pool.run, operation))
        except StoreError:
            raise
        except sqlite3.Error as error:
            raise self._translated(error) from error

    # -- helpers -------------------------------------------------------------------------------------------

    # -- SessionStore ----------------------------------------------------------------------------------------

    def create(self, document: bytes, quota: Quota | None = None, events: bytes | None = None) -> Snapshot:
        document = check_document(document)
        events = check_events(events)
        client = None if quota is None else quota.client

        def insert(conn: sqlite3.Connection) -> str:
            now = self._clock()
            conn.execute(
                "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ? LIMIT ?)",
                (now, _SWEEP_BATCH),
            )
            conn.execute("DELETE FROM creations WHERE ends_at <= ?", (now,))
            window_end = None if quota is None else check_quota(conn, quota, now)
            check_room(conn, now, self._max)
            if self._disk.short_of(len(document) + len(events or b"")):
                raise StoreFull("session store full (free disk below the reserve)")
            while True:
                session_id = new_session_id()
                try:
                    conn.execute(
                        "INSERT INTO sessions (id, version, document, expires_at, client)"
                        " VALUES (?, 1, ?, ?, ?)",
                        (session_id, document, now + self._ttl, client),
                    )
                except sqlite3.IntegrityError:  # pragma: no cover - 192 random bits
                    continue
                break
            if events is not None:
                append_event(conn, session_id, 1, events)
            if window_end is not None:
                conn.execute(
                    "INSERT INTO creations (client, ends_at, count) VALUES (?, ?, 1)"
                    " ON CONFLICT (client, ends_at) DO UPDATE SET count = count + 1",
                    (client, window_end),
                )
            return session_id

        session_id = self._call(lambda conn: immediate(conn, lambda: insert(conn)), creates=True)
        self._disk.write_succeeded()
        return Snapshot(session_id, 1, document)

    def get(self, session_id: str) -> Snapshot:
        def read(conn: sqlite3.Connection) -> Snapshot:
            now = self._clock()
            row = live_row(conn, session_id, now)
            version, document = checked_row(session_id, row)
            if row[2] < now + self._ttl - self._slack:
                # One statement is one transaction; a concurrent write has refreshed the expiry itself. The
                # refresh is best effort and never waits for the lock: a read that could not push the expiry
                # back still answers, and a later one will.
                try:
                    conn.execute(
                        "UPDATE sessions SET expires_at = ? WHERE id = ? AND expires_at < ?",
                        (now + self._ttl, session_id, now + self._ttl),
                    )
                except sqlite3.OperationalError as error:
                    if not is_busy(error) and primary_code(error) != sqlite3.SQLITE_FULL:
                        raise
            return Snapshot(session_id, version, document)

        return self._call(read)

    def replace(
        self, session_id: str, expected_version: int, document: bytes, events: bytes | None = None
    ) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        events = check_events(events)

        def write(conn: sqlite3.Connection) -> int:
            now = self._clock()
            version = expected_version
            swap = (version + 1, document, now + self._ttl, session_id, version, now)
            if not (-_INT64 <= version < _INT64 - 1 and conn.execute(SWAP, swap).rowcount == 1):
                # Not the live, readable row of that version: find out what it is (and refuse), as before.
                version, _ = checked_row(session_id, live_row(conn, session_id, now))
                if version != expected_version:
                    raise VersionConflict(session_id, version, expected_version)
                conn.execute(
                    "UPDATE sessions SET version = ?, document = ?, expires_at = ? WHERE id = ?",
                    (version + 1, document, now + self._ttl, session_id),
                )
            if events is not None:
                append_event(conn, session_id, version + 1, events)
            return version + 1

        def written(conn: sqlite3.Connection) -> bool:
            """The write as one statement, when the row is the live one of that version and its expiry stands."""
            row = (session_id, expected_version, expected_version + 1, document, self._fresh_after(), events)
            try:
                conn.execute(WRITE, row)
            except sqlite3.IntegrityError as error:
                if str(error) != NOT_WRITTEN:
                    raise
                return False
            return True

        # The transaction path also pushes the expiry back, explains a refusal and trims the log past LOG_LIMIT.
        fast = 0 < expected_version < LOG_LIMIT and self._call(written)
        version = expected_version + 1 if fast else self._call(lambda conn: immediate(conn, lambda: write(conn)))
        self._disk.write_succeeded()
        return Snapshot(session_id, version, document)

    def _fresh_after(self) -> float:
        """An expiry later than this stands at a write (the read's ``refresh_slack`` rule)."""
        return self._clock() + self._ttl - self._slack

    def events(self, session_id: str, after: int) -> EventLog:
        after = check_version(after, "after")
        return self._call(lambda conn: read_log(conn, session_id, after, self._clock()))

    def feed(self, poll_interval: float = 0.02) -> SqliteChangeFeed:
        """A feed polling this file every ``poll_interval`` seconds (see :mod:`.sqlite_events`)."""
        return SqliteChangeFeed(self.path, poll_interval)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)

        def remove(conn: sqlite3.Connection) -> None:
            row = live_row(conn, session_id, self._clock())
            version = row[0]
            if isinstance(version, int) and not isinstance(version, bool) and version != expected_version:
                raise VersionConflict(session_id, version, expected_version)
            # A corrupt record (unreadable version) may be deleted by whoever may delete the session.
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
            mark_deleted(conn, session_id)

        self._call(lambda conn: immediate(conn, lambda: remove(conn)))

    def status(self) -> dict[str, object]:
        result: dict[str, object] = {
            "backend": self.backend,
            "ok": False,
            "full": False,
            "path": str(self.path),
            "max_sessions": self._max,
            "ttl_seconds": self._ttl_seconds,
            "disk_reserve_bytes": self._disk.reserve,
        }
        try:
            stored = self._call(stored_count)
            if stored >= self._max:  # expired rows still count until swept: count the live ones
                stored = self._call(lambda conn: live_count(conn, self._clock()))
            result["sessions"] = stored
            result["free_bytes"] = self._disk.free()
            full = stored >= self._max or self._disk.low()
            busy = self._wait.refused_within(_BUSY_REPORTED_FOR)
            result.update(ok=not (full or busy), full=full)
            if full:
                result["reason"] = "store_full"
                result["error"] = "session store full: new sessions are refused (507 store_full)"
            elif busy:
                result["reason"] = "store_busy"
                result["error"] = "the write lock was held past the wait a moment ago (503 store_busy)"
        except StoreCorrupt as exc:
            result.update(reason="store_corrupt", error=str(exc))
        except StoreError as exc:
            result.update(reason="store_full" if isinstance(exc, StoreFull) else "store_unavailable")
            result["full"] = isinstance(exc, StoreFull)
            result["error"] = str(exc)
        except Exception as exc:  # a health probe never raises
            result.update(reason="store_unavailable", error=type(exc).__name__)
        return result

    def close(self) -> None:
        self._closed = True
        self._pool.close()


def _error_name(error: BaseException) -> str:
    return str(getattr(error, "sqlite_errorname", "") or type(error).__name__)
