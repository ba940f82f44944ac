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
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from .common import (
    CEILING_APP,
    GUNICORN_CONFIG,
    HOST,
    ROOT,
    SERVICE_APP,
    Server,
    expect_ok,
    free_port,
    heading,
    machine_facts,
    table,
    verdict,
)
from .http import ENDPOINTS, prepare

SESSION_MOVE = "session-move"
SESSION_TARGET = 1.3
"""A session move, with its event log, against a stateless ``play`` in instructions (at most)."""
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


def exchange(
    port: int, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    """One request on a fresh connection: the status, the headers and the JSON answer."""
    connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    try:
        sent = {**(headers or {})}
        raw = None
        if body is not None:
            raw, sent["Content-Type"] = json.dumps(body).encode(), "application/json"
        connection.request(method, path, raw, sent)
        response = connection.getresponse()
        answer = response.read()
        return response.status, dict(response.getheaders()), json.loads(answer) if answer else None
    finally:
        connection.close()


def expect(status: int, wanted: int, what: str) -> None:
    if status != wanted:
        raise RuntimeError(f"{what} answered {status}, not {wanted}")


def session_requests(
    port: int, sessions: int, listed: int, played: int, seated: int, creator: int | None = None
) -> None:
    """Create ``sessions`` 2-player Scopa sessions (seeds 1, 2, ...); right after its creation, list the legal
    moves of the seat to act (with its seat token) in each of the first ``listed``; in each of the last ``seated``
    the seat to act reads its view first, as a client does to show its hand (its player arrives at the table: the
    ``presence`` event), and in each of the last ``played`` it then plays a move (``If-Match`` ``"1"``, the
    version the move is made on: a presence event since does not change it).

    Each request follows the creation at once, as a game's requests follow each other within seconds: a read
    more than a minute after the last write also pushes the session's expiry back (one more write), which a bench
    that read all its sessions minutes later would count in. The sessions played in are never read before their
    move: its first legal move is found here, from the state the creation answered, by the stateless rules in
    this process. Sessions are created on ``creator``'s port when given (another server on the same file: the
    measured worker then reads a state another worker wrote, checking its tag and parsing it), else on the
    measured worker itself, which then holds the record it wrote (``session_held``) and makes the move on it.
    """
    from service.app import create_app

    rules = create_app({"TESTING": True}).test_client()
    for seed in range(1, sessions + 1):
        body = {"game": "scopa", "deal": {"players": 2, "seed": seed}}
        status, _, answer = exchange(creator or port, "POST", "/v1/sessions", body)
        expect(status, 201, "POST /v1/sessions")
        session_id, state = answer["id"], answer["state"]
        token = answer["tokens"]["seats"][state["turn"]]
        if seed <= listed:
            status, headers, answer = exchange(
                port, "GET", f"/v1/sessions/{session_id}/legal-moves", headers={"Authorization": f"Bearer {token}"}
            )
            expect(status, 200, "GET legal-moves")
            if not answer["moves"] or headers["ETag"] != '"1"':
                raise RuntimeError(f"unexpected listing: {headers['ETag']} {answer}")
        if seed > sessions - seated:
            status, _, _ = exchange(
                creator or port, "GET", f"/v1/sessions/{session_id}/view", headers={"Authorization": f"Bearer {token}"}
            )
            expect(status, 200, "GET view")
        if seed > sessions - played:
            move = expect_ok(rules.post("/v1/games/scopa/legal-moves", json={"state": state}))["moves"][0]
            headers = {"Authorization": f"Bearer {token}", "If-Match": '"1"'}
            status, _, _ = exchange(port, "POST", f"/v1/sessions/{session_id}/moves", {"move": move}, headers)
            expect(status, 200, "POST moves")


STORES = ("sqlite", "redis")


@contextlib.contextmanager
def session_store(redis_url: str | None) -> Iterator[dict[str, str]]:
    """A fresh store for one server (and its creator): the embedded SQLite store in a new file, or the Redis at
    ``redis_url`` emptied first; the creation quotas off (every session comes from one address) and the seed key
    in a file both servers of a run share."""
    directory = Path(tempfile.mkdtemp(prefix="cardrules-bench-sessions-"))
    env = {
        "SESSION_QUOTA_LIVE": "0",
        "SESSION_QUOTA_CREATES": "0",
        "SEED_KEY_FILE": str(directory / "seed.key"),
        # A run lasts minutes under valgrind (seconds natively): with the default window of 30 s, the seats that
        # read their view at its start would be found gone while it runs, each departure a write of its record,
        # counted in as the runs' lengths differ. An hour keeps presence on, and nobody goes away.
        "PRESENCE_SECONDS": "3600",
        # A worker looks for due deadlines in the store four times a second by default, some 1-2 M instructions a
        # second under valgrind, and how many looks fall in a run depends on how long valgrind takes (the load):
        # once in ten minutes keeps them out of the runs (the benches' tables have no clocks), and what little is
        # left of a worker's own background is taken out below (``background_rate``).
        "DEADLINE_POLL_SECONDS": "600",
    }
    if redis_url is None:
        env.update(SESSION_DB=str(directory / "sessions.sqlite3"), SESSION_DB_DISK_RESERVE_MB="0")
    else:
        import redis

        redis.Redis.from_url(redis_url).flushall()
        env["REDIS_URL"] = redis_url
    try:
        yield env
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str | None]:
    """A throw-away redis-server as the tests start one (tests/redis_fixture.py); None when there is none."""
    from tests.redis_fixture import RedisServer, find_redis_server

    binary = find_redis_server()
    if binary is None:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-redis-") as directory:
        server = RedisServer(binary, Path(directory))
        server.start()
        try:
            yield server.url
        finally:
            server.stop()


def session_costs(few: int, many: int, redis_url: str | None, background: float) -> tuple[float, float]:
    """Instructions per session ``legal-moves`` GET and per session move (``POST .../moves``), on the store.

    Three workers each create ``2 * many`` sessions, and a seat reads its view in the last ``many`` of them; the
    first lists the legal moves in ``few`` of the others and plays in ``few`` of those it seated, the second lists
    in ``many`` and plays in ``few``, the third lists in ``many`` and plays in ``many``. The second less the first
    is ``many - few`` listings, the third less the second ``many - few`` moves alone, each by a seat already at the
    table (its arrival, written once a seat a session, is the view's cost).
    """
    counts = []
    for listed, played in ((few, few), (many, few), (many, many)):
        with session_store(redis_url) as env:
            drive = partial(session_requests, sessions=2 * many, listed=listed, played=played, seated=many)
            counts.append(foreground(worker_instructions(SERVICE_APP, env, drive), background))
    return (counts[1] - counts[0]) / (many - few), (counts[2] - counts[1]) / (many - few)


IDLE_SECONDS = 40.0


def background_rate(redis_url: str | None) -> float:
    """What a worker holding a table spends a second on its own (its runner's chores and turns are looked at a few
    times a second; its look for due deadlines in the store is made rare, ``session_store``): a worker left idle
    ``IDLE_SECONDS`` after its table's first requests, less one not left idle. Under valgrind a request takes some
    fifty times as long as it does natively, so this share of a session row would otherwise be counted in
    proportion to how long valgrind took (the machine's load), not to the requests."""
    counts = []
    for idle in (0.0, IDLE_SECONDS):
        with session_store(redis_url) as env:
            counts.append(worker_instructions(SERVICE_APP, env, partial(idle_after, idle=idle)))
    return (counts[1] - counts[0]) / (DRIVEN_SECONDS[-1] - DRIVEN_SECONDS[-2])


def idle_after(port: int, idle: float) -> None:
    session_requests(port, sessions=2, listed=0, played=0, seated=2)
    time.sleep(idle)


def foreground(count: int, background: float) -> float:
    """A session run's count less the background's share (``background_rate``) over its drive, the last one."""
    return count - background * DRIVEN_SECONDS[-1]


def moves_elsewhere(few: int, many: int, redis_url: str | None, background: float) -> float:
    """Instructions per session move when another worker (a server of its own on the same store) created the
    sessions and served the seat's view: ``many`` moves less ``few``, the creations and views not counted."""
    counts = []
    for played in (few, many):
        with session_store(redis_url) as env:
            creator = Server(SERVICE_APP, 1, env=env).start()
            try:
                drive = partial(
                    session_requests, sessions=played, listed=0, played=played, seated=played, creator=creator.port
                )
                counts.append(foreground(worker_instructions(SERVICE_APP, env, drive), background))
            finally:
                creator.stop()
    return (counts[1] - counts[0]) / (many - few)


def served_path() -> list[str]:
    """The worker serves the ``service`` this process imported: ``make run``'s compiled copy when the bench runs
    from it (``cd build/compiled && PYTHONPATH=../.. python -m bench.instructions``), else the sources."""
    served_from = Path(importlib.import_module("service").__file__ or ROOT).resolve().parent.parent
    return [] if served_from == ROOT.resolve() else ["--pythonpath", str(served_from)]


DRIVEN_SECONDS: list[float] = []
"""How long each ``drive`` of ``worker_instructions`` took, in order (the background's share: ``background_rate``)."""


def worker_instructions(app: str, env: dict[str, str], drive: Callable[[int], object]) -> int:
    """The instructions the worker ran, from its start to its graceful exit after ``drive(port)``'s requests (the
    drive's duration appended to ``DRIVEN_SECONDS``)."""
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
        *served_path(),
        app,
    ]
    environment = {**os.environ, "LOG_LEVEL": "INFO"}
    for name in ("REDIS_URL", "RATE_LIMIT", "PROMETHEUS_MULTIPROC_DIR", "METRICS_PORT"):
        environment.pop(name, None)
    environment.update(env)
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
        started = time.monotonic()
        drive(port)
        DRIVEN_SECONDS.append(time.monotonic() - started)
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
    parser.add_argument(
        "--only",
        default=",".join((*ENDPOINTS, SESSION_MOVE)),
        help=f"the rows to measure, of {', '.join((*ENDPOINTS, SESSION_MOVE))} (the session row needs play)",
    )
    parser.add_argument(
        "--stores", default=",".join(STORES), help="the stores of the session rows, of sqlite, redis (left out: none)"
    )
    args = parser.parse_args(argv)
    few, many = (int(value) for value in args.requests.split(","))
    if not shutil.which("valgrind"):
        print("valgrind is missing: install the Debian package valgrind", file=sys.stderr)
        return 2
    print("# Instructions per request in a gunicorn worker (callgrind)\n")
    print(machine_facts())
    directory = Path(tempfile.mkdtemp(prefix="cardrules-bench-"))
    bodies = prepare(directory)
    chosen = args.only.split(",")
    # The service's worker has a runner of its own, as every worker does: its background (``background_rate``, on
    # the embedded store the endpoint rows' worker keeps too) is taken out of these rows as of the session rows.
    sqlite_background = background_rate(None) if any(name in chosen for name in ENDPOINTS) else None
    rows: list[tuple[str, Any, Any, Any]] = []
    played = None
    for endpoint in (name for name in ENDPOINTS if name in chosen):
        body = bodies[endpoint].read_bytes()
        cost = {}
        for name in ("ceiling", "service"):
            counts = []
            for count in (few, many):
                drive = partial(post_many, endpoint=endpoint, body=body, count=count)
                if name == "ceiling":
                    responses = {"CEILING_RESPONSES": str(directory / "responses")}
                    counts.append(worker_instructions(CEILING_APP, responses, drive))
                else:
                    with session_store(None) as env:
                        measured = worker_instructions(SERVICE_APP, env, drive)
                    counts.append(foreground(measured, sqlite_background or 0.0))
            cost[name] = (counts[1] - counts[0]) / (many - few)
        rows.append((endpoint, round(cost["ceiling"]), round(cost["service"]), cost["ceiling"] / cost["service"]))
        if endpoint == "play":
            played = cost["service"]
    shutil.rmtree(directory, ignore_errors=True)
    if sqlite_background is not None:
        print(
            f"\nThe service's worker spent {sqlite_background:,.0f} instructions a second on its own (its runner; its"
            " look for due deadlines is once in ten minutes here); its endpoint rows leave that out as the session"
            " rows do."
        )
    moves: dict[str, tuple[float, float]] = {}
    if SESSION_MOVE in chosen:
        for store in args.stores.split(","):
            with contextlib.ExitStack() as stack:
                redis_url = stack.enter_context(redis_server()) if store == "redis" else None
                if store == "redis" and redis_url is None:
                    print("\nThe Redis rows are left out: no redis-server (Debian package redis-server).")
                    continue
                background = background_rate(redis_url) if redis_url or sqlite_background is None else sqlite_background
                listing, moved = session_costs(few, many, redis_url, background)
                elsewhere = moves_elsewhere(few, many, redis_url, background)
            moves[store] = moved, elsewhere
            rows.append((f"session legal-moves (GET), {store}", "-", round(listing), "-"))
            rows.append((f"{SESSION_MOVE} (POST .../moves), {store}", "-", round(moved), "-"))
            rows.append((f"{SESSION_MOVE}, {store}, record of another worker", "-", round(elsewhere), "-"))
            print(
                f"\nA worker holding a table ({store}) spent {background:,.0f} instructions a second on its own (its"
                " runner's chores; its look for due deadlines is once in ten minutes here); the session rows leave that"
                " out: each run's count less that rate times the run's duration."
            )
    capture = importlib.import_module("service.engine.fishing.capture")
    engine = "compiled with mypyc" if not str(capture.__file__).endswith(".py") else None
    print(
        f"\nOne {os.environ.get('GUNICORN_WORKER_CLASS', 'gevent')} worker, LOG_LEVEL=INFO, sequential requests;"
        f" ({many} - {few}) requests measured per server and"
        f" endpoint; engine: {engine or 'the pure-Python sources'}."
    )
    print(heading("Instructions per request"))
    print(table(["endpoint", "ceiling", "service", "ceiling / service"], rows))
    for store, (moved, elsewhere) in moves.items():
        if played is None:
            break
        ratio = moved / played
        print(
            f"\nA session move ({store} store; 2-player Scopa, its first move, by a seat already at the table, with"
            f" its event log) costs {ratio:.2f} stateless `play` requests in the worker that holds the session's"
            f" record (it wrote the state), {elsewhere / played:.2f} on a record the worker never saw, which it"
            f" reads, parses and checks first (target <= {SESSION_TARGET} for both):"
            f" {verdict(ratio <= SESSION_TARGET and elsewhere / played <= SESSION_TARGET)}."
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
