"""An open-loop HTTP client: sends at a fixed rate whatever the answers' speed and records latencies.

    python -m bench.loadgen --port 8000 --path /v1/games/scopa/play --body body.json --rate 300 --seconds 5

Request i is due at start + i / rate and is sent then, on a fresh connection (sync workers close every
connection), whether or not earlier answers have come back. One thread drives non-blocking sockets with
``selectors``: a thread pool would run out of threads and asyncio streams cost more CPU than the server under
test on a small machine. Latency is measured from the due time, so a late send counts too (no coordinated
omission). Prints one JSON object: achieved rate, status counts, latency percentiles in ms, the client's CPU time.
"""

from __future__ import annotations

import argparse
import errno
import json
import resource
import selectors
import socket
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .common import HOST, percentile


@dataclass
class Pending:
    due: float
    sock: socket.socket
    sent: int = 0
    received: list[bytes] = field(default_factory=list)


def run(
    port: int, path: str, body: bytes, rate: float, seconds: float, timeout: float = 30.0
) -> dict[str, object]:
    payload = (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body
    total = max(1, int(rate * seconds))
    selector = selectors.DefaultSelector()
    latencies: list[float] = []
    lateness: list[float] = []
    statuses: Counter[str] = Counter()
    in_flight: dict[int, Pending] = {}
    usage_before = resource.getrusage(resource.RUSAGE_SELF)

    start = time.perf_counter() + 0.05
    last_send = start
    index = 0
    while index < total or in_flight:
        now = time.perf_counter()
        while index < total and start + index / rate <= now:
            due = start + index / rate
            index += 1
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            code = sock.connect_ex((HOST, port))
            if code not in (0, errno.EINPROGRESS):
                sock.close()
                latencies.append((time.perf_counter() - due) * 1000)
                statuses[f"connect_errno_{code}"] += 1
                continue
            lateness.append((now - due) * 1000)
            last_send = now
            item = Pending(due, sock)
            in_flight[id(item)] = item
            selector.register(sock, selectors.EVENT_WRITE, item)
        wait = (start + index / rate - time.perf_counter()) if index < total else 0.05
        for key, events in selector.select(max(0.0, wait)):
            item = key.data
            try:
                if events & selectors.EVENT_WRITE:
                    item.sent += item.sock.send(payload[item.sent :])
                    if item.sent >= len(payload):
                        selector.modify(item.sock, selectors.EVENT_READ, item)
                    continue
                chunk = item.sock.recv(65536)
            except OSError as error:
                _close(selector, item)
                del in_flight[id(item)]
                latencies.append((time.perf_counter() - item.due) * 1000)
                statuses[type(error).__name__] += 1
                continue
            if chunk:
                item.received.append(chunk)
                continue
            _close(selector, item)
            del in_flight[id(item)]
            latencies.append((time.perf_counter() - item.due) * 1000)
            head = b"".join(item.received[:1]).split(b"\r\n", 1)[0].split()
            statuses[head[1].decode() if len(head) > 1 else "no_status"] += 1
        now = time.perf_counter()
        for stale in [k for k, item in in_flight.items() if now - item.due > timeout]:
            _close(selector, in_flight.pop(stale))
            latencies.append(timeout * 1000)
            statuses["timeout"] += 1
    elapsed = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime - usage_before.ru_utime + usage.ru_stime - usage_before.ru_stime
    return {
        "requests": len(latencies),
        "target_rate": rate,
        # Requests sent per second over the sending window (the drain of the last answers excluded).
        "achieved_rate": (total - 1) / max(last_send - start, 1e-9) if total > 1 else float(total),
        "elapsed_s": elapsed,
        "statuses": dict(statuses),
        "p50_ms": percentile(latencies, 0.50),
        "p90_ms": percentile(latencies, 0.90),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies),
        "send_lateness_p99_ms": percentile(lateness, 0.99) if lateness else 0.0,
        "client_cpu_s": cpu,
    }


def _close(selector: selectors.BaseSelector, item: Pending) -> None:
    selector.unregister(item.sock)
    item.sock.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--path", required=True)
    parser.add_argument("--body", type=Path, required=True)
    parser.add_argument("--rate", type=float, required=True, help="requests per second")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    print(json.dumps(run(args.port, args.path, args.body.read_bytes(), args.rate, args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
