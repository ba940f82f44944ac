"""Generate clients/python/cardrules_client from openapi.yaml with the pinned openapi-python-client, or check that
the committed package is exactly what the spec generates.

    python clients/python/generate.py          # regenerate the package in place (`make clients`)
    python clients/python/generate.py --check  # exit 1, naming the files, when it differs from a fresh generation

The generator runs on the spec with generator.yaml (no formatter afterwards), so the same spec and the same
generator version write the same bytes on any machine: the clients suite runs --check, and a change of openapi.yaml
that was not followed by `make clients` fails there. The project's own metadata (pyproject.toml, README.md,
examples/) is kept by hand; this script checks that pyproject.toml asks for what the generated code needs.
"""

from __future__ import annotations

import argparse
import filecmp
import importlib.metadata
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SPEC = ROOT / "openapi.yaml"
CONFIG = HERE / "generator.yaml"
PACKAGE = "cardrules_client"
GENERATOR = "openapi-python-client"
GENERATOR_VERSION = "0.29.1"
"""The version the committed package was generated with; the root pyproject.toml's dev extra pins the same."""
EXPECTED_WARNINGS = ("WARNING parsing GET /openapi.yaml within operations.",)
"""What the generator leaves out, on purpose: the contract itself is served as YAML, which it has no model for.
Any other warning means an operation or a schema did not make it into the client."""


class GenerationError(Exception):
    pass


def generator_command() -> str:
    beside = Path(sys.executable).parent / GENERATOR
    found = str(beside) if beside.exists() else shutil.which(GENERATOR)
    if found is None:
        raise GenerationError(f"{GENERATOR} is not installed: pip install '{GENERATOR}=={GENERATOR_VERSION}'")
    installed = importlib.metadata.version(GENERATOR)
    if installed != GENERATOR_VERSION:
        raise GenerationError(
            f"{GENERATOR} {installed} is installed, the client is generated with {GENERATOR_VERSION} "
            f"(another version writes other code): pip install '{GENERATOR}=={GENERATOR_VERSION}'"
        )
    return found


def generate(into: Path) -> Path:
    """Generates the client project under ``into`` and answers the package's directory. The project is made
    with PEP 621 metadata (``--meta pdm``) only to read the generated code's requirements from it."""
    project = into / "project"
    done = subprocess.run(
        [generator_command(), "generate", "--path", str(SPEC), "--meta", "pdm",
         "--config", str(CONFIG), "--output-path", str(project)],
        cwd=into, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise GenerationError(f"{GENERATOR} failed:\n{output}")
    warnings = [line for line in output.splitlines() if line.startswith(("WARNING", "Unable"))]
    unexpected = [line for line in warnings if line not in EXPECTED_WARNINGS]
    if unexpected:
        raise GenerationError(
            f"{GENERATOR} could not turn all of openapi.yaml into the client:\n"
            + "\n".join(unexpected)
            + f"\n\nIts whole output:\n{output}"
        )
    check_requirements(project / "pyproject.toml")
    return project / PACKAGE


def check_requirements(generated_pyproject: Path) -> None:
    needed = tomllib.loads(generated_pyproject.read_text())["project"]
    ours = tomllib.loads((HERE / "pyproject.toml").read_text())["project"]
    for key in ("dependencies", "requires-python"):
        if needed[key] != ours[key]:
            raise GenerationError(
                f"clients/python/pyproject.toml's {key} is {ours[key]!r}; the generated code needs {needed[key]!r}:"
                " copy it there"
            )


def files(tree: Path) -> set[str]:
    return {
        path.relative_to(tree).as_posix()
        for path in tree.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def differences(fresh: Path, committed: Path) -> list[str]:
    new, old = files(fresh), files(committed)
    changed = sorted(
        name for name in new & old if not filecmp.cmp(fresh / name, committed / name, shallow=False)
    )
    return (
        [f"missing (the spec adds it): {name}" for name in sorted(new - old)]
        + [f"left over (the spec no longer has it): {name}" for name in sorted(old - new)]
        + [f"changed: {name}" for name in changed]
    )


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare with a fresh generation; change nothing"
    )
    check = parser.parse_args(arguments).check
    target = HERE / PACKAGE
    with tempfile.TemporaryDirectory(prefix="cardrules-client-") as scratch:
        try:
            fresh = generate(Path(scratch))
        except GenerationError as error:
            print(f"clients/python: {error}", file=sys.stderr)
            return 1
        if check:
            found = differences(fresh, target) if target.is_dir() else [f"missing: the whole {PACKAGE}"]
            if found:
                print(
                    f"clients/python/{PACKAGE} is not what openapi.yaml generates "
                    f"({len(found)} file(s)); run `make clients` and commit the result:\n  "
                    + "\n  ".join(found),
                    file=sys.stderr,
                )
                return 1
            print(
                f"clients/python/{PACKAGE} is what openapi.yaml generates ({GENERATOR} {GENERATOR_VERSION})"
            )
            return 0
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(fresh, target, ignore=shutil.ignore_patterns("__pycache__"))
    print(f"clients/python/{PACKAGE}: generated from openapi.yaml ({GENERATOR} {GENERATOR_VERSION})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
