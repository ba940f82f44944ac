"""Instructions per request inside a gunicorn worker: the service against the bare Flask ceiling, load-free.

    python -m bench.instructions [--requests 100,600]

The wrk ratio of ``bench/http.py`` is what a client sees, but on a shared VM it moves with the neighbours' load.
This counts instead: each server runs under ``deploy/gunicorn.conf.py`` with one worker (of the class
``GUNICORN_WORKER_CLASS`` names, gevent by default), inside valgrind
(callgrind, ``--trace-children``), and is sent the same ``legal-moves`` and ``play`` bodies as ``bench/http.py``,
one request at a time on a fresh connection. The worker's instruction count after the larger number of requests,
less the count after the smaller, divided by the difference, is its cost per request: gunicorn's parsing and
writing, Flask, and (for the service) everything it does besides. The ratio ceiling/service of those counts is
the throughput ratio the service would have if time were instructions; cache misses and the machine's other load
are not counted, so it reads somewhat above the wrk ratio.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import (
    CEILING_APP,
    GUNICORN_CONFIG,
    HOST,
    ROOT,
    SERVICE_APP,
    free_port,
    heading,
    machine_facts,
    table,
)
from .http import ENDPOINTS, prepare

TIMEOUT = 300.0  # a valgrind boot on a busy 2-core machine can take minutes


def post_many(port: int, endpoint: str, body: bytes, count: int) -> None:
    for _ in range(count):
        connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
        try:
            connection.request("POST", f"/v1/games/scopa/{endpoint}", body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{endpoint} answered {response.status}")
        finally:
            connection.close()


def worker_instructions(app: str, env: dict[str, str], endpoint: str, body: bytes, count: int) -> int:
    """The instructions the worker ran, from its start to its graceful exit after ``count`` requests."""
    out = Path(tempfile.mkdtemp(prefix="cardrules-callgrind-"))
    port = free_port()
    command = [
        shutil.which("valgrind") or "valgrind",
        "--tool=callgrind",
        "--trace-children=yes",
        f"--callgrind-out-file={out}/callgrind.%p",
        sys.executable,
        str(Path(sys.executable).with_name("gunicorn")),
        "--config",
        str(GUNICORN_CONFIG),
        "--bind",
        f"{HOST}:{port}",
        "--workers",
        "1",
        "--max-requests",
        "0",
        "--timeout",
        str(int(TIMEOUT)),
        app,
    ]
    environment = {**os.environ, "LOG_LEVEL": "INFO", **env}
    for name in ("REDIS_URL", "RATE_LIMIT", "PROMETHEUS_MULTIPROC_DIR", "METRICS_PORT"):
        environment.pop(name, None)
    with open(out / "server.log", "wb") as log:
        server = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            with contextlib.suppress(OSError, http.client.HTTPException):
                connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    break
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"{app} did not start under valgrind: {(out / 'server.log').read_text()[-800:]}")
            time.sleep(0.5)
        post_many(port, endpoint, body, count)
    finally:
        server.terminate()
        server.wait(timeout=TIMEOUT)
    counts = []
    for path in out.glob("callgrind.*"):
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith("totals:"):
                counts.append(int(line.split()[1]))
    shutil.rmtree(out, ignore_errors=True)
    if len(counts) < 2:
        raise RuntimeError("callgrind wrote no profile for the worker")
    # The master forks the worker and only waits; of the two profiles the worker's is the larger.
    return max(counts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", default="100,600", help="the two request counts whose difference is measured")
    args = parser.parse_args(argv)
    few, many = (int(value) for value in args.requests.split(","))
    if not shutil.which("valgrind"):
        print("valgrind is missing: install the Debian package valgrind", file=sys.stderr)
        return 2
    print("# Instructions per request in a gunicorn worker (callgrind)\n")
    print(machine_facts())
    directory = Path(tempfile.mkdtemp(prefix="cardrules-bench-"))
    bodies = prepare(directory)
    servers = {
        "ceiling": (CEILING_APP, {"CEILING_RESPONSES": str(directory / "responses")}),
        "service": (SERVICE_APP, {}),
    }
    rows = []
    for endpoint in ENDPOINTS:
        body = bodies[endpoint].read_bytes()
        cost = {}
        for name, (app, env) in servers.items():
            low = worker_instructions(app, env, endpoint, body, few)
            high = worker_instructions(app, env, endpoint, body, many)
            cost[name] = (high - low) / (many - few)
        rows.append((endpoint, round(cost["ceiling"]), round(cost["service"]), cost["ceiling"] / cost["service"]))
    shutil.rmtree(directory, ignore_errors=True)
    engine = "compiled with mypyc" if not str(sys.modules["service.engine.fishing"].__file__).endswith(".py") else None
    print(
        f"\nOne {os.environ.get('GUNICORN_WORKER_CLASS', 'gevent')} worker, LOG_LEVEL=INFO, sequential requests;"
        f" ({many} - {few}) requests measured per server and"
        f" endpoint; engine: {engine or 'the pure-Python sources'}."
    )
    print(heading("Instructions per request"))
    print(table(["endpoint", "ceiling", "service", "ceiling / service"], rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
