"""Metrics are correct across several gunicorn workers: every request is counted once, whichever worker served it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as response:
        body: bytes = response.read()
        return body


def test_metrics_sum_every_worker() -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(PORT=str(port), WEB_CONCURRENCY="2", LOG_LEVEL="WARNING")
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "--config", "deploy/gunicorn.conf.py", "service.app:create_app()"],
        cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                get(base + "/healthz")
                break
            except OSError:
                assert time.monotonic() < deadline, "the service did not start"
                time.sleep(0.1)
        requests = 60
        for _ in range(requests):
            get(base + "/v1/games/scopa")
        text = get(base + "/metrics").decode()
        counted = sum(
            float(value)
            for value in re.findall(
                r'cardrules_requests_total\{[^}]*route="/v1/games/<game_name>"[^}]*status="200"[^}]*\} (\S+)', text
            )
        )
        assert counted == requests
        assert "cardrules_request_seconds_bucket" in text
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
