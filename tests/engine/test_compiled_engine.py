"""The compiled engine (setup.py, mypyc) plays exactly like the sources it was compiled from."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import service.engine.fishing
from tests.engine.transcript import digest, transcript
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def mypyc_available() -> bool:
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return False
    return shutil.which(os.environ.get("CC", "cc")) is not None


COMPILED = ROOT / "build" / "compiled"
"""Where ``make run`` keeps its compiled copy of the service (the Makefile's ``COMPILED``)."""
NEEDS_A_BUILD = pytest.mark.skipif(
    not mypyc_available() or shutil.which("make") is None,
    reason="no mypyc, no C compiler or no make here: the compiled build cannot be made",
)


def built_by_make() -> Path:
    """``make run``'s compiled copy, built now unless its sources are unchanged since the last build (under the
    Makefile's lock: another test may be building it)."""
    built = subprocess.run(
        ["make", "--no-print-directory", "build/compiled/.built"], cwd=ROOT, capture_output=True, text=True,
        timeout=900,
    )  # fmt: skip
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    assert list((COMPILED / "service" / "engine" / "fishing").glob("*.so")), built.stderr[-2000:]
    return COMPILED


@NEEDS_A_BUILD
def test_the_compiled_engine_plays_every_game_and_option_like_its_sources() -> None:
    """``make dev`` and the tests run the sources; ``make run``, the image and the wheel run them compiled
    (setup.py). The same transcript from both."""
    compiled = built_by_make()
    env = {key: value for key, value in os.environ.items() if key != "CARDRULES_PURE_PYTHON"}
    done = subprocess.run(  # the compiled copy first on the path (the working directory), the tests after it
        [sys.executable, "-m", "tests.engine.transcript", "2"],
        cwd=compiled, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=600,
        check=True,
    )  # fmt: skip
    compiled_digest, engine_file = done.stdout.split()
    assert engine_file.endswith(".so") and engine_file.startswith(str(compiled))  # the compiled build really ran
    assert not service.engine.fishing.__file__.endswith(".so")
    assert compiled_digest == digest(transcript(2))


@NEEDS_A_BUILD
def test_the_compiled_engine_values_come_back_from_a_pickle() -> None:
    """A ``strong`` suggestion is computed in a forked child and pickled back to the worker: compiled, a frozen
    dataclass or a class of slots cannot be rebuilt by pickle's default, so each engine value says how."""
    compiled = built_by_make()
    env = {key: value for key, value in os.environ.items() if key != "CARDRULES_PURE_PYTHON"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.engine.pickles"],
        cwd=compiled, env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=600,
        check=True,
    )  # fmt: skip
    *found, engine_file = done.stdout.splitlines()
    assert engine_file.endswith(".so") and engine_file.startswith(str(compiled))  # the compiled build really ran
    assert found == []


def session_processes(leader: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == leader:
                    found.append(int(entry.name))
            except ProcessLookupError:
                continue
    return found


@NEEDS_A_BUILD
@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="no /proc: the workers' memory cannot be read")
def test_make_run_serves_the_compiled_engine(tmp_path: Path) -> None:
    """The README's ``make run``: its workers have the compiled engine's shared objects mapped, none of the
    sources' tree, and deal."""
    built_by_make()
    port = free_port()
    env = {**os.environ, "WEB_CONCURRENCY": "1", "LOG_LEVEL": "WARNING", "SESSION_DB": str(tmp_path / "s.db")}
    with (tmp_path / "run.log").open("wb") as log:
        make = subprocess.Popen(
            ["make", "--no-print-directory", "run", f"PORT={port}"], cwd=ROOT, env=env, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        dealt = None
        for _ in range(300):  # up to about 30 s for gunicorn to boot; the build is done
            assert make.poll() is None, (tmp_path / "run.log").read_text()[-2000:]
            try:
                request = urllib.request.Request(
                    base + "/v1/games/scopa/deal", data=b'{"players": 2, "seed": "1"}',
                    headers={"Content-Type": "application/json"},
                )  # fmt: skip
                with urllib.request.urlopen(request, timeout=2) as answer:
                    dealt = json.loads(answer.read())
                break
            except OSError:
                time.sleep(0.1)
        assert dealt is not None and dealt["state"]["game"] == "scopa", (tmp_path / "run.log").read_text()[-2000:]
        # ``strong`` thinks in a forked child, whose answer comes back pickled (every engine value in it).
        request = urllib.request.Request(
            base + "/v1/games/scopa/suggest", headers={"Content-Type": "application/json"},
            data=json.dumps({"state": dealt["state"], "level": "strong", "seed": 1, "explain": 2}).encode(),
        )  # fmt: skip
        with urllib.request.urlopen(request, timeout=30) as answer:
            suggested = json.loads(answer.read())
        to_play = dealt["state"]["hands"][dealt["state"]["turn"]]
        assert suggested["level"] == "strong" and suggested["move"]["card"] in to_play
        mapped = {pid: _mapped_objects(pid) for pid in session_processes(make.pid)}
        compiled_engine = str(COMPILED / "service" / "engine")
        serving = [pid for pid, objects in mapped.items() if any(o.startswith(compiled_engine) for o in objects)]
        assert serving, mapped
        assert not any(o.startswith(str(ROOT / "service")) for objects in mapped.values() for o in objects)
    finally:
        os.killpg(make.pid, signal.SIGTERM)
        make.wait(timeout=60)


def _mapped_objects(pid: int) -> set[str]:
    try:
        lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
    except OSError:
        return set()
    return {line.split()[-1] for line in lines if line.endswith(".so") or ".so " in line}


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
