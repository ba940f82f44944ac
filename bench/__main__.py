"""Run every benchmark in turn, each in its own process, and print all their tables.

    python -m bench [--quick] [--only engine,worstcase,http,instructions,memory,tournament,suggest,...]

(``ORDER`` below lists them all.)

``--quick`` shortens every run (for a smoke test; the numbers are then rougher).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from .common import ROOT

ORDER = (
    "engine",
    "engine_instructions",
    "worstcase",
    "http",
    "instructions",
    "memory",
    "tournament",
    "work_ladder",
    "suggest",
    "hostile_load",
    "replay_timing",
    "streams",
    "stream_attacks",
    "recycling",
    "clocks",
)
QUICK = {
    "engine": ["--seconds", "0.5", "--repeats", "1", "--profile-rounds", "50"],
    "engine_instructions": ["--rounds", "20"],
    "worstcase": ["--repeats", "10"],
    "http": ["--seconds", "3", "--rounds", "1", "--latency-seconds", "2", "--proxy-rounds", "1"],
    "instructions": ["--requests", "20,120"],
    "memory": ["--requests", "10000", "--warmup", "2000", "--every", "4000"],
    "tournament": ["--quick"],
    "work_ladder": ["--quick"],
    "suggest": ["--repeats", "1", "--budgets", "1,200"],
    "hostile_load": ["--seconds", "4", "--pauses-ms", "0"],
    "replay_timing": ["--repeats", "20"],
    "streams": ["--quick"],
    "stream_attacks": ["--quick"],
    "clocks": ["--tables", "10", "--seconds", "3", "--down-seconds", "2"],
    "recycling": ["--requests", "3000", "--streams", "10", "--scenarios", "frequent", "--max-seconds", "60"],
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    parser.add_argument("--only", default=",".join(ORDER), help="comma-separated benchmarks to run")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in ORDER]
    if unknown:
        parser.error("unknown benchmark: " + ", ".join(unknown))
    failed = []
    started = time.monotonic()
    for name in chosen:
        extra = QUICK[name] if args.quick else []
        began = time.monotonic()
        done = subprocess.run([sys.executable, "-m", f"bench.{name}", *extra], cwd=ROOT)
        print(f"\n_bench.{name}: {time.monotonic() - began:.0f} s, exit {done.returncode}_\n", flush=True)
        if done.returncode:
            failed.append(name)
    print(f"_all benchmarks: {time.monotonic() - started:.0f} s_")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
