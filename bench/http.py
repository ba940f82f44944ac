"""HTTP throughput under gunicorn (2 sync workers): the service against a bare Flask ceiling, and behind nginx.

    python -m bench.http [--seconds 4] [--rounds 5] [--latency-seconds 5] [--no-recycle] [--proxy-rounds 3]
                         [--worker-class sync|gthread] [--threads 4]

The method (one, kept): both servers run under ``deploy/gunicorn.conf.py`` with WEB_CONCURRENCY=2 on 127.0.0.1;
the service with its default logging on (LOG_LEVEL=INFO: one JSON line per request, to a file) and its
metrics on, the ceiling (``bench/ceiling_app.py``: a bare Flask app that parses the same body with orjson and
answers the same bytes) as it is. ``wrk`` (``-t1 -c8``, ``bench/post.lua``) posts a mid-round 2-player Scopa
state (seed 1, 8 plays) to ``legal-moves`` and ``play`` in rounds: each round runs the ceiling and the service
back to back (which goes first alternates), so the two runs of a pair see the same machine. The ratio
service/ceiling of each pair is kept, and the median of the pairs' ratios is the result (target >= 0.80): on a
shared VM whose speed drifts within a minute, a ratio of runs seconds apart is steadier than a ratio of medians
taken far apart.

Then the production layout: nginx with ``deploy/nginx/nginx.conf`` in front of the same service, driven the same
way (``--proxy-rounds`` runs per endpoint), reported beside the direct figures. Latency is then measured at half
of each server's peak by an open-loop client in a separate process (``bench.loadgen``; ``--latency-seconds 0``
skips it). ``--no-recycle`` passes ``--max-requests 0`` to both servers; ``--worker-class gthread`` runs the
service (only) with threads, to compare worker models.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .common import (
    BENCH,
    CEILING_APP,
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
    median,
    mid_round_scopa,
    profile_top,
    request,
    running,
    table,
    verdict,
)

TARGET_RATIO = 0.80
ENDPOINTS = ("legal-moves", "play")
WORKERS = 2
_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    print("wrk is missing: installing the Debian package (needs root) ...", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "wrk"],
        check=True,
        stdout=subprocess.DEVNULL,
        env={"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
    )
    found = shutil.which("wrk")
    if not found:
        raise RuntimeError("wrk is not installed")
    return found


def parse_wrk(output: str) -> dict[str, float]:
    def number(pattern: str) -> float:
        match = re.search(pattern, output)
        return float(match.group(1)) if match else 0.0

    def millis(label: str) -> float:
        match = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s|m)\s*$", output, re.MULTILINE)
        return float(match.group(1)) * _UNITS[match.group(2)] if match else float("nan")

    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {
        "rps": number(r"Requests/sec:\s+([\d.]+)"),
        "requests": number(r"(\d+) requests in"),
        "non2xx": number(r"Non-2xx or 3xx responses: (\d+)"),
        "socket_errors": float(sum(int(n) for n in errors.groups())) if errors else 0.0,
        "p50": millis("50%"),
        "p99": millis("99%"),
    }


class PidWatcher:
    """Samples a server's worker pids while a run lasts, to count workers recycled by max_requests."""

    def __init__(self, server: Server | Proxy) -> None:
        self.server, self.seen = server, set(server.worker_pids())
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(0.05):
            self.seen.update(self.server.worker_pids())

    def __enter__(self) -> PidWatcher:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.seen.update(self.server.worker_pids())

    @property
    def restarts(self) -> int:
        return max(0, len(self.seen) - self.server.workers)


def run_wrk(wrk: str, server: Server | Proxy, endpoint: str, body: Path, seconds: float) -> dict[str, float]:
    url = f"http://{HOST}:{server.port}/v1/games/scopa/{endpoint}"
    script = str(BENCH / "post.lua")
    command = [wrk, "-t1", "-c8", f"-d{seconds:g}s", "--latency", "-s", script, url]
    env = {"BENCH_BODY": str(body), "PATH": "/usr/bin:/bin"}
    with OtherLoad() as other, PidWatcher(server) as watcher:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    result = parse_wrk(done.stdout)
    result["restarts"] = watcher.restarts
    result["other"] = other.cores
    return result


def open_loop(server: Server, endpoint: str, body: Path, rate: float, seconds: float) -> dict[str, Any]:
    command = [
        sys.executable,
        "-m",
        "bench.loadgen",
        "--port",
        str(server.port),
        "--path",
        f"/v1/games/scopa/{endpoint}",
        "--body",
        str(body),
        "--rate",
        f"{rate:.1f}",
        "--seconds",
        f"{seconds:g}",
    ]
    with OtherLoad() as other:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    result["other"] = other.cores
    return result


def prepare(directory: Path) -> dict[str, Path]:
    """Request bodies (and the real answers the ceiling replays) for a mid-round 2-player Scopa state."""
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    from service.app import create_app

    state, move = mid_round_scopa(plies=8, seed=1)
    client = create_app({"TESTING": True}).test_client()
    bodies = {"legal-moves": {"state": state}, "play": {"state": state, "move": move}}
    (directory / "responses").mkdir()
    paths = {}
    for endpoint, value in bodies.items():
        raw = dump_json(value)
        answer = client.post(f"/v1/games/scopa/{endpoint}", data=raw, content_type="application/json")
        if answer.status_code != 200:
            raise RuntimeError(f"{endpoint}: {answer.status_code} {answer.get_data(as_text=True)[:300]}")
        (directory / "responses" / f"{endpoint}.json").write_bytes(answer.get_data())
        paths[endpoint] = directory / f"{endpoint}.body.json"
        paths[endpoint].write_bytes(raw)
    return paths


def profile_service(bodies: dict[str, Path], requests: int = 300) -> None:
    """Where the service's time goes per endpoint: cProfile over in-process requests (Flask test client)."""
    from service.app import create_app

    client = create_app({"TESTING": True}).test_client()
    for endpoint, body in bodies.items():
        raw = body.read_bytes()

        def work(endpoint: str = endpoint, raw: bytes = raw) -> None:
            for _ in range(requests):
                client.post(f"/v1/games/scopa/{endpoint}", data=raw, content_type="application/json")

        started = time.perf_counter()
        work()
        micros = (time.perf_counter() - started) / requests * 1e6
        print(
            heading(
                f"Profile: {endpoint}, {requests} in-process requests ({micros:.0f} us each without profiler)"
            )
        )
        rows = profile_top(work, 12, keep=_interesting)
        print(table(["function", "calls", "own s", "cumulative s"], rows))


def _interesting(where: str) -> bool:
    """The service's own frames, marshmallow's entry point and Flask's request pre/post-processing."""
    if where.startswith("service/"):
        return True
    if where.startswith("marshmallow/schema.py"):
        return "(load)" in where
    return where.startswith("flask/app.py") and (
        "(preprocess_request)" in where or "(process_response)" in where
    )


def report_proxied(
    wrk: str,
    service: Server,
    bodies: dict[str, Path],
    runs: dict[tuple[str, str], list[dict[str, float]]],
    args: argparse.Namespace,
) -> None:
    """The production layout: nginx (deploy/nginx/nginx.conf) in front of the same service, same load."""
    proxy = Proxy(service).start()
    try:
        for endpoint, body in bodies.items():
            run_wrk(wrk, proxy, endpoint, body, 1)  # warm-up
            for number in range(args.proxy_rounds):
                print(f"  wrk {endpoint} proxied run {number + 1} ...", file=sys.stderr, flush=True)
                runs.setdefault(("proxied", endpoint), []).append(
                    run_wrk(wrk, proxy, endpoint, body, args.seconds)
                )
    finally:
        proxy.stop()
    print(heading("Through the proxy (nginx -> service), the same wrk load"))
    rows = []
    for endpoint in ENDPOINTS:
        found = runs["proxied", endpoint]
        rate = median([run["rps"] for run in found])
        direct = median([run["rps"] for run in runs["service", endpoint]])
        ceiling = median([run["rps"] for run in runs["ceiling", endpoint]])
        rows.append(
            (
                endpoint,
                " / ".join(f"{run['rps']:.0f}" for run in found),
                rate,
                f"{rate / direct:.2f}",
                f"{rate / ceiling:.2f}",
                median([run["p50"] for run in found]),
                median([run["p99"] for run in found]),
                int(sum(run["non2xx"] + run["socket_errors"] for run in found)),
                " / ".join(f"{run['other']:.2f}" for run in found),
            )
        )
    print(
        table(
            [
                "endpoint",
                "req/s per run",
                "req/s (median)",
                "of direct",
                "of ceiling",
                "p50 ms",
                "p99 ms",
                "errors",
                "other load per run",
            ],
            rows,
        )
    )
    print(
        "\nnginx runs on the same two cores as the workers and wrk, so it takes its share of them: on a host"
        " where the proxy has its own CPU (a separate container or node), the service keeps the direct figure."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="wrk duration per run")
    parser.add_argument("--rounds", type=int, default=5, help="ceiling/service pairs per endpoint")
    parser.add_argument("--latency-seconds", type=float, default=5.0, help="open-loop run at half the peak")
    parser.add_argument("--no-recycle", action="store_true", help="pass --max-requests 0 to both servers")
    parser.add_argument("--proxy-rounds", type=int, default=3, help="runs per endpoint through nginx (0: none)")
    parser.add_argument("--worker-class", choices=("sync", "gthread"), default="sync", help="the service's workers")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker with --worker-class gthread")
    args = parser.parse_args(argv)

    wrk = ensure_wrk()
    model = "sync" if args.worker_class == "sync" else f"gthread, {args.threads} threads each"
    print(f"# HTTP throughput: service against a bare Flask ceiling (gunicorn, 2 workers: {model})\n")
    print(machine_facts())
    version = subprocess.run([wrk, "-v"], capture_output=True, text=True).stdout.splitlines()
    recycle = "max_requests disabled" if args.no_recycle else "max_requests as configured (10000 + jitter)"
    print(
        f"\nLoad generator: {version[0] if version else 'wrk'}, -t1 -c8 -d{args.seconds:g}s, on the same machine;"
        f" {recycle}. The service logs one JSON line per request (LOG_LEVEL=INFO, its default)."
    )

    with tempfile.TemporaryDirectory(prefix="cardrules-bench-") as temp:
        directory = Path(temp)
        bodies = prepare(directory)
        extra = ["--max-requests", "0"] if args.no_recycle else []
        ceiling = Server(CEILING_APP, WORKERS, extra, env={"CEILING_RESPONSES": str(directory / "responses")})
        threads = []
        if args.worker_class == "gthread":
            threads = ["--worker-class", "gthread", "--threads", str(args.threads)]
        service = Server(SERVICE_APP, WORKERS, [*extra, *threads], env={"LOG_LEVEL": "INFO"})
        servers = {"ceiling": ceiling, "service": service}
        with running(ceiling, service):
            sizes = {}
            for name, server in servers.items():
                for endpoint, body in bodies.items():
                    status, answer = request(
                        server.port, "POST", f"/v1/games/scopa/{endpoint}", body.read_bytes()
                    )
                    if status != 200:
                        raise RuntimeError(f"{name} {endpoint}: {status} {answer[:300]!r}")
                    sizes[name, endpoint] = len(answer)
                    run_wrk(wrk, server, endpoint, body, 1)  # warm-up
            runs: dict[tuple[str, str], list[dict[str, float]]] = {}
            for endpoint, body in bodies.items():
                for round_number in range(args.rounds):
                    order = ("ceiling", "service") if round_number % 2 == 0 else ("service", "ceiling")
                    for name in order:
                        print(
                            f"  wrk {endpoint} {name} run {round_number + 1} ...", file=sys.stderr, flush=True
                        )
                        runs.setdefault((name, endpoint), []).append(
                            run_wrk(wrk, servers[name], endpoint, body, args.seconds)
                        )
            print(heading("Throughput (wrk -t1 -c8)"))
            rows: list[tuple[Any, ...]] = []
            ratios: dict[str, float] = {}
            pair_ratios: dict[str, list[float]] = {}
            for endpoint in ENDPOINTS:
                rates = {}
                for name in ("ceiling", "service"):
                    found = runs[name, endpoint]
                    rates[name] = median([run["rps"] for run in found])
                    rows.append(
                        (
                            endpoint,
                            name,
                            sizes[name, endpoint],
                            " / ".join(f"{run['rps']:.0f}" for run in found),
                            rates[name],
                            median([run["p50"] for run in found]),
                            median([run["p99"] for run in found]),
                            int(sum(run["non2xx"] + run["socket_errors"] for run in found)),
                            int(sum(run["restarts"] for run in found)),
                            " / ".join(f"{run['other']:.2f}" for run in found),
                        )
                    )
                pairs = zip(runs["service", endpoint], runs["ceiling", endpoint], strict=True)
                pair_ratios[endpoint] = [service["rps"] / ceiling["rps"] for service, ceiling in pairs]
                ratios[endpoint] = median(pair_ratios[endpoint])
            print(
                table(
                    [
                        "endpoint",
                        "server",
                        "response bytes",
                        "req/s per run",
                        "req/s (median)",
                        "p50 ms",
                        "p99 ms",
                        "errors",
                        "worker restarts",
                        "other load per run",
                    ],
                    rows,
                )
            )
            print(heading("Service / ceiling"))
            print(
                table(
                    ["endpoint", "ratio of each pair", "ratio (median)", "target", "result"],
                    [
                        (
                            e,
                            " / ".join(f"{ratio:.2f}" for ratio in pair_ratios[e]),
                            ratios[e],
                            f">= {TARGET_RATIO}",
                            verdict(ratios[e] >= TARGET_RATIO),
                        )
                        for e in ENDPOINTS
                    ],
                )
            )

            if args.proxy_rounds > 0:
                report_proxied(wrk, service, bodies, runs, args)
            if args.latency_seconds <= 0:
                print("\n" + load_line())
                return 0
            print(heading(f"Latency at half of the peak (open loop, {args.latency_seconds:g} s per run)"))
            rows = []
            for endpoint, body in bodies.items():
                for name in ("ceiling", "service"):
                    peak = median([run["rps"] for run in runs[name, endpoint]])
                    print(
                        f"  open loop {endpoint} {name} at {peak / 2:.0f}/s ...", file=sys.stderr, flush=True
                    )
                    result = open_loop(servers[name], endpoint, body, peak / 2, args.latency_seconds)
                    bad = sum(count for status, count in result["statuses"].items() if status != "200")
                    rows.append(
                        (
                            endpoint,
                            name,
                            peak / 2,
                            result["achieved_rate"],
                            f"{100 * result['client_cpu_s'] / result['elapsed_s']:.0f}%",
                            result["p50_ms"],
                            result["p90_ms"],
                            result["p99_ms"],
                            result["max_ms"],
                            bad,
                            result["other"],
                        )
                    )
            headers = ["endpoint", "server", "rate asked/s", "rate sent/s", "client CPU", "p50 ms", "p90 ms"]
            print(table([*headers, "p99 ms", "max ms", "errors", "other load"], rows))
            print(
                "\nLatency is measured from each request's due time (queueing included), a new connection each;"
                " `client CPU` is the load generator's share of one core; `other load` = cores kept busy by"
                f" processes other than these servers and clients (of {os.cpu_count()})."
            )
        if any(ratio < TARGET_RATIO for ratio in ratios.values()):
            profile_service(bodies)
    print("\n" + load_line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
