"""Keep deploy/constraints.txt equal to the runtime dependency closure installed in the current environment.

The image is built with these pins, so what the tests ran against is what ships.
Usage: python deploy/constraints.py [--write]
"""

from __future__ import annotations

import importlib.metadata as md
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "deploy" / "constraints.txt"
HEADER = "# Runtime dependency pins for the image; refresh with: python deploy/constraints.py --write\n"


def closure() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins: dict[str, str] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [(Requirement(r), frozenset({""})) for r in project["dependencies"]]
    while todo:
        req, parent_extras = todo.pop()
        if req.marker and not any(req.marker.evaluate({"extra": e}) for e in parent_extras):
            continue
        key = (canonicalize_name(req.name), frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        dist = md.distribution(req.name)
        pins[key[0]] = dist.version
        extras = frozenset({"", *req.extras})
        todo.extend((Requirement(r), extras) for r in dist.requires or [])
    return pins


def render(pins: dict[str, str]) -> str:
    return HEADER + "".join(f"{name}=={version}\n" for name, version in sorted(pins.items()))


def main() -> int:
    try:
        expected = render(closure())
    except md.PackageNotFoundError as exc:
        print(f"runtime dependency not installed in this environment: {exc}", file=sys.stderr)
        return 1
    if "--write" in sys.argv[1:]:
        TARGET.write_text(expected)
        return 0
    if TARGET.read_text() != expected:
        print(f"{TARGET.relative_to(ROOT)} is stale; expected:\n{expected}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
