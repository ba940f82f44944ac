"""Computer seats that play by themselves (API.md, tables, "Computer seats"): no client call, no client's rate limit.

A write that leaves the turn to a seat the computer plays (``sessions.seats``) hands the table to this worker's
runner. The runner plays each table's computer turns in order, one table after another (first come, first
served: a table whose computer thinks long does not hold up the others beyond its own turn), each search
holding a slot of the host's pool of computer players (``api/thinking``), so the tables' own players never take
more CPU than the suggestions of clients could. A move is the same write as a client's ``{"computer": ...}``
(its events say ``by: "computer"``), made on the stored record with a compare-and-set on the version it was
computed from: whatever else changed the table first (a human move, the owner taking the seat back, another
worker's runner) wins, and the runner's move is dropped.

A table can also be noticed by a read (a view, legal moves, an event page) whose record has a computer to act:
after a restart, or when the worker that wrote the turn died before playing it. Such a table is played after
``NOTICED_DELAY_SECONDS``, and only if it is still at the version noticed, so the worker that wrote the turn
(which plays at once) is not raced by every worker its players read from.

The same runner acts on the tables' clocks (``sessions.clock``): a write that leaves a seat to act at a clocked
table notes its deadline in the store's index (``storage.deadlines``) before the write, and every runner that
polls (a worker that has written a clocked table, and every worker of gunicorn from its start, so that a
restart loses no deadline) looks for due ones every ``poll_seconds`` (``DEADLINE_POLL_SECONDS``). Acting on one
is claimed once across workers and instances (``storage.claims``) and written with a compare-and-set on the
version the deadline was set by, so it happens exactly once, or not at all when the seat moved in time.

This module knows no HTTP: the blueprint gives the runner its writes (``api/session_table``: a computer seat's
move and a clock's, each made in a request context of its own), the store, the wall clock and the context its
chores run in.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.state import GameState
from ..storage import deadlines
from ..storage.base import StoreError
from .record import TableFields
from .seats import computer_to_act

log = logging.getLogger("service.computer_seats")

NOTICED_DELAY_SECONDS = 2.0
POLL_SECONDS = 0.25
"""How often a polling runner looks for due deadlines by default (a deadline is acted on within this, and the
move's time), and how often a runner without chores looks whether its app's store was closed."""
DUE_BATCH = 50
MOVES_IN_A_ROW = 64
"""Computer moves one table makes before it goes to the back of the queue (a table of computers only)."""


@dataclass
class Turn:
    session_id: str
    version: int
    due: float
    deadline: float | None = None
    """A clock's deadline to act on (the record's own, checked again), or None: a computer seat's turn."""

    @property
    def key(self) -> tuple[str, bool]:
        return self.session_id, self.deadline is not None


Moved = tuple[int, bool] | None
"""A write's new version and whether the computer is to act again; None when there was nothing to do, or when
the write was refused (the table moved on, ended, or the seat went back to its player)."""
PlayTurn = Callable[[str, int], Moved]
"""The endpoints' write of a computer seat's move (``sessions.computer_seat_move``): the session, the version
it must still be at, and how to think."""
PlayTimeout = Callable[[str, float], Moved]
"""The endpoints' write of what a clock does when ``deadline`` passed (``sessions.timed_out``)."""




@dataclass
class Runner:
    play_turn: PlayTurn
    play_timeout: PlayTimeout
    store: Callable[[], Any]
    """The app's session store (``deadlines`` reads and writes its index)."""
    within: Callable[[], AbstractContextManager[Any]]
    """The context a write or a chore runs in (the blueprint's: a request of the runner's own)."""
    wall_clock: Callable[[], float] = time.time
    """Seconds since the epoch, as deadlines are kept; a test gives its own."""
    clock: Callable[[], float] = time.monotonic
    queue: deque[Turn] = field(default_factory=deque)
    queued: set[tuple[str, bool]] = field(default_factory=set)
    played: int = 0
    """Computer moves this runner wrote (tests and metrics)."""
    timeouts: int = 0
    """Deadlines this runner acted on (tests, metrics and the bench)."""
    polling: bool = False
    poll_seconds: float = POLL_SECONDS
    """How often this runner, polling, looks for due deadlines in the store (``DEADLINE_POLL_SECONDS``)."""
    chores: list[tuple[Callable[[], None], float]] = field(default_factory=list)
    """What a polling runner also does every so many seconds, ``within`` (``add_chore``)."""

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._pid: int | None = None
        self._idle = threading.Event()
        self._idle.set()
        self._polled = 0.0
        self._chored: dict[int, float] = {}

    def add_chore(self, chore: Callable[[], None], every: float) -> None:
        self.chores.append((chore, every))

    def _do_chores_for_good(self) -> None:
        pause = threading.Event()  # never set: a wait, not time.sleep (which a test may have patched)
        while True:
            pause.wait(self.until_next_chore())
            if self.polling:
                self.do_chores()
            elif self._store_closed():
                return

    def until_next_chore(self) -> float:
        """How long the chores' thread waits: a polling runner until its next chore is due (an idle worker wakes
        once a chore, not four times a second), one that does no chores ``POLL_SECONDS`` (it looks whether its
        app's store was closed)."""
        if not self.polling or not self.chores:
            return POLL_SECONDS
        now = self.clock()
        due = min(self._chored.get(index, float("-inf")) + every for index, (_, every) in enumerate(self.chores))
        return max(POLL_SECONDS, due - now)

    def do_chores(self) -> None:
        """Run the chores that are due (each one's failure logged, the others done)."""
        for index, (chore, every) in enumerate(self.chores):
            if self.clock() - self._chored.get(index, float("-inf")) < every:
                continue
            self._chored[index] = self.clock()
            try:
                with self.within():
                    chore()
            except Exception:
                log.exception("a runner's chore failed")

    def schedule(self, session_id: str, version: int, delay: float = 0.0, deadline: float | None = None) -> None:
        turn = Turn(session_id, version, self.clock() + delay, deadline)
        with self._lock:
            if turn.key in self.queued:
                return
            self.queued.add(turn.key)
            self.queue.append(turn)
            self._idle.clear()
        self.start()
        self._wake.set()

    def wait_idle(self, timeout: float) -> bool:
        """Whether every queued table was played within ``timeout`` seconds (tests, and a stopping worker)."""
        return self._idle.wait(timeout)

    def start(self, polling: bool = False) -> None:
        """Run this process's runner thread (once per process: a forked worker starts its own)."""
        self.polling = self.polling or polling
        pid = os.getpid()
        if self._pid == pid:
            return
        with self._lock:
            if self._pid != pid:
                self._pid = pid
                threading.Thread(target=self._run, name="computer-seats", daemon=True).start()
                # Their own thread: a table's long run of computer moves must not hold them up.
                threading.Thread(target=self._do_chores_for_good, name="table-chores", daemon=True).start()

    def poll(self) -> int:
        """Queue every table whose deadline is due by the app's wall clock; how many were found."""
        if self._store_closed():  # the app is done with its store (a test's, a stopping worker's)
            self.polling = False
            return 0
        try:
            due = deadlines.due_deadlines(self.store(), self.wall_clock(), DUE_BATCH)
        except StoreError as error:  # the store is down: the next poll tries again
            log.debug("deadlines not read: %s", error)
            return 0
        for session_id, deadline in due:
            self.schedule(session_id, 0, deadline=deadline)
        return len(due)

    def poll_when_due(self) -> None:
        """Poll (``poll``) when this runner polls and ``poll_seconds`` have passed since it last did."""
        if self.polling and self.clock() - self._polled >= self.poll_seconds:
            self._polled = self.clock()
            self.poll()

    def _run(self) -> None:
        while True:
            self.poll_when_due()
            turn = self._next()
            if turn is None:
                # A turn delayed until later is played at most a second late, however seldom the store is polled.
                self._wake.wait(min(self.poll_seconds, 1.0) if self.polling else 1.0)
                self._wake.clear()
                continue
            try:
                again = self._play(turn)
            except Exception:  # one table's failure must not stop every other table's computers
                log.exception("a computer seat's move failed")
                again = None
            with self._lock:
                self.queued.discard(turn.key)
                if again is not None:
                    follow = Turn(turn.session_id, again, self.clock())
                    if follow.key not in self.queued:
                        self.queued.add(follow.key)
                        self.queue.append(follow)
                if not self.queue:
                    self._idle.set()

    def _next(self) -> Turn | None:
        with self._lock:
            for _ in range(len(self.queue)):
                turn = self.queue.popleft()
                if turn.due <= self.clock():
                    return turn
                self.queue.append(turn)
            if not self.queue:
                self._idle.set()
            return None

    def _play(self, turn: Turn) -> int | None:
        """The table's deadline, then its computer turns, up to ``MOVES_IN_A_ROW``; the version to go on from
        if there are more."""
        with self.within():
            version = turn.version
            for step in range(MOVES_IN_A_ROW):
                deadline = turn.deadline if step == 0 else None  # a clock's move first, then the computer's
                if deadline is not None:
                    write = functools.partial(self.play_timeout, turn.session_id, deadline)
                else:
                    write = functools.partial(self.play_turn, turn.session_id, version)
                moved = write()
                if moved is None:
                    return None
                if deadline is not None:
                    self.timeouts += 1
                else:
                    self.played += 1
                version, more = moved
                if not more:
                    return None
            return version

    def _store_closed(self) -> bool:
        return bool(getattr(self.store(), "_closed", False))

    # -- what a write tells the runner ------------------------------------------------------------------------

    def timed(self, table: TableFields, state: GameState) -> TableFields:
        """The table's fields after a write that leaves ``state``: a new deadline when a seat is to act."""
        if table.clock is None:
            return table
        to_act = table.ended is None and not state.round_over and state.turn is not None
        return replace(table, clock=table.clock.after_write(to_act, self.wall_clock()))

    def note_deadline(self, session_id: str, table: TableFields) -> None:
        """Index the table's deadline in the store, before the write that sets it (so none is ever missing)."""
        clock = table.clock
        if clock is None or clock.deadline is None or not clock.acts():
            return
        deadlines.set_deadline(self.store(), session_id, clock.deadline)
        self.start(polling=True)

    def after_write(self, session_id: str, version: int, state: GameState, table: TableFields) -> None:
        """Take the table when the computer plays the seat now to act."""
        if table.ended is None and not state.round_over and computer_to_act(table.seats, state.turn) is not None:
            self.schedule(session_id, version)

    def noticed(
        self,
        session_id: str,
        version: int,
        state: dict[str, Any],
        table: TableFields,
        delay: float = NOTICED_DELAY_SECONDS,
    ) -> None:
        """A stored record has a computer to act, or a deadline passed: act after ``delay`` (a read's: soon, if
        nobody has by then)."""
        turn = state.get("turn")
        if table.ended is not None or state.get("round_over") is True or not isinstance(turn, int):
            return
        if computer_to_act(table.seats, turn) is not None:
            self.schedule(session_id, version, delay)
        clock = table.clock
        if clock is not None and clock.acts() and clock.deadline is not None and clock.deadline <= self.wall_clock():
            self.schedule(session_id, version, delay, deadline=clock.deadline)
