"""Run the checks and test suites of ``make test`` one after the other, each under a heading, then a summary.

Usage: python -m tests.suites [SUITE ...]   (default: every suite; ``--list`` names them)

Each suite is a part of tests/ as it is laid out (the in-process tests, the Redis ones, tests/edge, tests/live),
so that a newcomer sees which part runs, how long each took and which failed. Every suite runs even after one
fails, and the command fails when any did; a suite that collects no test (pytest's exit code 5) fails too,
since it means the split below no longer matches tests/.

Environment: ``TEST_WORKERS`` (pytest-xdist workers for the parallel suites; default ``auto``, one per core;
0 runs them in one process), ``TEST_STARTED`` (seconds since the epoch when ``make test`` began: the time
before the first suite, the installs, is reported as ``setup``), ``PYTEST_ADDOPTS`` as pytest reads it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
NO_TESTS_COLLECTED = 5
SLOWEST_SHOWN = 8
"""Each pytest suite ends with its slowest tests: where its time goes, for whoever wants it shorter."""
OUTCOME = re.compile(rb"\b\d+ (passed|failed|errors?|skipped|deselected)\b.* in [\d.]+s|no tests ran")

LIVE = "tests/live"
BROWSER = (f"{LIVE}/test_docs_browser.py", f"{LIVE}/test_event_source_browser.py")
CLIENTS = (
    f"{LIVE}/test_python_client.py",
    f"{LIVE}/test_typescript_client.py",
    f"{LIVE}/test_session_example_checks.py",
)
SERVER_SUITES = ("tests/edge", LIVE)
REDIS_PATHS = ("tests/storage", "tests/sessions", "tests/api/test_sessions_redis.py")
"""Where the redis suite looks for tests marked ``redis``; one elsewhere runs in the unit suite (conftest.py)."""
LINTED = (
    "setup.py",
    "service",
    "tests",
    "deploy",
    "examples",
    *(["bench"] if (ROOT / "bench").is_dir() else []),
)


@dataclass(frozen=True)
class Suite:
    name: str
    what: str
    argv: tuple[str, ...]
    spread: str | None = None
    """How pytest-xdist shares the tests among its workers (``--dist``), None to run them in one process:
    ``worksteal`` when a test's fixtures are cheap to make in every worker, ``loadfile`` when a test file
    starts a server for all its tests (it then starts once, in one worker)."""


def pytest(*arguments: str) -> tuple[str, ...]:
    return (sys.executable, "-m", "pytest", *arguments)


def ignoring(*paths: str) -> tuple[str, ...]:
    return tuple(f"--ignore={path}" for path in paths)


SUITES = (
    Suite(
        "lint", "ruff on the sources, tests, deploy files, examples, benchmarks", ("ruff", "check", *LINTED)
    ),
    Suite("types", "mypy --strict on service/", ("mypy", "service")),
    Suite(
        "unit",
        "engine, players, API, sessions on SQLite and memory, fairness, docs, gunicorn: no Redis, no proxy",
        pytest("tests", "-m", "not redis or redis_elsewhere", *ignoring(*SERVER_SUITES)),
        spread="worksteal",
    ),
    Suite(
        "redis",
        "sessions and stores on a real redis-server and a local Redis Cluster of six nodes",
        pytest(*REDIS_PATHS, "-m", "redis and not redis_elsewhere"),
        spread="worksteal",
    ),
    Suite(
        "proxy",
        "tests/edge: gunicorn behind nginx with the deploy configuration",
        pytest("tests/edge"),
        "loadfile",
    ),
    Suite(
        "live",
        "tests/live: the spec's examples and the walkthrough scripts against the service under gunicorn",
        pytest(LIVE, *ignoring(*BROWSER, *CLIENTS)),
        spread="loadfile",
    ),
    # Each xdist worker drives its own browser and service: the tests keep no state across the page between them.
    Suite(
        "browser", "/docs 'Try it out' and an EventSource in headless Chromium", pytest(*BROWSER), "load"
    ),
    Suite(
        "clients", "the generated Python and TypeScript clients play every game", pytest(*CLIENTS), "loadfile"
    ),
)


@dataclass
class Outcome:
    suite: Suite
    seconds: float
    returncode: int
    summary: str


def workers() -> str:
    return os.environ.get("TEST_WORKERS", "auto")


def command(suite: Suite) -> list[str]:
    tool, *arguments = suite.argv
    argv = [str(BIN / tool) if tool in ("ruff", "mypy") else tool, *arguments]
    if suite.argv[1:3] == ("-m", "pytest") and "--durations" not in os.environ.get("PYTEST_ADDOPTS", ""):
        argv += [f"--durations={SLOWEST_SHOWN}"]
    if suite.spread and workers() not in ("", "0"):
        argv += ["-n", workers(), "--dist", suite.spread]
    return argv


def run(suite: Suite, number: int, total: int) -> Outcome:
    print(f"\n==> [{number}/{total}] {suite.name}: {suite.what}", flush=True)
    print(
        f"    {' '.join(os.path.relpath(part, ROOT) if part.startswith('/') else part for part in command(suite))}"
    )
    started = time.monotonic()
    tail = b""
    with subprocess.Popen(
        command(suite), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    ) as child:
        assert child.stdout is not None
        # Passed on as it comes (pytest's progress dots have no newline until the row is full).
        while chunk := os.read(child.stdout.fileno(), 65536):
            sys.stdout.buffer.write(chunk)
            sys.stdout.flush()
            tail = (tail + chunk)[-4000:]
    seconds = time.monotonic() - started
    lines = [line.decode(errors="replace").strip(" =") for line in tail.splitlines() if line.strip()]
    counted = [line for line in lines if OUTCOME.search(line.encode())]
    # pytest's count of passed, failed and skipped tests; a checker's last word ("Found 3 errors in 2 files").
    summary = (counted or lines or [f"exit code {child.returncode}"])[-1]
    if child.returncode == NO_TESTS_COLLECTED:
        summary = "no tests collected: the suite no longer matches tests/ (tests/suites.py)"
    print(
        f"<== {suite.name}: {'passed' if child.returncode == 0 else 'FAILED'} in {seconds:.0f} s", flush=True
    )
    return Outcome(suite, seconds, child.returncode, summary)


def report(outcomes: list[Outcome], setup_seconds: float | None, wall_seconds: float) -> None:
    print("\n==> make test summary", flush=True)
    if setup_seconds is not None:
        print(f"    {'setup':<8} {'':<6} {setup_seconds:>6.0f} s  tools and installs before the first suite")
    for outcome in outcomes:
        verdict = "ok" if outcome.returncode == 0 else "FAILED"
        print(f"    {outcome.suite.name:<8} {verdict:<6} {outcome.seconds:>6.0f} s  {outcome.summary}")
    total = wall_seconds + (setup_seconds or 0.0)
    failed = [outcome.suite.name for outcome in outcomes if outcome.returncode != 0]
    verdict = "FAILED" if failed else "ok"
    minutes, seconds = divmod(round(total), 60)
    said = f"failed: {', '.join(failed)}" if failed else f"pytest-xdist workers: {workers()}"
    print(
        f"    {'total':<8} {verdict:<6} {total:>6.0f} s  ({minutes} min {seconds:02d} s) {said}", flush=True
    )


def main(arguments: list[str]) -> int:
    by_name = {suite.name: suite for suite in SUITES}
    if arguments == ["--list"]:
        for suite in SUITES:
            print(f"{suite.name:<8} {suite.what}")
        return 0
    unknown = [name for name in arguments if name not in by_name]
    if unknown:
        print(f"unknown suite {', '.join(unknown)}; the suites: {', '.join(by_name)}", file=sys.stderr)
        return 2
    chosen = [by_name[name] for name in arguments] if arguments else list(SUITES)
    began = time.monotonic()
    setup_seconds = None
    if os.environ.get("TEST_STARTED", "").isdigit():
        setup_seconds = max(0.0, time.time() - int(os.environ["TEST_STARTED"]))
    outcomes = [run(suite, number, len(chosen)) for number, suite in enumerate(chosen, 1)]
    report(outcomes, setup_seconds, time.monotonic() - began)
    return 0 if all(outcome.returncode == 0 for outcome in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
