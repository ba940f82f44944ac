"""Who is at the table (API.md, tables, "Presence"): a seat is connected while its player holds a stream or has
called within the last ``PRESENCE_SECONDS`` (30 by default), and a public ``presence`` event tells the table
when that changes.

What the table last heard is part of the record (``seats[i].connected``, written with the event, so a seat's
events alone rebuild its view). When a seat was last heard from is not: it is an entry of the store's deadline
index (``storage.deadlines``) under ``entry_key``, due when the seat has been silent for the whole window; the
runner that finds it due (``sessions.runner``) writes the ``presence`` event that says the seat left. A
worker refreshes a seat's entry at most every ``REFRESH_SECONDS`` (``Sightings``), so a seat reading four times
a second costs the store one small write every few seconds, and the entry is due between the window and the
window plus ``REFRESH_SECONDS`` after its player's last call. The seats holding a stream are refreshed together,
each worker's every ``STREAM_REFRESH_SECONDS`` (``HeldStreams``) in writes of twenty entries with the worker's
other work between them: five thousand quiet streams cost a worker about 165 ms of store work every 20 s, not a
write a heartbeat each, and never one long pause. The seats whose last stream here ends are written together too
(``Departures``): ten thousand streams closing at once are five hundred short writes, not ten thousand. A
player who reconnects within the window (a browser tab reloaded, a phone between two cells) changes nothing and
sends no event.

A presence event is the only write that keeps a seat's If-Match good: the record keeps the version of the last
write that changed anything else (``presence_base``), and If-Match may name any version from that one on (a
move made on a view read before another player came or went is still a move made on the current table).
"""

from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

PRESENCE_SECONDS = 30.0
REFRESH_SECONDS = 5.0
"""At most one refresh of a seat's entry this often from one worker (the window is extended by as much)."""
SIGHTINGS_KEPT = 20_000
"""The seats whose last refresh one worker remembers (the oldest forgotten first: it is refreshed again)."""
STREAM_REFRESH_SECONDS = 20.0
"""How often a worker refreshes, in one call to the store, the entries of every seat holding a stream there; an
entry so refreshed is due twice that long after the window, so a worker that dies with its streams open leaves
its seats connected for at most the window and 40 s."""
SEPARATOR = "."
"""Between a session id and a seat in an entry key: no session id holds one (base64url)."""


def entry_key(session_id: str, seat: int) -> str:
    return f"{session_id}{SEPARATOR}{seat}"


def parse_entry(key: str) -> tuple[str, int] | None:
    """The session and seat of a presence entry of the deadline index; None for a clock's entry."""
    session_id, separator, seat = key.rpartition(SEPARATOR)
    if not separator or not seat.isdigit() or len(seat) > 3:
        return None
    return session_id, int(seat)


def due_after(window: float) -> float:
    """How long after a refresh its entry falls due: the window, and the refreshes a worker skips."""
    return window + REFRESH_SECONDS


def event(seat: int, connected: bool) -> dict[str, Any]:
    return {"type": "presence", "to": "all", "seat": seat, "connected": connected}


class HeldStreams:
    """The seats holding a stream in this worker, and how many each holds."""

    def __init__(self) -> None:
        self._held: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()

    def opened(self, session_id: str, seat: int) -> None:
        with self._lock:
            self._held[(session_id, seat)] = self._held.get((session_id, seat), 0) + 1

    def closed(self, session_id: str, seat: int) -> bool:
        """Forget one stream of the seat; whether it held no other one here."""
        with self._lock:
            left = self._held.get((session_id, seat), 1) - 1
            if left > 0:
                self._held[(session_id, seat)] = left
                return False
            self._held.pop((session_id, seat), None)
            return True

    def seats(self) -> list[tuple[str, int]]:
        with self._lock:
            return list(self._held)


class Sightings:
    """When this worker last refreshed each seat's entry (by the wall clock the entries are due by)."""

    def __init__(self) -> None:
        self._seen: OrderedDict[tuple[str, int], float] = OrderedDict()
        self._lock = threading.Lock()

    def stale(self, session_id: str, seat: int, now: float) -> bool:
        """Whether the seat's entry is to be refreshed now (not refreshed here for ``REFRESH_SECONDS``)."""
        with self._lock:
            last = self._seen.get((session_id, seat))
        return last is None or now - last >= REFRESH_SECONDS

    def refreshed(self, session_id: str, seat: int, now: float) -> None:
        with self._lock:
            self._seen[(session_id, seat)] = now
            self._seen.move_to_end((session_id, seat))
            while len(self._seen) > SIGHTINGS_KEPT:
                self._seen.popitem(last=False)

    def forget(self, session_id: str, seat: int) -> None:
        with self._lock:
            self._seen.pop((session_id, seat), None)


class Departures:
    """The entries of the seats whose last stream in this worker just ended, written together.

    Each such seat's window runs from the moment its stream ended, so its entry must be written then: one write
    each was ten thousand store transactions when as many streams closed at once (a client's network gone, a
    worker stopping), about a second of the worker's event loop with its other answers waiting. So the first
    stream to end becomes the writer: it lets the others that end in the same turn of the loop add theirs
    (``time.sleep(0)``: under gevent a turn of the loop; elsewhere it changes nothing), then writes up to
    ``batch`` at a time, yielding between two writes, until none is left. An entry's due time is taken when it is
    noted, so waiting for the writer changes no window."""

    def __init__(self, batch: int) -> None:
        self.batch = batch
        self._pending: dict[str, float] = {}
        self._writing = False
        self._lock = threading.Lock()

    def note(self, key: str, due: float, write: Callable[[dict[str, float]], None]) -> None:
        """Have ``key`` written as due at ``due``, by this caller (then with whatever else is noted meanwhile)
        or by the writer already at work."""
        with self._lock:
            self._pending[key] = due
            if self._writing:
                return
            self._writing = True
        try:
            while True:
                time.sleep(0)
                with self._lock:
                    keys = list(itertools.islice(self._pending, self.batch))
                    if not keys:
                        self._writing = False
                        return
                    entries = {key: self._pending.pop(key) for key in keys}
                write(entries)
        except BaseException:
            with self._lock:
                self._writing = False
            raise
