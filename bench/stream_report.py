"""The tables of the event-stream benches (``bench/streams.py``, ``bench/stream_attacks.py``): Markdown rows of
the streams held, the rules requests' latency, the fan-out, the memory, and what the servers' logs said."""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .common import ROOT, heading, load_line, percentile, table, verdict
from .stream_clients import EventStream, Fanout

LOAD_P99_MS = 50.0
LOAD_P99_FACTOR = 1.5
FANOUT_P99_MS = 100.0


def commit() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (working tree modified)" if dirty.stdout.strip() else "")


def statuses(result: dict[str, Any]) -> str:
    return " ".join(f"{k}:{v}" for k, v in sorted(result["statuses"].items()))


def load_row(
    layout: str, streams: int, result: dict[str, Any], other: float, baseline: dict[str, Any] | None
) -> list[Any]:
    """A legal-moves run; with ``baseline`` (the run without streams) the target is p99 < 1.5 x its p99."""
    ratio: Any = "-"
    ok = "(baseline)"
    if baseline is not None:
        ratio = result["p99_ms"] / baseline["p99_ms"]
        ok = verdict(ratio < LOAD_P99_FACTOR and result["p99_ms"] < LOAD_P99_MS)
    figures = [result[key] for key in ("p50_ms", "p95_ms", "p99_ms", "max_ms")]
    return [
        layout,
        streams,
        result["target_rate"],
        result["achieved_rate"],
        *figures,
        ratio,
        statuses(result),
        other,
        ok,
    ]


def fanout_row(layout: str, phase: str, found: Fanout, other: Any) -> list[Any]:
    times, sent = found.from_answer_ms, found.from_sent_ms
    figures: list[Any] = ["-"] * 6
    if times:
        figures = [percentile(times, q) for q in (0.5, 0.95, 0.99)] + [
            min(times),
            max(times),
            percentile(sent, 0.99),
        ]
    if found.move_ms:
        figures.append(f"{percentile(found.move_ms, 0.99):.1f} / {max(found.move_ms):.0f}")
    else:
        figures.append("-")
    problems = " ".join(f"{k}:{v}" for k, v in sorted(found.problems.items())) or "none"
    lost = found.expected - found.received
    ok = bool(times) and lost == 0 and percentile(times, 0.99) < FANOUT_P99_MS
    return [
        layout,
        phase,
        found.moves,
        f"{found.received}/{found.expected}",
        lost,
        *figures,
        problems,
        other,
        verdict(ok),
    ]


def streams_row(layout: str, streams: Sequence[EventStream], sockets: list[int]) -> list[Any]:
    opened = sum(s.ready.is_set() for s in streams)
    failures = Counter((s.failed or "")[:60] for s in streams if s.failed)
    failed = " ".join(f"{k}:{v}" for k, v in failures.items()) or "none"
    per_source = Counter(s.source for s in streams if s.ready.is_set())
    return [
        layout,
        len(streams),
        opened,
        sum(s.refused == "app" for s in streams),
        sum(s.refused == "nginx" for s in streams),
        failed,
        sum(s.ended for s in streams),
        len({s.source for s in streams}),
        max(per_source.values(), default=0),
        sum(s.attempts > 1 and s.ready.is_set() for s in streams),
        " / ".join(map(str, sockets)),
    ]


STREAMS_HEADERS = [
    "layout",
    "asked",
    "opened",
    "refused by the app",
    "refused by nginx",
    "failed",
    "ended early",
    "addresses",
    "most open from one address",
    "opened on a retry",
    "sockets per worker",
]


def memory_row(
    layout: str,
    streams: Sequence[EventStream],
    before: list[tuple[float, float]],
    now: list[tuple[float, float]],
    nginx_before: list[tuple[float, float]],
    nginx_now: list[tuple[float, float]],
) -> list[Any]:
    """Workers' RSS and PSS (MiB) before the streams and with them open; the PSS added per open stream (KiB)."""
    held = sum(s.open for s in streams)

    def each(values: list[tuple[float, float]], which: int) -> str:
        return " / ".join(f"{v[which]:.0f}" for v in values) or "-"

    added = sum(v[1] for v in now) - sum(v[1] for v in before)
    per_stream: Any = added * 1024 / held if held else "-"
    nginx = f"{each(nginx_before, 0)} -> {each(nginx_now, 0)}" if nginx_now else "-"
    return [layout, held, each(before, 0), each(now, 0), each(before, 1), each(now, 1), per_stream, nginx]


MEMORY_HEADERS = [
    "layout",
    "streams open",
    "worker RSS MiB before",
    "with the streams",
    "worker PSS MiB before",
    "with the streams",
    "PSS added per stream (KiB)",
    "nginx workers RSS MiB before -> with",
]


@dataclass
class Results:
    load: list[list[Any]] = field(default_factory=list)
    fanout: list[list[Any]] = field(default_factory=list)
    streams: list[list[Any]] = field(default_factory=list)
    memory: list[list[Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def beats(self, layout: str, streams: Sequence[EventStream], load: dict[str, Any]) -> None:
        """When in the load run the streams' heartbeats came, beside the slowest answer of each second."""
        start, seconds = load["start_perf"], len(load["worst_by_second_ms"])
        counts = [0] * seconds
        for stream in streams:
            for at in stream.beats:
                if 0 <= at - start < seconds:
                    counts[int(at - start)] += 1
        worst = " ".join(f"{value:.0f}" for value in load["worst_by_second_ms"])
        self.notes.append(
            f"{layout}, with the streams: heartbeats received in each second of the load run: "
            f"{' '.join(map(str, counts))}; slowest answer of each second (ms): {worst}"
        )

    def findings(self, layout: str, found: Counter[str]) -> None:
        said = ", ".join(f"{k}: {v}" for k, v in sorted(found.items())) or "nothing"
        self.notes.append(f"{layout}: the server's log says {said}")


LOAD_HEADERS = [
    "layout",
    "streams open",
    "rate",
    "achieved",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "p99 / baseline p99",
    "statuses",
    "other load (cores)",
    "",
]
FANOUT_HEADERS = [
    "layout",
    "phase",
    "moves",
    "arrived",
    "lost",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "min ms",
    "max ms",
    "p99 from send ms",
    "move's own p99 / max ms",
    "problems",
    "other load (cores)",
    "",
]


def report(args: argparse.Namespace, results: Results, machine: str, module: str) -> None:
    print(heading(f"Event streams ({args.streams} streams, {args.players}-player Scopa)"))
    print(machine)
    print()
    print(f"Commit: {commit()}. Command: python -m {module} {' '.join(sys.argv[1:])}".rstrip())
    print()
    if results.streams:
        print("Streams (sockets per worker: every socket the worker process holds, listeners included):\n")
        print(table(STREAMS_HEADERS, results.streams))
    if results.memory:
        print("\nMemory of the service's workers (from /proc/<pid>/smaps_rollup):\n")
        print(table(MEMORY_HEADERS, results.memory))
    if results.load:
        print(
            f"\n`POST /v1/games/scopa/legal-moves` from 127.0.0.1 at a fixed rate for {args.seconds:g} s (target: "
            f"p99 < {LOAD_P99_FACTOR:g} x the p99 without streams, and < {LOAD_P99_MS:g} ms):\n"
        )
        print(table(LOAD_HEADERS, results.load))
    if results.fanout:
        print(
            f"\nFan-out: from a move's answer to its version's last message on each stream of its table (target p99"
            f" < {FANOUT_P99_MS:g} ms, none lost); 'p99 from send' counts from the move's sending:\n"
        )
        print(table(FANOUT_HEADERS, results.fanout))
    for note in results.notes:
        print(f"\n- {note}")
    print()
    print(load_line())
