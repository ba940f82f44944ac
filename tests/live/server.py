"""The service under gunicorn, as the image starts it, on a free port: for the tests that talk to it over HTTP
(the spec's examples, the walkthrough scripts, the generated client, the browser)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"


def start(log_path: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": "1", "LOG_LEVEL": "WARNING"}
    env.pop("REDIS_URL", None)
    env.pop("RATE_LIMIT", None)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            [
                str(GUNICORN),
                "--config",
                "deploy/gunicorn.conf.py",
                "--bind",
                f"127.0.0.1:{port}",
                "service.app:create_app()",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"gunicorn exited during boot: {log_path.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as response:
                if response.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.1)
    stop(proc)
    raise AssertionError("gunicorn did not become healthy within 30 s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def live_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a service started for this test module, stopped after it."""
    proc, base = start(tmp_path_factory.mktemp("live") / "gunicorn.log")
    try:
        yield base
    finally:
        stop(proc)
