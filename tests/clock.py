"""A clock for the tests of the computer players' time budget (the ``search_clock`` fixture)."""

from __future__ import annotations


class SteppingClock:
    """A stand-in for ``time.perf_counter`` that moves ``step`` seconds at every reading, however loaded the
    machine is: a search budget then ends after a number of clock readings (a measure of work), never after
    so much wall time. ``readings`` counts them."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.readings = 0
        self.now = 0.0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now


UNHURRIED_STEP = 1e-6
"""1 µs a reading: the 2,000 ms budget cap is two million readings away, so no search the tests ask for is
ever cut short by it (a strong playout reads the clock twice)."""


class HandClock:
    """A wall clock (seconds since the epoch) that moves only when the test sets ``now``: what a table's
    deadlines are judged by in the tests of its clock, however loaded the machine is."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now
