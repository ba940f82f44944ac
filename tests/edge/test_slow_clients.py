"""Fifty slow connections against the service: behind nginx (deploy/nginx/nginx.conf) normal requests are still
answered; straight against gunicorn's two gevent workers too (a slow connection waits in a greenlet), but not
against two sync workers (GUNICORN_WORKER_CLASS=sync), which is why the proxy was first put in front.

The tests count answers and give each request a generous timeout against a hang; how fast the answers come is a
matter for the machine and is measured, not tested (docs/performance.md).

Slow clients of three kinds, kept at fifty (a closed one is reopened): headers trickled a byte at a time, a body
trickled a byte at a time after complete headers, and a connection that sends nothing. Meanwhile a normal client
asks for ``/v1/games/scopa`` and posts legal-moves in turn, a new connection each, every 100 ms.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from dataclasses import dataclass, field

from tests.api.test_hostile_inputs import SCOPA
from tests.edge.servers import HOST, gunicorn, nginx

SLOW_CONNECTIONS = 50
NORMAL_REQUESTS = 100
BARE_NORMAL_REQUESTS = 40
STARVED_REQUESTS = 6
LEGAL_BODY = json.dumps({"state": SCOPA}).encode()


@dataclass
class SlowClients:
    """Fifty sockets kept open and trickling, from one thread."""

    port: int
    sockets: list[tuple[socket.socket, int]] = field(default_factory=list)
    opened: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def _open(self, kind: int) -> tuple[socket.socket, int] | None:
        try:
            sock = socket.create_connection((HOST, self.port), timeout=1.0)
        except OSError:
            return None
        self.opened += 1
        with contextlib.suppress(OSError):
            if kind == 0:  # headers, one byte at a time (the first line now)
                sock.sendall(b"GET /v1/games/scopa HTTP/1.1\r\n")
            elif kind == 1:  # complete headers, then a body one byte at a time
                sock.sendall(
                    b"POST /v1/games/scopa/legal-moves HTTP/1.1\r\nHost: x\r\n"
                    b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
                )
        return sock, kind  # kind 2 sends nothing at all

    def _loop(self) -> None:
        while not self._stop.wait(0.5):
            for index, entry in enumerate(self.sockets):
                sock, kind = entry
                if kind == 2:
                    continue
                try:
                    sock.sendall(b"X" if kind == 0 else b" ")
                except OSError:  # the server dropped it: open another in its place
                    sock.close()
                    fresh = self._open(kind)
                    if fresh is not None:
                        self.sockets[index] = fresh

    def __enter__(self) -> SlowClients:
        for number in range(SLOW_CONNECTIONS):
            opened = self._open(number % 3)
            if opened is not None:
                self.sockets.append(opened)
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        for sock, _ in self.sockets:
            sock.close()


def normal_requests(port: int, count: int, timeout: float) -> list[float | None]:
    """Milliseconds per request (None: not answered with 200 within ``timeout``), one every 100 ms."""
    results: list[float | None] = []
    for turn in range(count):
        started = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
        try:
            if turn % 2:
                connection.request(
                    "POST", "/v1/games/scopa/legal-moves", LEGAL_BODY, {"Content-Type": "application/json"}
                )
            else:
                connection.request("GET", "/v1/games/scopa")
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            ok = False
        finally:
            connection.close()
        elapsed = (time.perf_counter() - started) * 1000
        results.append(elapsed if ok else None)
        time.sleep(max(0.0, 0.1 - elapsed / 1000))
    return results


def test_behind_nginx_fifty_slow_connections_do_not_slow_normal_requests() -> None:
    with gunicorn(workers=2) as app_port, nginx(app_port) as proxy_port, SlowClients(proxy_port) as slow:
        time.sleep(0.5)
        assert len(slow.sockets) == SLOW_CONNECTIONS
        timings = normal_requests(proxy_port, NORMAL_REQUESTS, timeout=5.0)
    assert None not in timings, f"{timings.count(None)} of {len(timings)} normal requests failed"


def test_straight_against_gevent_workers_slow_connections_cost_greenlets_not_workers() -> None:
    """Without the proxy, each slow client holds a greenlet of a worker, and the workers go on answering."""
    with gunicorn(workers=2) as app_port, SlowClients(app_port) as slow:
        time.sleep(0.5)
        assert len(slow.sockets) == SLOW_CONNECTIONS
        timings = normal_requests(app_port, BARE_NORMAL_REQUESTS, timeout=5.0)
    assert None not in timings, f"{timings.count(None)} of {len(timings)} normal requests failed"


def test_straight_against_sync_workers_slow_connections_starve_them() -> None:
    """The sync worker class (GUNICORN_WORKER_CLASS=sync) without the proxy: both workers sit on slow clients."""
    with gunicorn(workers=2, GUNICORN_WORKER_CLASS="sync") as app_port, SlowClients(app_port):
        time.sleep(0.5)
        timings = normal_requests(app_port, STARVED_REQUESTS, timeout=1.0)
    # Starved workers answer nothing within a second (a slower machine only starves them more).
    answered = [ms for ms in timings if ms is not None]
    assert len(answered) <= len(timings) // 2, f"gunicorn answered {len(answered)} of {len(timings)}"
