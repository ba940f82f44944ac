"""Event streams: thousands of Server-Sent Event streams held open, the rules requests beside them, fan-out latency.

    python -m bench.streams [--streams 1000] [--addresses auto] [--players 4] [--rate 200] [--seconds 30]
                            [--move-rate 20] [--moves 200] [--hogs 0] [--layouts direct,nginx,redis,cluster]
                            [--quick]

The service runs as `make run` starts it: gunicorn with ``deploy/gunicorn.conf.py`` (gevent workers, one per
usable core as WEB_CONCURRENCY's default, LOG_LEVEL INFO) on a free loopback port, the sessions in a throw-away
SQLite file, the waiting readers' caps and the session quotas at their defaults: the streams come from
``--addresses`` loopback source addresses (127.0.1.1, 127.0.1.2, ...; ``auto``: one per 60 streams, under the
per-client cap of 64), and their sessions are created from the same addresses (about 15 each, under the creation
quotas). Only recycling is off (``MAX_REQUESTS=0``): a run sends more than 10,000 requests to a worker, and a
recycle ends its streams (``bench/recycling.py`` measures that). ``--addresses 0`` opens every stream from
127.0.0.1 with the caps lifted instead (``LIFTED``; nginx's own cap of 64 an address then refuses the rest).
Behind nginx the service has ``TRUSTED_PROXIES=127.0.0.1``, so it counts each stream against its real address.

Layouts (``--layouts``):

* ``direct``, ``nginx`` (``deploy/nginx/nginx.conf`` in front, rendered as tests/edge renders it): a fixed-rate
  load of ``POST /v1/games/scopa/legal-moves`` from 127.0.0.1 (a mid-round 2-player state;
  ``bench/streams_load.py``, a process of its own, open loop, a fresh connection a request, latency from the due
  time) with no stream open. Then ``--streams`` streams on ``--streams / --players`` sessions of
  ``--players``-player Scopa, one a seat, each with the seat's token (raw gevent sockets of this process,
  ``bench/stream_clients.py``), and the same load again while moves are made in those sessions at
  ``--move-rate`` a second; then ``--moves`` more moves with no load; then the streams are closed and the load
  runs a third time. For every move and every stream of its table: the time from the move's answer (its last
  byte read) to the message that ends the move's version (``id: <version>``) on the stream; also from the move's
  sending. The workers' memory (RSS and PSS from /proc) before and with the streams open.
* ``redis``: one redis-server (as tests/redis_fixture.py starts it) and two service instances (two gunicorn
  masters, each with ``REDIS_URL``): the streams on instance B, ``--moves`` moves through A (the change reaches B
  by the store's pub/sub feed), then through B; with ``--hogs N`` the moves through A once more while N
  processes of ``while True: pass`` (normal priority, bounded in time) keep the cores busy.
* ``cluster``: the same on a local Redis Cluster of three masters and three replicas (``REDIS_CLUSTER=1``).

Targets: legal-moves p99 with the streams < ``LOAD_P99_FACTOR`` x its p99 without them (and < ``LOAD_P99_MS``);
fan-out p99 < ``FANOUT_P99_MS`` with every version on every stream of its table (none lost). A bench, not a test:
it reports figures (Markdown on stdout) and exits 0 unless a run could not be made.
"""

from __future__ import annotations

# Run as a program, gevent patches the standard library before anything below imports it.
if __name__ == "__main__":
    from gevent import monkey

    monkey.patch_all()

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gevent

from .common import ROOT, SERVICE_APP, OtherLoad, Proxy, Server, dump_json, machine_facts, mid_round_scopa
from .common import usable_cores as cores
from .stream_clients import (  # noqa: F401 - Table and call: bench/recycling.py takes them from here
    EventStream,
    Table,
    call,
    create_tables,
    drive_moves,
    fanout,
    holding,
    loopback_sources,
    raise_nofile,
    streams_for,
)
from .stream_hosts import (
    CpuHogs,
    CpuShare,
    children,
    memory_of,
    server_log_findings,
    sockets_of,
    tcp_counters,
    tcp_said,
)
from .stream_report import Results, fanout_row, load_row, memory_row, report, streams_row

LAYOUTS = ("direct", "nginx", "redis", "cluster")
PER_ADDRESS = 60
FIRST_ADDRESS = "127.0.1.1"
# Every server of the bench: the service's defaults, but no recycling in the middle of a measurement.
BENCH_ENV = {"LOG_LEVEL": "INFO", "MAX_REQUESTS": "0"}
# bench/recycling.py's servers (every client 127.0.0.1, the per-address limits lifted, recycling as deployed).
SERVER_ENV = {
    "SESSION_QUOTA_LIVE": "0",
    "SESSION_QUOTA_CREATES": "0",
    "EVENT_WAITERS_PER_CLIENT": "2000",
    "EVENT_WAITERS_MAX": "2000",
    "LOG_LEVEL": "INFO",
}
# With --addresses 0 every client is 127.0.0.1: the per-address quotas and caps are lifted.
LIFTED = {
    "SESSION_QUOTA_LIVE": "0",
    "SESSION_QUOTA_CREATES": "0",
    "EVENT_WAITERS_PER_CLIENT": "20000",
    "EVENT_WAITERS_MAX": "20000",
    "EVENT_WAITERS_HOST_MAX": "20000",
}
REOPEN_ROUNDS = 3


# -- the legal-moves load, in a process of its own --------------------------------------------------------------
def start_load(port: int, body: Path, rate: float, seconds: float) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "bench.streams_load", "--port", str(port), "--path"]
    command += [
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
    try:
        out, _ = process.communicate(timeout=180)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    if process.returncode:
        raise RuntimeError(f"bench.streams_load exited with {process.returncode}")
    result: dict[str, Any] = json.loads(out)
    return result


def measure_load(port: int, body: Path, args: argparse.Namespace) -> tuple[dict[str, Any], float]:
    with OtherLoad() as other:
        result = finish_load(start_load(port, body, args.rate, args.seconds))
    return result, other.cores


# -- the servers and their clients ------------------------------------------------------------------------------
def sources_of(args: argparse.Namespace) -> list[str | None]:
    if args.addresses == 0:
        return [None]
    return list(loopback_sources(args.addresses, FIRST_ADDRESS))


def server_env(directory: str, args: argparse.Namespace, **extra: str) -> dict[str, str]:
    return {
        **BENCH_ENV,
        **(LIFTED if args.addresses == 0 else {}),
        "SESSION_DB": str(Path(directory) / "sessions.sqlite3"),
        "SEED_KEY_FILE": str(Path(directory) / "seed.key"),
        **extra,
    }


def server_log(server: Server) -> str:
    try:
        return server.log_path.read_text(errors="replace")
    except OSError:
        return ""


def memory_now(server: Server) -> list[tuple[float, float]]:
    return [memory_of(pid) for pid in server.worker_pids()]


def open_all(held: Any, streams: list[EventStream]) -> None:
    """Open every stream; a stream the service refused (503 too_many_waiting) is tried again after a second,
    ``REOPEN_ROUNDS`` times at most, as a client that honours Retry-After loosely would."""
    held.start(streams)
    for _ in range(REOPEN_ROUNDS):
        refused = [s for s in streams if s.refused == "app"]
        if not refused:
            return
        gevent.sleep(1.0)
        held.start(refused)


@contextlib.contextmanager
def serving(layout: str, env: dict[str, str]) -> Iterator[tuple[Server, Proxy | None, int]]:
    """The service (and nginx in front for ``nginx``): the server, the proxy and the port the clients use."""
    server = Server(SERVICE_APP, cores(), env=env)
    proxy = Proxy(server) if layout == "nginx" else None
    try:
        server.start()
        if proxy is not None:
            proxy.start()
        yield server, proxy, proxy.port if proxy is not None else server.port
    finally:
        if proxy is not None:
            proxy.stop()
        server.stop()


def run_single(layout: str, args: argparse.Namespace, body: Path, results: Results) -> None:
    """``direct`` or ``nginx``: the load without, with and again without the streams; the fan-out with and without
    the load; the memory."""
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as state:
        env = server_env(state, args, **({"TRUSTED_PROXIES": "127.0.0.1"} if layout == "nginx" else {}))
        with serving(layout, env) as (server, proxy, port):
            baseline, other = measure_load(port, body, args)
            results.load.append(load_row(layout, 0, baseline, other, None))
            sources = sources_of(args)
            tables = create_tables(port, -(-args.streams // args.players), args.players, sources)
            streams = streams_for(tables, args.streams, args.players, sources)
            before = memory_now(server)
            nginx_before = (
                [memory_of(pid) for pid in children(proxy.process.pid)] if proxy and proxy.process else []
            )
            with holding(port, [], at_once=args.at_once) as held:
                open_all(held, streams)
                gevent.sleep(1.0)
                sockets = [sockets_of(pid) for pid in server.worker_pids()]
                results.streams.append(streams_row(layout, streams, sockets))
                nginx_with = (
                    [memory_of(pid) for pid in children(proxy.process.pid)] if proxy and proxy.process else []
                )
                results.memory.append(
                    memory_row(layout, streams, before, memory_now(server), nginx_before, nginx_with)
                )
                groups = {"workers": server.worker_pids(), "the bench (streams, moves)": [os.getpid()]}
                if proxy is not None and proxy.process is not None:
                    groups["nginx"] = children(proxy.process.pid)
                tcp = tcp_counters()
                with OtherLoad() as other, CpuShare(groups) as share:
                    loading = start_load(port, body, args.rate, args.seconds)
                    gevent.sleep(0.2)  # the load process's start-up (imports) before the moves begin
                    moves, problems = drive_moves(
                        port, tables, int(args.move_rate * args.seconds), args.move_rate
                    )
                    under_load = finish_load(loading)
                    found = fanout(moves, streams, problems)
                results.notes.append(
                    f"{layout}, the load run with the streams: cores busy: {share.said()}, the load process "
                    f"{under_load['client_cpu_s'] / args.seconds:.2f}, other processes {other.cores:.2f} "
                    f"(of {cores()}); the machine's TCP counters: {tcp_said(tcp, tcp_counters())}"
                )
                open_now = sum(s.open for s in streams)
                results.load.append(load_row(layout, open_now, under_load, other.cores, baseline))
                results.beats(layout, streams, under_load)
                results.fanout.append(
                    fanout_row(layout, f"with the {args.rate:.0f}/s load", found, other.cores)
                )
                with OtherLoad() as other:
                    moves, problems = drive_moves(port, tables, args.moves, args.move_rate)
                    found = fanout(moves, streams, problems)
                results.fanout.append(fanout_row(layout, "no other load", found, other.cores))
                ended = sum(s.ended or bool(s.failed) for s in streams if s.ready.is_set())
                if ended:
                    results.notes.append(
                        f"{layout}: {ended} streams ended or failed before the end of the run"
                    )
            after, other = measure_load(port, body, args)
            results.load.append(load_row(f"{layout}, streams closed", 0, after, other, None))
            results.findings(layout, server_log_findings(server_log(server)))


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
    """``redis`` or ``cluster``: the streams on instance B, the moves through A, then through B, then (with
    ``--hogs``) through A with the cores kept busy."""
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as state:
        try:
            store = redis_store(layout, Path(state))
            url, extra = store.__enter__()
        except LookupError as missing:
            results.notes.append(f"{layout}: skipped, {missing}")
            return
        try:
            env = server_env(state, args, **extra, REDIS_URL=url)
            a = Server(SERVICE_APP, cores(), env=env)
            b = Server(SERVICE_APP, cores(), env=env)
            try:
                a.start()
                b.start()
                sources = sources_of(args)
                tables = create_tables(a.port, -(-args.streams // args.players), args.players, sources)
                streams = streams_for(tables, args.streams, args.players, sources)
                before = memory_now(b)
                with holding(b.port, [], at_once=args.at_once) as held:
                    open_all(held, streams)
                    results.streams.append(
                        streams_row(f"{layout} (on B)", streams, [sockets_of(p) for p in b.worker_pids()])
                    )
                    results.memory.append(memory_row(f"{layout} (B)", streams, before, memory_now(b), [], []))
                    phases = [
                        ("moves through A, streams on B", a.port, 0),
                        ("moves and streams on B", b.port, 0),
                    ]
                    if args.hogs:
                        phases.append(
                            (f"moves through A, streams on B, {args.hogs} CPU hogs", a.port, args.hogs)
                        )
                    for through, port, hogs in phases:
                        seconds = args.moves / args.move_rate + 15 + 5
                        with OtherLoad() as other, CpuHogs(hogs, seconds) as hogged:
                            moves, problems = drive_moves(port, tables, args.moves, args.move_rate)
                            found = fanout(moves, streams, problems)
                        busy = f"{other.cores:.2f}" + (f" + hogs {hogged.cores:.2f}" if hogs else "")
                        results.fanout.append(fanout_row(layout, through, found, busy))
            finally:
                results.findings(f"{layout} A", server_log_findings(server_log(a)))
                results.findings(f"{layout} B", server_log_findings(server_log(b)))
                a.stop()
                b.stop()
        finally:
            store.__exit__(None, None, None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument(
        "--addresses", default="auto", help="source addresses of the streams; 0: 127.0.0.1 only"
    )
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--rate", type=float, default=200.0, help="legal-moves requests a second")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each load run")
    parser.add_argument("--move-rate", type=float, default=20.0, help="moves a second")
    parser.add_argument("--moves", type=int, default=200, help="moves of each run without the load")
    parser.add_argument(
        "--hogs", type=int, default=0, help="busy-loop processes in a last redis/cluster phase"
    )
    parser.add_argument("--at-once", type=int, default=50, help="streams being opened at once")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--quick", action="store_true", help="100 streams, 3 s runs, no Redis Cluster")
    args = parser.parse_args(argv)
    if args.quick:
        args.streams, args.seconds, args.moves, args.rate = 100, 3.0, 30, 100.0
        if args.layouts == ",".join(LAYOUTS):
            args.layouts = "direct,nginx,redis"
    args.addresses = -(-args.streams // PER_ADDRESS) if args.addresses == "auto" else int(args.addresses)
    chosen = [name.strip() for name in args.layouts.split(",") if name.strip()]
    unknown = set(chosen) - set(LAYOUTS)
    if unknown:
        parser.error(f"unknown layouts: {', '.join(sorted(unknown))}")
    limit = raise_nofile(args.streams + 2048)
    if limit < args.streams + 200:
        parser.error(f"RLIMIT_NOFILE is {limit}: too few sockets for {args.streams} streams")
    machine = machine_facts()
    results = Results()
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-streams-") as directory:
        body = Path(directory) / "legal-moves.json"
        os.environ["LOG_LEVEL"] = "WARNING"  # the in-process app that makes the body; the servers get INFO
        state, _ = mid_round_scopa()
        body.write_bytes(dump_json({"state": state}))
        for layout in chosen:
            try:
                if layout in ("direct", "nginx"):
                    run_single(layout, args, body, results)
                else:
                    run_pair(layout, args, results)
            except Exception as error:  # a bench reports what failed and goes on with the next layout
                results.notes.append(f"{layout}: the run failed: {type(error).__name__}: {str(error)[:500]}")
    report(args, results, machine, "bench.streams")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
