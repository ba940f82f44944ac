"""Through nginx with deploy/nginx/nginx.conf in front of gunicorn's gevent workers, a session's event stream
passes as it comes (nginx buffers answers, except those sent with ``X-Accel-Buffering: no``), and a ``?wait`` long
poll is answered.

A move made after the stream is open must arrive on the open stream: a buffered stream would hold it until the
stream ends (``EVENT_STREAM_SECONDS``, 600 s here) or 16 KB pile up. Each read has a generous timeout against a
hang; how fast an event comes is measured, not tested (bench/streams.py, docs/performance.md).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.edge.servers import HOST, gunicorn, nginx

HANG = 30.0  # seconds a read may take before the test calls it a hang


@pytest.fixture(scope="module")
def proxy_port() -> Iterator[int]:
    with gunicorn(workers=2) as app_port, nginx(app_port) as port:
        yield port


def call(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    connection = http.client.HTTPConnection(HOST, port, timeout=HANG)
    sent = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        return response.status, dict(response.getheaders()), json.loads(raw) if raw else None
    finally:
        connection.close()


def new_table(port: int) -> dict[str, Any]:
    status, headers, answer = call(
        port, "POST", "/v1/sessions", {"game": "scopa", "deal": {"players": 2, "seed": "server"}}
    )
    assert status == 201, answer
    answer["etag"] = headers["ETag"]
    return answer


RETRIES = 3
"""A 503 with ``Retry-After`` (the store just came back: a pooled connection found broken) is retried as the
contract tells a client to, a few times; the write behind it was never applied."""


def call_as_a_client(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    for _ in range(RETRIES):
        status, answered, answer = call(port, method, path, body, headers)
        if status != 503 or "Retry-After" not in answered:
            break
        time.sleep(int(answered["Retry-After"]))
    return status, answered, answer


def play_one(port: int, table: dict[str, Any]) -> dict[str, Any]:
    """The first legal move of the seat whose turn it is; the answer, with the version it made."""
    token = table["tokens"]["seats"][table["view"]["turn"]]
    auth = {"Authorization": f"Bearer {token}"}
    status, _, legal = call_as_a_client(port, "GET", f"/v1/sessions/{table['id']}/legal-moves", headers=auth)
    assert status == 200, legal
    status, _, played = call_as_a_client(
        port,
        "POST",
        f"/v1/sessions/{table['id']}/moves",
        {"move": legal["moves"][0]},
        {**auth, "If-Match": table["etag"]},
    )
    assert status == 200, played
    return played


class StreamReader:
    """One event stream read by a thread; each message (its fields) put on ``messages`` as it arrives."""

    def __init__(self, port: int, path: str, token: str) -> None:
        self.connection = http.client.HTTPConnection(HOST, port, timeout=HANG)
        self.connection.request(
            "GET", path, headers={"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        )
        try:
            self.response = self.connection.getresponse()
        except TimeoutError:
            pytest.fail(f"no answer's head within {HANG} s: the stream held back by the proxy?")
        self.messages: queue.Queue[dict[str, str] | None] = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = b""
        try:
            while data := self.response.read1(65536):
                buffer += data
                *complete, buffer = buffer.split(b"\n\n")
                for message in complete:
                    fields: dict[str, str] = {}
                    for line in message.decode().split("\n"):
                        name, _, value = line.partition(":")
                        fields[name or "comment"] = value.removeprefix(" ")
                    self.messages.put(fields)
        except (OSError, http.client.HTTPException, AttributeError):  # AttributeError: closed under the read
            pass
        self.messages.put(None)  # the stream ended

    def next(self) -> dict[str, str]:
        try:
            message = self.messages.get(timeout=HANG)
        except queue.Empty:
            pytest.fail(f"nothing came on the stream within {HANG} s: held back by the proxy?")
        assert message is not None, "the stream ended"
        return message

    def close(self) -> None:
        if self.connection.sock is not None:
            with contextlib.suppress(OSError):
                self.connection.sock.shutdown(socket.SHUT_RDWR)  # the reading thread sees the end
        self.thread.join(timeout=HANG)
        self.connection.close()


def test_a_move_made_after_the_stream_opened_arrives_on_it_through_nginx(proxy_port: int) -> None:
    table = new_table(proxy_port)
    seat = table["tokens"]["seats"][1]
    reader = StreamReader(proxy_port, f"/v1/sessions/{table['id']}/events?after=1", seat)
    try:
        assert reader.response.status == 200
        assert reader.response.getheader("Content-Type", "").startswith("text/event-stream")
        assert reader.next() == {"retry": "2000"}  # the stream is open and passing what the app writes
        played = play_one(proxy_port, table)
        received = []
        while not received or "id" not in received[-1]:
            message = reader.next()
            if "comment" not in message:  # a heartbeat may come between
                received.append(message)
        assert received[-1]["id"] == str(played["version"]) == "2"
        events = [json.loads(message["data"]) for message in received]
        assert [message["event"] for message in received] == [event["type"] for event in events]
        assert events[0]["type"] == "card_played"
        assert events[0]["move"] == played["events"][0]["move"]
        assert all(event["version"] == 2 for event in events)
        assert reader.thread.is_alive()  # the event came while the stream stayed open, not at its end
    finally:
        reader.close()


def test_a_long_poll_answers_through_nginx_with_nothing_and_with_a_move(proxy_port: int) -> None:
    table = new_table(proxy_port)
    seat = {"Authorization": f"Bearer {table['tokens']['seats'][0]}"}
    path = f"/v1/sessions/{table['id']}/events"

    status, _, quiet = call(proxy_port, "GET", f"{path}?after=1&wait=1", headers=seat)
    assert status == 200, quiet
    assert quiet["events"] == [] and quiet["version"] == 1

    answers: queue.Queue[tuple[int, Any]] = queue.Queue()

    def poll() -> None:
        status, _, page = call(proxy_port, "GET", f"{path}?after=1&wait=25", headers=seat)
        answers.put((status, page))

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    # Usually the poll is parked by then; should the move come first, the poll answers at once with the same page.
    poller.join(timeout=0.5)
    played = play_one(proxy_port, table)
    try:
        status, page = answers.get(timeout=HANG)
    except queue.Empty:
        pytest.fail(f"the long poll did not answer within {HANG} s")
    poller.join(timeout=HANG)
    assert status == 200, page
    assert page["version"] == played["version"] == 2
    assert page["events"] and {event["version"] for event in page["events"]} == {2}
    assert page["events"][0]["type"] == "card_played"
    assert page["events"][0]["move"] == played["events"][0]["move"]


def test_nginx_holds_an_address_to_64_waiting_readers_and_answers_the_next_with_the_apps_problem() -> None:
    """deploy/nginx/nginx.conf caps event connections per client address (64, the app's own per-client cap) before
    any worker is involved. The app's cap is lifted here, so the refusal can only be nginx's."""
    with gunicorn(workers=2, EVENT_WAITERS_PER_CLIENT="1000") as app_port, nginx(app_port) as port:
        table = new_table(port)
        readers = []
        try:
            for _ in range(64):
                readers.append(
                    StreamReader(port, f"/v1/sessions/{table['id']}/events", table["tokens"]["seats"][0])
                )
                assert readers[-1].response.status == 200
            status, headers, problem = call(
                port,
                "GET",
                f"/v1/sessions/{table['id']}/events?after=1&wait=1",
                headers={"Authorization": f"Bearer {table['tokens']['seats'][1]}"},
            )
            assert status == 503 and problem["code"] == "too_many_waiting"
            assert headers["Content-Type"].startswith("application/problem+json") and headers["Retry-After"]
            rules, _, _ = call(
                port,
                "GET",
                f"/v1/sessions/{table['id']}/legal-moves",
                headers={"Authorization": f"Bearer {table['tokens']['seats'][0]}"},
            )
            assert rules == 200  # the address's other requests pass
        finally:
            for reader in readers:
                reader.close()


def test_a_closed_stream_gives_its_place_back_before_any_heartbeat_could() -> None:
    """One waiting place per address: a client that closes its stream can open another at once. The worker's
    event loop sees the connection close; a stream's first heartbeat (the write that would otherwise find out)
    comes 5-20 s after it opened, so an admission within the few seconds allowed here is the watcher's."""
    with gunicorn(workers=1, EVENT_WAITERS_PER_CLIENT="1") as port:
        table = new_table(port)
        path, seat = f"/v1/sessions/{table['id']}/events", table["tokens"]["seats"][0]
        first = StreamReader(port, path, seat)
        assert first.response.status == 200
        status, _, problem = call(
            port, "GET", f"{path}?after=1&wait=1", headers={"Authorization": f"Bearer {seat}"}
        )
        assert status == 503 and problem["code"] == "too_many_waiting"  # the address holds its one place
        first.close()
        statuses = []
        for _ in range(40):  # at most about 4 s: well before the first heartbeat
            again = StreamReader(port, path, seat)
            statuses.append(again.response.status)
            again.close()
            if statuses[-1] == 200:
                break
            time.sleep(0.1)
        assert statuses[-1] == 200, statuses
