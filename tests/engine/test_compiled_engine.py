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


def mypyc_available() -> bool:
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return False
    return shutil.which(os.environ.get("CC", "cc")) is not None


@pytest.mark.skipif(not mypyc_available(), reason="no mypyc or no C compiler here: the image's build cannot be checked")
def test_the_compiled_engine_plays_every_game_and_option_like_its_sources(tmp_path: Path) -> None:
    """Development and tests run the sources; the image and the wheel run them compiled (setup.py). This builds
    the compiled modules in a copy of the tree and requires the same transcript from both."""
    build_output = shutil.ignore_patterns("*.so", "compiled_sources.txt", "__pycache__")
    shutil.copytree(ROOT / "service", tmp_path / "service", ignore=build_output)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "tests" / "engine").mkdir(parents=True)
    for name in ("__init__.py", "engine/__init__.py", "engine/transcript.py"):
        shutil.copy(ROOT / "tests" / name, tmp_path / "tests" / name)
    env = {key: value for key, value in os.environ.items() if key != "CARDRULES_PURE_PYTHON"}
    built = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    assert list((tmp_path / "service" / "engine" / "fishing").glob("*.so")), built.stderr[-2000:]
    done = subprocess.run(
        [sys.executable, "-m", "tests.engine.transcript", "2"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True, timeout=600,
        check=True,
    )
    compiled_digest, engine_file = done.stdout.split()
    assert engine_file.endswith(".so") and engine_file.startswith(str(tmp_path))  # the compiled build really ran
    assert not service.engine.fishing.__file__.endswith(".so")
    assert compiled_digest == digest(transcript(2))


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
