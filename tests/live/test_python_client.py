"""The Python client of clients/python, generated from openapi.yaml by openapi-python-client and committed: it is
exactly what the spec generates (`make clients` regenerates it), installs with pip (`make test-clients` installs it
into the virtualenv), plays a whole round of every game and player count against the service under gunicorn, and
its session example plays sealed tables, each seat on its own token following the event stream."""

from __future__ import annotations

import filecmp
import importlib.util
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.live.server import ROOT
from tests.live.test_session_example_checks import problems
from tests.live.test_typescript_client import SESSION_TABLES, expected_rounds, first_card_round

PACKAGE = ROOT / "clients" / "python"
GENERATED = PACKAGE / "cardrules_client"
EXAMPLE = PACKAGE / "examples" / "session_table.py"
BIN = Path(sys.executable).parent


def run(*argv: str | Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in argv], cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def test_the_committed_client_is_what_the_spec_generates() -> None:
    """A change of openapi.yaml without `make clients` fails here, naming the files that differ."""
    checked = run(sys.executable, PACKAGE / "generate.py", "--check")
    assert checked.returncode == 0, checked.stderr


def test_the_generator_is_pinned_to_the_version_the_client_was_generated_with() -> None:
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    pins = [requirement for requirement in dev if requirement.startswith("openapi-python-client")]
    generate = (PACKAGE / "generate.py").read_text()
    version = re.search(r'^GENERATOR_VERSION = "([^"]+)"$', generate, re.MULTILINE)
    assert version is not None
    assert pins == [f"openapi-python-client=={version[1]}"]


@pytest.fixture(scope="module")
def installed_client() -> None:
    """The virtualenv's cardrules_client is clients/python as committed (`make test-clients` and `make test` run
    `pip install ./clients/python` whenever it changes)."""
    found = importlib.util.find_spec("cardrules_client")
    if found is None or found.origin is None:
        pytest.fail(
            "cardrules_client is not installed: run `make test-clients` (pip install ./clients/python)"
        )
    installed = Path(found.origin).parent
    stale = [
        path.relative_to(GENERATED).as_posix()
        for path in GENERATED.rglob("*.py")
        if not (installed / path.relative_to(GENERATED)).is_file()
        or not filecmp.cmp(path, installed / path.relative_to(GENERATED), shallow=False)
    ]
    assert not stale, (
        f"the cardrules_client installed in {installed} is not clients/python as committed ({stale[:5]}...): "
        "run `make test-clients` (pip install ./clients/python)"
    )


def test_generated_python_client_plays_every_game(
    installed_client: None, live_service: str, client: FlaskClient
) -> None:
    played = run(sys.executable, ROOT / "tests" / "live" / "python_client_round.py", live_service)
    assert played.returncode == 0, played.stderr
    results = json.loads(played.stdout)
    assert set(results) == expected_rounds()
    for key, score in results.items():
        game, players = key.split("/")
        assert score == first_card_round(client, game, int(players), 42), key


@pytest.mark.parametrize(("game", "players"), SESSION_TABLES)
def test_the_session_example_plays_a_sealed_table(
    installed_client: None, live_service: str, game: str, players: int
) -> None:
    played = run(sys.executable, EXAMPLE, game, str(players), "--url", live_service)
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout)
    assert problems(summary, game, players) == []


def test_the_session_example_is_typed_and_clean(installed_client: None, tmp_path: Path) -> None:
    """mypy --strict against the installed client's own types (py.typed), and the repository's ruff rules."""
    typed = run(BIN / "mypy", "--strict", "--cache-dir", tmp_path / "mypy", EXAMPLE)
    assert typed.returncode == 0, typed.stdout + typed.stderr
    linted = run(BIN / "ruff", "check", "--no-cache", PACKAGE / "examples", PACKAGE / "generate.py")
    assert linted.returncode == 0, linted.stdout + linted.stderr
