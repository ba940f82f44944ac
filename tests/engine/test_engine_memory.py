"""The engine leaves no reference cycles behind: every object a round makes is freed by reference counting as soon
as it is dropped, so nothing waits for the cyclic garbage collector (which cost about 15% of engine time when
cached table summaries and their capture options pointed at each other). Nor do the computer players: a computer
seat thinks in a thread of its worker, and garbage it left would wait for the collector there (the exact endgame's
recursive closure once did).

Each count is taken in a fresh interpreter (``garbage_probe``): in a test worker, other threads leave garbage of
their own at any moment."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from service.engine.games import GAMES
from tests.suites import ROOT


def garbage(kind: str, name: str) -> list[str]:
    ran = subprocess.run(
        [sys.executable, "-m", "tests.engine.garbage_probe", kind, name],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    found: list[str] = json.loads(ran.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("name", GAMES)
def test_random_rounds_leave_no_cyclic_garbage(name: str) -> None:
    assert garbage("rounds", name) == []


@pytest.mark.parametrize("name", GAMES)
def test_the_strong_player_leaves_no_cyclic_garbage(name: str) -> None:
    assert garbage("strong", name) == []
