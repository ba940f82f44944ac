"""The default store under real gunicorn: a match through sessions across forced worker recycling (two workers,
a small max_requests) and a full server restart loses nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
BOOT_TIMEOUT = 20.0


class Server:
    """gunicorn as the image starts it, with two workers recycled every ``max_requests`` requests."""

    def __init__(self, workdir: Path, max_requests: int) -> None:
        self.workdir = workdir
        self.max_requests = max_requests
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.port = free_port()
        self.starts += 1
        env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "WEB_CONCURRENCY")}
        env.update(
            SESSION_DB=str(self.workdir / "sessions.sqlite3"),
            PROMETHEUS_MULTIPROC_DIR=str(self.workdir / f"metrics-{self.starts}"),
            LOG_LEVEL="WARNING",
        )
        (self.workdir / f"metrics-{self.starts}").mkdir()
        # fmt: off
        argv = [
            str(GUNICORN), "--config", "deploy/gunicorn.conf.py", "--bind", f"127.0.0.1:{self.port}",
            "--workers", "2", "--max-requests", str(self.max_requests), "--max-requests-jitter", "0",
            "--log-level", "info", "service.app:create_app()",
        ]
        # fmt: on
        log = (self.workdir / f"gunicorn-{self.starts}.log").open("wb")
        self.proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=log, stderr=log, stdin=subprocess.DEVNULL
        )
        log.close()
        deadline = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log()
            try:
                if request(self, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"gunicorn did not answer within {BOOT_TIMEOUT} s\n{self.log()}")

    def stop(self) -> None:
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)

    def full_log(self) -> str:
        return "\n".join(path.read_text(errors="replace") for path in sorted(self.workdir.glob("gunicorn-*.log")))

    def log(self) -> str:
        return "\n".join(
            path.read_text(errors="replace")[-3000:] for path in sorted(self.workdir.glob("gunicorn-*.log"))
        )


def request(
    server: Server, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, dict[str, str], Any]:
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(server.base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            raw = response.read()
            return response.status, dict(response.headers), json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        with error:
            raw = error.read()
            return error.code, dict(error.headers), json.loads(raw) if raw else None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, max_requests=15)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def play_some(server: Server, path: str, seats: list[str], moves: int) -> int:
    """Play up to ``moves`` moves, each seat with its own token; return how many were played."""
    played = 0
    for _ in range(moves):
        for token in seats:
            status, headers, listed = request(
                server, "GET", f"{path}/legal-moves", Authorization=f"Bearer {token}"
            )
            assert status == 200, listed
            if listed["moves"]:
                break
        else:
            return played  # the round is over
        status, _, body = request(
            server,
            "POST",
            f"{path}/moves",
            {"move": listed["moves"][0]},
            Authorization=f"Bearer {token}",
            **{"If-Match": headers["ETag"]},
        )
        assert status == 200, body
        played += 1
        for _ in range(3):  # cheap requests, which used to recycle the in-process store away
            assert request(server, "GET", "/healthz")[0] == 200
    return played


RECYCLED = "Autorestarting worker"
"""gunicorn's line when a worker reaches max_requests. A gevent worker past it stops accepting at its next
once-a-second check, so how many recycles a run sees depends on the machine's speed; each run of the test makes
over a hundred requests to two workers, so one of them reaches max_requests (15) in each, whatever the speed."""


def test_worker_recycling_and_a_restart_lose_no_session(server: Server) -> None:
    status, _, dealt = request(server, "POST", "/v1/games/briscola/deal", {"players": 2, "seed": 21})
    assert status == 200
    status, headers, created = request(
        server, "POST", "/v1/sessions", {"game": "briscola", "state": dealt["state"]}
    )
    assert status == 201 and headers["Cache-Control"] == "no-store"
    path, owner, seats = headers["Location"], created["tokens"]["owner"], created["tokens"]["seats"]

    first = play_some(server, path, seats, 20)
    assert first == 20
    status, _, before = request(server, "GET", path, Authorization=f"Bearer {owner}")
    assert status == 200 and before["version"] == 21
    recycled_first = server.full_log().count(RECYCLED)
    assert recycled_first >= 1, server.log()

    server.stop()
    server.start()  # a full restart, on another port
    status, _, after = request(server, "GET", path, Authorization=f"Bearer {owner}")
    assert status == 200 and after == before

    rest = play_some(server, path, seats, 40)
    status, _, final = request(server, "GET", path, Authorization=f"Bearer {owner}")
    assert final["state"]["round_over"] is True and final["version"] == 21 + rest
    assert first + rest == 40  # every card of a 2-player Briscola round, no move lost or repeated
    assert server.full_log().count(RECYCLED) - recycled_first >= 1, server.log()
    status, _, ready = request(server, "GET", "/readyz")
    assert ready["sessions"]["backend"] == "sqlite" and ready["sessions"]["ok"] is True
