"""Connections to the SQLite session file: a fork-safe pool, and waiting for the write lock without blocking.

SQLite's own busy handler waits inside C, holding the calling thread: under gevent's monkey-patched workers
that freezes every request of the worker, and under sync workers it holds the worker for as long as the lock
is held. So the connections are opened with no busy timeout at all (a held lock is an immediate
``SQLITE_BUSY``), and :class:`LockWait` retries the whole operation with short sleeps until its deadline.
``time.sleep`` is looked up when called, not bound at import: gevent patches it after the app is preloaded,
and the patched sleep lets the worker's other requests run meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final, TypeVar

from .base import StoreBusy

__all__ = ["ConnectionPool", "LockWait", "immediate", "primary_code"]

T = TypeVar("T")

_BUSY_CODES: Final = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_FIRST_PAUSE: Final = 0.002
_LONGEST_PAUSE: Final = 0.02

# Connections inherited through fork: never used nor closed in the child (closing one could release locks
# the parent holds); kept referenced so that garbage collection does not close them either.
_INHERITED: list[sqlite3.Connection] = []


def primary_code(error: BaseException) -> int | None:
    """SQLite's primary result code of an error (``SQLITE_BUSY`` for ``SQLITE_BUSY_SNAPSHOT``), if it has one."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def is_busy(error: BaseException) -> bool:
    return isinstance(error, sqlite3.OperationalError) and primary_code(error) in _BUSY_CODES


def immediate(conn: sqlite3.Connection, body: Callable[[], T]) -> T:
    """``body`` inside one ``BEGIN IMMEDIATE`` transaction: committed when it returns, rolled back when it raises.
    A plain function rather than a context manager: a generator-based one costs several times the two
    statements' Python around them, on every write."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = body()
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    try:
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise
    return result


class LockWait:
    """Run an operation again while SQLite says the lock is held, for at most ``seconds``; then :class:`StoreBusy`.

    The operation must be a whole transaction (rolled back when it raises), so that running it again is
    safe. ``clock`` and ``sleep`` default to ``time.monotonic`` and ``time.sleep`` as they are when called.
    """

    def __init__(
        self,
        seconds: float,
        clock: Callable[[], float] | None = None,
        sleep: Callable[[float], object] | None = None,
    ) -> None:
        if seconds <= 0:
            raise ValueError("the lock wait must be positive")
        self.seconds = seconds
        self._clock = clock
        self._sleep = sleep
        self.last_refused: float | None = None
        """When (on ``clock``) an operation was last refused as busy."""

    def now(self) -> float:
        return (self._clock or time.monotonic)()

    def refused_within(self, seconds: float) -> bool:
        return self.last_refused is not None and self.now() - self.last_refused < seconds

    def run(self, operation: Callable[[], T]) -> T:
        deadline: float | None = None
        pause = _FIRST_PAUSE
        while True:
            try:
                return operation()
            except sqlite3.OperationalError as error:
                if not is_busy(error):
                    raise
            now = self.now()
            if deadline is None:
                deadline = now + self.seconds
            if now >= deadline:
                self.last_refused = now
                raise StoreBusy(
                    f"session store busy: the write lock was held for more than {self.seconds * 1000:.0f} ms"
                )
            (self._sleep or time.sleep)(min(pause, deadline - now))
            pause = min(pause * 2, _LONGEST_PAUSE)


class ConnectionPool:
    """Idle connections of this process, handed to one caller at a time (thread, greenlet or request).

    A pool rather than thread-locals: under gevent every request is a greenlet, and a thread-local made before
    the patching is shared by all of them. After a ``fork`` the child starts with an empty pool and never
    touches the parent's connections. :meth:`close` closes the idle connections at once and those in use as
    they come back, so a caller never finds its connection closed under it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()  # held only around list operations, never across a wait
        self._pid = os.getpid()
        self._generation = 0
        self._idle: list[sqlite3.Connection] = []
        self._owned: list[sqlite3.Connection] = []

    def open(self) -> sqlite3.Connection:
        """A new connection with no busy timeout (see the module's docstring)."""
        conn = sqlite3.connect(str(self.path), timeout=0, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA busy_timeout=0")
            conn.execute("PRAGMA synchronous=NORMAL")
        except BaseException:
            conn.close()
            raise
        return conn

    def _after_fork(self) -> None:
        """Call with the lock held."""
        pid = os.getpid()
        if pid != self._pid:
            _INHERITED.extend(self._owned)
            self._pid, self._idle, self._owned = pid, [], []

    def run(self, operation: Callable[[sqlite3.Connection], T]) -> T:
        """``operation`` on a connection of the pool; the connection goes back afterwards unless it is stale or
        inside a transaction. (Every store call runs here: no context manager, for the same reason as
        ``immediate``.)"""
        with self._lock:
            self._after_fork()
            conn = self._idle.pop() if self._idle else None
            generation = self._generation
        if conn is None:
            conn = self.open()
            with self._lock:
                self._owned.append(conn)
        try:
            return operation(conn)
        finally:
            with self._lock:
                keep = os.getpid() == self._pid and generation == self._generation and not conn.in_transaction
                if keep:
                    self._idle.append(conn)
                elif conn in self._owned:
                    self._owned.remove(conn)
            if not keep:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()

    def close(self) -> None:
        """Close this process's idle connections now, and those in use when they are given back."""
        with self._lock:
            self._after_fork()
            self._generation += 1
            idle, self._idle = self._idle, []
            for conn in idle:
                self._owned.remove(conn)
        for conn in idle:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
