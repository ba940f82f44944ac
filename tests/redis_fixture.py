"""Pytest plugin: a private, throw-away ``redis-server`` for the test session.

Load it from the root conftest with ``pytest_plugins = ["tests.redis_fixture"]``.

Fixtures:

* ``redis_server`` (session): the :class:`RedisServer` handle.
* ``redis_url`` (session): ``redis://127.0.0.1:<port>/0`` of that server.
* ``redis_control`` (function): the same handle, for tests that stop/start or pause/resume the server;
  whatever the test did, the server is running and answering again when the test ends.
* ``fresh_namespace`` (function): a unique key namespace per test.

The binary is looked up as ``$REDIS_SERVER_BIN``, then ``redis-server`` on ``PATH``, ``/usr/bin`` and
``/usr/sbin``. Without a binary the fixtures fail with a clear message, or skip when ``ALLOW_NO_REDIS=1``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["RedisServer", "find_redis_server"]

_START_TIMEOUT = 10.0
_CANDIDATES = ("/usr/bin/redis-server", "/usr/sbin/redis-server", "/usr/local/bin/redis-server")


def find_redis_server() -> str | None:
    """Path of a usable ``redis-server`` binary, or None."""
    override = os.environ.get("REDIS_SERVER_BIN")
    if override:
        return override if os.access(override, os.X_OK) else None
    found = shutil.which("redis-server")
    if found:
        return found
    for candidate in _CANDIDATES:
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _ping(port: int, timeout: float = 0.2) -> bool:
    """Whether a server on ``port`` answers ``PING`` (raw RESP, no client library involved)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


class RedisServer:
    """A ``redis-server`` child process on a fixed port (no persistence, not daemonized)."""

    def __init__(self, binary: str, workdir: Path, port: int | None = None) -> None:
        self.binary = binary
        self.workdir = workdir
        self.port = port if port is not None else _free_port()
        self._proc: subprocess.Popen[bytes] | None = None
        self._paused = False

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def paused(self) -> bool:
        return self._paused

    def ping(self, timeout: float = 0.2) -> bool:
        return _ping(self.port, timeout)

    def start(self) -> None:
        """Start the server and wait (at most 10 s) until it answers PING."""
        if self.running:
            return
        log_path = self.workdir / "redis.log"
        # fmt: off
        argv = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--daemonize", "no",
            "--dir", str(self.workdir),
            "--logfile", str(log_path),
        ]
        # fmt: on
        self._proc = subprocess.Popen(
            argv,
            cwd=self.workdir,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + _START_TIMEOUT
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                break
            if self.ping():
                return
            time.sleep(0.02)
        self._reap()
        tail = log_path.read_text(errors="replace")[-2000:] if log_path.exists() else ""
        raise RuntimeError(f"redis-server on port {self.port} did not answer PING within 10 s\n{tail}")

    def stop(self) -> None:
        """Stop the server (data is lost: it runs without persistence)."""
        if self._proc is None:
            return
        self.resume()
        self._reap()

    def pause(self) -> None:
        """Freeze the process (SIGSTOP): connections hang and time out, data is kept."""
        if self.running and not self._paused:
            assert self._proc is not None
            self._proc.send_signal(signal.SIGSTOP)
            self._paused = True

    def resume(self) -> None:
        """Undo :meth:`pause` (SIGCONT)."""
        if self._paused and self._proc is not None:
            with contextlib.suppress(ProcessLookupError):
                self._proc.send_signal(signal.SIGCONT)
            self._paused = False

    def ensure_running(self) -> None:
        """Resume or restart as needed and wait until PING answers."""
        self.resume()
        if not self.running:
            self._reap()
            self.start()
        deadline = time.monotonic() + _START_TIMEOUT
        while not self.ping():
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on port {self.port} stopped answering PING")
            time.sleep(0.02)

    def _reap(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        else:
            proc.wait()


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    binary = find_redis_server()
    if binary is None:
        override = os.environ.get("REDIS_SERVER_BIN")
        where = (
            f"REDIS_SERVER_BIN={override!r} is not an executable"
            if override
            else "not on PATH, /usr/bin, /usr/sbin"
        )
        message = (
            f"redis-server not found ({where}); install it (e.g. apt-get install redis-server) or point "
            "REDIS_SERVER_BIN at it; set ALLOW_NO_REDIS=1 to skip the Redis tests instead"
        )
        if os.environ.get("ALLOW_NO_REDIS") == "1":
            pytest.skip(message)
        pytest.fail(message, pytrace=False)
    with tempfile.TemporaryDirectory(prefix="cardrules-redis-") as tmp:
        server: RedisServer | None = None
        error: Exception | None = None
        for _ in range(3):  # the free port may be grabbed by someone else before redis binds it
            candidate = RedisServer(binary, Path(tmp))
            try:
                candidate.start()
            except RuntimeError as exc:
                error = exc
                continue
            server = candidate
            break
        if server is None:
            pytest.fail(f"could not start redis-server: {error}", pytrace=False)
        try:
            yield server
        finally:
            server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server: RedisServer) -> str:
    return redis_server.url


@pytest.fixture
def redis_control(redis_server: RedisServer) -> Iterator[RedisServer]:
    redis_server.ensure_running()
    try:
        yield redis_server
    finally:
        redis_server.ensure_running()


@pytest.fixture
def fresh_namespace() -> str:
    return f"test-{uuid.uuid4().hex}"
