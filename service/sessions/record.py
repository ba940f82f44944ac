"""A session's stored record, as bytes in the store and as fields: its format, and what each field may hold.

The record holds the game, the state, the token digests (``auth``), the sealed seed of a server-dealt round
(``fairness``), whether the table is sealed, the kept answers of retried writes (``replies``), the deployment's
tag over the state, and the table's own fields: who sits where (``seats``), a conceded match (``ended``) and
the clock. A field a release did not write yet is absent and read as its default, so older records keep working.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from . import clock as clocks
from . import ending, seats

RECORD_FORMAT = 1
"""The layout of a stored record. A record without one was written before the field existed and has this
layout; a higher one was written by a newer release (a rollback, say) and is refused rather than misread."""


class UnknownFormat(ValueError):
    pass


@dataclass(frozen=True)
class TableFields:
    """The table's own fields of the record, beside the game and its tokens."""

    seats: seats.Seats = ()
    ended: ending.Conceded | None = None
    clock: clocks.TableClock | None = None
    created: float | None = None
    """When the table was created (seconds since the epoch); None for a record made before it was kept."""


NO_TABLE = TableFields()
_UNNAMED = seats.Seat()
"""A seat the record need not keep: no name, played by its human, not heard at the table, never reissued."""


@dataclass(frozen=True)
class Record:
    game: str
    state: dict[str, Any]
    auth: dict[str, Any]
    fairness: dict[str, str] | None
    sealed: bool
    replies: list[dict[str, Any]]
    state_tag: str | None
    table: TableFields = NO_TABLE
    updated: float | None = None
    """When the record was last written (seconds since the epoch), where the release that wrote it kept it."""
    presence_base: int | None = None
    """Written by a presence event only (``sessions.presence``): the version of the last write that changed
    anything else, which If-Match may still name; None after any other write."""


def read(document: bytes) -> Record:
    """The record's fields: :class:`UnknownFormat` for another release's layout; ``orjson.JSONDecodeError``,
    ``KeyError``, ``TypeError`` or ``AttributeError`` for a record no release wrote."""
    record = orjson.loads(document)
    layout = record.get("format", RECORD_FORMAT)
    if layout != RECORD_FORMAT:
        raise UnknownFormat(f"format {layout!r}, this release reads {RECORD_FORMAT}")
    game, state, auth = record["game"], record["state"], record["auth"]
    if not (isinstance(game, str) and isinstance(state, dict) and isinstance(auth, dict)):
        raise TypeError("record fields")
    if not isinstance(auth.get("seats"), list) or not isinstance(auth.get("owner"), str):
        raise TypeError("auth fields")
    fairness = record.get("fairness")
    if fairness is not None and not (
        isinstance(fairness, dict) and all(isinstance(fairness.get(k), str) for k in ("commitment", "sealed"))
    ):
        raise TypeError("fairness fields")
    sealed = record.get("sealed", False)  # records made before tables could be sealed are not
    if not isinstance(sealed, bool):
        raise TypeError("sealed field")
    replies = record.get("replies", [])
    if not isinstance(replies, list):
        raise TypeError("replies field")
    tag = record.get("state_tag")  # records made before states were tagged are checked in full
    if tag is not None and not isinstance(tag, str):
        raise TypeError("state_tag field")
    created, updated = record.get("created"), record.get("updated")
    if any(value is not None and type(value) not in (int, float) for value in (created, updated)):
        raise TypeError("created or updated field")
    base = record.get("presence_base")
    if base is not None and (type(base) is not int or base < 0):
        raise TypeError("presence_base field")
    table = TableFields(
        seats.from_record(record.get("seats"), len(auth["seats"])),
        ending.from_record(record.get("ended")),
        clocks.from_record(record.get("clock")),
        None if created is None else float(created),
    )
    stamped = None if updated is None else float(updated)
    return Record(game, state, auth, fairness, sealed, replies, tag, table, stamped, base)


def table_fields(table: TableFields) -> dict[str, Any]:
    """What the record keeps of the table (nothing for a table of unnamed human seats, no clock, in play)."""
    kept: dict[str, Any] = {}
    if any(map(_UNNAMED.__ne__, table.seats)):
        kept["seats"] = seats.to_record(table.seats)
    if table.ended is not None:
        kept["ended"] = ending.to_record(table.ended)
    if table.clock is not None:
        kept["clock"] = clocks.to_record(table.clock)
    if table.created is not None:
        kept["created"] = table.created
    return kept
