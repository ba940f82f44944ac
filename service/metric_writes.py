"""A request's metric writes, straight into prometheus_client's multiprocess files.

Under gunicorn every value lives in a per-process mmap file (``PROMETHEUS_MULTIPROC_DIR``) that the collector of
any process sums. Through the library, each request's three writes (its count, its latency bucket and the
latency sum) cost about 4% of a ``legal-moves`` request in-process: every write takes a lock, asks for the pid,
looks up its slot and packs through several Python calls. Here each series finds its slots once, through the
library itself, and a request then stores the new value as one aligned 8-byte double through a view of the
mapped file (never through ``struct.pack_into``, which zeroes its target first: a reader could see 0). The
timestamp beside it stays the zero the library wrote.

This reads a few private attributes of prometheus_client (a child's ``_value``, ``_sum``, ``_buckets`` and
``_upper_bounds``; an ``MmapedValue``'s ``_file`` and ``_key``; an ``MmapedDict``'s ``_positions`` and ``_m``)
and keeps each value's own ``_value`` current, so the library's writes of the same series stay right. Where they
are not there (no multiprocess directory, or another version of the library), the public API is used. After a
fork every view is released (the library closes the parent's files in the child, and a mapping with a view
cannot be closed) and every series finds its slots anew, through the library, which opens the child's own file.
"""

from __future__ import annotations

import os
import threading
from bisect import bisect_left
from typing import Any

_lock = threading.Lock()  # the read-modify-write of the values, should a worker run threads
_forks = [0]
_views: dict[int, tuple[Any, memoryview[float]]] = {}  # id of a mapping -> (the mapping, a view of it as doubles)


class Slot:
    """One value's double in its process's mmap file."""

    __slots__ = ("doubles", "index", "value")

    def __init__(self, value: Any, doubles: memoryview[float], index: int) -> None:
        self.value, self.doubles, self.index = value, doubles, index


def slot_for(value: Any) -> Slot | None:
    """The slot of a multiprocess value, or None (not multiprocess, or not the library's layout)."""
    if not getattr(value, "_multiprocess", False):
        return None
    value.inc(0.0)  # the library notices a fork, opens this process's file and gives the key its place
    file = getattr(value, "_file", None)
    key = getattr(value, "_key", None)
    positions = getattr(file, "_positions", None)
    mmap = getattr(file, "_m", None)
    if mmap is None or not isinstance(positions, dict) or key not in positions:
        return None
    start = positions[key]
    if not isinstance(getattr(value, "_value", None), float) or start % 8 or len(mmap) % 8:
        return None
    return Slot(value, _doubles(mmap), start // 8)


def _doubles(mmap: Any) -> memoryview[float]:
    # One view per mapping, kept with it: the library maps a grown file anew without closing the old mapping,
    # which (shared, and kept alive here) still writes the same bytes of the same file.
    found = _views.get(id(mmap))
    if found is None or found[0] is not mmap:
        found = _views[id(mmap)] = (mmap, memoryview(mmap).cast("d"))
    return found[1]


class RequestSeries:
    """The writes of one (method, route, status): the request count, the latency bucket and the latency sum."""

    __slots__ = ("bounds", "buckets", "count", "counter", "forks", "latency", "total")

    def __init__(self, counter: Any, latency: Any) -> None:
        self.counter, self.latency = counter, latency
        self._find_slots()

    def _find_slots(self) -> None:
        self.forks = _forks[0]
        self.count = slot_for(getattr(self.counter, "_value", None))
        self.total = slot_for(getattr(self.latency, "_sum", None))
        found = [slot_for(bucket) for bucket in getattr(self.latency, "_buckets", ())]
        buckets = [slot for slot in found if slot is not None]
        bounds = list(getattr(self.latency, "_upper_bounds", ()))
        complete = 0 < len(buckets) == len(found) == len(bounds) and bounds[-1] == float("inf")
        self.buckets = buckets if complete else []
        self.bounds = bounds

    def record(self, seconds: float) -> None:
        if self.forks != _forks[0]:
            self._find_slots()
        count, total, buckets = self.count, self.total, self.buckets
        if count is None or total is None or not buckets:
            self.counter.inc()
            self.latency.observe(seconds)
            return
        # The first bucket whose upper bound is at least the value, as the library's own loop picks it; the
        # three additions are written out (a method call each would cost as much as the rest of the record).
        bucket = buckets[bisect_left(self.bounds, seconds)]
        with _lock:
            value = count.value
            value._value = added = value._value + 1.0
            count.doubles[count.index] = added
            value = total.value
            value._value = added = value._value + seconds
            total.doubles[total.index] = added
            value = bucket.value
            value._value = added = value._value + 1.0
            bucket.doubles[bucket.index] = added


def _count_fork() -> None:
    _forks[0] += 1
    for _, view in _views.values():
        view.release()
    _views.clear()


os.register_at_fork(after_in_child=_count_fork)
