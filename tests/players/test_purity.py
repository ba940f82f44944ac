"""The players are pure engine layer: the standard library and ``service.engine`` only, no shared ``random``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PLAYERS = Path(__file__).resolve().parents[2] / "service" / "players"


def imported_modules(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_players_import_only_the_standard_library_and_the_engine() -> None:
    sources = sorted(PLAYERS.glob("*.py"))
    assert len(sources) >= 5
    allowed = sys.stdlib_module_names - {"json", "socket", "http", "urllib"}
    offenders = [
        f"{path.name}: {name}"
        for path in sources
        for name in imported_modules(ast.parse(path.read_text()))
        if not name.startswith("service.engine") and name.split(".")[0] not in allowed
    ]
    assert offenders == []


def test_every_random_choice_comes_from_a_seeded_generator() -> None:
    """``random.Random(seed)`` instances only: the module's shared generator would make moves unrepeatable."""
    offenders = []
    for path in sorted(PLAYERS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                offenders.append(f"{path.name}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                offenders.append(f"{path.name}:{node.lineno} from random import ...")
    assert offenders == []
