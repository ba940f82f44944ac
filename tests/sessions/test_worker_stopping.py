"""The gevent worker's stopping and recycling (service/sessions/worker.py), in this process: the host-wide
recycling permit on an injected clock, ``alive`` turning false raising the stopping signal whatever the path,
and the idle connections a stopping worker ends. tests/sessions/test_worker_recycling.py runs it under gunicorn."""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gevent
import gevent.socket
import pytest
from gunicorn.config import Config
from gunicorn.workers.ggevent import GeventWorker

from service.sessions import stopping
from service.sessions.worker import STAMP_NAME, NamedListener, RecyclingPermit, StoppingGeventWorker


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


MADE: list[StoppingGeventWorker] = []


@pytest.fixture(autouse=True)
def fresh_signal() -> Iterator[None]:
    stopping.reset_for_tests()
    yield
    stopping.reset_for_tests()
    while MADE:
        MADE.pop().tmp.close()  # gunicorn's heartbeat file, which the master would close


def make_worker(max_requests: int = 0, keepalive: int = 3600) -> StoppingGeventWorker:
    cfg = Config()
    cfg.set("max_requests", max_requests)
    cfg.set("max_requests_jitter", 0)
    cfg.set("keepalive", keepalive)
    worker = StoppingGeventWorker(1, os.getppid(), [], None, 15, cfg, logging.getLogger("test.worker"))
    MADE.append(worker)
    return worker


def settle() -> None:
    """Let the greenlets the worker spawned run (the stopping work runs at the hub's next turn)."""
    for _ in range(3):
        gevent.sleep(0)


# -- the permit ---------------------------------------------------------------------------------------------


def test_of_two_workers_within_the_spacing_one_recycles_and_the_other_waits_its_turn(tmp_path: Path) -> None:
    clock = FakeClock()
    first, second = (RecyclingPermit(tmp_path, 60, clock) for _ in range(2))
    assert first.ask() is True
    clock.now += 1
    assert second.ask() is False
    clock.now += 58.5  # 59.5 s after the first recycle
    assert second.ask() is False
    clock.now += 1
    assert second.ask() is True
    clock.now += 30
    assert first.ask() is False  # the spacing counts from the latest recycle, whoever made it


def test_a_refused_worker_asks_the_file_again_only_after_a_second(tmp_path: Path) -> None:
    clock = FakeClock()
    first, second = (RecyclingPermit(tmp_path, 60, clock, ask_every=1.0) for _ in range(2))
    assert first.ask() is True
    clock.now += 59.5
    assert second.ask() is False
    (tmp_path / STAMP_NAME).unlink()  # any answer the file gave now would be a yes
    clock.now += 0.9
    assert second.ask() is False  # not asked: within its second of waiting
    clock.now += 0.1
    assert second.ask() is True


def test_a_stamp_ahead_of_the_clock_is_stale(tmp_path: Path) -> None:
    (tmp_path / STAMP_NAME).write_text("5000000.0")  # left before a reboot restarted the monotonic clock
    assert RecyclingPermit(tmp_path, 60, FakeClock()).ask() is True


def test_a_permit_that_cannot_be_read_never_holds_recycling_back(tmp_path: Path) -> None:
    assert RecyclingPermit(tmp_path / "missing", 60, FakeClock()).ask() is True


def test_the_permit_is_set_up_from_the_environment(tmp_path: Path) -> None:
    assert RecyclingPermit.from_environment({}) is None
    permit = RecyclingPermit.from_environment({"RECYCLE_PERMIT_DIR": str(tmp_path)})
    assert permit is not None and permit.spacing == 60 and permit.stamp == tmp_path / STAMP_NAME
    shorter = RecyclingPermit.from_environment(
        {"RECYCLE_PERMIT_DIR": str(tmp_path), "RECYCLE_SPACING_SECONDS": "2.5"}
    )
    assert shorter is not None and shorter.spacing == 2.5
    with pytest.raises(ValueError, match="RECYCLE_SPACING_SECONDS"):
        RecyclingPermit.from_environment(
            {"RECYCLE_PERMIT_DIR": str(tmp_path), "RECYCLE_SPACING_SECONDS": "1m"}
        )


# -- alive -> stopping.begin() -------------------------------------------------------------------------------


def test_alive_turning_false_raises_the_stopping_signal_once() -> None:
    calls: list[str] = []
    stopping.on_stop(lambda: calls.append("stopped"))
    worker = make_worker()
    assert worker.alive is True and not stopping.is_stopping()
    worker.alive = False
    settle()
    assert stopping.is_stopping() and calls == ["stopped"]
    worker.alive = False
    settle()
    assert calls == ["stopped"]


def test_sigterm_raises_the_stopping_signal() -> None:
    worker = make_worker()
    worker.handle_exit(signal.SIGTERM, None)
    settle()
    assert worker.alive is False and stopping.is_stopping()


def test_a_master_gone_stops_the_worker_gracefully_instead_of_exiting_on_the_spot() -> None:
    worker = make_worker()
    worker.ppid = os.getppid() + 1  # what notify() sees once the master has died and the worker is adopted
    worker.notify()
    settle()
    assert worker.alive is False and stopping.is_stopping()


class Requests:
    """gunicorn's own request handling replaced by a note of whether the worker was alive when it ran."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.alive_when_handled: list[bool] = []

        def handled(worker: Any, *args: Any) -> None:
            worker.nr += 1
            self.alive_when_handled.append(worker.alive)

        monkeypatch.setattr(GeventWorker, "handle_request", handled)

    def send(self, worker: StoppingGeventWorker, count: int) -> None:
        for _ in range(count):
            worker.handle_request(("127.0.0.1", 8000), object(), object(), ("127.0.0.1", 50000))


def test_max_requests_recycles_only_with_the_hosts_permit(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    requests, clock = Requests(monkeypatch), FakeClock()
    first, second = make_worker(max_requests=3), make_worker(max_requests=3)
    assert first.max_requests > 10**9  # gunicorn's own count never stops it
    for worker in (first, second):
        worker.permit = RecyclingPermit(tmp_path, 60, clock)

    requests.send(first, 3)
    settle()
    assert requests.alive_when_handled == [True, True, False]  # the third is answered, then the worker goes
    assert stopping.is_stopping()

    stopping.reset_for_tests()  # the second worker is another process
    clock.now += 5
    requests.alive_when_handled.clear()
    requests.send(second, 10)
    settle()
    assert requests.alive_when_handled == [True] * 10 and second.alive and not stopping.is_stopping()

    clock.now += 55
    requests.send(second, 1)
    settle()
    assert requests.alive_when_handled[-1] is False and stopping.is_stopping()


# -- idle connections ----------------------------------------------------------------------------------------


def wait_for_request(worker: StoppingGeventWorker, connection: Any, answered: bool) -> bytes | None:
    """What gunicorn's keepalive loop does between two requests of a connection: read under timeout_ctx()."""
    if answered:
        worker._answered.add(gevent.getcurrent())
    received = None
    with worker.timeout_ctx():
        received = connection.recv(64)
    return received


def test_stopping_ends_the_idle_kept_alive_connections_and_leaves_fresh_ones_their_first_request() -> None:
    worker = make_worker(keepalive=3600)  # no wait here ends by its own timeout
    reused, reused_peer = gevent.socket.socketpair()
    fresh, fresh_peer = gevent.socket.socketpair()
    try:
        idle = gevent.spawn(wait_for_request, worker, reused, True)
        first = gevent.spawn(wait_for_request, worker, fresh, False)
        settle()
        assert not idle.dead and not first.dead

        worker.alive = False
        idle.join(timeout=10)
        assert idle.dead and idle.value is None  # ended with nothing read: gunicorn then closes it

        assert not first.dead
        fresh_peer.sendall(b"GET /healthz HTTP/1.1\r\n")
        first.join(timeout=10)
        assert first.value == b"GET /healthz HTTP/1.1\r\n"

        # A stream that ends after the stop comes back to wait on its kept-alive connection: no wait at all.
        late = gevent.spawn(wait_for_request, worker, reused, True)
        late.join(timeout=10)
        assert late.dead and late.value is None
    finally:
        for sock in (reused, reused_peer, fresh, fresh_peer):
            sock.close()


def test_a_connection_accepted_just_before_the_listener_closed_is_still_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stopping worker closes its listener at once; a connection it had accepted just before, its request on
    the way, is answered all the same (it was reset, unanswered, when gunicorn asked the closed listener its
    name: seen with 5,000 streams open while workers recycled under a flood, ``bench/recycling.py``)."""
    handled: list[Any] = []
    monkeypatch.setattr(GeventWorker, "handle_request", lambda worker, name, *args: handled.append(name))
    for wrapped in (True, False):
        handled.clear()
        worker = make_worker()
        listener = gevent.socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        name = listener.getsockname()
        given = NamedListener(listener) if wrapped else listener
        client = gevent.socket.create_connection(name)
        accepted, address = listener.accept()
        listener.close()  # what the stopping worker does, before the connection's handling starts
        client.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        try:
            worker.handle(given, accepted, address)
        finally:
            client.close()
            accepted.close()
        assert handled == ([name] if wrapped else []), wrapped
    worker = make_worker()
    worker.sockets = [gevent.socket.socket()]
    worker.sockets[0].bind(("127.0.0.1", 0))
    worker.sockets[0].listen(8)
    servers = worker._start_servers()
    try:
        assert all(isinstance(server.handle.args[0], NamedListener) for server in servers)
    finally:
        for server in servers:
            server.close()


class Asked:
    """What gunicorn hands ``handle_request`` of a request: its path and its headers (names in capitals)."""

    def __init__(self, path: str, headers: list[tuple[str, str]]) -> None:
        self.path, self.headers = path, headers


def test_streams_that_resume_elsewhere_do_not_bring_the_next_worker_to_recycle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A recycled worker's streams reopen in the others with ``Last-Event-ID``: counted toward ``max_requests``
    they made each worker recycle the next (5,000 streams a worker, ``max_requests`` 2,000: a recycle every two
    seconds for as long as the streams lasted, ``bench/recycling.py``). A fresh stream, or a page, still counts."""
    requests = Requests(monkeypatch)
    worker = make_worker(max_requests=3)
    worker.permit = RecyclingPermit(tmp_path, 60, FakeClock())
    resumed = Asked("/v1/sessions/abc/events", [("ACCEPT", "text/event-stream"), ("LAST-EVENT-ID", "7")])
    for _ in range(50):
        worker.handle_request(("127.0.0.1", 8000), resumed, object(), ("127.0.0.1", 50000))
    settle()
    assert worker.alive and not stopping.is_stopping()
    counted = [
        Asked("/v1/sessions/abc/events", [("ACCEPT", "text/event-stream")]),
        Asked("/healthz", [("LAST-EVENT-ID", "7")]),
        Asked("/v1/sessions/abc/events", []),
    ]
    for asked in counted:
        worker.handle_request(("127.0.0.1", 8000), asked, object(), ("127.0.0.1", 50000))
    settle()
    assert requests.alive_when_handled[-1] is False and stopping.is_stopping()
