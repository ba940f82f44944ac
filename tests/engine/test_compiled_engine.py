"""The compiled engine (setup.py, mypyc) plays exactly like the sources it was compiled from."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import service.engine.fishing
from tests.engine.transcript import digest, transcript

ROOT = Path(__file__).resolve().parents[2]
COMPILED = not str(service.engine.fishing.__file__).endswith(".py")


@pytest.mark.skipif(not COMPILED, reason="the engine runs from its sources here (no compiler, or a pure build)")
def test_the_compiled_engine_plays_every_game_and_option_like_its_sources(tmp_path: Path) -> None:
    build_output = shutil.ignore_patterns("*.so", "compiled_sources.txt", "__pycache__")
    shutil.copytree(ROOT / "service", tmp_path / "service", ignore=build_output)
    (tmp_path / "tests" / "engine").mkdir(parents=True)
    for name in ("__init__.py", "engine/__init__.py", "engine/transcript.py"):
        shutil.copy(ROOT / "tests" / name, tmp_path / "tests" / name)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "tests.engine.transcript", "2"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=True,
    )
    sources_digest, engine_file = done.stdout.split()
    assert engine_file == str(tmp_path / "service" / "engine" / "fishing.py")  # the sources really ran there
    assert sources_digest == digest(transcript(2))


def test_compiled_modules_older_than_their_sources_are_refused(tmp_path: Path) -> None:
    """An edit after an in-place build must not leave the old compiled code running (service/__init__.py)."""
    package = tmp_path / "service"
    package.mkdir()
    shutil.copy(ROOT / "service" / "__init__.py", package / "__init__.py")
    (package / "engine.py").write_text("RULES = 'edited'\n")
    stale = "0" * 64
    (package / "compiled_sources.txt").write_text(f"{stale}  service/engine.py\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", "import service"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "service/engine.py changed after the engine was compiled" in done.stderr
    (package / "compiled_sources.txt").write_text(
        hashlib.sha256(b"RULES = 'edited'\n").hexdigest() + "  service/engine.py\n"
    )
    current = subprocess.run([sys.executable, "-c", "import service"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=60)
    assert current.returncode == 0, current.stderr
