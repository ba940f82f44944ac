"""Session snapshot storage.

Use :func:`open_store` to get a :class:`SessionStore`; see :mod:`service.storage.base` for the contract
and the suggested HTTP mapping of its exceptions.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
from pathlib import Path

from .base import (
    LOG_LIMIT,
    ChangeFeed,
    CircuitOpen,
    EventLog,
    Quota,
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    SessionStore,
    Snapshot,
    StoreBusy,
    StoreCorrupt,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
)
from .memory import MemoryStore
from .redis_store import RedisStore
from .sqlite_store import SqliteStore

__all__ = [
    "LOG_LIMIT",
    "ChangeFeed",
    "CircuitOpen",
    "EventLog",
    "MemoryStore",
    "Quota",
    "QuotaExceeded",
    "RedisStore",
    "SessionCorrupt",
    "SessionNotFound",
    "SessionStore",
    "Snapshot",
    "SqliteStore",
    "StoreBusy",
    "StoreCorrupt",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "VersionConflict",
    "open_store",
]


log = logging.getLogger(__name__)


def open_store(redis_url: str | None, ttl_seconds: int) -> SessionStore:
    """The session store the configuration names (the rest of it comes from the environment).

    * ``REDIS_URL`` set: a :class:`RedisStore` (``REDIS_CLUSTER=1``: through the Redis Cluster client;
      ``REDIS_PASSWORD`` or ``REDIS_PASSWORD_FILE`` when the URL carries no password).
      Creating it does not connect: an unreachable Redis shows up later as :class:`StoreUnavailable` and
      as ``"ok": false`` in :meth:`SessionStore.status`.
    * Otherwise the embedded, durable :class:`SqliteStore` in ``SESSION_DB`` (default
      ``$XDG_STATE_HOME/cardrules/sessions.sqlite3``), shared by every worker of the host and kept across
      restarts. When that directory cannot be created (a read-only home), the file goes to a private
      directory under the system temporary directory instead, with a warning.
    """
    from ..config import Settings

    settings = Settings.from_env()
    if redis_url:
        return RedisStore(
            redis_url,
            ttl_seconds,
            cluster=settings.redis_cluster,
            password=settings.redis_password,
            max_sessions=settings.session_max,
            high_water=settings.session_redis_high_water,
        )
    path = settings.session_db or "sessions.sqlite3"

    def embedded(where: str | Path) -> SqliteStore:
        return SqliteStore(
            where,
            ttl_seconds,
            max_sessions=settings.session_max,
            busy_timeout=settings.session_busy_timeout_ms / 1000,
            disk_reserve_bytes=settings.session_disk_reserve_mb * 1024 * 1024,
        )

    try:
        return embedded(path)
    except (OSError, sqlite3.Error) as exc:
        # A damaged file is no reason to move elsewhere (its sessions would vanish from sight): the store opens
        # on it and reports it corrupt. This is for a directory that cannot be made or written.
        if os.environ.get("SESSION_DB"):
            raise
        fallback = Path(tempfile.gettempdir()) / f"cardrules-{os.getuid()}" / "sessions.sqlite3"
        log.warning("session store: cannot use %s (%s); using %s", path, type(exc).__name__, fallback)
        return embedded(fallback)
