"""The SQLite session file's tables, how a file is brought to this schema, and the queries shared by its users."""

from __future__ import annotations

import math
import sqlite3
from typing import Any, Final

from .base import Quota, QuotaExceeded, SessionCorrupt, SessionNotFound, StoreFull, is_valid_session_id
from .sqlite_connections import immediate

__all__ = [
    "NOT_WRITTEN",
    "SCHEMA_VERSION",
    "SWAP",
    "WRITE",
    "check_quota",
    "check_room",
    "checked_row",
    "live_count",
    "live_row",
    "migrate",
    "stored_count",
]

SCHEMA_VERSION: Final = 6
_FULL_SWEEP_BATCH: Final = 2_000
NOT_WRITTEN: Final = "session row not written"
"""What the one-statement write (``session_writes``) aborts with when it leaves the row alone."""

_SCHEMA: Final = (
    "CREATE TABLE IF NOT EXISTS sessions ("
    " id TEXT PRIMARY KEY, version INTEGER NOT NULL, document BLOB NOT NULL,"
    " expires_at REAL NOT NULL, client TEXT)",
    "CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at)",
    "CREATE INDEX IF NOT EXISTS sessions_client ON sessions (client, expires_at)",
    "CREATE TABLE IF NOT EXISTS creations ("
    " client TEXT NOT NULL, ends_at INTEGER NOT NULL, count INTEGER NOT NULL,"
    " PRIMARY KEY (client, ends_at)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
    # A file from before the counts table: its rows are counted once, in the transaction that adds the
    # triggers, so no creation of another worker can slip between the count and the first trigger.
    "INSERT OR IGNORE INTO counts (name, value) SELECT 'sessions', count(*) FROM sessions",
    "CREATE TRIGGER IF NOT EXISTS sessions_added AFTER INSERT ON sessions BEGIN"
    " UPDATE counts SET value = value + 1 WHERE name = 'sessions'; END",
    "CREATE TRIGGER IF NOT EXISTS sessions_removed AFTER DELETE ON sessions BEGIN"
    " UPDATE counts SET value = value - 1 WHERE name = 'sessions'; END",
    # Version 3: the event log (:mod:`.sqlite_events`). ``seq`` only grows, deletions notwithstanding
    # (AUTOINCREMENT), so the change feeds of every worker can follow it; the log goes with its session, by
    # delete or by the expiry sweep, through the trigger.
    "CREATE TABLE IF NOT EXISTS events ("
    " seq INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, version INTEGER NOT NULL,"
    " body BLOB NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS events_by_session ON events (session_id, version)",
    "CREATE TRIGGER IF NOT EXISTS sessions_log_removed AFTER DELETE ON sessions BEGIN"
    " DELETE FROM events WHERE session_id = OLD.id; END",
    # Version 4: a move's write as one statement (``WRITE`` below): inserting into this view runs the
    # compare-and-set of the row and the log's entry as one trigger program, atomic without a transaction of
    # its own (every statement is one). A row that is not the live one of that version, or whose expiry is
    # due to be pushed back, is left alone and the statement aborts: the store then takes the transaction path.
    "CREATE VIEW IF NOT EXISTS session_writes AS SELECT id, version AS expected, version, document,"
    " expires_at AS fresh_after, NULL AS body FROM sessions WHERE 0",
    "CREATE TRIGGER IF NOT EXISTS session_written INSTEAD OF INSERT ON session_writes BEGIN"
    " UPDATE sessions SET version = NEW.version, document = NEW.document"
    " WHERE id = NEW.id AND version = NEW.expected AND typeof(version) = 'integer' AND typeof(document) = 'blob'"
    " AND typeof(expires_at) IN ('integer', 'real') AND expires_at >= NEW.fresh_after;"
    f" SELECT RAISE(ABORT, '{NOT_WRITTEN}') WHERE changes() = 0;"
    " INSERT INTO events (session_id, version, body) SELECT NEW.id, NEW.version, NEW.body"
    " WHERE NEW.body IS NOT NULL;"
    " END",
    # Version 5: deletions, which the change feeds follow beside the log (a deleted session's open streams then
    # end at once; its log went with it), and single-use claims (a stream ticket's nonce: ``claims.py``).
    "CREATE TABLE IF NOT EXISTS deletions (seq INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS claims (name TEXT PRIMARY KEY, expires_at REAL NOT NULL) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS claims_expiry ON claims (expires_at)",
    # Version 6: the tables' turn deadlines (``deadlines.py``), one row a session, so that a deadline is acted
    # on by whichever worker looks first, after a restart too.
    "CREATE TABLE IF NOT EXISTS deadlines (session_id TEXT PRIMARY KEY, due REAL NOT NULL) WITHOUT ROWID",
    "CREATE INDEX IF NOT EXISTS deadlines_due ON deadlines (due)",
    # and the tables each API key created, newest first (``listings.py``).
    "CREATE TABLE IF NOT EXISTS listings (client TEXT NOT NULL, created REAL NOT NULL, session_id TEXT NOT NULL,"
    " PRIMARY KEY (client, created, session_id)) WITHOUT ROWID",
)


SWAP: Final = (
    "UPDATE sessions SET version = ?1, document = ?2, expires_at = ?3"
    " WHERE id = ?4 AND version = ?5 AND typeof(version) = 'integer' AND typeof(document) = 'blob'"
    " AND typeof(expires_at) IN ('integer', 'real') AND expires_at > ?6"
)
"""A write's compare-and-set in one statement, its expiry pushed back: it changes the row only when it is what
``live_row`` and ``checked_row`` accept (a live session, a readable record) at the expected version."""
WRITE: Final = (
    "INSERT INTO session_writes (id, expected, version, document, fresh_after, body) VALUES (?, ?, ?, ?, ?, ?)"
)
"""A write of a live row whose expiry stands (within the refresh slack of a fresh one, as a read leaves it), and
its log entry, in one statement through the ``session_writes`` trigger: most moves of a game in progress. The
row alone changes, not the expiry's two indexes."""


def migrate(conn: sqlite3.Connection) -> None:
    """WAL mode, then every table, index and trigger in one ``BEGIN IMMEDIATE`` transaction."""
    conn.execute("PRAGMA journal_mode=WAL")

    def create() -> None:
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    immediate(conn, create)


def live_row(conn: sqlite3.Connection, session_id: str, now: float) -> Any:
    """The ``(version, document, expires_at)`` row of a live session; :class:`SessionNotFound` otherwise."""
    if not is_valid_session_id(session_id):
        raise SessionNotFound(session_id)
    row = conn.execute(
        "SELECT version, document, expires_at FROM sessions WHERE id = ?", (session_id,)
    ).fetchone()
    if row is None or not isinstance(row[2], int | float) or row[2] <= now:
        raise SessionNotFound(session_id)
    return row


def checked_row(session_id: str, row: Any) -> tuple[int, bytes]:
    """The version and document of a :func:`live_row`; :class:`SessionCorrupt` when they cannot be read."""
    version, document = row[0], row[1]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SessionCorrupt(session_id, "version is not a positive integer")
    if not isinstance(document, bytes):
        raise SessionCorrupt(session_id, "document is not bytes")
    return version, document


def check_room(conn: sqlite3.Connection, now: float, max_sessions: int) -> None:
    """Refuse a creation at the cap, after sweeping expired rows harder than a creation usually does."""
    if stored_count(conn) < max_sessions:
        return
    conn.execute(
        "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ? LIMIT ?)",
        (now, _FULL_SWEEP_BATCH),
    )
    if stored_count(conn) < max_sessions:
        return
    (soonest,) = conn.execute("SELECT min(expires_at) FROM sessions").fetchone()
    wait = 60 if soonest is None else min(60, max(1, math.ceil(soonest - now)))
    raise StoreFull(f"session store full ({max_sessions} live sessions)", retry_after=wait)


def stored_count(conn: sqlite3.Connection) -> int:
    """Rows in ``sessions`` (expired ones too, until they are swept), read in constant time."""
    row = conn.execute("SELECT value FROM counts WHERE name = 'sessions'").fetchone()
    return 0 if row is None else int(row[0])


def live_count(conn: sqlite3.Connection, now: float) -> int:
    """Sessions not yet expired at ``now`` (linear in the sessions: only where the stored count is not enough)."""
    (live,) = conn.execute("SELECT count(*) FROM sessions WHERE expires_at > ?", (now,)).fetchone()
    return int(live)


def check_quota(conn: sqlite3.Connection, quota: Quota, now: float) -> int | None:
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
