"""One timer for a worker's waiting readers (service/sessions/alarms.py): each wait ends by news or at its own
time, none earlier, none forgotten, and nothing is left behind. The clock is injected: the ticker's real sleeps
only pace it, and every check waits on an outcome, never on a duration."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from service.sessions.alarms import Alarms
from tests.clock import HandClock

SETTLE_SECONDS = 10.0
"""How long a check waits for a thread to get somewhere it must get to (a hang fails, a pass is at once)."""


@contextmanager
def waiting(alarms: Alarms, event: threading.Event, seconds: float) -> Iterator[list[bool]]:
    """``alarms.wait(event, seconds)`` in a thread of its own; the list gets its answer."""
    answer: list[bool] = []
    thread = threading.Thread(target=lambda: answer.append(alarms.wait(event, seconds)), daemon=True)
    before = alarms.pending
    thread.start()
    placed = threading.Event()
    while not placed.wait(0.001):
        if alarms.pending > before or answer:
            placed.set()
    yield answer
    thread.join(SETTLE_SECONDS)
    assert not thread.is_alive(), "a wait never ended"


def test_a_wait_ends_at_its_time_and_not_before() -> None:
    clock = HandClock(1000.0)
    alarms = Alarms(clock)
    soon, later = threading.Event(), threading.Event()
    with waiting(alarms, later, 30.0) as later_answer:
        with waiting(alarms, soon, 15.0) as soon_answer:
            clock.now += 15.0
        assert soon_answer == [True]
        assert not later.is_set(), "the later wait rang with the earlier one"
        assert alarms.pending == 1
        clock.now += 15.0
    assert later_answer == [True]
    assert alarms.pending == 0


def test_news_ends_a_wait_and_leaves_no_place_behind() -> None:
    clock = HandClock(1000.0)
    alarms = Alarms(clock)
    news = threading.Event()
    with waiting(alarms, news, 15.0) as answer:
        news.set()
    assert answer == [True]
    assert alarms.pending == 0
    clock.now += 15.0
    assert alarms.ring_due() == 0, "the alarm of a wait already ended still rang"


def test_an_event_already_set_or_no_time_left_does_not_wait() -> None:
    alarms = Alarms(HandClock(1000.0))
    done = threading.Event()
    done.set()
    assert alarms.wait(done, 15.0) is True
    assert alarms.wait(threading.Event(), 0.0) is False
    assert alarms.pending == 0


def test_the_ticker_stops_when_nobody_waits_and_starts_again() -> None:
    clock = HandClock(1000.0)
    alarms = Alarms(clock)
    for _ in range(2):
        event = threading.Event()
        with waiting(alarms, event, 5.0) as answer:
            clock.now += 5.0
        assert answer == [True]
        stopped = threading.Event()
        while not stopped.wait(0.001):
            if alarms._ticker_pid is None:
                stopped.set()


def test_many_waits_each_ring_once_at_their_own_time() -> None:
    clock = HandClock(1000.0)
    alarms = Alarms(clock)
    events = [threading.Event() for _ in range(40)]
    answers: list[list[bool]] = [[] for _ in events]
    threads = [
        threading.Thread(target=lambda i=i: answers[i].append(alarms.wait(events[i], 1.0 + i)), daemon=True)
        for i in range(len(events))
    ]
    for thread in threads:
        thread.start()
    placed = threading.Event()
    while not placed.wait(0.001):
        if alarms.pending == len(events):
            placed.set()
    clock.now += 20.5  # the first twenty waits (1 to 20 s) are due, the others (21 to 40 s) are not
    for thread in threads[:20]:
        thread.join(SETTLE_SECONDS)
    assert [bool(answer) for answer in answers] == [True] * 20 + [False] * 20
    assert alarms.pending == 20
    clock.now += 20.0
    for thread in threads:
        thread.join(SETTLE_SECONDS)
    assert all(answer == [True] for answer in answers)
    assert alarms.pending == 0
