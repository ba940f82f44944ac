"""Room kept in Redis for the sessions already stored: new ones stop at a high-water mark below ``maxmemory``.

With ``noeviction`` Redis refuses every write past ``maxmemory``, the moves of games in progress included. So a
new session is refused (507 ``store_full``) when it would take ``used_memory`` to ``fraction`` of ``maxmemory``
(``SESSION_REDIS_HIGH_WATER``, default 0.9), and the rest stays for the games already stored. The creating script
reads the node's ``INFO memory`` itself (:mod:`.redis_scripts`), at each creation and in the same atomic step as
the write: a reading kept here for a second let a flood of creations run past the mark to ``maxmemory``, where
the moves were refused too. What is kept here is for ``/readyz`` (:meth:`RedisStore.status`), which reads
``INFO memory`` at most once per ``recheck`` seconds per node.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from .redis_connection import RedisConnection

__all__ = ["MemoryHighWater", "MemoryReading", "NodeMemory"]


@dataclass(frozen=True, slots=True)
class MemoryReading:
    used: int
    limit: int  # 0: no maxmemory
    policy: str

    def share(self) -> float | None:
        return self.used / self.limit if self.limit > 0 else None


def reading_of(info: Mapping[str, Any]) -> MemoryReading:
    """A reading from ``INFO memory`` (a cluster client may answer node by node: the first node's)."""
    if "used_memory" not in info and info:
        first = next(iter(info.values()))
        if isinstance(first, Mapping):
            info = first
    return MemoryReading(
        int(info.get("used_memory", 0) or 0),
        int(info.get("maxmemory", 0) or 0),
        str(info.get("maxmemory_policy", "")),
    )


class MemoryHighWater:
    """Whether a node is at the high-water mark, from a cached ``INFO memory`` per node."""

    def __init__(
        self, fraction: float, recheck: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if not 0 < fraction <= 1:
            raise ValueError("the high-water mark is a fraction of maxmemory, above 0 and at most 1")
        self.fraction = fraction
        self._recheck = recheck
        self._clock = clock
        self._lock = threading.Lock()
        self._readings: dict[str, tuple[float, MemoryReading]] = {}

    def reading(self, node: str, read: Callable[[], Mapping[str, Any]]) -> MemoryReading:
        now = self._clock()
        with self._lock:
            cached = self._readings.get(node)
        if cached is not None and now - cached[0] < self._recheck:
            return cached[1]
        found = reading_of(read())
        with self._lock:
            self._readings[node] = (now, found)
        return found

    def reached(self, reading: MemoryReading) -> bool:
        share = reading.share()
        return share is not None and share >= self.fraction

    def forget(self) -> None:
        """Read again next time (a write was refused for memory: the cached reading is out of date)."""
        with self._lock:
            self._readings.clear()


class NodeMemory(RedisConnection):
    """A Redis connection that reads the memory of its masters through :attr:`memory`'s cache."""

    memory: MemoryHighWater

    def _memory_of_primaries(self) -> dict[str, MemoryReading]:
        """``INFO memory`` of the server, or of every master of a cluster (cached briefly)."""
        client = self._client
        if not self.cluster:
            return {"server": self.memory.reading("server", partial(self._run, partial(client.info, "memory")))}
        return {
            str(node.name): self.memory.reading(
                str(node.name), partial(self._run, partial(client.info, "memory", target_nodes=node))
            )
            for node in client.get_primaries()
        }
