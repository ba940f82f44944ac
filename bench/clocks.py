"""Clocks: how soon after a turn's deadline the service acts, that it acts exactly once, and after a restart.

    python -m bench.clocks [--tables 40] [--move-seconds 1] [--seconds 6] [--layouts sqlite,redis]

Each layout opens ``--tables`` two-player Briscola tables with ``clock: {move_seconds, on_timeout: computer}``
and then makes no call at all for ``--seconds``: every move is the clock's. Then it reads each table's log (the
owner's page) and measures, for every move the clock made, how late it was: the write's time (the next
deadline minus ``move_seconds``) minus the deadline it acted on. "Twice" counts deadlines acted on more than
once (two timeout moves after one ``clock`` event), which the claim and the compare-and-set must make zero.

* ``sqlite``: one instance, two workers, on the embedded store; then the instance is stopped for
  ``--down-seconds``, started again on the same file, and the deadlines that passed while it was down are
  measured from the moment it answers again ("after a restart").
* ``redis``: two instances of two workers each on one redis-server (skipped when there is none): whichever
  worker of either instance polls first acts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from .common import (
    SERVICE_APP,
    Server,
    dump_json,
    heading,
    load_line,
    machine_facts,
    percentile,
    request,
    table,
)
from .stream_clients import call
from .streams import redis_store

ENV = {"SESSION_QUOTA_LIVE": "0", "SESSION_QUOTA_CREATES": "0", "LOG_LEVEL": "WARNING"}


def seconds_of(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def open_tables(ports: list[int], count: int, move_seconds: int) -> list[dict[str, Any]]:
    clock = {"move_seconds": move_seconds, "on_timeout": "computer", "level": "random"}
    made = []
    for k in range(count):
        body = {"game": "briscola", "deal": {"players": 2, "seed": "server"}, "clock": clock}
        status, answer = request(ports[k % len(ports)], "POST", "/v1/sessions", dump_json(body))
        if status != 201:
            raise RuntimeError(f"creation answered {status}: {answer[:200]!r}")
        made.append(json.loads(answer))
    return made


def owner_events(port: int, made: dict[str, Any]) -> list[dict[str, Any]]:
    answer = call(port, "GET", f"/v1/sessions/{made['id']}/events?after=0", token=made["tokens"]["owner"])
    events: list[dict[str, Any]] = answer.body["events"]
    return events


def lateness(
    made: dict[str, Any], events: list[dict[str, Any]], move_seconds: int, since: float = 0.0
) -> tuple[list[float], int]:
    """How late each clock move was after the deadline it acted on (from ``since`` when that is later: a
    deadline that passed while the service was down), and how many deadlines were acted on twice. The first
    deadline is the creation answer's (the ``table`` event that begins the page shows the latest one)."""
    late: list[float] = []
    twice = 0
    deadline: float | None = seconds_of(made["clock"]["turn_deadline"])
    acted_on: float | None = None
    for event in events:
        if event.get("reason") == "timeout":
            if deadline is not None and deadline == acted_on:
                twice += 1
            acted_on = deadline
        elif event["type"] == "clock":
            stamp = event["clock"]["turn_deadline"]
            if acted_on is not None and acted_on == deadline and stamp is not None:
                written = seconds_of(stamp) - move_seconds
                if written >= since:  # before a restart, when ``since`` is the restart: measured already
                    late.append(written - max(acted_on, since))
            deadline = None if stamp is None else seconds_of(stamp)
    return late, twice


def measured(
    label: str, ports: list[int], tables: list[dict[str, Any]], args: argparse.Namespace, since: float = 0.0
) -> list[object]:
    late: list[float] = []
    twice = 0
    for made in tables:
        found, doubled = lateness(made, owner_events(ports[0], made), args.move_seconds, since)
        late += found
        twice += doubled
    if not late:
        return [label, len(tables), 0, "-", "-", "-", twice]
    ms = [1000 * value for value in late]
    return [
        label,
        len(tables),
        len(ms),
        round(percentile(ms, 0.5)),
        round(percentile(ms, 0.99)),
        round(max(ms)),
        twice,
    ]


def run_sqlite(args: argparse.Namespace, rows: list[list[object]]) -> None:
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-clocks-") as state:
        env = {
            **ENV,
            "SESSION_DB": str(Path(state) / "sessions.sqlite3"),
            "SEED_KEY_FILE": str(Path(state) / "seed.key"),
        }
        server = Server(SERVICE_APP, 2, env=env).start()
        try:
            tables = open_tables([server.port], args.tables, args.move_seconds)
            time.sleep(args.seconds)
            rows.append(measured("sqlite, 1 instance x 2 workers", [server.port], tables, args))
        finally:
            server.stop()
        time.sleep(args.down_seconds)
        again = Server(SERVICE_APP, 2, env=env).start()
        try:
            back = time.time()
            time.sleep(args.seconds)
            rows.append(measured("sqlite, after a restart", [again.port], tables, args, since=back))
        finally:
            again.stop()


def run_redis(args: argparse.Namespace, rows: list[list[object]], notes: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="cardrules-bench-clocks-") as state:
        try:
            store = redis_store("redis", Path(state))
            url, extra = store.__enter__()
        except LookupError as missing:
            notes.append(f"redis: skipped, {missing}")
            return
        try:
            env = {**ENV, **extra, "REDIS_URL": url, "SEED_KEY_FILE": str(Path(state) / "seed.key")}
            servers = [Server(SERVICE_APP, 2, env=env) for _ in range(2)]
            with contextlib.ExitStack() as stack:
                for server in servers:
                    server.start()
                    stack.callback(server.stop)
                ports = [server.port for server in servers]
                tables = open_tables(ports, args.tables, args.move_seconds)
                time.sleep(args.seconds)
                rows.append(measured("redis, 2 instances x 2 workers", ports, tables, args))
        finally:
            store.__exit__(None, None, None)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--move-seconds", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--down-seconds", type=float, default=3.0)
    parser.add_argument("--layouts", default="sqlite,redis")
    args = parser.parse_args(argv)
    rows: list[list[object]] = []
    notes: list[str] = []
    layouts = args.layouts.split(",")
    if "sqlite" in layouts:
        run_sqlite(args, rows)
    if "redis" in layouts:
        run_redis(args, rows, notes)
    print(heading("Clocks: how late after its deadline the service acts, with no client call"))
    print(machine_facts())
    print(
        table(["layout", "tables", "clock moves", "late p50 ms", "late p99 ms", "late max ms", "twice"], rows)
    )
    for note in notes:
        print(f"- {note}")
    print(load_line())


if __name__ == "__main__":
    main()
