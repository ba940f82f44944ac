"""Boot the service the way the container image does and check a graceful SIGTERM shutdown."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.ports import free_port

ROOT = Path(__file__).parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
BOOT_TIMEOUT = 15.0
GRACEFUL_TIMEOUT = 20.0  # deploy/gunicorn.conf.py
DEAL_BODY = json.dumps({"players": 2, "seed": 1}).encode()


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, exc.read()


def _post_json(url: str, body: bytes) -> tuple[int, bytes]:
    req = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, exc.read()


def _wait_healthy(proc: subprocess.Popen[bytes], base: str) -> None:
    deadline = time.monotonic() + BOOT_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"gunicorn exited during boot with status {proc.returncode}")
        try:
            if _get(f"{base}/healthz")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"/healthz not answering within {BOOT_TIMEOUT} s")


def _open_slow_deal(port: int) -> tuple[socket.socket, bytes]:
    """Send headers and half the body, so a worker holds the request when the master gets SIGTERM."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    head = (
        f"POST /v1/games/scopa/deal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(DEAL_BODY)}\r\nConnection: close\r\n\r\n"
    ).encode()
    half = len(DEAL_BODY) // 2
    conn.sendall(head + DEAL_BODY[:half])
    return conn, DEAL_BODY[half:]


def _finish_slow_deal(conn: socket.socket, rest: bytes) -> tuple[int, bytes]:
    conn.sendall(rest)
    resp = http.client.HTTPResponse(conn)
    try:
        resp.begin()
        return resp.status, resp.read()
    finally:
        resp.close()
        conn.close()  # the worker lingers until the client closes


def test_image_command_serves_and_drains_on_sigterm(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "RATE_LIMIT"}}
    env.update(PORT=str(port), WEB_CONCURRENCY="2", PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    log_path = tmp_path / "gunicorn.log"
    cmd = [str(GUNICORN), "--config", "deploy/gunicorn.conf.py", "service.app:create_app()"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    conn: socket.socket | None = None
    try:
        _wait_healthy(proc, base)
        for path in ("/healthz", "/readyz", "/openapi.yaml", "/metrics"):
            status, _ = _get(base + path)
            assert status == 200, path

        status, body = _post_json(f"{base}/v1/games/scopa/deal", DEAL_BODY)
        assert status == 200, body
        assert isinstance(json.loads(body), dict)

        conn, rest = _open_slow_deal(port)
        time.sleep(0.5)  # let a worker accept the connection and block reading the body
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        status, body = _finish_slow_deal(conn, rest)
        assert status == 200, body

        assert proc.wait(timeout=GRACEFUL_TIMEOUT) == 0
    except BaseException:
        sys.stderr.write(log_path.read_text(errors="replace"))
        raise
    finally:
        if conn is not None:
            conn.close()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the workers too, not only the master
            proc.wait(timeout=10)


def test_a_worker_of_an_app_without_tables_starts() -> None:
    """The benches serve a bare Flask app (their ceiling) under this same configuration: a worker of an app with no
    event hub starts, and adds no collector callback (there are no streams to freeze for)."""
    import gc
    import runpy
    from types import SimpleNamespace

    from flask import Flask

    config = runpy.run_path(str(Path(__file__).resolve().parents[1] / "deploy" / "gunicorn.conf.py"))
    callbacks = list(gc.callbacks)
    config["post_worker_init"](SimpleNamespace(wsgi=Flask("ceiling")))
    assert gc.callbacks == callbacks
