"""Hostile load: costly computer-player requests must not starve cheap rules requests.

    python -m bench.hostile_load [--seconds 15] [--clients 8] [--probe-interval-ms 50] [--pauses-ms 0,100]

The service runs as `make run` starts it (``deploy/gunicorn.conf.py``: gevent workers, one per core, LOG_LEVEL
INFO), once straight and once behind nginx (``deploy/nginx/nginx.conf``). ``--clients`` clients (threads of one
process) loop, each on a fresh connection, on the costliest suggestion there is: ``strong`` at the maximum
``budget_ms`` (2000) on an Escoba table of 34 cards (over 6,000 legal moves). Meanwhile a probe process posts a
mid-round Scopa state to ``POST /v1/games/scopa/legal-moves`` every ``--probe-interval-ms`` and times each answer
from the client. An attacker sends its next request at once, or ``--pauses-ms`` after a refusal (a client that
backs off a little; it still ignores ``Retry-After``). Each layout runs twice: with the defaults (the per-client
limits on: every attacker here shares one address, 127.0.0.1) and with the per-client limits off
(``RATE_LIMIT_SUGGEST=off``, ``SUGGEST_CLIENT_SLOTS=0``), where only the host's pool of ``SUGGEST_SLOTS``
searches stands in the way.

Passes when the probe's p99 stays under ``PROBE_P99_MS`` and the refused suggestions (503 ``suggest_busy``,
429 ``rate_limited``) are answered within ``REFUSAL_P99_MS`` at the 99th percentile, in every run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import threading
import time
from collections import Counter
from multiprocessing.queues import Queue
from typing import Any

from .common import (
    HOST,
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
from .worstcase import DECK, fishing_state

PROBE_P99_MS = 100.0
REFUSAL_P99_MS = 50.0
MAX_BUDGET_MS = 2000
NO_CLIENT_LIMITS = {"RATE_LIMIT_SUGGEST": "off", "SUGGEST_CLIENT_SLOTS": "0"}


def costliest_suggestion() -> bytes:
    """``strong`` at the maximum budget on the widest table: the most a caller can ask a computer player for."""
    table_cards = [code for code in DECK if code not in {"1D", "1C", "1S", "10D", "10C", "10S"}]
    state = fishing_state(["1D", "1C", "1S"], ["10D", "10C", "10S"], table_cards, {"capture_obligation": "none"})
    state["captures"] = [[], []]
    state["last_capturer"] = None
    return dump_json({"state": state, "level": "strong", "seed": 1, "budget_ms": MAX_BUDGET_MS})


def timed_post(port: int, path: str, body: bytes) -> tuple[int, float, str]:
    """(status, milliseconds from connecting to the last byte, the problem's code); status 0 when the exchange
    failed. A 503 is either a refusal (``suggest_busy``) or a search killed at its deadline (``suggest_timed_out``).
    """
    started = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    code = ""
    try:
        connection.request("POST", path, body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
        status = response.status
    except (OSError, http.client.HTTPException):
        status = 0
    finally:
        connection.close()
    elapsed = (time.perf_counter() - started) * 1000
    if status not in (0, 200):
        code = str(json.loads(answer).get("code", ""))
    return status, elapsed, code


Timings = list[tuple[int, float, str]]


def attackers_of(
    port: int, body: bytes, clients: int, pause: float, until: float, results: Queue[tuple[str, Timings]]
) -> None:
    """``clients`` connections looping from one process (threads), as a load generator does: the attack is the
    requests, and this machine's cores are the service's, not a crowd of client processes' to take."""
    found: Timings = []

    def loop() -> None:
        while time.monotonic() < until:
            answer = timed_post(port, "/v1/games/escoba/suggest", body)
            found.append(answer)
            if answer[0] != 200 and pause:
                time.sleep(pause)

    threads = [threading.Thread(target=loop) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(("attacker", found))


def probe(port: int, body: bytes, interval: float, until: float, results: Queue[tuple[str, Timings]]) -> None:
    found = []
    while time.monotonic() < until:
        began = time.monotonic()
        found.append(timed_post(port, "/v1/games/scopa/legal-moves", body))
        time.sleep(max(0.0, interval - (time.monotonic() - began)))
    results.put(("probe", found))


def run(port: int, args: argparse.Namespace, attackers: int, pause_ms: float = 0.0) -> dict[str, Any]:
    """The probe alone for a moment (the baseline), then the probe under ``attackers`` looping clients."""
    state, _ = mid_round_scopa(plies=8, seed=1)
    legal = dump_json({"state": state})
    costly = costliest_suggestion()
    context = multiprocessing.get_context("fork")
    results: Queue[tuple[str, Timings]] = context.Queue()
    until = time.monotonic() + args.seconds
    processes = [
        context.Process(target=probe, args=(port, legal, args.probe_interval_ms / 1000, until, results))
    ]
    if attackers:
        work = (port, costly, attackers, pause_ms / 1000, until, results)
        processes.append(context.Process(target=attackers_of, args=work))
    with OtherLoad() as other:
        for process in processes:
            process.start()
        gathered = [results.get(timeout=args.seconds + 60) for _ in processes]
        for process in processes:
            process.join(timeout=10)
    probes = [item for kind, found in gathered if kind == "probe" for item in found]
    suggestions = [item for kind, found in gathered if kind == "attacker" for item in found]
    return {"probe": probes, "suggestions": suggestions, "other": other.cores}


def summary(name: str, found: dict[str, Any]) -> tuple[list[Any], bool]:
    probe_ms = [ms for status, ms, _ in found["probe"] if status == 200]
    failed = sum(1 for status, _, _ in found["probe"] if status != 200)
    statuses = Counter(f"{status} {code}".strip() for status, _, code in found["suggestions"])
    refused = [ms for status, ms, code in found["suggestions"] if status == 429 or code == "suggest_busy"]
    answered = [ms for status, ms, _ in found["suggestions"] if status == 200]
    probe_p99 = percentile(probe_ms, 0.99) if probe_ms else float("inf")
    refusal_p99 = percentile(refused, 0.99) if refused else 0.0
    ok = not failed and probe_p99 < PROBE_P99_MS and refusal_p99 < REFUSAL_P99_MS
    row = [
        name,
        len(probe_ms),
        failed,
        percentile(probe_ms, 0.5) if probe_ms else 0.0,
        probe_p99,
        max(probe_ms) if probe_ms else 0.0,
        ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items())),
        percentile(answered, 0.5) if answered else 0.0,
        percentile(refused, 0.5) if refused else 0.0,
        refusal_p99,
        max(refused) if refused else 0.0,
        f"{found['other']:.2f}",
        verdict(ok),
    ]
    return row, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each run")
    parser.add_argument("--clients", type=int, default=8, help="attacking processes")
    parser.add_argument("--probe-interval-ms", type=float, default=50.0, help="the probe's pace")
    parser.add_argument(
        "--pauses-ms", default="0,100", help="comma-separated pauses of an attacker after a refusal (0: none)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("LOG_LEVEL", "WARNING")  # the in-process app that plays the probe's position
    pauses = [float(value) for value in args.pauses_ms.split(",") if value.strip()]
    workers = usable_cores()
    print("# Hostile load: costly suggestions against cheap rules requests\n")
    print(machine_facts())
    print(
        f"\nThe service as `make run` starts it: deploy/gunicorn.conf.py, {workers} gevent workers (one per core),"
        f" LOG_LEVEL=INFO, SUGGEST_SLOTS={workers}; {args.clients} attacking clients posting strong suggestions at"
        f" budget_ms={MAX_BUDGET_MS} on a 34-card Escoba table (threads of one process; pauses after a refusal:"
        f" {args.pauses_ms} ms); a probe posting legal-moves every {args.probe_interval_ms:g} ms; {args.seconds:g} s"
        " a run. Times are the clients' own, connect to last byte."
    )
    rows, failures = [], 0
    for limits, extra in (("per-client limits on (defaults)", {}), ("per-client limits off", NO_CLIENT_LIMITS)):
        server = Server(SERVICE_APP, workers, env={"LOG_LEVEL": "INFO", **extra}).start()
        try:
            baseline = run(server.port, argparse.Namespace(**{**vars(args), "seconds": 3.0}), 0)
            rows.append(summary(f"direct, probe alone ({limits})", baseline)[0])
            for layout in ("direct", "through nginx"):
                proxy = Proxy(server).start() if layout != "direct" else None
                try:
                    port = proxy.port if proxy else server.port
                    for pause in pauses:
                        paced = f"pause {pause:g} ms after a refusal" if pause else "no pause"
                        row, ok = summary(f"{layout}, {limits}, {paced}", run(port, args, args.clients, pause))
                        rows.append(row)
                        failures += not ok
                finally:
                    if proxy:
                        proxy.stop()
        finally:
            server.stop()
    print(heading("Probe latency under hostile load, and what the attackers got"))
    headers = [
        "run", "probes", "probe failures", "probe p50 ms", "probe p99 ms", "probe max ms", "suggestions by status",
        "200 p50 ms", "refused p50 ms", "refused p99 ms", "refused max ms", "other load (cores)", "result",
    ]
    print(table(headers, rows))
    print(
        f"\nA run passes when every probe is answered, the probe's p99 is under {PROBE_P99_MS:g} ms and the refused"
        f" suggestions' (503 suggest_busy, 429 rate_limited) p99 is under {REFUSAL_P99_MS:g} ms. A 503"
        " suggest_timed_out is a search that was admitted and killed at its deadline (the budget and its grace),"
        " not a refusal. The baseline rows have no attackers."
    )
    print(f"\nOverall: {verdict(not failures)}\n")
    print(load_line())
    return 0 if not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
