"""What every benchmark shares: machine facts, Markdown tables, percentiles, gunicorn servers, request bodies."""

from __future__ import annotations

import contextlib
import cProfile
import datetime as dt
import http.client
import json
import os
import platform
import pstats
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
HOST = "127.0.0.1"
GUNICORN_CONFIG = ROOT / "deploy" / "gunicorn.conf.py"
SERVICE_APP = "service.app:create_app()"
CEILING_APP = "bench.ceiling_app:create_app()"


# -- output ---------------------------------------------------------------------------------------------------
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def usable_cores() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def machine_facts() -> str:
    """A Markdown table of the facts that make numbers comparable between machines."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    rows = [
        ("CPU", cpu_model()),
        ("cores (usable / online)", f"{usable_cores()} / {os.cpu_count()}"),
        ("Python", f"{platform.python_implementation()} {platform.python_version()}"),
        ("platform", platform.platform()),
        ("date (UTC)", dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S")),
        ("load average at start", " ".join(f"{x:.2f}" for x in load)),
    ]
    return table(["machine", "value"], rows)


def load_line(label: str = "end") -> str:
    """The load average now: other work on the machine skews every number, so say how busy it was."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    return (
        f"Load average at {label}: "
        + " ".join(f"{x:.2f}" for x in load)
        + f" ({os.cpu_count()} cores online)."
    )


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine has spent busy since boot (all cores), from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / _TICKS


def _tree_seconds(pid: int) -> float:
    """CPU seconds of a live process, its waited-for children and, recursively, its live children."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        times = stat[stat.rindex(")") + 2 :].split()[11:15]  # utime stime cutime cstime
        total = sum(int(x) for x in times) / _TICKS
        children = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                children += [int(c) for c in (task / "children").read_text().split()]
    except (OSError, ValueError):
        return 0.0
    return total + sum(_tree_seconds(child) for child in children)


def own_cpu_seconds() -> float:
    """CPU seconds of this process and everything it started (servers, wrk, clients), alive or finished."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = me.ru_utime + me.ru_stime + waited.ru_utime + waited.ru_stime
    pid = os.getpid()
    live = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            live += [int(c) for c in (task / "children").read_text().split()]
    return total + sum(_tree_seconds(child) for child in live)


class OtherLoad:
    """How many cores other processes kept busy while a block ran: other work skews every number."""

    def __init__(self) -> None:
        self.started = self.busy = self.own = 0.0
        self.cores = 0.0

    def __enter__(self) -> OtherLoad:
        self.started, self.busy, self.own = time.monotonic(), machine_busy_seconds(), own_cpu_seconds()
        return self

    def __exit__(self, *exc: object) -> None:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        other = (machine_busy_seconds() - self.busy) - (own_cpu_seconds() - self.own)
        self.cores = max(0.0, other / elapsed)


def profile_top(
    work: Callable[[], object], top: int = 10, keep: Callable[[str], bool] = lambda where: True
) -> list[tuple[str, int, float, float]]:
    """Run ``work`` under cProfile: the ``top`` functions by cumulative time that ``keep`` accepts.

    Rows are (function, calls, own seconds, cumulative seconds); ``keep`` gets the printed function name.
    """
    profiler = cProfile.Profile()
    profiler.enable()
    work()
    profiler.disable()
    entries: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    rows = []
    for (path, line, function), (_, calls, own, cumulative, _) in entries.items():
        where = function if path == "~" else f"{_short_path(path)}:{line}({function})"
        if "disable" in function or not keep(where):
            continue
        rows.append((where, calls, own, cumulative))
    rows.sort(key=lambda row: row[3], reverse=True)
    return rows[:top]


def _short_path(path: str) -> str:
    for marker in ("service/", "bench/", "site-packages/", "lib/python"):
        if marker in path:
            return path[path.index(marker) :].replace("site-packages/", "", 1)
    return path


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table; numbers right-aligned."""
    cells = [[str(h) for h in headers]] + [[_cell(value) for value in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [all(_is_number(row[i]) for row in rows) if rows else False for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        parts = [
            value.rjust(widths[i]) if numeric[i] else value.ljust(widths[i]) for i, value in enumerate(row)
        ]
        return "| " + " | ".join(parts) + " |"

    rule = "| " + " | ".join(("-" * (w - 1) + ":") if numeric[i] else "-" * w for i, w in enumerate(widths))
    return "\n".join([line(cells[0]), rule + " |", *(line(row) for row in cells[1:])])


def _cell(value: Any) -> str:
    if isinstance(value, float):
        if value >= 100:
            return f"{value:,.0f}"
        if value >= 10:
            return f"{value:.1f}"
        return f"{value:.2f}" if value >= 0.1 else f"{value:.3f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def heading(title: str) -> str:
    return f"\n## {title}\n"


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (``fraction`` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


# -- request bodies -------------------------------------------------------------------------------------------
def mid_round_scopa(plies: int = 8, seed: int = 1) -> tuple[dict[str, Any], dict[str, Any]]:
    """A 2-player Scopa state after ``plies`` moves from the deal of ``seed``, and one legal move in it.

    Played through the Flask test client, so the state is exactly what the API returns and accepts.
    """
    from service.app import create_app

    client = create_app({"TESTING": True}).test_client()
    state = expect_ok(client.post("/v1/games/scopa/deal", json={"players": 2, "seed": seed}))["state"]
    for _ in range(plies):
        moves = expect_ok(client.post("/v1/games/scopa/legal-moves", json={"state": state}))["moves"]
        state = expect_ok(client.post("/v1/games/scopa/play", json={"state": state, "move": moves[0]}))[
            "state"
        ]
    moves = expect_ok(client.post("/v1/games/scopa/legal-moves", json={"state": state}))["moves"]
    return state, moves[-1]


def expect_ok(response: Any) -> dict[str, Any]:
    if response.status_code != 200:
        raise RuntimeError(f"unexpected {response.status_code}: {response.get_data(as_text=True)[:500]}")
    body: dict[str, Any] = response.get_json()
    return body


# -- servers --------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """A gunicorn master in its own process group, on 127.0.0.1 only; ``stop`` kills the whole group. Its log is a
    temporary file, moved into the directory ``BENCH_KEEP_LOGS`` names (when set) at the stop."""

    def __init__(
        self, app: str, workers: int, extra_args: Sequence[str] = (), env: dict[str, str] | None = None
    ) -> None:
        self.app, self.workers = app, workers
        self.port = free_port()
        self.extra_args = list(extra_args)
        self.env = env or {}
        self.process: subprocess.Popen[bytes] | None = None
        handle, name = tempfile.mkstemp(prefix="cardrules-bench-", suffix=".log")
        os.close(handle)
        self.log_path = Path(name)

    def start(self, timeout: float = 30.0) -> Server:
        # The caller's shell may point at its own Redis or metrics directory: a bench server takes only what
        # the bench itself passes (``env``), a REDIS_URL among it.
        inherited = {
            name: value
            for name, value in os.environ.items()
            if name not in ("PROMETHEUS_MULTIPROC_DIR", "REDIS_URL", "RATE_LIMIT")
        }
        env = {
            **inherited,
            "PORT": str(self.port),
            "WEB_CONCURRENCY": str(self.workers),
            "LOG_LEVEL": "WARNING",
            **self.env,
        }
        command = [
            str(Path(sys.executable).with_name("gunicorn")),
            "--config",
            str(GUNICORN_CONFIG),
            "--bind",
            f"{HOST}:{self.port}",
            *self.extra_args,
            self.app,
        ]
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.wait_healthy(timeout)
        return self

    def log_tail(self, size: int = 2000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-size:]
        except OSError:
            return ""

    def wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(OSError, http.client.HTTPException):
                status, _ = request(self.port, "GET", "/healthz", timeout=1.0)
                if status == 200 and len(self.worker_pids()) >= self.workers:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"{self.app} did not answer /healthz within {timeout} s:\n{self.log_tail()}")

    def worker_pids(self) -> list[int]:
        """The master's children (the workers), from /proc."""
        if self.process is None:
            return []
        master = self.process.pid
        with contextlib.suppress(OSError):
            return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
        pids = []
        for status in Path("/proc").glob("[0-9]*/status"):
            with contextlib.suppress(OSError):
                for line in status.read_text().splitlines():
                    if line.startswith("PPid:") and line.split()[1] == str(master):
                        pids.append(int(status.parent.name))
        return pids

    def stop(self) -> None:
        """SIGTERM to the process group (graceful), SIGKILL to whatever is left of it."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=5)
        kept = os.environ.get("BENCH_KEEP_LOGS")
        if kept and self.log_path.exists():  # a directory: the server's whole log is kept there, for a look after
            Path(kept).mkdir(parents=True, exist_ok=True)
            self.log_path.replace(Path(kept) / self.log_path.name)
        self.log_path.unlink(missing_ok=True)


@contextlib.contextmanager
def running(*servers: Server) -> Iterator[tuple[Server, ...]]:
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


def request(
    port: int, method: str, path: str, body: bytes | None = None, timeout: float = 10.0
) -> tuple[int, bytes]:
    """One request on a fresh connection (sync workers close every connection)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def dump_json(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


NGINX_CONF = ROOT / "deploy" / "nginx" / "nginx.conf"


class Proxy:
    """nginx with deploy/nginx/nginx.conf in front of a running ``Server``, on 127.0.0.1 only.

    Only the upstream, the listener and the /tmp/ directory are changed; workers and pids are the upstream's, so
    a run through the proxy watches the service's own workers.
    """

    def __init__(self, upstream: Server) -> None:
        self.upstream, self.workers = upstream, upstream.workers
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="cardrules-bench-nginx-"))
        self.process: subprocess.Popen[bytes] | None = None

    def worker_pids(self) -> list[int]:
        return self.upstream.worker_pids()

    def start(self) -> Proxy:
        import shutil

        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.directory.chmod(0o755)  # nginx workers run as nobody when started as root
        text = NGINX_CONF.read_text()
        text = text.replace("server app:8000;", f"server {HOST}:{self.upstream.port};")
        text = text.replace("listen 8080;", f"listen {HOST}:{self.port};").replace(" /tmp/", f" {self.directory}/")
        conf = self.directory / "nginx.conf"
        conf.write_text(text)
        log = open(self.directory / "nginx.log", "wb")  # noqa: SIM115 - kept open while nginx runs
        self.process = subprocess.Popen(
            [binary, "-p", str(self.directory), "-c", str(conf), "-g", "daemon off;"],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, http.client.HTTPException):
                if request(self.port, "GET", "/healthz", timeout=1.0)[0] == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"nginx did not answer: {(self.directory / 'nginx.log').read_text()[-2000:]}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGQUIT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        import shutil

        shutil.rmtree(self.directory, ignore_errors=True)
