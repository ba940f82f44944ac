"""Free local ports for the servers the tests start (redis-server, gunicorn, nginx), safe under pytest-xdist.

A port is one the kernel just handed out for ``bind(("127.0.0.1", 0))``, so nothing else on the machine holds
it. Under xdist every worker of a run takes only ports in its own share (half the port, modulo the number of
workers: Linux hands out odd ports for ``bind`` and keeps the even ones for ``connect``), so two workers can
never pick the same port between the moment it is found and the moment their server binds it. Within one
process a port is never handed out twice, for the same reason (a Redis Cluster picks twelve ports before it
starts any node).
"""

from __future__ import annotations

import os
import socket

HOST = "127.0.0.1"
_handed_out: set[int] = set()


def worker_slot() -> tuple[int, int]:
    """This process's xdist worker index and the number of workers: (0, 1) outside xdist."""
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(name.removeprefix("gw")) if name.removeprefix("gw").isdigit() else 0
    return index % max(count, 1), max(count, 1)


def worker_name() -> str:
    """``gw0``, ``gw1``... under xdist, ``main`` otherwise: for the names of temporary directories."""
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def free_port() -> int:
    """A port free right now, in this worker's share, not handed out before by this process."""
    index, count = worker_slot()
    for _ in range(10_000):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind((HOST, 0))
            port: int = sock.getsockname()[1]
        if (port >> 1) % count == index and port not in _handed_out:
            _handed_out.add(port)
            return port
    raise RuntimeError(f"no free local port in worker {index}'s share of {count}")
