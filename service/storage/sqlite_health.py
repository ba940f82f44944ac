"""What the SQLite store knows about its file beyond one call: damaged until an operator acts, and disk room.

* :class:`CorruptionMark`: SQLite reported the file corrupt (``SQLITE_CORRUPT``, ``SQLITE_NOTADB``). Retrying
  cannot help, and a restart must not hide it, so a marker file ``<db>.corrupt`` is written beside the
  database: every worker (and every later start) sees it and refuses with ``store_corrupt`` instead of
  touching the file. The operator repairs or moves the database away and deletes the marker; the workers
  notice within ``recheck`` seconds.
* :class:`DiskRoom`: free bytes on the file's filesystem. New sessions are refused when they would leave less
  than ``reserve`` bytes, so that the games already stored still have room to be played. A creation measures
  the disk itself, under the write lock (:meth:`DiskRoom.short_of`): one measure a second let a flood of
  creations run past the reserve to a full disk, where the moves were refused too. ``/readyz`` reads a measure
  at most ``recheck`` seconds old.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path

__all__ = ["CorruptionMark", "DiskRoom"]

log = logging.getLogger(__name__)


class CorruptionMark:
    """The ``<db>.corrupt`` marker: written when SQLite finds the file damaged, removed only by an operator."""

    def __init__(
        self, database: Path, recheck: float = 1.0, clock: Callable[[], float] | None = None
    ) -> None:
        self.path = database.with_name(database.name + ".corrupt")
        self._recheck = recheck
        self._clock = clock
        self._lock = threading.Lock()
        self._checked_at = float("-inf")
        self._reason: str | None = None
        self.seen_by_this_process = False
        """True once this process refused because of the mark (it then reopens the file when the mark goes)."""

    def _now(self) -> float:
        return (self._clock or time.monotonic)()

    def reason(self) -> str | None:
        """Why the store is marked corrupt, or None; the marker file is read at most once per ``recheck``."""
        now = self._now()
        with self._lock:
            if now - self._checked_at < self._recheck:
                return self._reason
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            found = None
        except OSError as error:  # unreadable, but there: still a mark
            found = type(error).__name__
        else:
            found = _reason_in(text)
        with self._lock:
            self._checked_at, self._reason = now, found
            if found is not None:
                self.seen_by_this_process = True
        return found

    def set(self, reason: str) -> None:
        """Mark the store corrupt (for every process and every later start, when the directory is writable)."""
        log.error("session store: the database file is damaged (%s); refusing until an operator acts", reason)
        body = json.dumps({"reason": reason, "at": time.time()})
        try:
            temporary = self.path.with_name(self.path.name + f".{os.getpid()}")
            temporary.write_text(body + "\n", encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            log.error("session store: cannot write %s (%s); only this process knows", self.path.name, error)
        with self._lock:
            self._checked_at, self._reason = self._now(), reason
            self.seen_by_this_process = True

    def forget(self) -> None:
        """This process reopened the file after the operator removed the mark."""
        with self._lock:
            self.seen_by_this_process = False


def _reason_in(text: str) -> str:
    with contextlib.suppress(ValueError, AttributeError):
        reason = json.loads(text).get("reason")
        if isinstance(reason, str) and reason:
            return reason[:200]
    return "marked corrupt"


class DiskRoom:
    """Free bytes on a directory's filesystem: measured at each creation, and for a report at most once per
    ``recheck`` seconds."""

    def __init__(
        self,
        directory: Path,
        reserve: int,
        recheck: float = 1.0,
        free_bytes: Callable[[Path], int] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if reserve < 0:
            raise ValueError("the disk reserve must not be negative")
        self.directory = directory
        self.reserve = reserve
        self._recheck = recheck
        self._free_bytes = free_bytes or _free_bytes
        self._clock = clock
        self._lock = threading.Lock()
        self._measured: tuple[float, int | None] = (float("-inf"), None)
        self._full_until = float("-inf")

    def _now(self) -> float:
        return (self._clock or time.monotonic)()

    def free(self) -> int | None:
        """Free bytes (None when the filesystem cannot be asked, e.g. an in-memory database)."""
        now = self._now()
        with self._lock:
            measured_at, free = self._measured
            if now - measured_at < self._recheck:
                return free
        try:
            free = self._free_bytes(self.directory)
        except OSError:
            free = None
        with self._lock:
            self._measured = (now, free)
        return free

    def low(self) -> bool:
        """Below the reserve, or a write failed for want of room a moment ago (a measure ``recheck`` old)."""
        return self._refused_recently() or self._below(self.free(), 0)

    def short_of(self, size: int) -> bool:
        """Whether ``size`` more bytes would leave less than the reserve, measured now; or a write failed for want
        of room a moment ago. For a creation, which the store makes under its write lock, so that no two
        creations pass on one measure."""
        if self._refused_recently():
            return True
        try:
            free: int | None = self._free_bytes(self.directory)
        except OSError:
            free = None
        with self._lock:
            self._measured = (self._now(), free)
        return self._below(free, size)

    def _refused_recently(self) -> bool:
        with self._lock:
            return self._now() < self._full_until

    def _below(self, free: int | None, size: int) -> bool:
        return free is not None and self.reserve > 0 and free - size < self.reserve

    def write_refused(self, hold: float = 30.0) -> None:
        """SQLite said the disk is full: report it for ``hold`` seconds even if the measure says otherwise."""
        with self._lock:
            self._full_until = self._now() + hold
            self._measured = (float("-inf"), None)

    def write_succeeded(self) -> None:
        with self._lock:
            self._full_until = float("-inf")


def _free_bytes(directory: Path) -> int:
    return shutil.disk_usage(directory).free
