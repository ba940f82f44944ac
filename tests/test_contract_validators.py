"""openapi.yaml passes two independent validators: openapi-spec-validator (Python, the OpenAPI 3.1 schema) and
Redocly's openapi-core (JavaScript, pinned in clients/typescript/package-lock.json: the structure, and every
example against its schema). The TypeScript client is generated only from a spec that passes the second. And the
guides the contract links to are served beside it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from tests.live.server import ROOT

SPEC = ROOT / "openapi.yaml"
CLIENT = ROOT / "clients" / "typescript"


def test_openapi_spec_validator_accepts_the_contract() -> None:
    document, _ = read_from_filename(str(SPEC))
    validate(document)  # raises on the first violation, naming where it is


def test_openapi_spec_validator_refuses_what_it_once_caught() -> None:
    document, _ = read_from_filename(str(SPEC))
    links = document["paths"]["/v1/sessions"]["post"]["responses"]["201"]["links"]
    links["RotateSeatToken"]["parameters"]["seat"] = 0
    with pytest.raises(Exception, match=r"0 is not of type .string."):
        validate(document)


def redocly() -> list[str]:
    if shutil.which("node") is None:
        pytest.skip("node is needed for the Redocly validator")
    if not (CLIENT / "node_modules" / "@redocly" / "openapi-core").exists():
        pytest.skip("clients/typescript has no node_modules: make test runs npm ci there")
    return ["node", "lint-spec.mjs"]


def test_redocly_accepts_the_contract() -> None:
    done = subprocess.run([*redocly(), str(SPEC)], cwd=CLIENT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("0 problem(s)")


def test_redocly_refuses_an_example_that_breaks_its_schema(tmp_path: Path) -> None:
    broken = tmp_path / "openapi.json"
    document, _ = read_from_filename(str(SPEC))
    document["components"]["examples"]["suggest.notToAct.answer"]["value"].pop("title")
    broken.write_text(json.dumps(document))
    done = subprocess.run([*redocly(), str(broken)], cwd=CLIENT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "no-invalid-media-type-examples" in done.stdout and "title" in done.stdout


def test_the_typescript_client_is_generated_from_the_validated_spec() -> None:
    scripts = json.loads((CLIENT / "package.json").read_text())["scripts"]
    assert scripts["generate"].startswith("npm run lint-spec && ")
    assert scripts["build"].startswith("npm run generate")


def test_every_guide_the_contract_links_is_served(client: FlaskClient) -> None:
    links = set(re.findall(r"\(/docs/guide/([a-z]+\.md)\)", SPEC.read_text(encoding="utf-8")))
    assert {"fairness.md", "rules.md", "players.md", "api.md"} <= links
    for name in links:
        with client.get(f"/docs/guide/{name}") as response:
            assert response.status_code == 200, name
            assert response.mimetype == "text/plain"
            assert response.get_data() == (ROOT / "docs" / name).read_bytes()


@pytest.mark.parametrize("name", ["nothing.md", "api.txt", "..%2Fopenapi.yaml", "API.md"])
def test_only_the_guides_are_served(client: FlaskClient, name: str) -> None:
    assert client.get(f"/docs/guide/{name}").status_code == 404
