"""Session snapshot storage.

Use :func:`open_store` to get a :class:`SessionStore`; see :mod:`service.storage.base` for the contract
and the suggested HTTP mapping of its exceptions.
"""

from __future__ import annotations

from .base import (
    CircuitOpen,
    SessionNotFound,
    SessionStore,
    Snapshot,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
)
from .memory import MemoryStore
from .redis_store import RedisStore

__all__ = [
    "CircuitOpen",
    "MemoryStore",
    "RedisStore",
    "SessionNotFound",
    "SessionStore",
    "Snapshot",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "VersionConflict",
    "open_store",
]


def open_store(redis_url: str | None, ttl_seconds: int) -> SessionStore:
    """Return a :class:`RedisStore` when ``redis_url`` is given (non-empty), else a :class:`MemoryStore`.

    Creating a ``RedisStore`` does not connect: an unreachable Redis shows up later as
    :class:`StoreUnavailable` from the calls and as ``"ok": False`` in :meth:`SessionStore.status`.
    The memory store is per process (see :mod:`service.storage.memory`).
    """
    if redis_url:
        return RedisStore(redis_url, ttl_seconds)
    return MemoryStore(ttl_seconds)
