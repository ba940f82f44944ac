"""Processes racing to create sessions in one store: what the cap tests of every backend share."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from typing import Any

from service.storage import SessionStore, StoreFull

ATTEMPTS = 30


def _create_until_told(open_store: Callable[[], SessionStore], start: Any, results: Any) -> None:
    store = open_store()
    start.wait(10)
    made = refused = 0
    for _ in range(ATTEMPTS):
        try:
            store.create(b"doc")
            made += 1
        except StoreFull:
            refused += 1
    results.put((made, refused))
    store.close()


def race_creates(open_store: Callable[[], SessionStore], processes: int = 2) -> tuple[int, int]:
    """Sessions made and refused in all, ``ATTEMPTS`` creations a process, every process let go at once.

    ``open_store`` is called in each (spawned) process, so it must pickle: a ``functools.partial`` of a store class.
    """
    context = multiprocessing.get_context("spawn")
    start, results = context.Event(), context.Queue()
    workers = [
        context.Process(target=_create_until_told, args=(open_store, start, results))
        for _ in range(processes)
    ]
    for worker in workers:
        worker.start()
    start.set()
    outcomes = [results.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    return sum(made for made, _ in outcomes), sum(refused for _, refused in outcomes)
