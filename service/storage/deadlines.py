"""The tables' turn deadlines, kept in the store so that every worker of every instance can find the ones due.

One entry a session's clock, and one a seat that was heard from (``sessions.presence``, its own key):
``set_deadline`` (before the record's write that sets the deadline, so that no written
deadline is missing from the index: an entry whose write then failed is found due, read, and dropped),
``due_deadlines`` (the sessions whose entry is due, oldest first) and ``drop_deadline`` (only while the entry
still says ``due``: a newer deadline written meanwhile stays). The entry is a hint, never the truth: whoever acts
reads the record, checks its own deadline, and writes with a compare-and-set on its version.

On Redis a sorted set under ``f"{namespace}:deadlines"`` (one key: a Cluster keeps it on one node); on SQLite
the ``deadlines`` table of the session file; in memory a dictionary per store.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from redis.exceptions import RedisError

from .base import SessionStore, StoreUnavailable
from .memory import MemoryStore
from .redis_store import RedisStore
from .sqlite_store import SqliteStore

_memory: dict[int, dict[str, float]] = {}
_memory_lock = threading.Lock()

_DROP_LUA = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then return redis.call('ZREM', KEYS[1], ARGV[1]) end
return 0
"""


def set_deadline(store: SessionStore, session_id: str, due: float) -> None:
    """Keep ``due`` (seconds since the epoch) as the session's next deadline."""
    if isinstance(store, RedisStore):
        key = _key(store)
        store._run(lambda: store._client.zadd(key, {session_id: due}), key=key)
    elif isinstance(store, SqliteStore):
        store._call(
            lambda conn: conn.execute(
                "INSERT INTO deadlines (session_id, due) VALUES (?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET due = excluded.due",
                (session_id, due),
            )
        )
    elif isinstance(store, MemoryStore):
        with _memory_lock:
            _memory.setdefault(id(store), {})[session_id] = due
    else:
        raise StoreUnavailable("this session store keeps no deadlines")


def set_deadlines(store: SessionStore, entries: dict[str, float]) -> None:
    """Keep each of ``entries`` (key: its due time) in one call to the store."""
    if not entries:
        return
    if isinstance(store, RedisStore):
        key = _key(store)
        store._run(lambda: store._client.zadd(key, entries), key=key)
    elif isinstance(store, SqliteStore):
        rows = list(entries.items())
        store._call(
            lambda conn: conn.executemany(
                "INSERT INTO deadlines (session_id, due) VALUES (?, ?)"
                " ON CONFLICT (session_id) DO UPDATE SET due = excluded.due",
                rows,
            )
        )
    elif isinstance(store, MemoryStore):
        with _memory_lock:
            _memory.setdefault(id(store), {}).update(entries)
    else:
        raise StoreUnavailable("this session store keeps no deadlines")


def due_deadlines(store: SessionStore, now: float, limit: int = 100) -> list[tuple[str, float]]:
    """The sessions whose deadline is at or before ``now``, oldest first, and their deadlines."""
    if isinstance(store, RedisStore):
        # Polled by every worker several times a second: past the circuit breaker, which counts the requests'
        # failures (a poll during an outage would keep it open, and refuse the first moves after it).
        try:
            found: Any = store._client.zrangebyscore(_key(store), "-inf", now, start=0, num=limit, withscores=True)
        except RedisError as error:
            raise StoreUnavailable(f"deadlines not read: {type(error).__name__}") from error
        return [(_text(member), float(score)) for member, score in found]
    if isinstance(store, SqliteStore):

        def due(conn: sqlite3.Connection) -> list[tuple[str, float]]:
            rows = conn.execute(
                "SELECT session_id, due FROM deadlines WHERE due <= ? ORDER BY due LIMIT ?", (now, limit)
            ).fetchall()
            return [(str(row[0]), float(row[1])) for row in rows]

        listed: list[tuple[str, float]] = store._call(due)
        return listed
    if isinstance(store, MemoryStore):
        with _memory_lock:
            entries = _memory.get(id(store), {})
            return sorted(((sid, at) for sid, at in entries.items() if at <= now), key=lambda item: item[1])[:limit]
    return []


def due_of(store: SessionStore, session_id: str) -> float | None:
    """The entry's due time, or None when it has none."""
    if isinstance(store, RedisStore):
        key = _key(store)
        score: Any = store._run(lambda: store._client.zscore(key, session_id), key=key)
        return None if score is None else float(score)
    if isinstance(store, SqliteStore):

        def due(conn: sqlite3.Connection) -> float | None:
            row = conn.execute("SELECT due FROM deadlines WHERE session_id = ?", (session_id,)).fetchone()
            return None if row is None else float(row[0])

        found: float | None = store._call(due)
        return found
    if isinstance(store, MemoryStore):
        with _memory_lock:
            return _memory.get(id(store), {}).get(session_id)
    return None


def drop_deadline(store: SessionStore, session_id: str, due: float) -> None:
    """Forget the session's entry if it still says ``due``."""
    if isinstance(store, RedisStore):
        key = _key(store)
        client = store._client
        store._run(lambda: client.eval(_DROP_LUA, 1, key, session_id, repr(due)), key=key)
    elif isinstance(store, SqliteStore):
        store._call(
            lambda conn: conn.execute("DELETE FROM deadlines WHERE session_id = ? AND due = ?", (session_id, due))
        )
    elif isinstance(store, MemoryStore):
        with _memory_lock:
            entries = _memory.get(id(store), {})
            if entries.get(session_id) == due:
                del entries[session_id]


def _key(store: RedisStore) -> str:
    return f"{store.namespace}:deadlines"


def _text(member: Any) -> str:
    return member.decode() if isinstance(member, bytes) else str(member)
