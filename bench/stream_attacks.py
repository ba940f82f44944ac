"""Stream attacks: 2,200 event streams from 17 addresses against another client's rules requests.

    python -m bench.stream_attacks [--streams 2200] [--addresses 17] [--rate 200] [--seconds 30]
                                   [--retry-every 5,1] [--move-rate 10] [--layouts direct,nginx] [--quick]

The service runs as `make run` starts it (gunicorn with ``deploy/gunicorn.conf.py``, gevent workers, one per usable
core, LOG_LEVEL INFO), the sessions in a throw-away SQLite file, with its DEFAULT caps on waiting readers (64 a
client address across the host's workers, 6,000 a worker, 10,000 a host) and its default session quotas; only
recycling is off (``MAX_REQUESTS=0``), since the retrying phases alone send a worker more than its 10,000
requests. Behind nginx (``deploy/nginx/nginx.conf`` rendered as tests/edge renders it) the service has
``TRUSTED_PROXIES=127.0.0.1``, as docs/deployment.md ("Client addresses") asks: nginx appends the client's address
to ``X-Forwarded-For``, and without it every client would be 127.0.0.1 to the app.

The attacker: ``--addresses`` loopback source addresses (127.0.0.2, 127.0.0.3, ...), each creating one 4-player
Scopa session from its own address and then opening its share of ``--streams`` streams on its own seats' tokens,
200 being opened at once (about 130 an address: twice what the per-client cap allows, as if it tried 64 on each
of two workers). The other client, 127.0.0.1: ``OWN_TABLES`` tables with two streams each, moves at
``--move-rate`` a second, and ``POST /v1/games/scopa/legal-moves`` at a fixed ``--rate`` (``bench/streams_load.py``:
open loop, a fresh connection a request, latency from the due time).

Phases, each a load run of ``--seconds``: no attack (the baseline); the attack's streams held (the refused ones
stay refused; the other client opens two more streams a table); then, for each of ``--retry-every``, the attack
retrying: every refused stream tried again that often, whatever ``Retry-After`` says. Then the attacker's streams
are closed and one of its addresses opens 64 new ones at once: a closed stream's place must be free at once.
Reported: how many attacking streams were admitted and refused (by which cap, from the server's log, or by nginx),
the legal-moves latency in each phase (target p99 < ``ATTACK_P99_MS``) and the cores each process kept busy, the
other client's streams and the fan-out of its moves to them. A bench, not a test: it reports figures.
"""

from __future__ import annotations

# Run as a program, gevent patches the standard library before anything below imports it.
if __name__ == "__main__":
    from gevent import monkey

    monkey.patch_all()

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gevent

from .common import OtherLoad, dump_json, load_line, machine_facts, mid_round_scopa, table, verdict
from .stream_clients import (
    EventStream,
    StreamSet,
    create_tables,
    drive_moves,
    fanout,
    follow,
    holding,
    loopback_sources,
    raise_nofile,
)
from .stream_hosts import CpuShare, children, server_log_findings, sockets_of, tcp_counters, tcp_said
from .stream_report import FANOUT_HEADERS, commit, fanout_row, statuses
from .streams import BENCH_ENV, finish_load, server_log, serving, start_load

ATTACK_P99_MS = 100.0
OWN_TABLES = 12  # the other client's: 870 moves in the three phases, and a match ends after 100 or so
LAYOUTS = ("direct", "nginx")


@dataclass
class Results:
    attack: list[list[Any]] = field(default_factory=list)
    load: list[list[Any]] = field(default_factory=list)
    fanout: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def load_row(layout: str, phase: str, result: dict[str, Any], other: float) -> list[Any]:
    figures = [result[key] for key in ("p50_ms", "p95_ms", "p99_ms", "max_ms")]
    ok = verdict(result["p99_ms"] < ATTACK_P99_MS)
    return [
        layout,
        phase,
        result["target_rate"],
        result["achieved_rate"],
        *figures,
        statuses(result),
        other,
        ok,
    ]


def attack_row(
    layout: str, phase: str, attack: list[EventStream], own: list[EventStream], caps: str, sockets: list[int]
) -> list[Any]:
    per_source = Counter(s.source for s in attack if s.open)
    failures = Counter((s.failed or "")[:50] for s in attack if s.failed)
    return [
        layout,
        phase,
        len(attack),
        sum(s.attempts for s in attack),
        sum(s.open for s in attack),
        sum(s.refused == "app" for s in attack),
        caps,
        sum(s.refused == "nginx" for s in attack),
        " ".join(f"{k}:{v}" for k, v in failures.items()) or "none",
        max(per_source.values(), default=0),
        f"{sum(s.open for s in own)}/{len(own)}",
        " / ".join(map(str, sockets)),
    ]


def retry_refused(port: int, attack: list[EventStream], held: StreamSet, every: float, until: float) -> None:
    """Every ``every`` seconds until ``until`` (perf_counter), each refused attacking stream tries again."""
    while time.perf_counter() + every < until:
        gevent.sleep(every)
        refused = [s for s in attack if s.refused or (s.failed and not s.ready.is_set())]
        held.greenlets += [gevent.spawn(follow, port, s, held.gate) for s in refused]


def run(layout: str, args: argparse.Namespace, body: Path, results: Results) -> None:
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-attacks-") as state:
        env = {
            **BENCH_ENV,
            "SESSION_DB": str(Path(state) / "sessions.sqlite3"),
            "SEED_KEY_FILE": str(Path(state) / "seed.key"),
            **({"TRUSTED_PROXIES": "127.0.0.1"} if layout == "nginx" else {}),
        }
        with serving(layout, env) as (server, proxy, port):
            sources = loopback_sources(args.addresses)
            own_tables = create_tables(port, OWN_TABLES, 4)
            attack_tables = create_tables(port, len(sources), 4, sources, at_once=len(sources))
            # the i-th attacking stream from sources[i % n], on that address's own table
            n = len(sources)
            attack = [
                EventStream(attack_tables[i % n], (i // n) % 4, sources[i % n]) for i in range(args.streams)
            ]
            # 127.0.0.1's streams, two a table: before the attack, and more once the attack's streams are open
            own = [EventStream(table, seat) for table in own_tables for seat in (0, 1)]
            late = [EventStream(table, seat) for table in own_tables for seat in (2, 3)]
            log = Log(server)

            def load_phase(phase: str, during: Any = None) -> None:
                groups = {
                    "workers": server.worker_pids(),
                    "the bench (attacker, streams, moves)": [os.getpid()],
                }
                if proxy is not None and proxy.process is not None:
                    groups["nginx"] = children(proxy.process.pid)
                tcp = tcp_counters()
                with OtherLoad() as other, CpuShare(groups) as share:
                    loading = start_load(port, body, args.rate, args.seconds)
                    until = time.perf_counter() + args.seconds
                    side = gevent.spawn(during, until) if during is not None else None
                    gevent.sleep(0.2)
                    count = int(args.move_rate * (args.seconds - 1))
                    moves, problems = drive_moves(port, own_tables, count, args.move_rate)
                    result = finish_load(loading)
                    if side is not None:
                        side.kill()
                    found = fanout(moves, own + late, problems)
                results.load.append(load_row(layout, phase, result, other.cores))
                results.notes.append(
                    f"{layout}, {phase}: cores busy: {share.said()}, the load process "
                    f"{result['client_cpu_s'] / args.seconds:.2f} (its sends late by p99 "
                    f"{result['send_lateness_p99_ms']:.1f} ms), other processes {other.cores:.2f} (of 2); "
                    f"the machine's TCP counters: {tcp_said(tcp, tcp_counters())}; "
                    "the slowest answer of each second (ms): "
                    + " ".join(f"{value:.0f}" for value in result["worst_by_second_ms"])
                )
                results.fanout.append(fanout_row(layout, phase, found, other.cores))

            def row(when: str, streams: list[EventStream]) -> None:
                sockets = [sockets_of(pid) for pid in server.worker_pids()]
                results.attack.append(attack_row(layout, when, streams, own + late, log.refusals(), sockets))

            with holding(port, own) as own_held:
                load_phase("no attack")
                log.mark()
                with holding(port, attack, at_once=200) as held:
                    own_held.start(late)
                    gevent.sleep(1.0)
                    row("opened", attack)
                    load_phase("attack held")
                    for every in args.retry_every:
                        log.mark()
                        load_phase(
                            f"attack retrying every {every:g} s",
                            lambda until, every=every: retry_refused(port, attack, held, every, until),
                        )
                        gevent.sleep(1.0)
                        row(f"after retrying every {every:g} s", attack)
                # the attacker's connections are closed: their places must be free at once
                fresh = [EventStream(attack_tables[0], i % 4, sources[0]) for i in range(64)]
                log.mark()
                with holding(port, fresh, at_once=64):
                    row(f"64 new from {sources[0]} as the others close", fresh)
            results.notes.append(f"{layout}: the server's log says " + log.everything())


class Log:
    """The refusals by cap the server's log holds since the last ``mark``."""

    def __init__(self, server: Any) -> None:
        self.server, self.before = server, Counter[str]()

    def mark(self) -> None:
        self.before = server_log_findings(server_log(self.server))

    def refusals(self) -> str:
        found = server_log_findings(server_log(self.server))
        caps = {key: found[key] - self.before[key] for key in found if key.startswith("refused")}
        said = " ".join(
            f"{key[len('refused (') : -len(' cap)')]}:{n}" for key, n in sorted(caps.items()) if n
        )
        return said or "-"

    def everything(self) -> str:
        found = server_log_findings(server_log(self.server))
        return ", ".join(f"{k}: {v}" for k, v in sorted(found.items())) or "nothing"


def report(args: argparse.Namespace, results: Results, machine: str) -> None:
    print(f"\n## Stream attacks ({args.streams} streams from {args.addresses} addresses)\n")
    print(machine)
    print()
    print(f"Commit: {commit()}. Command: python -m bench.stream_attacks {' '.join(sys.argv[1:])}".rstrip())
    print("\nThe attacker's streams (caps: the service's refusals by cap, from its log):\n")
    headers = [
        "layout",
        "when",
        "streams",
        "attempts",
        "open",
        "refused by the app",
        "caps",
        "refused by nginx",
    ]
    headers += [
        "failed",
        "most open from one address",
        "the other client's streams open",
        "sockets per worker",
    ]
    print(table(headers, results.attack))
    print(
        f"\nThe other client's `POST /v1/games/scopa/legal-moves` at a fixed rate for {args.seconds:g} s "
        f"(target p99 < {ATTACK_P99_MS:g} ms):\n"
    )
    headers = ["layout", "phase", "rate", "achieved", "p50 ms", "p95 ms", "p99 ms", "max ms", "statuses"]
    print(table([*headers, "other load (cores)", ""], results.load))
    print(
        f"\nFan-out of the other client's moves ({args.move_rate:g}/s over {OWN_TABLES} tables) to its own streams, "
        "two a table before the attack and two more once the attack's streams are open (from the move's answer):\n"
    )
    print(table(FANOUT_HEADERS, results.fanout))
    for note in results.notes:
        print(f"\n- {note}")
    print()
    print(load_line())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--streams", type=int, default=2200)
    parser.add_argument("--addresses", type=int, default=17)
    parser.add_argument("--rate", type=float, default=200.0, help="legal-moves requests a second")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each load run")
    parser.add_argument(
        "--retry-every",
        default="5,1",
        help="seconds between the attacker's retries: a phase each (comma-separated)",
    )
    parser.add_argument("--move-rate", type=float, default=10.0, help="the other client's moves a second")
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--quick", action="store_true", help="300 streams from 3 addresses, 3 s runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.streams, args.addresses, args.seconds, args.rate = 300, 3, 3.0, 100.0
    args.retry_every = [float(x) for x in args.retry_every.split(",") if x.strip()]
    chosen = [name.strip() for name in args.layouts.split(",") if name.strip()]
    if set(chosen) - set(LAYOUTS):
        parser.error(f"unknown layouts: {', '.join(sorted(set(chosen) - set(LAYOUTS)))}")
    raise_nofile(args.streams + 2048)
    machine = machine_facts()
    results = Results()
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-attacks-") as directory:
        body = Path(directory) / "legal-moves.json"
        os.environ["LOG_LEVEL"] = "WARNING"
        state, _ = mid_round_scopa()
        body.write_bytes(dump_json({"state": state}))
        for layout in chosen:
            try:
                run(layout, args, body, results)
            except Exception as error:  # a bench reports what failed and goes on with the next layout
                results.notes.append(f"{layout}: the run failed: {type(error).__name__}: {str(error)[:500]}")
    report(args, results, machine)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
