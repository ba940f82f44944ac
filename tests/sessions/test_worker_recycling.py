"""Worker recycling under real gunicorn (deploy/gunicorn.conf.py, two gevent workers, a small max_requests): a
recycled worker's event streams end with a reconnect hint, the requests sent meanwhile are all answered, and a
stream that reconnects with Last-Event-ID misses nothing. tests/sessions/test_worker_stopping.py has the parts."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.ports import HOST, free_port

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
BOOT_TIMEOUT = 20.0
STREAMS = 6
MAX_REQUESTS = 40
CHEAP_REQUESTS_AT_MOST = 4000
"""Far more than the two workers need to reach max_requests and take their turns one second apart."""
STREAM_SOCKET_TIMEOUT = 60.0  # a hang guard: an open stream beats every 15 s at most
GRACEFUL_TIMEOUT = 20.0  # deploy/gunicorn.conf.py: a worker that needed it all was cut off, streams and all


@dataclass
class Server:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def read_log(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    port = free_port()
    env = {name: value for name, value in os.environ.items() if name not in ("REDIS_URL", "RATE_LIMIT")}
    env.update(
        PORT=str(port),
        WEB_CONCURRENCY="2",
        MAX_REQUESTS=str(MAX_REQUESTS),
        MAX_REQUESTS_JITTER="0",
        RECYCLE_PERMIT_DIR=str((tmp_path / "recycle").absolute()),
        RECYCLE_SPACING_SECONDS="1",
        SESSION_DB=str(tmp_path / "sessions.sqlite3"),
        PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"),
        LOG_LEVEL="INFO",
    )
    (tmp_path / "recycle").mkdir()
    log = tmp_path / "gunicorn.log"
    argv = [
        str(GUNICORN),
        "--config",
        "deploy/gunicorn.conf.py",
        "--bind",
        f"{HOST}:{port}",
        "service.app:create_app()",
    ]
    with open(log, "wb") as out:
        process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    running = Server(port, log, process)
    try:
        deadline = time.monotonic() + BOOT_TIMEOUT
        while call(running, "GET", "/healthz", quiet=True)[0] != 200:
            assert process.poll() is None and time.monotonic() < deadline, running.read_log()[-3000:]
            time.sleep(0.1)
        yield running
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=25)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)


def call(
    server: Server, method: str, path: str, body: Any = None, quiet: bool = False, **headers: str
) -> tuple[int, dict[str, str], Any]:
    """One request on a fresh connection; with ``quiet`` a connection error is a status 0."""
    connection = http.client.HTTPConnection(HOST, server.port, timeout=10)
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        raw = response.read()
        parsed = json.loads(raw) if raw and "json" in (response.getheader("Content-Type") or "") else raw
        return response.status, dict(response.getheaders()), parsed
    except OSError:
        if quiet:
            return 0, {}, None
        raise
    finally:
        connection.close()


@dataclass
class EventStream:
    """One Server-Sent Event stream read by a thread of its own until the server ends it."""

    server: Server
    path: str
    token: str
    last_event_id: str | None = None
    until_id: str | None = None  # the reader leaves once the message of that id has come
    messages: list[str] = field(default_factory=list)
    opened: threading.Event = field(default_factory=threading.Event)
    ended: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None

    def start(self) -> EventStream:
        threading.Thread(target=self._read, daemon=True).start()
        return self

    def _read(self) -> None:
        headers = {"Accept": "text/event-stream", "Authorization": f"Bearer {self.token}"}
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
        connection = http.client.HTTPConnection(HOST, self.server.port, timeout=STREAM_SOCKET_TIMEOUT)
        try:
            connection.request("GET", self.path, headers=headers)
            response = connection.getresponse()
            assert response.status == 200, response.read()
            lines: list[str] = []
            while line := response.readline():
                text = line.decode().rstrip("\n")
                if text:
                    lines.append(text)
                elif lines:
                    self.messages.append("\n".join(lines))
                    lines = []
                    self.opened.set()
                    if self.until_id is not None and self.until_id in self.ids():
                        return
        except BaseException as error:  # reported by the test, which runs in another thread
            self.error = error
        finally:
            connection.close()
            self.opened.set()
            self.ended.set()

    def ids(self) -> list[str]:
        return [
            line[4:] for message in self.messages for line in message.splitlines() if line.startswith("id: ")
        ]


def create_session(server: Server) -> tuple[str, str, list[str]]:
    """A 2-player Briscola session: its path, the owner's token and the seats' tokens."""
    status, _, dealt = call(server, "POST", "/v1/games/briscola/deal", {"players": 2, "seed": 21})
    assert status == 200
    status, headers, made = call(
        server, "POST", "/v1/sessions", {"game": "briscola", "state": dealt["state"]}
    )
    assert status == 201, made
    return headers["Location"], made["tokens"]["owner"], made["tokens"]["seats"]


def open_streams(server: Server, path: str, token: str) -> list[EventStream]:
    streams = [EventStream(server, f"{path}/events", token).start() for _ in range(STREAMS)]
    for stream in streams:
        assert stream.opened.wait(STREAM_SOCKET_TIMEOUT) and stream.error is None, stream.error
    return streams


def assert_ended_with_a_reconnect_hint(streams: list[EventStream]) -> None:
    for stream in streams:
        assert stream.ended.wait(STREAM_SOCKET_TIMEOUT) and stream.error is None, stream.error
        assert stream.messages[0].startswith("retry: ")  # sent when the stream opens
        assert stream.messages[-1].startswith("retry: ") and len(stream.messages) >= 2, stream.messages


def test_a_recycled_workers_streams_end_with_a_reconnect_hint_and_every_request_is_answered(
    server: Server,
) -> None:
    path, owner, seats = create_session(server)
    streams = open_streams(server, path, owner)

    answers: list[int] = []
    while not all(stream.ended.is_set() for stream in streams) and len(answers) < CHEAP_REQUESTS_AT_MOST:
        answers.append(call(server, "GET", "/healthz", quiet=True)[0])

    log = server.read_log()
    assert all(stream.ended.is_set() for stream in streams), log[-3000:]
    assert_ended_with_a_reconnect_hint(streams)
    assert set(answers) == {200}, f"{answers.count(0)} connection errors of {len(answers)}\n{log[-3000:]}"
    assert log.count("Autorestarting worker") >= 1
    assert "Worker graceful timeout" not in log  # none had to be cut off

    # The table moves on while nobody listens; a stream that comes back from where it was misses nothing.
    before = call(server, "GET", path, Authorization=f"Bearer {owner}")[2]["version"]
    move_once(server, path, seats)
    resumed = EventStream(server, f"{path}/events", owner, str(before), until_id=str(before + 1)).start()
    assert resumed.ended.wait(STREAM_SOCKET_TIMEOUT) and resumed.error is None, resumed.error
    assert resumed.ids() == [str(before + 1)], resumed.messages


def test_a_stopping_master_ends_every_stream_with_a_reconnect_hint(server: Server) -> None:
    path, owner, _ = create_session(server)
    streams = open_streams(server, path, owner)
    server.process.send_signal(signal.SIGTERM)
    assert server.process.wait(timeout=GRACEFUL_TIMEOUT + 10) == 0
    assert_ended_with_a_reconnect_hint(streams)
    assert "Worker graceful timeout" not in server.read_log()


def move_once(server: Server, path: str, seats: list[str]) -> None:
    for token in seats:
        status, headers, listed = call(server, "GET", f"{path}/legal-moves", Authorization=f"Bearer {token}")
        assert status == 200, listed
        if listed["moves"]:
            status, _, body = call(
                server,
                "POST",
                f"{path}/moves",
                {"move": listed["moves"][0]},
                Authorization=f"Bearer {token}",
                **{"If-Match": headers["ETag"]},
            )
            assert status == 200, body
            return
    raise AssertionError("no seat may move")
