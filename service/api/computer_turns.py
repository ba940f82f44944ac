"""Computer seats that play by themselves (API.md, tables, "Computer seats"): no client call, no client's rate limit.

A write that leaves the turn to a seat the computer plays (``sessions.seats``) hands the table to this worker's
runner. The runner plays each table's computer turns in order, one table after another (first come, first
served: a table whose computer thinks long does not hold up the others beyond its own turn), each search
holding a slot of the host's pool of computer players (``thinking``), so the tables' own players never take
more CPU than the suggestions of clients could. A move is the same write as a client's ``{"computer": ...}``
(its events say ``by: "computer"``), made on the stored record with a compare-and-set on the version it was
computed from: whatever else changed the table first (a human move, the owner taking the seat back, another
worker's runner) wins, and the runner's move is dropped.

A table can also be noticed by a read (a view, legal moves, an event page) whose record has a computer to act:
after a restart, or when the worker that wrote the turn died before playing it. Such a table is played after
``NOTICED_DELAY_SECONDS``, and only if it is still at the version noticed, so the worker that wrote the turn
(which plays at once) is not raced by every worker its players read from.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Flask

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import GameState
from ..offload import releasing
from ..sessions.seats import Seats, computer_to_act
from ..usecases import suggestion_for
from . import thinking
from .jsonio import current_flask_app
from .problems import ApiProblem

log = logging.getLogger("service.computer_seats")

NOTICED_DELAY_SECONDS = 2.0
POOL_RETRY_SECONDS = 0.05
MOVES_IN_A_ROW = 64
"""Computer moves one table makes before it goes to the back of the queue (a table of computers only)."""
EXTENSION = "computer_turns"


@dataclass
class Turn:
    session_id: str
    version: int
    due: float


Computer = Callable[[Game, GameState, dict[str, Any]], Move]
PlayTurn = Callable[[str, int, Computer], "tuple[int, bool] | None"]
"""The endpoints' write of a computer seat's move (``sessions.computer_seat_move``): the session, the version
it must still be at, and how to think; the new version and whether the computer is to act again, or None."""


@dataclass
class Runner:
    app: Flask
    play_turn: PlayTurn
    clock: Callable[[], float] = time.monotonic
    queue: deque[Turn] = field(default_factory=deque)
    queued: set[str] = field(default_factory=set)
    played: int = 0
    """Computer moves this runner wrote (tests and metrics)."""

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._pid: int | None = None
        self._idle = threading.Event()
        self._idle.set()

    def schedule(self, session_id: str, version: int, delay: float = 0.0) -> None:
        with self._lock:
            if session_id in self.queued:
                return
            self.queued.add(session_id)
            self.queue.append(Turn(session_id, version, self.clock() + delay))
            self._idle.clear()
        self._started()
        self._wake.set()

    def wait_idle(self, timeout: float) -> bool:
        """Whether every queued table was played within ``timeout`` seconds (tests, and a stopping worker)."""
        return self._idle.wait(timeout)

    def _started(self) -> None:
        pid = os.getpid()
        if self._pid == pid:
            return
        with self._lock:
            if self._pid != pid:
                self._pid = pid
                threading.Thread(target=self._run, name="computer-seats", daemon=True).start()

    def _run(self) -> None:
        while True:
            turn = self._next()
            if turn is None:
                self._wake.wait(1.0)
                self._wake.clear()
                continue
            try:
                again = self._play(turn)
            except Exception:  # one table's failure must not stop every other table's computers
                log.exception("a computer seat's move failed")
                again = None
            with self._lock:
                self.queued.discard(turn.session_id)
                if again is not None:
                    self.queued.add(turn.session_id)
                    self.queue.append(Turn(turn.session_id, again, self.clock()))
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
        """The table's computer turns, up to ``MOVES_IN_A_ROW``; the version to go on from if there are more."""
        with self.app.test_request_context(
            f"/v1/sessions/{turn.session_id}/moves", method="POST", environ_base={"REMOTE_ADDR": "computer-seat"}
        ):
            version = turn.version
            for _ in range(MOVES_IN_A_ROW):
                try:
                    moved = self.play_turn(turn.session_id, version, self._think)
                except ApiProblem as problem:
                    if problem.status not in (403, 404, 409, 412):
                        log.warning("computer seat not played: %s", problem.code)
                    return None  # the table moved on, ended, or the seat went back to its player
                if moved is None:
                    return None
                self.played += 1
                version, more = moved
                if not more:
                    return None
            return version

    def _think(self, game: Game, state: GameState, choice: dict[str, Any]) -> Move:
        """The seat's move from its own view, holding a slot of the host's pool (waiting for one, in turn)."""
        pool = thinking.current()
        while (slot := pool.pool.take()) is None:
            time.sleep(POOL_RETRY_SECONDS)
        with releasing(slot):
            _, found = suggestion_for(game, state, state.turn, pool.within_budget(choice), pool.think)
        return found.move


def install(app: Flask, play_turn: PlayTurn) -> None:
    """Give the app its runner, which writes through ``play_turn`` (the endpoints' own write path)."""
    app.extensions[EXTENSION] = Runner(app, play_turn)


def runner() -> Runner:
    found: Runner = current_flask_app().extensions[EXTENSION]
    return found


def after_write(session_id: str, version: int, state: GameState, seats: Seats) -> None:
    """Hand the table to the runner when the computer plays the seat now to act."""
    if not state.round_over and computer_to_act(seats, state.turn) is not None:
        runner().schedule(session_id, version)


def noticed(
    session_id: str, version: int, state: dict[str, Any], seats: Seats, delay: float = NOTICED_DELAY_SECONDS
) -> None:
    """A stored record has a computer to act: play it after ``delay`` (a read's: soon, if nobody has by then)."""
    turn = state.get("turn")
    if state.get("round_over") is True or not isinstance(turn, int):
        return
    if computer_to_act(seats, turn) is not None:
        runner().schedule(session_id, version, delay)
