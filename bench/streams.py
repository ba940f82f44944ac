"""Event streams: 1,000 Server-Sent Event streams held open, the rules requests beside them, and fan-out latency.

    python -m bench.streams [--streams 1000] [--players 4] [--rate 200] [--seconds 30] [--move-rate 20]
                            [--moves 200] [--layouts direct,nginx,redis,cluster] [--quick]

The service runs as `make run` starts it: gunicorn with ``deploy/gunicorn.conf.py`` (gevent workers, one per
usable core as WEB_CONCURRENCY's default, LOG_LEVEL INFO) on a free loopback port, the sessions in a throw-away
SQLite file; the per-client quotas are lifted for the run, since every client here is 127.0.0.1:
SESSION_QUOTA_LIVE=0, SESSION_QUOTA_CREATES=0, EVENT_WAITERS_PER_CLIENT=2000, EVENT_WAITERS_MAX=2000.

Layouts (``--layouts``):

* ``direct``, ``nginx`` (``deploy/nginx/nginx.conf`` in front, as tests/edge runs it): first a fixed-rate load
  of ``POST /v1/games/scopa/legal-moves`` (a mid-round 2-player state; ``bench/streams_load.py``, a process of
  its own, open loop, a fresh connection a request, latency from the due time) with no stream open. Then
  ``--streams`` streams are opened on ``--streams / --players`` sessions of ``--players``-player Scopa, one a
  seat, each with the seat's token, and the same load runs again while moves are made in those sessions at
  ``--move-rate`` a second (each move's events reach every seat of its table). Then ``--moves`` more moves are
  made with no load. For every move and every stream of its table: the time from the move's answer (its last
  byte read by the client) to the message that ends the move's version (``id: <version>``) arriving on the
  stream; also from the move's sending. The streams are opened within seconds of each other, so their heartbeats
  (every 15 s) come in bursts: a load run of 30 s holds two, and the report says when they came beside the
  slowest answer of each second. The streams are gevent greenlets of this process, each reading its own
  HTTP/1.1 connection (``http.client`` on gevent's sockets), all closed at the end.
* ``redis``: one redis-server (started as tests/redis_fixture.py starts it) and two service instances (two
  gunicorn masters on two ports, each with ``REDIS_URL``): the streams held on instance B, moves made through
  instance A (the change reaches B by the store's pub/sub feed), then the same moves through B for comparison.
* ``cluster``: the same on a local Redis Cluster of three masters and three replicas (``REDIS_CLUSTER=1``), as
  tests/redis_fixture.py builds it; skipped when redis-cli is missing.

Targets: the rules request p99 < ``LOAD_P99_MS`` with the streams open, the fan-out p99 < ``FANOUT_P99_MS``.
A bench, not a test: it reports figures (Markdown on stdout) and exits 0 unless a run could not be made.
"""

from __future__ import annotations

# Run as a program, gevent patches the standard library before anything below imports it.
if __name__ == "__main__":
    from gevent import monkey

    monkey.patch_all()

import argparse
import contextlib
import http.client
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gevent
import gevent.event
import gevent.lock
import gevent.pool

from .common import (
    HOST,
    ROOT,
    SERVICE_APP,
    OtherLoad,
    Proxy,
    Server,
    dump_json,
    heading,
    load_line,
    machine_facts,
    mid_round_scopa,
    percentile,
    table,
    usable_cores,
    verdict,
)

LOAD_P99_MS = 50.0
FANOUT_P99_MS = 100.0
LAYOUTS = ("direct", "nginx", "redis", "cluster")
# Every client of the bench is 127.0.0.1: the per-address quotas are lifted (docs/performance.md says so).
SERVER_ENV = {
    "SESSION_QUOTA_LIVE": "0",
    "SESSION_QUOTA_CREATES": "0",
    "EVENT_WAITERS_PER_CLIENT": "2000",
    "EVENT_WAITERS_MAX": "2000",
    "LOG_LEVEL": "INFO",
}
OPENING_AT_ONCE = 50
ARRIVAL_GRACE_S = 10.0


# -- the client: requests, tables, streams ---------------------------------------------------------------------
@dataclass
class Answer:
    status: int
    etag: str | None
    body: Any
    answered: float  # perf_counter when its last byte was read


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> Answer:
    """One request on a fresh connection."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    sent = {"Authorization": f"Bearer {token}"} if token else {}
    data = None
    if body is not None:
        data = dump_json(body)
        sent["Content-Type"] = "application/json"
    sent.update(headers or {})
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        answered = time.perf_counter()
        parsed = json.loads(raw) if raw and response.getheader("Content-Type", "").endswith("json") else raw
        return Answer(response.status, response.getheader("ETag"), parsed, answered)
    finally:
        connection.close()


@dataclass
class Table:
    id: str
    owner: str
    seats: list[str]
    turn: int
    etag: str
    version: int
    over: bool = False


def create_tables(port: int, count: int, players: int) -> list[Table]:
    def create(_: int) -> Table:
        body = {"game": "scopa", "deal": {"players": players, "seed": "server"}}
        made = call(port, "POST", "/v1/sessions", body)
        if made.status != 201 or made.etag is None:
            raise RuntimeError(f"creating a session: {made.status} {str(made.body)[:300]}")
        answer = made.body
        tokens = answer["tokens"]
        return Table(answer["id"], tokens["owner"], tokens["seats"], answer["view"]["turn"], made.etag, 1)

    return list(gevent.pool.Pool(4).imap(create, range(count)))


@dataclass
class EventStream:
    table: Table
    seat: int
    arrivals: dict[int, float] = field(default_factory=dict)  # version -> perf_counter of its last message
    ready: gevent.event.Event = field(default_factory=gevent.event.Event)
    beats: list[float] = field(default_factory=list)  # perf_counter of each heartbeat comment
    failed: str | None = None
    ended: bool = False


def follow(port: int, stream: EventStream, gate: gevent.lock.Semaphore) -> None:
    """Read one stream until killed; ``gate`` bounds how many are being opened at once."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    gate.acquire()
    held = True
    try:
        connection.request(
            "GET",
            f"/v1/sessions/{stream.table.id}/events?after={stream.table.version}",
            headers={
                "Authorization": f"Bearer {stream.table.seats[stream.seat]}",
                "Accept": "text/event-stream",
            },
        )
        response = connection.getresponse()
        if response.status != 200:
            stream.failed = f"{response.status} {response.read()[:200]!r}"
            return
        assert connection.sock is not None
        connection.sock.settimeout(None)
        buffer = b""
        while True:
            data = response.read1(65536)
            now = time.perf_counter()
            if not data:
                stream.ended = True
                return
            buffer += data
            *messages, buffer = buffer.split(b"\n\n")
            for message in messages:
                if message.startswith(b": heartbeat"):
                    stream.beats.append(now)
                if message.startswith(b"retry:"):
                    stream.ready.set()
                    if held:
                        gate.release()
                        held = False
                for line in message.split(b"\n"):
                    if line.startswith(b"id: "):
                        stream.arrivals[int(line[4:])] = now
    except (OSError, http.client.HTTPException, ValueError) as error:
        stream.failed = f"{type(error).__name__}: {error}"
    finally:
        if held:
            gate.release()
        connection.close()


@contextlib.contextmanager
def open_streams(port: int, tables: list[Table], count: int, players: int) -> Iterator[list[EventStream]]:
    """``count`` streams, one a seat of ``tables`` in order, open (their first message read) on entry; every
    connection closed on exit."""
    streams = [EventStream(tables[index // players], index % players) for index in range(count)]
    gate = gevent.lock.Semaphore(OPENING_AT_ONCE)
    greenlets = [gevent.spawn(follow, port, stream, gate) for stream in streams]
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not all(s.ready.is_set() or s.failed for s in streams):
            gevent.sleep(0.1)
        yield streams
    finally:
        gevent.killall(greenlets, timeout=10)


def sockets_per_worker(server: Server) -> list[int]:
    """Open sockets of each worker process (a stream holds one; idle workers hold a few of their own)."""
    counts = []
    for pid in server.worker_pids():
        count = 0
        with contextlib.suppress(OSError):
            for entry in Path(f"/proc/{pid}/fd").iterdir():
                with contextlib.suppress(OSError):
                    count += entry.readlink().name.startswith("socket:")
        counts.append(count)
    return counts


# -- moves and their fan-out -----------------------------------------------------------------------------------
@dataclass
class Move:
    table: Table
    version: int
    sent: float
    answered: float


def drive_moves(port: int, tables: list[Table], count: int, rate: float) -> tuple[list[Move], Counter[str]]:
    """``count`` moves at ``rate`` a second, round-robin over the tables still in their first round; each by the
    seat whose turn it is, its first legal move, with ``If-Match``. Only the POST of the move is timed."""
    moves: list[Move] = []
    problems: Counter[str] = Counter()
    cycle = itertools.cycle(tables)
    start = time.perf_counter()
    for index in range(count):
        gevent.sleep(max(0.0, start + index / rate - time.perf_counter()))
        table = next(cycle)
        for _ in range(len(tables)):
            if not table.over:
                break
            table = next(cycle)
        token = table.seats[table.turn]
        legal = call(port, "GET", f"/v1/sessions/{table.id}/legal-moves", token=token)
        if legal.status != 200 or not legal.body["moves"]:
            problems[f"legal-moves {legal.status}"] += 1
            continue
        sent = time.perf_counter()
        played = call(
            port,
            "POST",
            f"/v1/sessions/{table.id}/moves",
            {"move": legal.body["moves"][0]},
            token=token,
            headers={"If-Match": table.etag},
        )
        if played.status != 200 or played.etag is None:
            problems[f"move {played.status}"] += 1
            continue
        view = played.body["view"]
        table.etag, table.version, table.turn = played.etag, played.body["version"], view["turn"]
        table.over = bool(view["round_over"])
        moves.append(Move(table, table.version, sent, played.answered))
    return moves, problems


@dataclass
class Fanout:
    moves: int
    expected: int
    received: int
    from_answer_ms: list[float]
    from_sent_ms: list[float]
    problems: Counter[str]


def fanout(moves: list[Move], streams: list[EventStream], problems: Counter[str]) -> Fanout:
    """Every (move, stream of its table) pair: when the move's version reached the stream. Waits up to
    ``ARRIVAL_GRACE_S`` for stragglers; what never came is counted, not timed."""
    by_table: dict[str, list[EventStream]] = {}
    for stream in streams:
        if stream.ready.is_set():
            by_table.setdefault(stream.table.id, []).append(stream)
    pairs = [(move, stream) for move in moves for stream in by_table.get(move.table.id, [])]
    deadline = time.perf_counter() + ARRIVAL_GRACE_S
    while time.perf_counter() < deadline and any(move.version not in s.arrivals for move, s in pairs):
        gevent.sleep(0.05)
    arrived = [(move, s.arrivals[move.version]) for move, s in pairs if move.version in s.arrivals]
    return Fanout(
        len(moves),
        len(pairs),
        len(arrived),
        [(at - move.answered) * 1000 for move, at in arrived],
        [(at - move.sent) * 1000 for move, at in arrived],
        problems,
    )


# -- the legal-moves load, in a process of its own --------------------------------------------------------------
def start_load(port: int, body: Path, rate: float, seconds: float) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "bench.streams_load",
        "--port",
        str(port),
        "--path",
        "/v1/games/scopa/legal-moves",
        "--body",
        str(body),
        "--rate",
        str(rate),
        "--seconds",
        str(seconds),
    ]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE)


def finish_load(process: subprocess.Popen[bytes]) -> dict[str, Any]:
    out, _ = process.communicate(timeout=120)
    if process.returncode:
        raise RuntimeError(f"bench.streams_load exited with {process.returncode}")
    result: dict[str, Any] = json.loads(out)
    return result


# -- the layouts ------------------------------------------------------------------------------------------------
@dataclass
class Results:
    load: list[list[Any]] = field(default_factory=list)
    fanout: list[list[Any]] = field(default_factory=list)
    streams: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def load_row(layout: str, streams: int, result: dict[str, Any], other: float) -> list[Any]:
    return [
        layout,
        streams,
        result["target_rate"],
        result["achieved_rate"],
        result["p50_ms"],
        result["p95_ms"],
        result["p99_ms"],
        result["max_ms"],
        " ".join(f"{k}:{v}" for k, v in sorted(result["statuses"].items())),
        other,
        verdict(result["p99_ms"] < LOAD_P99_MS) if streams else "(baseline)",
    ]


def fanout_row(layout: str, phase: str, found: Fanout, other: float) -> list[Any]:
    times, sent = found.from_answer_ms, found.from_sent_ms
    figures: list[Any] = (
        [
            percentile(times, 0.5),
            percentile(times, 0.95),
            percentile(times, 0.99),
            min(times),
            max(times),
            percentile(sent, 0.99),
        ]
        if times
        else ["-"] * 6
    )
    problems = " ".join(f"{k}:{v}" for k, v in sorted(found.problems.items())) or "none"
    ok = bool(times) and found.received == found.expected and percentile(times, 0.99) < FANOUT_P99_MS
    return [
        layout,
        phase,
        found.moves,
        f"{found.received}/{found.expected}",
        *figures,
        problems,
        other,
        verdict(ok),
    ]


def streams_row(layout: str, streams: list[EventStream], held_by: list[int]) -> list[Any]:
    opened = sum(s.ready.is_set() for s in streams)
    failures = Counter((s.failed or "")[:60] for s in streams if s.failed)
    ended = sum(s.ended for s in streams)
    failed = " ".join(f"{k}:{v}" for k, v in failures.items()) or "none"
    return [layout, len(streams), opened, failed, ended, " / ".join(map(str, held_by))]


def beats_note(layout: str, streams: list[EventStream], load: dict[str, Any]) -> str:
    """When in the load run the streams' heartbeats came, beside the slowest answer of each second."""
    start = load["start_perf"]
    beats = sorted(at - start for stream in streams for at in stream.beats if at >= start)
    bursts = []
    for at in beats:
        if bursts and at - bursts[-1][1] < 2.0:
            bursts[-1] = (bursts[-1][0], at, bursts[-1][2] + 1)
        else:
            bursts.append((at, at, 1))
    said = ", ".join(f"{count} in s {first:.1f}-{last:.1f}" for first, last, count in bursts) or "none"
    worst = " ".join(f"{value:.0f}" for value in load["worst_by_second_ms"])
    return (
        f"{layout}, with the streams: heartbeats during the load run: {said}; "
        f"slowest answer of each second (ms): {worst}"
    )


def state_env(directory: str) -> dict[str, str]:
    return {
        **SERVER_ENV,
        "SESSION_DB": str(Path(directory) / "sessions.sqlite3"),
        "SEED_KEY_FILE": str(Path(directory) / "seed.key"),
    }


def run_single(layout: str, args: argparse.Namespace, body: Path, results: Results) -> None:
    """``direct`` or ``nginx``: the load without and with the streams, and the fan-out with and without it."""
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as state:
        server = Server(SERVICE_APP, usable_cores(), env=state_env(state))
        proxy = Proxy(server) if layout == "nginx" else None
        try:
            server.start()
            if proxy is not None:
                proxy.start()
            port = proxy.port if proxy is not None else server.port
            with OtherLoad() as other:
                baseline = finish_load(start_load(port, body, args.rate, args.seconds))
            results.load.append(load_row(layout, 0, baseline, other.cores))
            tables = create_tables(port, -(-args.streams // args.players), args.players)
            with open_streams(port, tables, args.streams, args.players) as streams:
                results.streams.append(streams_row(layout, streams, sockets_per_worker(server)))
                with OtherLoad() as other:
                    loading = start_load(port, body, args.rate, args.seconds)
                    gevent.sleep(0.2)  # the load process's start-up (imports) before the moves begin
                    moves, problems = drive_moves(
                        port, tables, int(args.move_rate * args.seconds), args.move_rate
                    )
                    under_load = finish_load(loading)
                    found = fanout(moves, streams, problems)
                results.load.append(load_row(layout, len(streams), under_load, other.cores))
                results.notes.append(beats_note(layout, streams, under_load))
                results.fanout.append(
                    fanout_row(layout, f"with the {args.rate:.0f}/s load", found, other.cores)
                )
                with OtherLoad() as other:
                    moves, problems = drive_moves(port, tables, args.moves, args.move_rate)
                    found = fanout(moves, streams, problems)
                results.fanout.append(fanout_row(layout, "no other load", found, other.cores))
                ended = sum(s.ended or bool(s.failed) for s in streams)
                if ended:
                    results.notes.append(
                        f"{layout}: {ended} streams ended or failed before the end of the run"
                    )
        finally:
            if proxy is not None:
                proxy.stop()
            server.stop()


@contextlib.contextmanager
def redis_store(layout: str, directory: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """A Redis (or Redis Cluster) started as tests/redis_fixture.py starts it: its URL and the service's env."""
    from tests.redis_fixture import RedisClusterProcesses, RedisServer, find_redis_cli, find_redis_server

    binary = find_redis_server()
    if binary is None:
        raise LookupError("redis-server is missing (Debian package redis-server; make redis-server)")
    if layout == "redis":
        server = RedisServer(binary, directory)
        server.start()
        try:
            yield server.url, {}
        finally:
            server.stop()
        return
    cli = find_redis_cli()
    if cli is None:
        raise LookupError("redis-cli is missing (Debian package redis-tools): no local Redis Cluster")
    cluster = RedisClusterProcesses(binary, cli, directory)
    try:
        cluster.start()
        yield cluster.url, {"REDIS_CLUSTER": "1"}
    finally:
        cluster.stop()


def run_pair(layout: str, args: argparse.Namespace, results: Results) -> None:
    """``redis`` or ``cluster``: the streams on instance B, the moves through A, then through B."""
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as state:
        try:
            store = redis_store(layout, Path(state))
            url, extra = store.__enter__()
        except LookupError as missing:
            results.notes.append(f"{layout}: skipped, {missing}")
            return
        try:
            env = {**state_env(state), **extra, "REDIS_URL": url}
            a = Server(SERVICE_APP, usable_cores(), env=env)
            b = Server(SERVICE_APP, usable_cores(), env=env)
            try:
                a.start()
                b.start()
                tables = create_tables(a.port, -(-args.streams // args.players), args.players)
                with open_streams(b.port, tables, args.streams, args.players) as streams:
                    results.streams.append(streams_row(f"{layout} (on B)", streams, sockets_per_worker(b)))
                    for through, port in (
                        ("moves through A, streams on B", a.port),
                        ("moves and streams on B", b.port),
                    ):
                        with OtherLoad() as other:
                            moves, problems = drive_moves(port, tables, args.moves, args.move_rate)
                            found = fanout(moves, streams, problems)
                        results.fanout.append(fanout_row(layout, through, found, other.cores))
            finally:
                a.stop()
                b.stop()
        finally:
            store.__exit__(None, None, None)


def report(args: argparse.Namespace, results: Results, machine: str) -> None:
    print(heading(f"Event streams ({args.streams} streams, {args.players}-player Scopa)"))
    print(machine)
    print()
    print(f"Commit: {commit()}. Command: python -m bench.streams {' '.join(sys.argv[1:])}".rstrip())
    print()
    print("Streams opened (sockets per worker: every socket the worker process holds, listeners included):\n")
    print(
        table(["layout", "asked", "opened", "failed", "ended early", "sockets per worker"], results.streams)
    )
    print(
        f"\n`POST /v1/games/scopa/legal-moves` at a fixed rate for {args.seconds:g} s (target p99 < "
        f"{LOAD_P99_MS:g} ms with the streams open; with them, moves at {args.move_rate:g}/s too):\n"
    )
    headers = [
        "layout",
        "streams",
        "rate",
        "achieved",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "max ms",
        "statuses",
        "other load (cores)",
        "",
    ]
    print(table(headers, results.load))
    print(
        f"\nFan-out: from a move's answer to its version's last message on each stream of its table (target p99"
        f" < {FANOUT_P99_MS:g} ms); 'p99 from send' counts from the move's sending:\n"
    )
    headers = [
        "layout",
        "phase",
        "moves",
        "arrived",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "min ms",
        "max ms",
        "p99 from send ms",
        "problems",
        "other load (cores)",
        "",
    ]
    print(table(headers, results.fanout))
    for note in results.notes:
        print(f"\n- {note}")
    print()
    print(load_line())


def commit() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (working tree modified)" if dirty.stdout.strip() else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--rate", type=float, default=200.0, help="legal-moves requests a second")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each load run")
    parser.add_argument("--move-rate", type=float, default=20.0, help="moves a second")
    parser.add_argument("--moves", type=int, default=200, help="moves of each run without the load")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--quick", action="store_true", help="100 streams, 3 s runs, no Redis Cluster")
    args = parser.parse_args(argv)
    if args.quick:
        args.streams, args.seconds, args.moves, args.rate = 100, 3.0, 30, 100.0
        if args.layouts == ",".join(LAYOUTS):
            args.layouts = "direct,nginx,redis"
    chosen = [name.strip() for name in args.layouts.split(",") if name.strip()]
    unknown = set(chosen) - set(LAYOUTS)
    if unknown:
        parser.error(f"unknown layouts: {', '.join(sorted(unknown))}")
    machine = machine_facts()
    results = Results()
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as directory:
        body = Path(directory) / "legal-moves.json"
        os.environ["LOG_LEVEL"] = "WARNING"  # the in-process app that makes the body; the servers get INFO
        state, _ = mid_round_scopa()
        body.write_bytes(dump_json({"state": state}))
        for layout in chosen:
            if layout in ("direct", "nginx"):
                run_single(layout, args, body, results)
            else:
                run_pair(layout, args, results)
    report(args, results, machine)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
