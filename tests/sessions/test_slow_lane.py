"""The slow lane (service/sessions/lanes.py): a connection from a client that holds every waiting place it may
is read only when the worker has nothing else to do, so a flood of streams to refuse cannot queue ahead of
other clients (issue "Streams that hold", done-when 1: 2,200 streams from 17 addresses retried at once
straight against gunicorn; measured by ``bench/stream_attacks.py``, docs/performance.md)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from typing import Any

import gevent
import pytest
from gunicorn.config import Config
from gunicorn.workers.ggevent import GeventWorker

from service.sessions import stopping
from service.sessions.lanes import CLOSE_AFTER, CROWDED_PEER, SlowLane, closing_when_told, lane_for
from service.sessions.worker import StoppingGeventWorker

from .conftest import make_app

CROWDED, OTHER = "10.0.0.1", "10.0.0.2"


@pytest.fixture(autouse=True)
def fresh_signal() -> Iterator[None]:
    stopping.reset_for_tests()
    yield
    stopping.reset_for_tests()


def test_connections_in_the_lane_wait_for_every_other_connection_and_go_one_a_turn() -> None:
    lane = SlowLane(lambda peer: peer == CROWDED)
    order: list[str] = []

    def connection(peer: str, name: str) -> None:
        if lane.takes((peer, 40000)):
            lane.wait_turn()
        order.append(name)
        if name == "crowded 0":
            # Work that the first crowded connection's turn starts (a request that goes on) is not held back by
            # the next turns either.
            gevent.spawn(order.append, "spawned by crowded 0")

    crowded = [gevent.spawn(connection, CROWDED, f"crowded {n}") for n in range(5)]
    gevent.sleep(0)  # all five are in the lane now, before the other client's connection is accepted
    assert lane.waiting == 5
    other = gevent.spawn(connection, OTHER, "other")
    gevent.joinall([*crowded, other])
    assert order == ["other", "crowded 0", "spawned by crowded 0", "crowded 1", "crowded 2", "crowded 3", "crowded 4"]
    assert lane.waiting == 0


def test_an_idle_worker_gives_a_turn_at_once_and_a_busy_one_after_the_longest_wait() -> None:
    lane = SlowLane(lambda peer: True, longest_wait=0.05)
    assert lane.wait_turn() is True

    busy = True

    def never_idle() -> None:
        while busy:
            gevent.sleep(0)  # always a callback pending: the loop is never idle

    spinner = gevent.spawn(never_idle)
    gevent.sleep(0)
    try:
        assert lane.wait_turn() is False  # not starved: read anyway once the wait ran out
        assert lane.waiting == 0  # and its place in the lane is gone
    finally:
        busy = False
        spinner.join()


def test_opening_the_lane_lets_every_waiting_connection_go() -> None:
    lane = SlowLane(lambda peer: True, longest_wait=60)
    waited = [gevent.spawn(lane.wait_turn) for _ in range(3)]
    gevent.sleep(0)
    lane.open()
    gevent.joinall(waited, timeout=5)
    assert [greenlet.value for greenlet in waited] == [True, True, True]


@pytest.mark.parametrize("addr", ["/run/app.sock", b"", (), (None, 0)])
def test_a_connection_without_a_client_address_never_waits(addr: Any) -> None:
    assert SlowLane(lambda peer: True).takes(addr) is False


def test_a_count_that_cannot_be_read_never_holds_a_connection_back() -> None:
    def broken(peer: str) -> bool:
        raise OSError("the shared table is gone")

    assert SlowLane(broken).takes((CROWDED, 1)) is False


def test_a_peer_is_crowded_when_it_holds_every_waiting_place_and_a_trusted_proxy_never_is(store: Any) -> None:
    for proxies in ((), ("127.0.0.1",)):
        app = make_app(store, trusted_proxies=proxies, event_waiters_per_client=2, event_waiters_dir=None)
        lane = lane_for(app)
        assert lane is not None and lane.crowded is app.extensions[CROWDED_PEER]
        hub = app.extensions["event_hub"]
        try:
            assert lane.takes((CROWDED, 1)) is False
            assert hub._table is None  # asked of every connection, it starts no feed nor counts
            for peer in ("127.0.0.1", CROWDED):
                assert lane.takes((peer, 1)) is False
                with hub.watching("s1", peer), hub.watching("s2", peer):
                    expected = not (proxies and peer == "127.0.0.1")
                    assert lane.takes((peer, 1)) is expected, (proxies, peer)
                assert lane.takes((peer, 1)) is False  # its places given back, it is not crowded any more
        finally:
            hub.close()
    assert lane_for(object()) is None


def make_worker() -> StoppingGeventWorker:
    cfg = Config()
    cfg.set("max_requests", 0)
    return StoppingGeventWorker(1, os.getppid(), [], None, 15, cfg, logging.getLogger("test.worker"))


def test_the_worker_reads_a_crowded_peers_connection_after_the_others_and_at_once_when_stopping(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handled: list[str] = []
    monkeypatch.setattr(GeventWorker, "handle", lambda worker, listener, client, addr: handled.append(addr[0]))
    worker = make_worker()
    try:
        worker.lane = SlowLane(lambda peer: peer == CROWDED)
        crowded = [gevent.spawn(worker.handle, None, None, (CROWDED, port)) for port in range(3)]
        gevent.sleep(0)
        other = gevent.spawn(worker.handle, None, None, (OTHER, 1))
        gevent.joinall([*crowded, other])
        assert handled == [OTHER, CROWDED, CROWDED, CROWDED]

        handled.clear()
        worker.lane = SlowLane(lambda peer: True, longest_wait=60)
        waiting = [gevent.spawn(worker.handle, None, None, (CROWDED, port)) for port in range(3)]
        gevent.sleep(0)
        assert worker.lane.waiting == 3
        worker.alive = False  # stopping: what was accepted is answered now, and what comes is not held
        gevent.joinall(waiting, timeout=5)
        worker.handle(None, None, (CROWDED, 9))
        assert handled == [CROWDED] * 4
    finally:
        worker.tmp.close()


class Answer:
    """What gunicorn's ``start_response`` is a method of: its response, which the worker can ask to close."""

    def __init__(self) -> None:
        self.closed = False

    def start_response(self, status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        self.status = status

    def force_close(self) -> None:
        self.closed = True


def test_a_refused_streams_connection_is_closed_so_that_its_next_ask_comes_through_the_lane(store: Any) -> None:
    """Asked again on a kept-alive connection, a refused stream would be read at once, past the lane (which sees
    only new connections): the gate marks its refusal, and the worker's app closes such a connection."""
    from .conftest import bearer
    from .test_event_waits import new_table

    capped = make_app(store, event_waiters_per_client=0)
    table = new_table(capped.test_client())
    served = closing_when_told(capped)
    path = f"{table['path']}/events"
    for accept, closes in (("text/event-stream", True), ("application/json", False)):
        environ: dict[str, Any] = {}
        answer = Answer()
        builder = capped.test_request_context(
            path, headers=bearer(table["tokens"]["seats"][0], Accept=accept)
        ).request.environ
        environ.update(builder)
        b"".join(served(environ, answer.start_response))
        assert answer.status.startswith("503" if closes else "200")  # a page that does not wait takes no place
        assert answer.closed is closes and bool(environ.get(CLOSE_AFTER)) is closes, accept
    # A server whose start_response is not a response's method keeps the connection, as it would.
    environ = {CLOSE_AFTER: True}
    assert closing_when_told(lambda environ, start_response: [b"ok"])(environ, lambda *args: None) == [b"ok"]
