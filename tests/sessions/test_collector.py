"""A worker holding thousands of streams freezes what survives a full collection (``service.sessions.collector``):
full collections there paused the worker for 200-420 ms (docs/performance.md, event streams, 10,000 streams)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from service.sessions.collector import FREEZE_FROM_READERS, SurvivorFreezer


def test_the_survivors_of_a_full_collection_are_frozen_only_while_enough_readers_wait() -> None:
    readers = [FREEZE_FROM_READERS - 1]
    froze: list[int] = []
    freezer = SurvivorFreezer(lambda: readers[0], lambda: froze.append(readers[0]))
    freezer("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
    assert froze == []  # too few readers: the collector as CPython has it
    readers[0] = FREEZE_FROM_READERS
    for phase, generation in (("start", 2), ("stop", 0), ("stop", 1)):
        freezer(phase, {"generation": generation, "collected": 0, "uncollectable": 0})
    assert froze == []  # only once a full collection is over
    freezer("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
    assert froze == [FREEZE_FROM_READERS] and freezer.frozen == 1


def test_a_count_that_cannot_be_read_leaves_the_collector_alone() -> None:
    def broken() -> int:
        raise RuntimeError("dictionary changed size during iteration")

    froze: list[bool] = []
    SurvivorFreezer(broken, lambda: froze.append(True))("stop", {"generation": 2})
    assert froze == []


def test_in_a_real_collector_later_full_collections_walk_only_what_was_made_since() -> None:
    """In an interpreter of its own: after a full collection with enough readers, the survivors are frozen, and
    an object that dies later is still freed by its reference count."""
    program = textwrap.dedent(
        """
        import gc, weakref
        from service.sessions.collector import install
        class Held: pass
        held = [[Held() for _ in range(10)] for _ in range(2000)]
        install(lambda: 1000)
        gc.collect()
        frozen = gc.get_freeze_count()
        assert frozen >= 20000, frozen
        probe = held.pop()[0]
        gone = weakref.ref(probe)
        del probe
        assert gone() is None  # frozen, and freed as soon as nothing refers to it
        print("ok", frozen)
        """
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("ok"), done.stderr
