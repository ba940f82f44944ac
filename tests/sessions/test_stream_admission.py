"""Waiting readers cannot take a host's connections (the streams issue, item 1), and leave when they should.

- Caps per worker, per client address and per host, counted across workers through a shared table
  (``service.sessions.admission``): two ``Table`` objects on one directory play two workers (``flock`` locks
  belong to an open file, so they contend as two processes would).
- A connection whose client closed it is seen at once (``service.sessions.disconnect``).
- A stopping worker ends its streams with a reconnect hint, and its long polls answer at once
  (``service.sessions.stopping``); a store that fails for a while ends no stream.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import event_stream
from service.api.session_records import load
from service.sessions import stopping, waiting
from service.sessions.admission import Caps, Refused, Table
from service.sessions.disconnect import peer_closed
from service.storage import StoreUnavailable

from .conftest import bearer, make_app
from .test_event_waits import SteppingWake, new_table, play_one, sse

CAPS = Caps(here=3, per_client=2, host=4)


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[tuple[Table, Table]]:
    first, second = Table(str(tmp_path)), Table(str(tmp_path))
    assert first.shared and second.shared
    yield first, second
    first.close()
    second.close()


@pytest.fixture(autouse=True)
def not_stopping() -> Iterator[None]:
    stopping.reset_for_tests()
    yield
    stopping.reset_for_tests()


def refused(table: Table, client: str, caps: Caps = CAPS) -> str:
    with pytest.raises(Refused) as caught:
        table.admit(client, caps)
    return caught.value.which


def test_a_client_is_capped_across_the_workers_of_the_host(workers: tuple[Table, Table]) -> None:
    first, second = workers
    first.admit("192.0.2.1", CAPS)
    second.admit("192.0.2.1", CAPS)
    assert refused(first, "192.0.2.1") == "client" and refused(second, "192.0.2.1") == "client"
    first.admit("192.0.2.2", CAPS)  # another address is not held back by it
    first.release("192.0.2.1")
    second.admit("192.0.2.1", CAPS)


def test_the_host_is_capped_across_its_workers(workers: tuple[Table, Table]) -> None:
    first, second = workers
    for client in ("192.0.2.1", "192.0.2.2"):
        first.admit(client, CAPS)
        second.admit(client + "0", CAPS)
    assert first.host() == second.host() == 4
    assert refused(second, "192.0.2.9") == "host"


def test_a_worker_keeps_connections_beyond_its_own_cap_for_rules_requests(
    workers: tuple[Table, Table],
) -> None:
    first, _ = workers
    for client in ("192.0.2.1", "192.0.2.2", "192.0.2.3"):
        first.admit(client, Caps(here=3, per_client=2, host=100))
    assert first.here() == 3
    assert refused(first, "192.0.2.4", Caps(here=3, per_client=2, host=100)) == "here"


def test_a_dead_workers_count_is_forgotten(workers: tuple[Table, Table]) -> None:
    first, second = workers
    caps = Caps(here=10, per_client=2, host=4)
    for client in ("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"):
        first.admit(client, caps)
    assert refused(second, "192.0.2.9", caps) == "host"
    # The first worker dies without releasing anything: its row names a process that is gone.
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    first._cells[first._row * (2 + 16384)] = int(gone.stdout)  # type: ignore[index]
    second.admit("192.0.2.9", caps)
    assert second.host() == 1


def test_a_new_worker_on_a_freed_row_starts_from_nothing(tmp_path: Path) -> None:
    first = Table(str(tmp_path))
    first.admit("192.0.2.1", CAPS)
    first.close()  # the lock goes with the worker; its counts stay in the file
    replacement = Table(str(tmp_path))
    assert replacement.host() == 0 and replacement.client("192.0.2.1") == 0
    replacement.close()


def test_without_a_shared_directory_a_process_counts_its_own() -> None:
    alone = Table(None)
    assert not alone.shared
    alone.admit("192.0.2.1", CAPS)
    alone.admit("192.0.2.1", CAPS)
    assert refused(alone, "192.0.2.1") == "client"


def test_a_refused_reader_gets_a_503_with_retry_after_and_changes_nothing(store: Any) -> None:
    app = make_app(store, event_waiters_per_client=0)
    client = app.test_client()
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    answer = client.get(f"{table['path']}/events", headers=bearer(seat, Accept="text/event-stream"))
    assert answer.status_code == 503 and answer.get_json()["code"] == "too_many_waiting"
    assert 2 <= int(answer.headers["Retry-After"]) <= 10
    assert app.extensions["event_hub"].waiting == 0


def test_a_reader_at_its_cap_is_refused_before_the_store_is_read(store: Any, client: FlaskClient) -> None:
    """A refusal must cost less than the request it refuses: a client retrying at its cap at once would
    otherwise hold up everybody's rules requests (docs/performance.md, event streams, 1). So the 503 comes
    before the token is checked against the stored session, for a stream and for a long poll alike, and
    whatever the token: it tells nothing of the session."""
    table = new_table(client)
    counting = Counting(store)
    capped = make_app(counting, event_waiters_per_client=0)  # type: ignore[arg-type]
    reader = capped.test_client()
    asked = [
        ("", bearer(table["tokens"]["seats"][0], Accept="text/event-stream")),
        ("?after=1&wait=5", bearer(table["tokens"]["seats"][0])),
        ("", bearer("not-a-token", Accept="text/event-stream")),
        ("?ticket=t1.forged.mac", {"Accept": "text/event-stream"}),
    ]
    for query, headers in asked:
        answer = reader.get(f"{table['path']}/events{query}", headers=headers)
        assert answer.status_code == 503 and answer.get_json()["code"] == "too_many_waiting"
    assert counting.reads == 0
    page = reader.get(f"{table['path']}/events?after=0", headers=bearer(table["tokens"]["seats"][0]))
    assert page.status_code == 200 and counting.reads > 0  # a page that does not wait takes no place


def test_a_refused_stream_is_answered_before_flask_as_the_view_answers_a_refused_long_poll(
    store: Any, client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    """A stream at its cap is refused by ``session_events.StreamGate`` in front of Flask (a refusal retried at
    once must cost less than a rules request: docs/performance.md, event streams, 1). Its answer is the one the
    view gives a refused long poll, header for header, in the caller's language, with and without ``Origin``; its
    log line names the events route; and no view ran for it."""
    table = new_table(client)
    capped = make_app(store, event_waiters_per_client=0)
    views: list[str] = []
    capped.before_request(lambda: views.append("ran") and None)
    reader = capped.test_client()
    seat = table["tokens"]["seats"][0]
    for extra in ({}, {"Accept-Language": "it"}, {"Origin": "https://table.example"}):
        caplog.clear()
        with caplog.at_level("INFO", logger="service.requests"):
            streamed = reader.get(f"{table['path']}/events", headers=bearer(seat, Accept="text/event-stream", **extra))
        assert views == []
        assert [getattr(r, "fields", {}).get("route") for r in caplog.records if r.getMessage() == "request"] == [
            "/v1/sessions/<session_id>/events"
        ]
        polled = reader.get(f"{table['path']}/events?wait=5", headers=bearer(seat, **extra))
        assert views == ["ran"]
        views.clear()
        assert streamed.status_code == polled.status_code == 503
        assert streamed.get_json() == polled.get_json() and streamed.get_json()["code"] == "too_many_waiting"
        varying = {"X-Request-ID", "Retry-After"}
        assert {k: v for k, v in streamed.headers.items() if k not in varying} == {
            k: v for k, v in polled.headers.items() if k not in varying
        }
        assert 2 <= int(streamed.headers["Retry-After"]) <= 10
    opened = make_app(store)
    with opened.test_client().get(
        f"{table['path']}/events", headers=bearer(seat, Accept="text/event-stream"), buffered=False
    ) as answer:
        assert answer.status_code == 200  # with room, the gate lets the stream through


def test_refusals_are_logged_once_a_second_with_their_count() -> None:
    clock = [0.0]
    said = waiting.RefusalLog(lambda: clock[0])
    assert said.count("client") == 1  # the first is said at once
    assert [said.count("client") for _ in range(500)] == [0] * 500
    assert said.count("host") == 1  # each cap on its own
    clock[0] = 1.0
    assert said.count("client") == 501


def test_a_socket_whose_peer_closed_reads_as_closed_and_an_open_one_does_not() -> None:
    ours, theirs = socket.socketpair()
    try:
        assert not peer_closed(ours.fileno())
        theirs.sendall(b"x")  # a client that sends more is not taken for gone
        assert not peer_closed(ours.fileno())
        theirs.close()
        ours.recv(1)
        assert peer_closed(ours.fileno())
        assert ours.fileno() >= 0  # the probe left the connection's descriptor open
        os.fstat(ours.fileno())
    finally:
        ours.close()


def test_a_stopping_worker_ends_its_streams_with_a_reconnect_hint(client: FlaskClient, app: Flask) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    opened = client.get(
        f"{table['path']}/events", headers=bearer(seat, Accept="text/event-stream"), buffered=False
    )
    chunks = iter(opened.response)
    next(chunks), next(chunks), next(chunks)  # the retry, the table, the deal
    stopping.begin()
    rest = sse(chunks)
    assert len(rest) == 1 and 250 <= int(rest[0]["retry"]) <= 1500
    assert app.extensions["event_hub"].waiting == 0
    late = client.get(
        f"{table['path']}/events", headers=bearer(seat, Accept="text/event-stream"), buffered=False
    )
    assert late.status_code == 200 and [set(m) for m in sse(late.response)] == [{"retry"}]


def test_a_stopping_worker_answers_its_long_polls_at_once(client: FlaskClient, app: Flask) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    answers: list[Any] = []
    poll = threading.Thread(
        target=lambda: answers.append(
            client.get(f"{table['path']}/events?after=1&wait=30", headers=bearer(seat))
        )
    )
    poll.start()
    hub = app.extensions["event_hub"]
    while not hub.waiting:
        threading.Event().wait(0.01)
    stopping.begin()
    poll.join(timeout=20)
    assert not poll.is_alive()
    assert answers[0].status_code == 200 and answers[0].get_json()["events"] == []


class FailingFor:
    """A store whose reads fail ``times`` times (a Redis restarting), then answer again."""

    def __init__(self, store: Any, times: int) -> None:
        self.store, self.times = store, times

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def _maybe_fail(self) -> None:
        if self.times > 0:
            self.times -= 1
            raise StoreUnavailable("restarting")

    def get(self, session_id: str) -> Any:
        self._maybe_fail()
        return self.store.get(session_id)

    def events(self, session_id: str, after: int) -> Any:
        self._maybe_fail()
        return self.store.events(session_id, after)


def test_a_store_that_fails_for_a_while_ends_no_stream(store: Any, client: FlaskClient) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    failing = FailingFor(store, 0)
    app = make_app(failing)  # type: ignore[arg-type]
    clock = [100.0]
    with app.test_request_context(headers=bearer(seat)):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 600.0)
        messages = stream.messages()
        next(messages)
        failing.times = 6  # every read of the next few seconds fails
        beats = [next(messages) for _ in range(2)]
        assert beats == [b": heartbeat\n\n"] * 2 and not stream.closed
        play_one(client, table)  # the store is back, and the table moved on meanwhile
        moved = sse([next(chunk for chunk in messages if not chunk.startswith(b":"))])
    assert moved[0]["data"]["type"] == "card_played" and moved[-1]["id"] == "2"


class Counting(FailingFor):
    """A store that counts the reads a stream makes."""

    def __init__(self, store: Any) -> None:
        super().__init__(store, 0)
        self.reads = 0

    def _maybe_fail(self) -> None:
        self.reads += 1


def test_a_quiet_stream_reads_the_store_only_at_its_periodic_look(store: Any, client: FlaskClient) -> None:
    """Idle streams are nearly free: a heartbeat is a write, and the store is read when the session has news or
    every RECHECK_SECONDS (30), not on every beat (15)."""
    table = new_table(client)
    counting = Counting(store)
    app = make_app(counting)  # type: ignore[arg-type]
    clock = [100.0]
    with app.test_request_context(headers=bearer(table["tokens"]["seats"][0])):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 50.0)
        messages = stream.messages()
        next(messages)
        assert next(messages) == b": heartbeat\n\n" and clock[0] == 115.0
        opened = counting.reads
        assert next(messages) == b": heartbeat\n\n" and clock[0] == 130.0
        assert list(messages) == [b": heartbeat\n\n"] and clock[0] == 150.0
    assert opened == 2  # the record (load) and the log at the start; the beat at 115 s read nothing
    assert (
        counting.reads == 4
    )  # the periodic look at 130 s: the record and the log once; the beat at 145 s none


def test_a_streams_first_periodic_look_is_when_it_is_told_then_every_30_seconds(
    store: Any, client: FlaskClient
) -> None:
    """Streams opened together must not look at the store together every 30 s for good: the route draws the first
    look in 15-30 s, as it draws the first heartbeat (10,000 streams opened within seconds, ``bench/streams.py``)."""
    table = new_table(client)
    clock, looks = [100.0], []

    class Timed(Counting):
        def _maybe_fail(self) -> None:
            looks.append(clock[0])

    app = make_app(Timed(store))  # type: ignore[arg-type]
    with app.test_request_context(headers=bearer(table["tokens"]["seats"][0])):
        loaded = load(table["id"])
        looks.clear()
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 100.0)
        stream.first_look = 20.0
        list(stream.messages())
    # The log at the start; then at each look the record and the log: 20 s in, then every 30 s.
    assert looks == [100.0, 120.0, 120.0, 150.0, 150.0, 180.0, 180.0]


def test_a_look_at_an_unchanged_table_keeps_what_the_stream_holds(store: Any, client: FlaskClient) -> None:
    """A copy of the record made for each stream at each look lived on into the collector's oldest generation,
    and a worker holding 5,000 streams walked them all at each full collection (about 90 ms, ``bench/streams.py``).
    Unchanged, the stream keeps its own; changed, it takes the new one."""
    table = new_table(client)
    app = make_app(store)
    clock = [100.0]
    with app.test_request_context(headers=bearer(table["tokens"]["seats"][0])):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 40.0)
        stream.first_look = 20.0
        list(stream.messages())
        assert clock[0] == 140.0 and stream.loaded is loaded  # looked at 120 s, found nothing new
        play_one(client, table)
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 40.0)
        stream.first_look = 20.0
        list(stream.messages())
        assert stream.loaded.snapshot.version > loaded.snapshot.version


def test_deleting_a_session_ends_its_streams_at_once(client: FlaskClient) -> None:
    """The deletion reaches the stream through the change feed, as a move does: it ends before its first
    heartbeat (5-20 s after opening), not at its periodic look (30 s)."""
    table = new_table(client)
    owner = table["tokens"]["owner"]
    stream = client.get(
        f"{table['path']}/events",
        headers=bearer(table["tokens"]["seats"][1], Accept="text/event-stream"),
        buffered=False,
    )
    chunks = iter(stream.response)
    next(chunks), next(chunks), next(chunks)  # the retry, the table, the deal
    etag = client.get(table["path"], headers=bearer(owner)).headers["ETag"]
    assert client.delete(table["path"], headers=bearer(owner, **{"If-Match": etag})).status_code == 204
    assert list(chunks) == []  # ended, with no heartbeat before


def test_a_stopping_worker_spreads_its_streams_reconnects_over_a_millisecond_a_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """5,000 streams told to come back within 1.5 s held up the other workers' answers for up to 2.4 s while they
    opened them (bench/recycling.py): the spread grows with the readers the worker held, up to 10 s."""
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(event_stream.random, "randint", lambda low, high: asked.append((low, high)) or low)
    for readers in (0, 40, 1500, 5000, 60000):
        assert event_stream.reconnect_hint(readers) == b"retry: 250\n\n"
    assert asked == [(250, 1500), (250, 1500), (250, 1500), (250, 5000), (250, 10000)]


def test_the_readers_held_are_counted_once_when_the_worker_stops(store: Any) -> None:
    hub = waiting.Hub(store, CAPS)
    try:
        with hub.watching("s1", "192.0.2.1"), hub.watching("s2", "192.0.2.2"):
            assert hub.held_when_stopping() == 2
        assert hub.waiting == 0 and hub.held_when_stopping() == 2  # the last to leave spread like the first
    finally:
        hub.close()
