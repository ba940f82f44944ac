"""The service under real gunicorn, and nginx in front of it with deploy/nginx/nginx.conf, on free local ports.

Both run in their own process group and are stopped (the whole group) when the context ends.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

# HOST and free_port are also this module's: the edge tests take them from here.
from tests.ports import HOST as HOST
from tests.ports import free_port as free_port
from tests.ports import worker_name

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).with_name("gunicorn")
NGINX_CONF = ROOT / "deploy" / "nginx" / "nginx.conf"


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if found is None:
        raise RuntimeError("nginx is missing: `make test` installs the Debian package (make nginx)")
    return found


def get(port: int, path: str, timeout: float = 5.0, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def raw_exchange(port: int, data: bytes, timeout: float = 10.0, half_close: bool = False) -> tuple[int, bytes]:
    """Send ``data`` as is (then close the sending side if ``half_close``), read the answer until the server
    closes; the status code (0 when no answer came) and the whole answer."""
    with socket.create_connection((HOST, port), timeout=timeout) as sock:
        sock.sendall(data)
        if half_close:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    answer = b"".join(chunks)
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0
    return status, answer


def wait_for(port: int, process: subprocess.Popen[bytes], log: Path, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"exited with {process.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        with contextlib.suppress(OSError, http.client.HTTPException):
            if get(port, "/healthz", timeout=1.0)[0] == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"no answer on port {port} within {timeout} s:\n{log.read_text(errors='replace')[-3000:]}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=25)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


@contextlib.contextmanager
def gunicorn(workers: int = 2, **env: str) -> Iterator[int]:
    """The service as the image starts it (deploy/gunicorn.conf.py, sync workers), on a free port."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix=f"cardrules-edge-{worker_name()}-") as temp:
        log = Path(temp) / "gunicorn.log"
        environment = {
            k: v
            for k, v in os.environ.items()
            if k not in {"REDIS_URL", "RATE_LIMIT", "METRICS_PORT", "METRICS_TOKEN", "TRUSTED_PROXIES"}
        }
        environment.update(
            PORT=str(port),
            WEB_CONCURRENCY=str(workers),
            LOG_LEVEL="WARNING",
            PROMETHEUS_MULTIPROC_DIR=str(Path(temp) / "metrics"),
            **env,
        )
        command = [str(GUNICORN), "--config", "deploy/gunicorn.conf.py", "--bind", f"{HOST}:{port}"]
        with open(log, "wb") as out:
            process = subprocess.Popen(
                [*command, "service.app:create_app()"],
                cwd=ROOT,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            wait_for(port, process, log)
            yield port
        finally:
            stop(process)


def render_nginx_conf(upstream_port: int, listen_port: int, directory: Path) -> str:
    """deploy/nginx/nginx.conf with the upstream, the listener and /tmp/ moved; each change must apply once."""
    text = NGINX_CONF.read_text()
    for old, new in (
        ("server app:8000;", f"server {HOST}:{upstream_port};"),
        ("listen 8080;", f"listen {HOST}:{listen_port};"),
    ):
        if text.count(old) != 1:
            raise AssertionError(f"deploy/nginx/nginx.conf no longer has exactly one {old!r}")
        text = text.replace(old, new)
    return text.replace(" /tmp/", f" {directory}/")


@contextlib.contextmanager
def nginx(upstream_port: int) -> Iterator[int]:
    """nginx with the deploy configuration in front of ``upstream_port``, on a free port."""
    binary = nginx_binary()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix=f"cardrules-nginx-{worker_name()}-") as temp:
        directory = Path(temp)
        directory.chmod(0o755)  # workers run as nobody when the tests run as root
        conf = directory / "nginx.conf"
        conf.write_text(render_nginx_conf(upstream_port, port, directory))
        log = directory / "nginx.log"
        check = subprocess.run([binary, "-t", "-p", temp, "-c", str(conf)], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"nginx -t refused the configuration:\n{check.stderr}")
        with open(log, "wb") as out:
            process = subprocess.Popen(
                [binary, "-p", temp, "-c", str(conf), "-g", "daemon off;"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            wait_for(port, process, log)
            yield port
        finally:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGQUIT)  # graceful: the workers finish and exit
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    stop(process)
