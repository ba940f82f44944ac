"""Worker recycling under a flood of cheap requests, with event streams open: does any answer wait?

    python -m bench.recycling [--requests 25000] [--clients 16] [--streams 40] [--move-rate 10]
                              [--scenarios spaced,frequent] [--max-seconds 180]

The service runs as `make run` starts it (gunicorn with ``deploy/gunicorn.conf.py``, two gevent workers) on a
free loopback port, its sessions in a throw-away SQLite file, the per-client quotas lifted (every client here
is 127.0.0.1). ``--streams`` Server-Sent Event streams are opened, one a seat of 2-player Scopa tables, and
``--requests`` ``GET /healthz`` are sent by ``--clients`` concurrent clients, each on a fresh connection, while
a move is made every ``1 / --move-rate`` s round the tables. A stream that ends is opened again as EventSource
would: after the last ``retry:`` it was sent, with ``Last-Event-ID`` the last ``id:`` it read.

Scenarios (``--scenarios``):

* ``spaced``: the configuration's recycling as deployed (``max_requests`` 10,000 + up to 1,000, one recycle a
  host every ``RECYCLE_SPACING_SECONDS`` = 60): the issue's flood, both workers past their count together.
* ``frequent``: ``MAX_REQUESTS=2000``, jitter 200, ``RECYCLE_SPACING_SECONDS=2``: many recycles in one run.
* ``stock``: gunicorn's own gevent worker (``-k gevent``) with the deployed counts, for comparison: its
  workers stop together and each waits ``graceful_timeout`` (20 s) for its streams.

Reported: the slowest answer, how many took over a second, the longest time with no answer at all, errors;
the recycles (gunicorn's log); for the streams, the reconnects, how many sent ``Last-Event-ID``, and whether
every stream read every version of its table exactly once (missed or repeated ``id:``). Runs stop after
``--max-seconds`` whatever is left. A bench, not a test: it reports figures and exits 0 unless a run failed.
"""

from __future__ import annotations

# Run as a program, gevent patches the standard library before anything below imports it.
if __name__ == "__main__":
    from gevent import monkey

    monkey.patch_all()

import argparse
import http.client
import itertools
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import gevent
import gevent.event
import gevent.pool

from .common import HOST, Server, heading, load_line, machine_facts, percentile, table
from .streams import LIFTED, SERVER_ENV, Table, call, create_tables, drive_moves

SCENARIOS: dict[str, tuple[dict[str, str], list[str]]] = {
    "spaced": ({}, []),
    "frequent": ({"MAX_REQUESTS": "2000", "MAX_REQUESTS_JITTER": "200", "RECYCLE_SPACING_SECONDS": "2"}, []),
    "stock": ({}, ["--worker-class", "gevent"]),
}
CATCH_UP_SECONDS = 30.0
REQUEST_TIMEOUT = 60.0


@dataclass
class Follower:
    """One stream, reopened whenever it ends, as EventSource would."""

    table: Table
    seat: int
    first_version: int
    ids: list[int] = field(default_factory=list)
    opens: int = 0
    resumed: int = 0  # reopened with Last-Event-ID
    hinted_ends: int = 0  # ended by the server right after a retry: hint
    cut_ends: int = 0  # ended without one (connection cut, or closed after other messages)
    refused: list[str] = field(default_factory=list)
    retry_ms: int = 2000


def follow(port: int, follower: Follower, done: gevent.event.Event) -> None:
    after = follower.first_version
    while not done.is_set():
        headers = {
            "Authorization": f"Bearer {follower.table.seats[follower.seat]}",
            "Accept": "text/event-stream",
        }
        if follower.ids:
            headers["Last-Event-ID"] = str(follower.ids[-1])
            follower.resumed += 1
        follower.opens += 1
        connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
        last = b""
        try:
            connection.request(
                "GET", f"/v1/sessions/{follower.table.id}/events?after={after}", headers=headers
            )
            response = connection.getresponse()
            if response.status != 200:
                follower.refused.append(f"{response.status} {response.read()[:200]!r}")
            else:
                last = read_messages(response, follower)
        except (OSError, http.client.HTTPException):
            last = b""
        finally:
            connection.close()
        if done.is_set():
            return
        if last.startswith(b"retry:"):
            follower.hinted_ends += 1
        else:
            follower.cut_ends += 1
        done.wait(follower.retry_ms / 1000)


def read_messages(response: http.client.HTTPResponse, follower: Follower) -> bytes:
    """Read until the server ends the stream; the last message read."""
    buffer, last = b"", b""
    while data := response.read1(65536):
        buffer += data
        *messages, buffer = buffer.split(b"\n\n")
        for message in messages:
            last = message
            for line in message.split(b"\n"):
                if line.startswith(b"retry: "):
                    follower.retry_ms = int(line[7:])
                elif line.startswith(b"id: "):
                    follower.ids.append(int(line[4:]))
    return last


@dataclass
class Load:
    latencies: list[float] = field(default_factory=list)
    answered_at: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    sent: int = 0


def cheap_requests(port: int, load: Load, count: int, deadline: float) -> None:
    while load.sent < count and time.perf_counter() < deadline:
        load.sent += 1
        began = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, port, timeout=REQUEST_TIMEOUT)
        try:
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            response.read()
            outcome = "" if response.status == 200 else f"status {response.status}"
        except (OSError, http.client.HTTPException) as error:
            outcome = type(error).__name__
        finally:
            connection.close()
        ended = time.perf_counter()
        if outcome:
            load.errors[outcome] = load.errors.get(outcome, 0) + 1
        else:
            load.latencies.append(ended - began)
            load.answered_at.append(ended)


def longest_silence(load: Load, started: float) -> float:
    moments = sorted([started, *load.answered_at])
    return max((later - earlier for earlier, later in itertools.pairwise(moments)), default=0.0)


def version_of(port: int, made: Table) -> int:
    answer = call(port, "GET", f"/v1/sessions/{made.id}", token=made.owner)
    if answer.status != 200:
        raise RuntimeError(f"reading a session: {answer.status} {str(answer.body)[:300]}")
    version: int = answer.body["version"]
    return version


def missed_and_repeated(follower: Follower, final_version: int) -> tuple[int, int]:
    expected = set(range(follower.first_version + 1, final_version + 1))
    seen = follower.ids
    return len(expected - set(seen)), len(seen) - len(set(seen))


def run(name: str, args: argparse.Namespace) -> list[object]:
    env_extra, argv_extra = SCENARIOS[name]
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-recycling-") as temp:
        # Every stream comes from 127.0.0.1: the per-address caps are lifted as far as the streams asked for.
        env = {**SERVER_ENV, **LIFTED, "LOG_LEVEL": "WARNING", "SESSION_DB": str(Path(temp) / "sessions.sqlite3")}
        env.update(env_extra)
        server = Server("service.app:create_app()", 2, ["--log-level", "info", *argv_extra], env)
        server.start()
        try:
            return measure(name, server, args)
        finally:
            server.stop()


def measure(name: str, server: Server, args: argparse.Namespace) -> list[object]:
    tables = create_tables(server.port, max(1, args.streams // 2), 2)
    first = {made.id: made.version for made in tables}
    done = gevent.event.Event()
    followers = [
        Follower(tables[index // 2], index % 2, tables[index // 2].version) for index in range(args.streams)
    ]
    streams = [gevent.spawn(follow, server.port, follower, done) for follower in followers]
    gevent.sleep(1.0 + args.streams / 1000)  # the streams open (each reads its table from its version on)

    load, started = Load(), time.perf_counter()
    deadline = started + args.max_seconds
    moves = gevent.spawn(
        drive_moves, server.port, tables, int(args.move_rate * args.max_seconds), args.move_rate
    )
    clients = [
        gevent.spawn(cheap_requests, server.port, load, args.requests, deadline) for _ in range(args.clients)
    ]
    gevent.joinall(clients)
    elapsed = time.perf_counter() - started
    moves.kill()
    final = {made.id: version_of(server.port, made) for made in tables}
    catch_up = time.perf_counter() + CATCH_UP_SECONDS
    while time.perf_counter() < catch_up and any(
        sum(missed_and_repeated(follower, final[follower.table.id])) for follower in followers
    ):
        gevent.sleep(0.1)
    log = server.log_path.read_text(errors="replace")
    done.set()
    gevent.killall(streams, timeout=5)

    counts = [missed_and_repeated(follower, final[follower.table.id]) for follower in followers]
    latencies = load.latencies or [0.0]
    return [
        name,
        f"{len(load.latencies)} / {load.sent}",
        sum(load.errors.values()),
        f"{percentile(latencies, 0.5) * 1000:.1f}",
        f"{percentile(latencies, 0.99) * 1000:.1f}",
        f"{max(latencies) * 1000:.0f}",
        sum(latency > 1.0 for latency in latencies),
        f"{longest_silence(load, started) * 1000:.0f}",
        f"{elapsed:.1f}",
        log.count("Autorestarting worker"),
        log.count("serving on until its turn"),
        log.count("Worker graceful timeout"),
        sum(final[made.id] - first[made.id] for made in tables),
        sum(follower.opens - 1 for follower in followers),
        sum(follower.resumed for follower in followers),
        f"{sum(f.hinted_ends for f in followers)} / {sum(f.cut_ends for f in followers)}",
        sum(missed for missed, _ in counts),
        sum(repeated for _, repeated in counts),
        sum(len(follower.refused) for follower in followers),
    ]


HEADERS = [
    "scenario",
    "answered / sent",
    "errors",
    "p50 ms",
    "p99 ms",
    "slowest ms",
    "over 1 s",
    "longest silence ms",
    "run s",
    "recycles",
    "waited their turn",
    "graceful timeouts",
    "versions made",
    "reopens",
    "with Last-Event-ID",
    "ends hinted / cut",
    "versions missed",
    "versions repeated",
    "opens refused",
]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=25_000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--streams", type=int, default=40)
    parser.add_argument("--move-rate", type=float, default=10.0)
    parser.add_argument("--scenarios", default="spaced,frequent")
    parser.add_argument("--max-seconds", type=float, default=180.0)
    args = parser.parse_args(argv)
    names = [name for name in args.scenarios.split(",") if name]
    unknown = [name for name in names if name not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenarios: {', '.join(unknown)}")
    print(heading("Worker recycling under a flood of cheap requests, streams open"))
    print(machine_facts())
    print(
        f"\n{args.requests} `GET /healthz` from {args.clients} clients (a fresh connection each), "
        f"{args.streams} streams, a move every {1000 / args.move_rate:.0f} ms, two gevent workers; "
        f"pid {os.getpid()}.\n"
    )
    rows = [run(name, args) for name in names]
    print(table(HEADERS, rows))
    print(f"\n{load_line()}")


if __name__ == "__main__":
    main()
