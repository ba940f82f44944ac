"""Worker memory under a long mixed load: one sync worker, no recycling, 100,000 requests.

    python -m bench.memory [--requests 100000] [--warmup 5000] [--threads 3] [--max-seconds 300]

The service runs under ``deploy/gunicorn.conf.py`` with one sync worker and ``--max-requests 0``. Client threads
send deal / legal-moves / play (one in ten illegal) / score / view for Scopa, Escoba and Briscola over many
different states, each on a fresh connection (sync workers close every connection). The worker's VmRSS is read
from /proc at start, after the warm-up and every 10,000 requests. Targets: under 100 MB, and no more than a few MB
of growth after the warm-up. ``--max-seconds`` bounds the run; a run cut short says so.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from .common import (
    HOST,
    SERVICE_APP,
    OtherLoad,
    Server,
    dump_json,
    heading,
    load_line,
    machine_facts,
    running,
    table,
    verdict,
)

TARGET_MB = 100.0
GROWTH_MB = 5.0
GAMES_MIXED = ("scopa", "escoba", "briscola")
PLAYERS = 2


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of ``pid`` in kB."""
    values = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in {"VmRSS", "VmHWM"}:
            values[name] = int(rest.split()[0])
    return values


def build_requests(states_per_game: int, seed: int = 7) -> dict[str, list[tuple[str, bytes, int]]]:
    """Request bodies by kind, from states reached by random play: (path, body, expected status)."""
    from service.engine.fishing import new_match
    from service.engine.games import GAMES, resolve
    from service.schemas.requests import dump_move
    from service.schemas.state import dump_state

    rng = random.Random(seed)
    kinds: dict[str, list[tuple[str, bytes, int]]] = {
        "legal-moves": [],
        "play": [],
        "score": [],
        "view": [],
    }
    for name in GAMES_MIXED:
        game: Any = GAMES[name]
        rules = resolve(name)
        path = f"/v1/games/{name}"
        for number in range(states_per_game):
            state, _ = game.deal(rules, PLAYERS, 1000 + number, PLAYERS - 1, new_match(rules, PLAYERS))
            stop_at = rng.randrange(0, 30)
            plies = 0
            while not state.round_over:
                found = game.legal_moves(state)
                if plies == stop_at:
                    body = dump_state(state)
                    kinds["legal-moves"].append((f"{path}/legal-moves", dump_json({"state": body}), 200))
                    move = dump_move(rng.choice(found.moves))
                    kinds["play"].append((f"{path}/play", dump_json({"state": body, "move": move}), 200))
                    held = {card.code for card in state.hands[found.seat or 0]}
                    foreign = next(code for code in ("1D", "2C", "3S", "4B", "5D") if code not in held)
                    illegal = {"card": foreign, "capture": []} if name != "briscola" else {"card": foreign}
                    kinds["play"].append((f"{path}/play", dump_json({"state": body, "move": illegal}), 422))
                    seat = rng.randrange(PLAYERS)
                    kinds["view"].append((f"{path}/view", dump_json({"state": body, "seat": seat}), 200))
                state, _ = game.play(state, rng.choice(found.moves))
                plies += 1
            kinds["score"].append((f"{path}/score", dump_json({"state": dump_state(state)}), 200))
    return kinds


MIX = (("deal", 2), ("legal-moves", 3), ("play", 3), ("score", 1), ("view", 1))


def pick(index: int, kinds: dict[str, list[tuple[str, bytes, int]]]) -> tuple[str, bytes, int]:
    """The ``index``-th request of the mix: deterministic, every kind and state in turn."""
    slots = [kind for kind, weight in MIX for _ in range(weight)]
    kind = slots[index % len(slots)]
    if kind == "deal":
        name = GAMES_MIXED[index % len(GAMES_MIXED)]
        return f"/v1/games/{name}/deal", dump_json({"players": PLAYERS, "seed": index}), 200
    pool = kinds[kind]
    return pool[(index // len(slots)) % len(pool)]


class Load:
    """Client threads sharing one counter; each request on a fresh connection."""

    def __init__(self, port: int, kinds: dict[str, list[tuple[str, bytes, int]]], threads: int) -> None:
        self.port, self.kinds, self.threads = port, kinds, threads
        self.lock = threading.Lock()
        self.next_index = 0
        self.done = 0
        self.unexpected: Counter[str] = Counter()

    def send(self, until: int, deadline: float) -> None:
        workers = [threading.Thread(target=self._work, args=(until, deadline)) for _ in range(self.threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()

    def _work(self, until: int, deadline: float) -> None:
        headers = {"Content-Type": "application/json"}
        while True:
            with self.lock:
                index = self.next_index
                if index >= until or time.monotonic() >= deadline:
                    return
                self.next_index += 1
            path, body, expected = pick(index, self.kinds)
            try:
                connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
                connection.request("POST", path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                connection.close()
                outcome = None if response.status == expected else f"{path} {response.status}"
            except (OSError, http.client.HTTPException) as error:
                outcome = f"{path} {type(error).__name__}"
            with self.lock:
                self.done += 1
                if outcome:
                    self.unexpected[outcome] += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--warmup", type=int, default=5_000)
    parser.add_argument("--threads", type=int, default=3)
    parser.add_argument("--every", type=int, default=10_000, help="sample RSS every N requests")
    parser.add_argument("--max-seconds", type=float, default=300.0, help="stop sending after this long")
    args = parser.parse_args(argv)

    print("# Worker memory under load (gunicorn, 1 sync worker, --max-requests 0)\n")
    print(machine_facts())
    kinds = build_requests(states_per_game=40)
    distinct = sum(len(pool) for pool in kinds.values())
    print(
        f"\n{args.requests:,} requests planned, warm-up {args.warmup:,}, {args.threads} client threads; "
        f"{distinct} distinct state bodies plus a new deal seed for every deal; "
        f"mix per 10: "
        + ", ".join(f"{weight} {kind}" for kind, weight in MIX)
        + " (a tenth of plays illegal)."
    )
    server = Server(SERVICE_APP, 1, ["--max-requests", "0"])
    samples: list[tuple[str, int, float, float, float, str]] = []
    load_started = 0.0
    with running(server):
        (worker,) = server.worker_pids()
        load = Load(server.port, kinds, args.threads)
        deadline = time.monotonic() + args.max_seconds

        def sample(label: str, other: str = "") -> None:
            values = memory_kb(worker)
            elapsed = time.monotonic() - load_started if load_started else 0.0
            rss, hwm = values["VmRSS"] / 1024, values["VmHWM"] / 1024
            samples.append((label, load.done, rss, hwm, elapsed, other))
            rate = load.done / elapsed if elapsed else 0.0
            print(
                f"  {label}: {load.done:,} requests, RSS {values['VmRSS'] / 1024:.1f} MB, {rate:.0f} req/s",
                file=sys.stderr,
                flush=True,
            )

        sample("start")
        load_started = time.monotonic()
        marks = [args.warmup, *range(args.every, args.requests, args.every), args.requests]
        for mark in sorted(set(marks)):
            with OtherLoad() as other:
                load.send(mark, deadline)
            cut = load.done < mark
            label = "after warm-up" if mark == args.warmup else "end" if mark == args.requests else "progress"
            sample(label + (" (time limit)" if cut else ""), f"{other.cores:.2f}")
            if cut:
                break
        survived = server.worker_pids() == [worker]
    elapsed = time.monotonic() - load_started

    print(heading("RSS of the worker"))
    warm = next((row for row in samples if row[0].startswith("after warm-up")), samples[-1])
    rows = [
        (label, done, rss, hwm, f"{rss - warm[2]:+.1f}" if done >= warm[1] else "", seconds, other)
        for label, done, rss, hwm, seconds, other in samples
    ]
    headers = ["sample", "requests done", "VmRSS MB", "VmHWM MB", "growth since warm-up MB", "elapsed s"]
    print(table([*headers, "other load"], rows))
    print(f"\n`other load` = cores other processes kept busy during the interval (of {os.cpu_count()}).")
    end = samples[-1]
    growth = end[2] - warm[2]
    complete = end[1] >= args.requests
    print(heading("Summary"))
    summary = [
        ("requests sent", f"{end[1]:,} of {args.requests:,}" + ("" if complete else " (time limit reached)")),
        ("throughput", f"{end[1] / elapsed:.0f} req/s over {elapsed:.0f} s"),
        ("unexpected statuses", str(sum(load.unexpected.values()))),
        ("same worker throughout", "yes" if survived else "no (the worker was replaced)"),
        ("RSS at end", f"{end[2]:.1f} MB (target < {TARGET_MB:.0f} MB): {verdict(end[2] < TARGET_MB)}"),
        (
            "growth after warm-up",
            f"{growth:+.1f} MB (target <= {GROWTH_MB:.0f} MB): {verdict(growth <= GROWTH_MB and survived)}",
        ),
    ]
    print(table(["", "value"], summary))
    if load.unexpected:
        print("\n" + table(["unexpected", "count"], load.unexpected.most_common(10)))
    print("\n" + load_line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
