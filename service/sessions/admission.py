"""How many readers may wait for events (streams and long polls): per worker, per client and per host.

A gevent worker holds ``worker_connections`` connections; a reader that waits holds one for minutes. So the
readers of one worker are capped below that (``here``), leaving a reserve that only rules requests can use,
and the readers of one client address and of the whole host are capped across every worker of the host: a
few addresses cannot take the host's connections by spreading their streams over its workers.

Counting across workers without a lock they would all contend for: each worker owns one row of a shared,
memory-mapped table (``EVENT_WAITERS_DIR``, made by ``deploy/gunicorn.conf.py``), claimed by holding an
``flock`` on the row's lock file for the worker's whole life. A worker writes only its own row and reads
every row: the host's count is the sum. A worker that dies releases its lock with its process, and the next
one to claim the row zeroes it; a row whose worker died and was not replaced is zeroed by the first refusal
that looks at it (the row names its process, checked only then). A client's count sits in two cells chosen
by two independent hashes of its address, and is read as the smaller sum (a count-min sketch): another
address inflates it only if it shares both cells. Two workers admitting at the same instant may each pass a
cap once, so a cap is exceeded by at most the number of workers; no lock is worth more than that.

Without a shared directory (tests, a single process) the same table lives in this process's memory.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import logging
import mmap
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

log = logging.getLogger("service.waiting")

ROWS = 128
"""Workers one host can count (one row each); a worker finding none free counts only itself."""
CELLS = 16384
"""Client cells a row holds, after its header."""
_HEADER = 2  # cell 0: the row's pid, cell 1: the row's readers
_ROW = _HEADER + CELLS
_INT = 4


@dataclass(frozen=True)
class Caps:
    here: int
    """Readers one worker holds at once (its connections beyond that stay for rules requests)."""
    per_client: int
    """Readers of one client address across the host."""
    host: int
    """Readers across the host."""


class Refused(Exception):
    """No place: ``which`` cap was reached (``here``, ``client`` or ``host``)."""

    def __init__(self, which: str) -> None:
        super().__init__(which)
        self.which = which


def _cells(client: str) -> tuple[int, int]:
    digest = hashlib.blake2b(client.encode(errors="replace"), digest_size=8).digest()
    first = int.from_bytes(digest[:4], "little") % CELLS
    second = int.from_bytes(digest[4:], "little") % CELLS
    if second == first:
        second = (first + 1) % CELLS
    return _HEADER + first, _HEADER + second


def _gone(pid: int) -> bool:
    """Whether no process ``pid`` exists (one of another user's exists: it is not gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


class Table:
    """The shared table of counts, this worker's row in it, and the admissions made through it."""

    def __init__(self, directory: str | None) -> None:
        self._lock = threading.Lock()
        self._lock_file: IO[bytes] | None = None
        self._pid = os.getpid()
        self.shared = False
        self._cells = self._shared(Path(directory)) if directory else None
        if self._cells is None:
            self._cells = memoryview(bytearray(ROWS * _ROW * _INT)).cast("i")
            self._row = 0
        self._cells[self._row * _ROW] = self._pid

    def _shared(self, directory: Path) -> memoryview | None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            path = directory / "waiters.counts"
            with open(path, "a+b") as grown:
                grown.truncate(max(os.fstat(grown.fileno()).st_size, ROWS * _ROW * _INT))
            for row in range(ROWS):
                lock_file = open(directory / f"row-{row}.lock", "a+b")  # noqa: SIM115 - held for life
                try:
                    fcntl.flock(lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    lock_file.close()
                    continue
                with open(path, "r+b") as mapped:
                    cells = memoryview(mmap.mmap(mapped.fileno(), ROWS * _ROW * _INT)).cast("i")
                self._lock_file, self._row, self.shared = lock_file, row, True
                cells[row * _ROW : (row + 1) * _ROW] = memoryview(bytearray(_ROW * _INT)).cast("i")
                return cells
            log.warning("every row of %s is taken: this worker counts its own readers only", directory)
        except OSError as error:
            log.warning("cannot share the waiting readers' counts in %s (%s): counted per worker", directory, error)
        return None

    def _sum(self, cell: int) -> int:
        cells = self._cells
        assert cells is not None
        return sum(cells[cell::_ROW])  # one cell of every row, summed without a Python loop

    def here(self) -> int:
        assert self._cells is not None
        return int(self._cells[self._row * _ROW + 1])

    def host(self) -> int:
        return self._sum(1)

    def client(self, client: str) -> int:
        first, second = _cells(client)
        return min(self._sum(first), self._sum(second))

    def admit(self, client: str, caps: Caps) -> None:
        """Count one more reader of ``client`` here, or raise :class:`Refused` naming the cap it would pass."""
        with self._lock:
            self._refuse_if_full(client, caps)
            self._add(client, 1)

    def check(self, client: str, caps: Caps) -> None:
        """Raise :class:`Refused` if ``client`` would be refused now, counting nothing: a look at the counts that
        costs far less than the work a request does before it asks to wait (a token checked against the store),
        so a client retrying at its cap is refused before that work."""
        with self._lock:
            self._refuse_if_full(client, caps)

    def _refuse_if_full(self, client: str, caps: Caps) -> None:
        which = self._full(client, caps)
        if which is not None and which != "here" and self._forget_the_dead():
            which = self._full(client, caps)
        if which is not None:
            raise Refused(which)

    def release(self, client: str) -> None:
        with self._lock:
            self._add(client, -1)

    def _full(self, client: str, caps: Caps) -> str | None:
        if self.here() >= caps.here:
            return "here"
        if self.client(client) >= caps.per_client:
            return "client"
        if self.host() >= caps.host:
            return "host"
        return None

    def _add(self, client: str, step: int) -> None:
        cells = self._cells
        assert cells is not None
        base = self._row * _ROW
        for cell in (1, *_cells(client)):
            cells[base + cell] += step

    def room_elsewhere(self, below: int) -> bool:
        """Whether another live worker of the host holds fewer than ``below`` readers (a look at each row: asked
        only of a worker near its own cap, ``Hub.gives_way``)."""
        cells = self._cells
        if not self.shared or cells is None:
            return False
        for row in range(ROWS):
            pid = cells[row * _ROW]
            if row != self._row and pid > 0 and cells[row * _ROW + 1] < below and not _gone(pid):
                return True
        return False

    def _forget_the_dead(self) -> bool:
        """Zero the rows of workers that are gone (only when a cap refuses: it costs a look at each row)."""
        cells = self._cells
        if not self.shared or cells is None:
            return False
        forgot = False
        for row in range(ROWS):
            pid = cells[row * _ROW]
            if row == self._row or pid <= 0 or cells[row * _ROW + 1] == 0:
                continue
            if _gone(pid):
                cells[row * _ROW : (row + 1) * _ROW] = memoryview(bytearray(_ROW * _INT)).cast("i")
                forgot = True
        return forgot

    def close(self) -> None:
        lock_file, self._lock_file = self._lock_file, None
        if lock_file is not None:
            with contextlib.suppress(OSError):
                lock_file.close()
