"""A session's event log (API.md, tables): what each write appends, and what each token may read of it.

Every write that changes the table appends one entry, numbered by the version it made: the events of a move,
of a deal (the first one and ``next-round``), or of a state the owner posted. The entry keeps every event with
its audience ``to`` (``"all"`` or the one seat it is private to, the engine's definition of what is public);
a reader gets what its token may see: a seat the public events and its own (so another seat's draw reaches it
only as the count in the public event), a spectator and the owner of a sealed table the public ones, the owner
of an unsealed table everything. Entries are stored without anything in the writer's language: the HTTP layer
adds the labels of a round's score when an entry is read, in the reader's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from ..fairness import SeedSealer


@dataclass(frozen=True)
class Audience:
    """Whose events a reader gets: ``everything``, or the public ones and those private to ``seat``."""

    seat: int | None
    everything: bool = False

    @classmethod
    def of(cls, seat: int | None, owner: bool, sealed: bool) -> Audience:
        """A seat its own; a spectator, and the owner of a sealed table, the public events; an owner all."""
        if seat is not None:
            return cls(seat)
        return cls(None, everything=owner and not sealed)

    def sees(self, event: dict[str, Any]) -> bool:
        return self.everything or event["to"] == "all" or event["to"] == self.seat


def entry(events: list[dict[str, Any]]) -> bytes:
    """The stored form of one version's events (as the writer dumped them), without the reader's labels."""
    return orjson.dumps([_neutral(event) for event in events])


def read(audience: Audience, entries: tuple[tuple[int, bytes], ...], sealer: SeedSealer) -> list[dict[str, Any]]:
    """The stored entries as ``audience`` may see them, each event numbered by its version."""
    out: list[dict[str, Any]] = []
    for version, body in entries:
        for event in orjson.loads(body):
            if audience.sees(event):
                if event["type"] == "rematch":
                    event = rematch_for(audience, event, sealer)
                out.append({"version": version, **event})
    return out


def rematch_for(audience: Audience, event: dict[str, Any], sealer: SeedSealer) -> dict[str, Any]:
    """A ``rematch`` event as ``audience`` reads it: the seat it is private to gets its new token, made again
    from the event's nonce; any other reader (the owner of an unsealed table) only the new table's id."""
    nonce = event.get("nonce")
    shown = {key: value for key, value in event.items() if key != "nonce"}
    if isinstance(nonce, str) and audience.seat is not None and event["to"] == audience.seat:
        shown["token"] = sealer.rematch_token(nonce, audience.seat)
    return shown


def _neutral(event: dict[str, Any]) -> dict[str, Any]:
    score = event.get("score")
    if not isinstance(score, dict) or "labels" not in score:
        return event
    return {**event, "score": {key: value for key, value in score.items() if key != "labels"}}
