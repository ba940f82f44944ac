"""A fixed-rate (open-loop) POST load with every latency kept, for ``bench/streams.py``'s p50/p95/p99.

    python -m bench.streams_load --port 8000 --path /v1/games/scopa/legal-moves --body body.json --rate 200 \
        --seconds 15

Like ``bench/loadgen.py`` (request i is due at start + i / rate and sent then on a fresh connection, whatever the
earlier answers; latency counted from the due time, so a late send counts too), but each request is a gevent
greenlet and the result carries p95 as well, and the slowest answer of each second (when in the run the slow
ones came). It runs in a process of its own, so the 1,000 event streams held
by ``bench/streams.py`` do not share its CPU time. Prints one JSON object.
"""

from __future__ import annotations

# Run as a program, gevent patches the standard library before anything below imports it.
if __name__ == "__main__":
    from gevent import monkey

    monkey.patch_all()

import argparse
import json
import resource
import socket
import time
from collections import Counter
from pathlib import Path

import gevent

from .common import HOST, percentile


def run(
    port: int, path: str, body: bytes, rate: float, seconds: float, timeout: float = 30.0
) -> dict[str, object]:
    payload = (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    total = max(1, int(rate * seconds))
    latencies: list[float] = []
    worst: list[float] = [0.0] * (int(seconds) + 1)  # the slowest answer of each second of the run
    lateness: list[float] = []
    statuses: Counter[str] = Counter()
    before = resource.getrusage(resource.RUSAGE_SELF)

    def one(due: float) -> None:
        lateness.append((time.perf_counter() - due) * 1000)
        status = "no_status"
        try:
            with socket.create_connection((HOST, port), timeout=timeout) as sock:
                sock.sendall(payload)
                chunks = []
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
            head = b"".join(chunks[:1]).split(b"\r\n", 1)[0].split()
            status = head[1].decode() if len(head) > 1 else "no_status"
        except OSError as error:
            status = type(error).__name__
        took = (time.perf_counter() - due) * 1000
        latencies.append(took)
        second = min(int(due - start), len(worst) - 1)
        worst[second] = max(worst[second], took)
        statuses[status] += 1

    start = time.perf_counter() + 0.05
    greenlets = []
    for index in range(total):
        due = start + index / rate
        gevent.sleep(max(0.0, due - time.perf_counter()))
        greenlets.append(gevent.spawn(one, due))
    last_send = time.perf_counter()
    gevent.joinall(greenlets, timeout=timeout + 5)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "requests": len(latencies),
        "start_perf": start,  # perf_counter is the system's monotonic clock: comparable with the caller's
        "target_rate": rate,
        "achieved_rate": (total - 1) / max(last_send - start, 1e-9) if total > 1 else float(total),
        "statuses": dict(statuses),
        "p50_ms": percentile(latencies, 0.50),
        "p95_ms": percentile(latencies, 0.95),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies),
        "send_lateness_p99_ms": percentile(lateness, 0.99),
        "worst_by_second_ms": [round(value, 1) for value in worst],
        "client_cpu_s": usage.ru_utime - before.ru_utime + usage.ru_stime - before.ru_stime,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", required=True)
    parser.add_argument("--body", type=Path, required=True)
    parser.add_argument("--rate", type=float, required=True, help="requests per second")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.port, args.path, args.body.read_bytes(), args.rate, args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
