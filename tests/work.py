"""How much work a call does, counted rather than timed: how many lines of Python it executes.

A count is the same on a fast machine and on a loaded one, so a test that bounds it can say "this is cheap"
without depending on the machine's speed. It counts Python lines only: work done inside C (orjson, sqlite3)
or inside the compiled engine is not seen, so a bound on it is an upper bound for the Python part of a call.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TypeVar

Result = TypeVar("Result")


class LineCounter:
    """Counts the Python lines executed in this thread while it is on (``with LineCounter() as counted:``)."""

    def __init__(self) -> None:
        self.lines = 0

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "line":
            self.lines += 1
        return self._trace

    def __enter__(self) -> LineCounter:
        if sys.gettrace() is not None:
            raise RuntimeError("another tracer (a debugger, coverage) is on: lines cannot be counted")
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(None)


def lines_executed(call: Callable[[], Result]) -> tuple[Result, int]:
    """``call()``'s result and the number of Python lines it executed (in this thread)."""
    with LineCounter() as counted:
        result = call()
    return result, counted.lines
