"""Claims made once across every worker and instance: a stream ticket is used at most once.

``claim_once(store, name, ttl)`` is true for the first caller that claims ``name`` while the claim lives, and
false for every later one, wherever it runs: on Redis a ``SET NX`` with an expiry (one key, so any node of a
Cluster), on SQLite a row of the ``claims`` table in the same file (inserted or not, expired rows swept by the
claims that follow), in memory a dictionary. The claim lives ``ttl`` seconds, which outlasts what it guards
(a ticket is refused by its own expiry after that), so the tables stay small.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from typing import Any

from .base import SessionStore, StoreUnavailable
from .memory import MemoryStore
from .redis_store import RedisStore
from .sqlite_store import SqliteStore

_SWEEP_BATCH = 100
_memory_claims: dict[int, dict[str, float]] = {}
_memory_lock = threading.Lock()


def claim_once(store: SessionStore, name: str, ttl_seconds: int, now: float | None = None) -> bool:
    """Whether this call is the first to claim ``name`` within ``ttl_seconds``; raises
    :class:`~service.storage.base.StoreUnavailable` (or a subclass) when the store cannot say."""
    if isinstance(store, RedisStore):
        return _redis_claim(store, name, ttl_seconds)
    if isinstance(store, SqliteStore):
        return _sqlite_claim(store, name, ttl_seconds, time.time() if now is None else now)
    if isinstance(store, MemoryStore):
        return _memory_claim(store, name, ttl_seconds, time.monotonic() if now is None else now)
    raise StoreUnavailable("this session store keeps no claims")


def _redis_claim(store: RedisStore, name: str, ttl_seconds: int) -> bool:
    key = f"{store.namespace}:claim:{{{name}}}"
    client: Any = store._client
    answer = store._run(lambda: client.set(key, b"1", nx=True, ex=max(1, ttl_seconds)), key=key)
    return bool(answer)


def _sqlite_claim(store: SqliteStore, name: str, ttl_seconds: int, now: float) -> bool:
    def claim(conn: sqlite3.Connection) -> bool:
        conn.execute(
            "DELETE FROM claims WHERE name IN (SELECT name FROM claims WHERE expires_at <= ? LIMIT ?)",
            (now, _SWEEP_BATCH),
        )
        inserted = conn.execute(
            "INSERT OR IGNORE INTO claims (name, expires_at) VALUES (?, ?)", (name, now + ttl_seconds)
        )
        return inserted.rowcount == 1

    found: bool = store._call(claim)
    return found


def _memory_claim(store: MemoryStore, name: str, ttl_seconds: int, now: float) -> bool:
    with _memory_lock:
        claims = _memory_claims.setdefault(id(store), {})
        for stale in [key for key, ends in claims.items() if ends <= now][:_SWEEP_BATCH]:
            del claims[stale]
        if name in claims:
            return False
        claims[name] = now + ttl_seconds
        return True
