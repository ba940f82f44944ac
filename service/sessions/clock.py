"""A table's clock (API.md, tables, "Clocks"): how long a seat has for a move, and what happens when it runs out.

No HTTP and no store here. The record keeps ``to_record``'s dictionary under ``clock``: the settings and the
current ``deadline`` (seconds since the epoch, or absent when no one is to move). Every write that leaves a seat
to act sets a new deadline (``after_write``); the service acts on it by itself (``service/sessions/runner``):

- ``computer``: the computer plays that seat's move, at the clock's ``level``;
- ``forfeit``: that seat's side loses the match (``sessions.ending``);
- ``none``: the deadline is only shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

ON_TIMEOUT = ("computer", "forfeit", "none")
MIN_SECONDS, MAX_SECONDS = 1, 86_400
DEFAULT_LEVEL = "greedy"


@dataclass(frozen=True)
class TableClock:
    move_seconds: int
    on_timeout: str
    level: str = DEFAULT_LEVEL
    """The computer player's level for a move the clock makes (``on_timeout: computer``)."""
    deadline: float | None = None
    """When the seat to act runs out of time, in seconds since the epoch; None when no one is to move."""

    def after_write(self, to_act: bool, now: float) -> TableClock:
        """The clock after a write that leaves a seat to act (``to_act``) or nobody (a round over, a match ended)."""
        return replace(self, deadline=now + self.move_seconds if to_act else None)

    def acts(self) -> bool:
        """Whether the service acts when the deadline passes (``none`` only shows it)."""
        return self.on_timeout != "none"


def rfc3339(seconds: float) -> str:
    """UTC with milliseconds and a ``Z``: ``2026-12-05T18:00:02.500Z``."""
    moment = datetime.fromtimestamp(seconds, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def shown(clock: TableClock | None) -> dict[str, Any] | None:
    """What every token reads of the clock."""
    if clock is None:
        return None
    deadline = None if clock.deadline is None else rfc3339(clock.deadline)
    return {"move_seconds": clock.move_seconds, "on_timeout": clock.on_timeout, "turn_deadline": deadline}


def from_request(asked: dict[str, Any] | None) -> TableClock | None:
    if asked is None:
        return None
    return TableClock(asked["move_seconds"], asked["on_timeout"], asked.get("level", DEFAULT_LEVEL))


def to_record(clock: TableClock) -> dict[str, Any]:
    kept: dict[str, Any] = {"move_seconds": clock.move_seconds, "on_timeout": clock.on_timeout, "level": clock.level}
    if clock.deadline is not None:
        kept["deadline"] = clock.deadline
    return kept


def from_record(value: object) -> TableClock | None:
    """The record's ``clock`` (absent: a table without one); ``TypeError`` for one no release wrote."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("clock field")
    seconds, on_timeout, level = value.get("move_seconds"), value.get("on_timeout"), value.get("level")
    deadline = value.get("deadline")
    if type(seconds) is not int or on_timeout not in ON_TIMEOUT or not isinstance(level, str):
        raise TypeError("clock field")
    if deadline is not None and type(deadline) not in (int, float):
        raise TypeError("clock field")
    return TableClock(seconds, str(on_timeout), level, None if deadline is None else float(deadline))
