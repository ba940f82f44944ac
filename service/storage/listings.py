"""The tables each API key created (API.md, tables, "A host's tables"), newest first, in the store.

``listed(store, client, before, limit)`` gives the ``(created, session_id)`` of a client's tables created before
``before`` (a cursor: the last one of the previous page), newest first; ``add`` records a table as it is created,
``forget`` drops one whose record is gone (deleted, or expired: the reader finds it so and drops it). On Redis a
sorted set per client, ``f"{namespace}:listing:{{{client}}}"``, scored by creation time; on SQLite the
``listings`` table; in memory a dictionary per store.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from .base import SessionStore, StoreUnavailable
from .memory import MemoryStore
from .redis_store import RedisStore
from .sqlite_store import SqliteStore

Listed = list[tuple[float, str]]
_memory: dict[int, dict[str, dict[str, float]]] = {}
_memory_lock = threading.Lock()


def add(store: SessionStore, client: str, session_id: str, created: float) -> None:
    if isinstance(store, RedisStore):
        key = _key(store, client)
        store._run(lambda: store._client.zadd(key, {session_id: created}), key=key)
    elif isinstance(store, SqliteStore):
        store._call(
            lambda conn: conn.execute(
                "INSERT OR IGNORE INTO listings (client, created, session_id) VALUES (?, ?, ?)",
                (client, created, session_id),
            )
        )
    elif isinstance(store, MemoryStore):
        with _memory_lock:
            _memory.setdefault(id(store), {}).setdefault(client, {})[session_id] = created
    else:
        raise StoreUnavailable("this session store keeps no listings")


def listed(store: SessionStore, client: str, before: tuple[float, str] | None, limit: int) -> Listed:
    """The client's tables created before ``before`` (created, then id, both descending), newest first."""
    if isinstance(store, RedisStore):
        key = _key(store, client)
        top = "+inf" if before is None else before[0]
        found: Any = store._run(
            lambda: store._client.zrevrangebyscore(key, top, "-inf", start=0, num=limit + 64, withscores=True),
            key=key,
        )
        rows = [(float(score), _text(member)) for member, score in found]
        return _after(rows, before)[:limit]
    if isinstance(store, SqliteStore):

        def page(conn: sqlite3.Connection) -> Listed:
            if before is None:
                query = "SELECT created, session_id FROM listings WHERE client = ?"
                args: tuple[Any, ...] = (client,)
            else:
                query = (
                    "SELECT created, session_id FROM listings WHERE client = ?"
                    " AND (created < ? OR (created = ? AND session_id < ?))"
                )
                args = (client, before[0], before[0], before[1])
            rows = conn.execute(query + " ORDER BY created DESC, session_id DESC LIMIT ?", (*args, limit)).fetchall()
            return [(float(row[0]), str(row[1])) for row in rows]

        got: Listed = store._call(page)
        return got
    if isinstance(store, MemoryStore):
        with _memory_lock:
            entries = _memory.get(id(store), {}).get(client, {})
            rows = sorted(((at, sid) for sid, at in entries.items()), reverse=True)
        return _after(rows, before)[:limit]
    return []


def forget(store: SessionStore, client: str, session_id: str) -> None:
    if isinstance(store, RedisStore):
        key = _key(store, client)
        store._run(lambda: store._client.zrem(key, session_id), key=key)
    elif isinstance(store, SqliteStore):
        store._call(
            lambda conn: conn.execute(
                "DELETE FROM listings WHERE client = ? AND session_id = ?", (client, session_id)
            )
        )
    elif isinstance(store, MemoryStore):
        with _memory_lock:
            _memory.get(id(store), {}).get(client, {}).pop(session_id, None)


def _after(rows: Listed, before: tuple[float, str] | None) -> Listed:
    ordered = sorted(rows, reverse=True)
    return ordered if before is None else [row for row in ordered if row < before]


def _key(store: RedisStore, client: str) -> str:
    return f"{store.namespace}:listing:{{{client}}}"


def _text(member: Any) -> str:
    return member.decode() if isinstance(member, bytes) else str(member)
