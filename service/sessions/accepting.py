"""A worker near its cap of waiting readers leaves new connections to the host's other workers.

Every gevent worker accepts from the one listening socket, and which of them takes a new connection is the
kernel's choice. Streams hold their connections for minutes, so the split of a host's streams between its
workers is whatever the accepts happened to be: two runs of 10,000 streams in nineteen once split past 60 / 40,
and the worker that reached its cap of readers (``EVENT_WAITERS_MAX``) refused streams while the host still had
room for them (docs/performance.md). So a worker holding nearly its cap in connections stops accepting while
another worker of the host holds fewer readers (``Hub.gives_way``); the kernel then hands new connections to
the workers still accepting. It looks again every ``RECHECK_SECONDS``, and whenever one of its connections ends
(as gevent does for a full pool). When every worker is near its cap, none gives way: each accepts as before,
and its reserve of connections beyond its readers still serves rules requests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

GIVES_WAY = "gives_way"
"""The app's extension: whether a worker holding so many connections leaves new ones to the others
(``service.app`` sets it to ``Hub.gives_way``)."""
RECHECK_SECONDS = 0.1


def give_way_when_told(server: Any, gives_way: Callable[[int], bool]) -> None:
    """Have ``server`` (gevent's, with a pool of connections) stop accepting while ``gives_way(connections held)``
    says so, and look again after ``RECHECK_SECONDS``.

    gevent asks ``server.full()`` before each accept and, when it says so, stops accepting until a connection of
    its pool ends; a worker giving way may see none end for minutes (its connections are streams), so a timer of
    its own (not the server's, which stopping the accepts closes) starts the accepts again to look once more."""
    pool_full: Callable[[], bool] = server.full
    pool = server.pool
    pending: list[Any] = []

    def look_again() -> None:
        if pending:
            pending.pop().close()
        server._start_accepting_if_started()

    def full() -> bool:
        if pool_full():
            return True
        if not gives_way(len(pool)):
            return False
        if not pending:
            timer = server.loop.timer(RECHECK_SECONDS)
            pending.append(timer)
            timer.start(look_again)
        return True

    server.full = full
