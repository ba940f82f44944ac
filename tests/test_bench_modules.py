"""The benchmarks in bench/ run against the service's own modules: a rename there must not leave them broken
until the next time somebody measures (each module imports, and the tournament plays a few rounds of every game)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from service.engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
BENCHES = sorted(path.stem for path in (ROOT / "bench").glob("*.py") if path.stem != "__main__")


@pytest.mark.parametrize("name", BENCHES)
def test_every_bench_module_imports(name: str) -> None:
    module = importlib.import_module(f"bench.{name}")
    assert module.__name__ == f"bench.{name}"


def test_the_tournament_plays_every_game_against_the_sparring_partner() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.tournament",
            "--quick",
            "--games",
            ",".join(GAMES),
            "--parts",
            "sparring",
            "--pairings",
            "greedy:sparring,greedy:one-ply",
            "--rounds",
            "2",
            "--processes",
            "1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    for name in GAMES:
        assert f"| {name} (" in done.stdout, f"{name} missing from the table"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_engine_instruction_workload_plays_every_game_the_same_way_twice(name: str) -> None:
    from bench.engine_instructions import work

    first = work(name, 2)
    assert first == work(name, 2) and first != work(name, 3)



@pytest.mark.parametrize("name", ["escoba", "scopa"])
def test_the_engine_bench_builds_its_table_size_positions(name: str) -> None:
    """``python -m bench.engine``'s table-size section (the games it measures): every position it builds is a
    valid state with that many table cards, and the game lists moves for it."""
    from bench.engine import TABLE_SIZES, table_state
    from service.engine.games import resolve

    for size in TABLE_SIZES:
        state = table_state(name, size, resolve(name))
        assert len(state.table) == size
        assert GAMES[name].legal_moves(state, None).total > 0


def test_the_work_ladder_prices_every_game_and_reads_it_at_each_cpu_target() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.work_ladder", "--quick", "--processes", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    rungs, _, targets = done.stdout.partition("## Score rate at a CPU budget a decision")
    for name in GAMES:
        assert f"| {name} " in rungs and "| strong*4 " in rungs, f"{name} missing from the rungs"
        assert f"| {name} (" in targets, f"{name} missing from the targets"
    assert "<= 0.5 ms" in targets and "<= 20 ms" in targets
