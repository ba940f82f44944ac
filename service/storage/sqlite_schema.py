"""The SQLite session file's tables, how a file is brought to this schema, and the queries on the counts."""

from __future__ import annotations

import contextlib
import math
import sqlite3
from typing import Final

from .base import Quota, QuotaExceeded

__all__ = ["SCHEMA_VERSION", "check_quota", "live_count", "migrate", "stored_count"]

SCHEMA_VERSION: Final = 2

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
)


def migrate(conn: sqlite3.Connection) -> None:
    """WAL mode, then every table, index and trigger in one ``BEGIN IMMEDIATE`` transaction."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


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
