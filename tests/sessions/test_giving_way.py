"""A worker near its cap of waiting readers leaves new connections to the host's other workers (the streams
issue, item 6: 10,000 streams on one host; two runs in nineteen once split them past 60 / 40 between the two
workers, and the fuller one refused streams below the host's cap). ``service/sessions/accepting.py``."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gevent
import gevent.socket
import pytest
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.config import Config

from service.sessions.accepting import give_way_when_told
from service.sessions.admission import Caps, Table
from service.sessions.waiting import GIVE_WAY_SHARE, Hub
from service.sessions.worker import StoppingGeventWorker
from service.storage import SqliteStore

CAPS = Caps(here=100, per_client=1000, host=1000)
NEAR = 99
"""Connections at which a worker holding ``CAPS.here`` readers at most gives way (``GIVE_WAY_SHARE``)."""


def admit(table: Table, readers: int) -> None:
    for reader in range(readers):
        table.admit(f"192.0.2.{reader % 250}", CAPS)


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    store = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    found = Hub(store, CAPS, str(tmp_path / "waiters"))
    found.refuse_if_full("192.0.2.1")  # the worker's first reader starts its counts
    yield found
    found.close()
    store.close()


def test_the_share_names_the_connections_at_which_a_worker_gives_way() -> None:
    assert CAPS.here - int(CAPS.here * (1 - GIVE_WAY_SHARE)) == NEAR


def test_a_worker_near_its_cap_gives_way_while_another_worker_has_room(hub: Hub, tmp_path: Path) -> None:
    other = Table(str(tmp_path / "waiters"))
    try:
        assert not hub.gives_way(NEAR - 1)  # below its share: it accepts, whatever the others hold
        assert hub.gives_way(NEAR)
        admit(other, NEAR - 1)
        assert hub.gives_way(NEAR)
        admit(other, 1)  # the other worker is as full: nobody gives way, each accepts as before
        assert not hub.gives_way(NEAR + 4)
    finally:
        other.close()


def test_a_dead_workers_row_is_no_room(hub: Hub, tmp_path: Path) -> None:
    other = Table(str(tmp_path / "waiters"))
    try:
        gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
        other._cells[other._row * (2 + 16384)] = int(gone.stdout)  # type: ignore[index]
        assert not hub.gives_way(NEAR)
    finally:
        other.close()


def test_a_worker_that_has_seen_no_reader_never_gives_way(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    try:
        assert not Hub(store, CAPS, str(tmp_path / "waiters")).gives_way(10_000)
    finally:
        store.close()


def listening() -> socket.socket:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    listener.setblocking(False)
    return listener


def wait_for(condition: Any, seconds: float = 20.0) -> bool:
    """Turns of the event loop until ``condition()`` holds (a wait for the loop, not a measure of speed)."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return True
        gevent.sleep(0.01)
    return bool(condition())


def test_a_server_giving_way_accepts_nothing_and_looks_again_on_its_own() -> None:
    listener = listening()
    accepted: list[Any] = []
    asked: list[int] = []
    giving = [True]

    def gives_way(held: int) -> bool:
        asked.append(held)
        return giving[0]

    server = StreamServer(listener, handle=lambda conn, addr: accepted.append(addr), spawn=Pool(10))
    server.max_accept = 1  # as a worker of several accepts (``StoppingGeventWorker._start_servers``)
    give_way_when_told(server, gives_way)
    server.start()
    client = gevent.socket.create_connection(listener.getsockname())
    try:
        assert wait_for(lambda: len(asked) >= 2)  # it looked, gave way, and looked again after its own timer
        assert accepted == [] and set(asked) == {0}
        giving[0] = False  # no connection of its own ended: its timer alone starts the accepts again
        assert wait_for(lambda: len(accepted) == 1)
    finally:
        client.close()
        server.stop()


def test_a_worker_of_several_gives_way_as_its_app_says(monkeypatch: pytest.MonkeyPatch) -> None:
    handled: list[Any] = []
    monkeypatch.setattr(StoppingGeventWorker, "handle", lambda worker, listener, client, addr: handled.append(addr))
    cfg = Config()
    cfg.set("workers", 2)
    listener = listening()
    worker = StoppingGeventWorker(1, os.getppid(), [listener], None, 15, cfg, logging.getLogger("test.worker"))
    giving = [True]
    worker.gives_way = lambda held: giving[0]
    servers = worker._start_servers()
    client = gevent.socket.create_connection(listener.getsockname())
    try:
        gevent.sleep(0.3)
        assert handled == []
        giving[0] = False
        assert wait_for(lambda: len(handled) == 1)
    finally:
        client.close()
        for server in servers:
            server.stop()
        worker.tmp.close()
