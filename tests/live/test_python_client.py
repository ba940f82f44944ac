"""A Python client generated from openapi.yaml with openapi-python-client plays a whole round of every game and
player count against the service under gunicorn: a change of the spec that breaks a generated client fails here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from flask.testing import FlaskClient

from tests.live.server import ROOT
from tests.live.test_typescript_client import expected_rounds, first_card_round

GENERATOR = Path(sys.executable).parent / "openapi-python-client"


def test_generated_python_client_plays_every_game(
    live_service: str, client: FlaskClient, tmp_path: Path
) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run: the generated code is used as it comes
    generated = subprocess.run(
        [str(GENERATOR), "generate", "--path", str(ROOT / "openapi.yaml"), "--meta", "none",
         "--output-path", str(tmp_path / "cardrules_client"), "--config", str(config)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert generated.returncode == 0, generated.stdout + generated.stderr
    # Every operation and schema must make it into the client; only the YAML of /openapi.yaml has no model.
    output = generated.stdout + generated.stderr
    warnings = [line for line in output.splitlines() if line.startswith(("WARNING", "Unable"))]
    assert warnings == ["WARNING parsing GET /openapi.yaml within operations."], output
    played = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "live" / "python_client_round.py"), live_service],
        env={**os.environ, "PYTHONPATH": str(tmp_path)}, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    results = json.loads(played.stdout)
    assert set(results) == expected_rounds()
    for key, score in results.items():
        game, players = key.split("/")
        assert score == first_card_round(client, game, int(players), 42), key
