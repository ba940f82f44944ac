"""The event log of the SQLite session store, and its change feed.

``events(seq, session_id, version, body)`` holds the log (:mod:`.sqlite_schema`): a row is inserted in the
transaction that writes its version, so the log and the document never disagree; the unique index on
``(session_id, version)`` serves both the append and the reads; a trigger deletes a session's rows with its
row (a delete, or the expiry sweep).

The change feed follows ``seq`` with a connection of its own. The file is shared by every worker process of
the host and SQLite has no notifications across processes, so each worker's feed polls: one indexed query
``seq > last`` every ``poll_interval`` seconds, which costs next to nothing while nothing happens. ``seq`` is
an ``AUTOINCREMENT`` key: it never goes back, even when the newest rows were trimmed or deleted, and the
writers assign it under the write lock, so they commit in its order and a poll never skips a row.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from .base import LOG_LIMIT, EventLog, SessionCorrupt
from .sqlite_schema import checked_row, live_row

__all__ = ["SqliteChangeFeed", "append_event", "mark_deleted", "read_log"]

log = logging.getLogger(__name__)

#: Rows one poll reads at most; the rest come with the next one, at once.
_POLL_BATCH: Final = 1000
#: The pause after a failed poll, at most (the feed then returns empty, and tries again on the next wait).
_PAUSE_AFTER_FAILURE: Final = 0.1
# SQLite integers are 64-bit: a reader's ``after`` beyond any version is clamped rather than overflowing.
_HIGHEST_AFTER: Final = 2**62


def append_event(conn: sqlite3.Connection, session_id: str, version: int, body: bytes) -> None:
    """Append the entry of ``version`` and drop the oldest beyond :data:`LOG_LIMIT`; inside the writing
    transaction. The trim only looks further when the versions held could be more than the limit."""
    conn.execute(
        "INSERT INTO events (session_id, version, body) VALUES (?, ?, ?)", (session_id, version, body)
    )
    if version <= LOG_LIMIT:  # versions start at 1: up to the limit, the entries held cannot be more than it
        return
    (oldest,) = conn.execute("SELECT min(version) FROM events WHERE session_id = ?", (session_id,)).fetchone()
    if version - oldest < LOG_LIMIT:
        return
    conn.execute(
        "DELETE FROM events WHERE session_id = ?1 AND version <= (SELECT version FROM events"
        " WHERE session_id = ?1 ORDER BY version DESC LIMIT 1 OFFSET ?2)",
        (session_id, LOG_LIMIT),
    )


#: Deletions kept at most (older ones go with the next deletion): each feed reads a new one within a poll.
_DELETIONS_KEPT: Final = 1000


def mark_deleted(conn: sqlite3.Connection, session_id: str) -> None:
    """Inside the deleting transaction: a row in ``deletions``, which the feeds follow as they follow the log, so
    that the session's open streams look, find it gone, and end. Only the last ``_DELETIONS_KEPT`` stay."""
    conn.execute(
        "DELETE FROM deletions WHERE seq <= (SELECT seq FROM sqlite_sequence WHERE name = 'deletions') - ?",
        (_DELETIONS_KEPT,),
    )
    conn.execute("INSERT INTO deletions (session_id) VALUES (?)", (session_id,))


def read_log(conn: sqlite3.Connection, session_id: str, after: int, now: float) -> EventLog:
    """The entries of a live session after ``after``, in one read transaction (a consistent ``start``).

    Two index lookups when nothing is newer; the expiry is not touched.
    """
    after = max(-1, min(after, _HIGHEST_AFTER))
    conn.execute("BEGIN")
    try:
        checked_row(session_id, live_row(conn, session_id, now))
        (start,) = conn.execute(
            "SELECT min(version) FROM events WHERE session_id = ?", (session_id,)
        ).fetchone()
        rows = conn.execute(
            "SELECT version, body FROM events WHERE session_id = ? AND version > ? ORDER BY version",
            (session_id, after),
        ).fetchall()
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("COMMIT")
    entries = []
    for version, body in rows:
        if isinstance(version, bool) or not isinstance(version, int) or not isinstance(body, bytes):
            raise SessionCorrupt(session_id, "unreadable log entry")
        entries.append((version, body))
    return EventLog(0 if start is None else int(start), tuple(entries))


class SqliteChangeFeed:
    """The :class:`~service.storage.base.ChangeFeed` of a SQLite file: polls ``events.seq`` (see the module).

    Make it in the worker process that uses it (its connection is not carried across ``fork``).
    ``sleep`` and ``clock`` default to ``time.sleep`` and ``time.monotonic`` as they are when called, so that
    gevent's patched sleep lets the worker's requests run between polls.
    """

    def __init__(
        self,
        path: str | Path,
        poll_interval: float = 0.02,
        *,
        sleep: Callable[[float], object] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if poll_interval <= 0:
            raise ValueError("poll_interval must be positive")
        self.path = Path(path)
        self.poll_interval = poll_interval
        self._sleep = sleep
        self._clock = clock
        self._conn: sqlite3.Connection | None = None
        self._last: int | None = None
        self._last_deleted: int | None = None
        self._failing = False
        self._closed = False
        self._in_use = threading.Lock()
        """Held while the connection is used or dropped: ``close`` from another thread must not close it under a
        poll (sqlite3 then crashes the process)."""
        self.recoveries = 0
        with contextlib.suppress(sqlite3.Error, OSError):
            conn = self._connection()
            self._last, self._last_deleted = self._newest(conn), self._newest(conn, "deletions")

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(str(self.path), timeout=0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA busy_timeout=0")
            self._conn = conn
        return self._conn

    @staticmethod
    def _newest(conn: sqlite3.Connection, table: str = "events") -> int:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
        return 0 if row is None else int(row[0])

    def _poll(self) -> set[str]:
        conn = self._connection()
        if self._last is None or self._last_deleted is None:  # unreadable when the feed was made: from now on
            self._last, self._last_deleted = self._newest(conn), self._newest(conn, "deletions")
            return set()
        rows = conn.execute(
            "SELECT seq, session_id FROM events WHERE seq > ? ORDER BY seq LIMIT ?", (self._last, _POLL_BATCH)
        ).fetchall()
        if rows:
            self._last = int(rows[-1][0])
        deleted = conn.execute(
            "SELECT seq, session_id FROM deletions WHERE seq > ? ORDER BY seq LIMIT ?",
            (self._last_deleted, _POLL_BATCH),
        ).fetchall()
        if deleted:
            self._last_deleted = int(deleted[-1][0])
        return {str(session_id) for _, session_id in rows} | {str(session_id) for _, session_id in deleted}

    def wait(self, timeout: float) -> set[str]:
        now = self._clock or time.monotonic
        sleep = self._sleep or time.sleep
        deadline = now() + timeout
        while not self._closed:
            try:
                with self._in_use:
                    if self._closed:
                        break
                    found = self._poll()
            except (sqlite3.Error, OSError) as error:
                with self._in_use:
                    self._failed(error)
                sleep(max(0.0, min(_PAUSE_AFTER_FAILURE, deadline - now())))
                return set()
            if self._failing:
                log.info("session change feed: %s readable again", self.path.name)
                self._failing = False
                self.recoveries += 1  # wake-ups may have been lost meanwhile: the hub looks again at everything
            left = deadline - now()
            if found or left <= 0:
                return found
            sleep(min(self.poll_interval, left))
        return set()

    def _failed(self, error: BaseException) -> None:
        """Log a failure once per run of them, and start over with a new connection."""
        (log.debug if self._failing else log.warning)(
            "session change feed: cannot read %s (%s)", self.path.name, type(error).__name__
        )
        self._failing = True
        self._drop_connection()

    def _drop_connection(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(sqlite3.Error):
                conn.close()

    def close(self) -> None:
        self._closed = True
        with self._in_use:
            self._drop_connection()
