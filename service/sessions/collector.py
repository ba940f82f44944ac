"""The cyclic garbage collector in a worker that holds thousands of event streams.

Each open stream keeps about a hundred objects the collector tracks (its greenlet's frames, the request, the
reader's record), so a gevent worker holding 5,000 streams carries some 600,000 of them. A full collection walks
every one: on this project's 2-core machine it paused the worker for 200-420 ms, and in steady state, with the
streams' periodic looks at the store promoting new objects, one came about every ten seconds. Every answer and
every event of that worker waited out the pause (docs/performance.md, event streams, 10,000 streams).

So, while a worker holds at least ``FREEZE_FROM_READERS`` waiting readers, what survives a full collection is
frozen (``gc.freeze``): later full collections walk only what was made since. The price is that a cycle made of
frozen objects that later become garbage is never collected. An ended stream frees its objects by reference
counting (a measured run found a few cyclic objects per thousand streams closed, all young), and the worker's
own recycling (``max_requests``) bounds what is left; the master's preloaded objects are frozen before the fork
for the same walk saved (``deploy/gunicorn.conf.py``).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

FREEZE_FROM_READERS = 500
"""Waiting readers from which a worker freezes the survivors of each full collection (about 60,000 objects)."""


class SurvivorFreezer:
    """A ``gc.callbacks`` entry: after a full collection, freeze its survivors while enough readers wait."""

    def __init__(
        self,
        readers: Callable[[], int],
        freeze: Callable[[], None] = gc.freeze,
        from_readers: int = FREEZE_FROM_READERS,
    ) -> None:
        self.readers, self.freeze, self.from_readers = readers, freeze, from_readers
        self.frozen = 0
        """Full collections whose survivors were frozen."""

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        # "stop" runs once the collection is over, when the young generations are empty: gc.freeze moves the
        # survivors only. A callback must never raise (the collector would print it and go on).
        if phase != "stop" or info.get("generation") != 2:
            return
        try:
            if self.readers() >= self.from_readers:
                self.freeze()
                self.frozen += 1
        except Exception:  # a count that cannot be read leaves the collector as it is
            return


def install(readers: Callable[[], int]) -> SurvivorFreezer:
    """Add the freezer to this process's collector callbacks (once per worker, after the fork)."""
    freezer = SurvivorFreezer(readers)
    gc.callbacks.append(freezer)
    return freezer
