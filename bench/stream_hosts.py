"""What the event-stream benches read of the processes they start, and the processes that keep the CPU busy:
sockets, RSS and PSS, CPU time (all from /proc), what a gunicorn log says, and busy-loop processes bounded in
time (``bench/streams.py``, ``bench/stream_attacks.py``)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from .common import ROOT


# -- what the server's processes hold ---------------------------------------------------------------------------
def children(pid: int) -> list[int]:
    with contextlib.suppress(OSError, ValueError):
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    return []


def sockets_of(pid: int) -> int:
    count = 0
    with contextlib.suppress(OSError):
        for entry in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                count += entry.readlink().name.startswith("socket:")
    return count


def memory_of(pid: int) -> tuple[float, float]:
    """RSS and PSS of a process, MiB (PSS counts the pages it shares with the master and its siblings by share)."""
    rss = pss = 0.0
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    return rss, pss


def cpu_seconds_of(pid: int) -> float:
    with contextlib.suppress(OSError, ValueError):
        stat = Path(f"/proc/{pid}/stat").read_text()
        utime, stime = stat[stat.rindex(")") + 2 :].split()[11:13]
        return (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
    return 0.0


def server_log_findings(text: str) -> Counter[str]:
    """What a gunicorn log says that a bench must report: refusals by cap, errors, worker deaths and boots."""
    found: Counter[str] = Counter()
    for line in text.splitlines():
        for cap in ("here", "client", "host"):
            refused = re.search(rf"the {cap} cap is reached \((\d+) refused", line)
            if refused:
                found[f"refused ({cap} cap)"] += int(refused.group(1))
        for marker in ("Traceback", "WORKER TIMEOUT", "Worker exiting", "Booting worker", '"status": 500'):
            if marker in line:
                found[marker] += 1
    return found


# -- busy processes -------------------------------------------------------------------------------------------
class CpuHogs:
    """``count`` processes of ``while True: pass`` at normal priority, each ending by itself after ``seconds``
    (and stopped by ``stop`` in any case). ``cores`` says how busy they kept the machine."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self.processes: list[subprocess.Popen[bytes]] = []
        self.started = 0.0
        self.cores = 0.0

    def __enter__(self) -> CpuHogs:
        code = (
            f"import time\nend = time.monotonic() + {self.seconds}\nwhile time.monotonic() < end:\n    pass\n"
        )
        self.started = time.monotonic()
        for _ in range(self.count):
            self.processes.append(subprocess.Popen([sys.executable, "-c", code], cwd=ROOT))
        return self

    def __exit__(self, *exc: object) -> None:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        self.cores = sum(cpu_seconds_of(process.pid) for process in self.processes) / elapsed
        for process in self.processes:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)


class CpuShare:
    """Cores each named group of processes kept busy during a block (from /proc; a process gone is counted 0)."""

    def __init__(self, groups: dict[str, list[int]]) -> None:
        self.groups = groups
        self.before: dict[str, float] = {}
        self.started = 0.0
        self.cores: dict[str, float] = {}

    def __enter__(self) -> CpuShare:
        self.started = time.monotonic()
        self.before = {name: sum(map(cpu_seconds_of, pids)) for name, pids in self.groups.items()}
        return self

    def __exit__(self, *exc: object) -> None:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        for name, pids in self.groups.items():
            self.cores[name] = (sum(map(cpu_seconds_of, pids)) - self.before[name]) / elapsed

    def said(self) -> str:
        return ", ".join(f"{name} {cores:.2f}" for name, cores in self.cores.items())


TCP_COUNTERS = ("ListenOverflows", "ListenDrops", "TCPSynRetrans", "TCPTimeouts", "TCPAbortOnData")


def tcp_counters() -> Counter[str]:
    """The machine's TCP counters that explain a slow connection (from /proc/net/netstat, since boot)."""
    found: Counter[str] = Counter()
    with contextlib.suppress(OSError, ValueError):
        lines = Path("/proc/net/netstat").read_text().splitlines()
        for names, values in zip(lines[::2], lines[1::2], strict=False):
            if names.startswith("TcpExt:"):
                for name, value in zip(names.split()[1:], values.split()[1:], strict=False):
                    if name in TCP_COUNTERS:
                        found[name] = int(value)
    return found


def tcp_said(before: Counter[str], after: Counter[str]) -> str:
    return ", ".join(f"{name} {after[name] - before[name]}" for name in TCP_COUNTERS)
