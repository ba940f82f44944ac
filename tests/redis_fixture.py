"""Pytest plugin: a private, throw-away ``redis-server`` for the test session.

Load it from the root conftest with ``pytest_plugins = ["tests.redis_fixture"]``.

Fixtures:

* ``redis_server`` (session): the :class:`RedisServer` handle.
* ``redis_url`` (session): ``redis://127.0.0.1:<port>/0`` of that server.
* ``redis_control`` (function): the same handle, for tests that stop/start or pause/resume the server;
  whatever the test did, the server is running and answering again when the test ends.
* ``fresh_namespace`` (function): a unique key namespace per test.
* ``redis_cluster`` (session): a :class:`RedisClusterProcesses`, a local Redis Cluster of three masters, each
  with one replica (six ``redis-server --cluster-enabled yes`` processes joined by ``redis-cli --cluster
  create``); ``redis_cluster_url`` names one of its nodes. It needs ``redis-cli`` (Debian: redis-tools, which
  the redis-server package pulls in); without it the cluster tests skip with a message saying so.

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

from tests.ports import free_port, worker_name

__all__ = ["RedisClusterProcesses", "RedisServer", "find_redis_server"]

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

    def __init__(
        self, binary: str, workdir: Path, port: int | None = None, extra_args: tuple[str, ...] = ()
    ) -> None:
        self.binary = binary
        self.workdir = workdir
        self.extra_args = extra_args
        self.port = port if port is not None else free_port()
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
        log_path = self.workdir / f"redis-{self.port}.log"
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
            *self.extra_args,
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

    def kill(self) -> None:
        """Crash the server (SIGKILL): no shutdown, no goodbye to cluster peers."""
        if self._proc is not None and self._proc.poll() is None:
            self.resume()
            self._proc.kill()
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
    with tempfile.TemporaryDirectory(prefix=f"cardrules-redis-{worker_name()}-") as tmp:
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


# -- Redis Cluster -------------------------------------------------------------------------------------------


def find_redis_cli() -> str | None:
    """Path of ``redis-cli`` next to the server binary, on ``PATH`` or in ``/usr/bin``."""
    server = find_redis_server()
    if server:
        sibling = Path(server).with_name("redis-cli")
        if os.access(sibling, os.X_OK):
            return str(sibling)
    found = shutil.which("redis-cli")
    if found:
        return found
    return "/usr/bin/redis-cli" if os.access("/usr/bin/redis-cli", os.X_OK) else None


def _cluster_info(port: int) -> dict[str, str]:
    """``CLUSTER INFO`` of one node as a dict ({} when it does not answer)."""
    import redis

    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=0.5, socket_connect_timeout=0.5)
    try:
        raw = client.execute_command("CLUSTER INFO")
    except (redis.RedisError, OSError):
        return {}
    finally:
        client.close()
    if isinstance(raw, dict):  # redis-py parses the reply itself
        return {str(key): str(value) for key, value in raw.items()}
    text = raw.decode(errors="replace") if isinstance(raw, bytes) else str(raw)
    return dict(line.strip().split(":", 1) for line in text.splitlines() if ":" in line)


def _replica_in_sync(node: RedisServer) -> bool:
    """A master, or a replica whose link to its master is up."""
    import redis

    client = redis.Redis(host="127.0.0.1", port=node.port, socket_timeout=0.5, socket_connect_timeout=0.5)
    try:
        info = client.info("replication")
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()
    return info.get("role") == "master" or info.get("master_link_status") == "up"


class RedisClusterProcesses:
    """Six ``redis-server`` processes in cluster mode (3 masters, 3 replicas) on free ports, no persistence.

    ``cluster-node-timeout`` is 1 s, so a killed master is replaced by its replica within a few seconds.
    """

    NODE_TIMEOUT_MS = 1000

    def __init__(self, server: str, cli: str, workdir: Path) -> None:
        self.cli = cli
        self.nodes: list[RedisServer] = []
        for _ in range(6):
            port = free_port()
            bus = free_port()
            # fmt: off
            extra = (
                "--cluster-enabled", "yes",
                "--cluster-config-file", f"nodes-{port}.conf",
                "--cluster-node-timeout", str(self.NODE_TIMEOUT_MS),
                "--cluster-port", str(bus),
                "--cluster-require-full-coverage", "no",
                # A replica may take over however long it has been cut off (the test kills masters on purpose).
                "--cluster-replica-validity-factor", "0",
                "--appendonly", "no",
            )
            # fmt: on
            self.nodes.append(RedisServer(server, workdir, port, extra))

    @property
    def url(self) -> str:
        return self.nodes[0].url.removesuffix("/0")

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
        created = subprocess.run(
            [self.cli, "--cluster", "create", *addresses, "--cluster-replicas", "1", "--cluster-yes"],
            capture_output=True,
            timeout=60,
            check=False,
        )
        if created.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed: {created.stdout[-2000:]!r} {created.stderr!r}")
        self.wait_ok()

    def wait_ok(self, timeout: float = 30.0) -> None:
        """Wait until every running node reports ``cluster_state:ok`` and every replica is in sync."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            running = [node for node in self.nodes if node.running]
            states = [_cluster_info(node.port).get("cluster_state") for node in running]
            if states and all(state == "ok" for state in states) and all(map(_replica_in_sync, running)):
                return
            time.sleep(0.1)
        raise RuntimeError("the Redis Cluster did not reach cluster_state:ok with its replicas in sync")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterProcesses]:
    server = find_redis_server()
    cli = find_redis_cli()
    if server is None or cli is None:
        message = (
            "Redis Cluster tests need redis-server and redis-cli (Debian packages redis-server, redis-tools; "
            "make test installs them when run as root)"
        )
        if os.environ.get("ALLOW_NO_REDIS") == "1" or (server is not None and cli is None):
            pytest.skip(message)
        pytest.fail(message, pytrace=False)
    with tempfile.TemporaryDirectory(prefix=f"cardrules-cluster-{worker_name()}-") as tmp:
        cluster = RedisClusterProcesses(server, cli, Path(tmp))
        try:
            cluster.start()
        except RuntimeError as exc:
            cluster.stop()
            pytest.fail(f"could not start a Redis Cluster: {exc}", pytrace=False)
        try:
            yield cluster
        finally:
            cluster.stop()


@pytest.fixture(scope="session")
def redis_cluster_url(redis_cluster: RedisClusterProcesses) -> str:
    return redis_cluster.url
