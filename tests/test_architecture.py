"""The architecture holds: a pure engine, and a spec that matches the routes in both directions."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import types
import typing
from pathlib import Path

import yaml
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "service" / "engine"
FORBIDDEN = {"flask", "marshmallow", "redis", "orjson", "werkzeug", "json", "yaml", "socket", "requests"}
INPUT_OUTPUT = {
    "asyncio", "http", "io", "logging", "os", "pathlib", "select", "shutil", "sqlite3", "subprocess", "sys",
    "tempfile", "threading", "time", "urllib",
}
READS_ITS_DATA = {"names.py"}
"""Engine modules that read the data shipped inside the package, once at import (the card names)."""


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {name}" for name in names if name.split(".")[0] in FORBIDDEN]
            if path.name not in READS_ITS_DATA:
                offenders += [f"{path.name}: {name}" for name in names if name.split(".")[0] in INPUT_OUTPUT]
            offenders += [
                f"{path.name}: {name}"
                for name in names
                if name.startswith("service.") and not name.startswith("service.engine")
            ]
    assert offenders == []


def spec_paths() -> set[tuple[str, str]]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    return {
        (method.upper(), path)
        for path, item in spec["paths"].items()
        for method in item
        if method in {"get", "post", "put", "delete", "patch"}
    }


def served_paths(app: Flask) -> set[tuple[str, str]]:
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.rule.startswith("/docs"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        path = path.replace("{game_name}", "{game}").replace("{session_id}", "{id}")
        served |= {(method, path) for method in rule.methods or () if method not in {"HEAD", "OPTIONS"}}
    return served


def test_every_route_is_in_the_spec_and_every_spec_path_is_served(app: Flask) -> None:
    assert served_paths(app) == spec_paths()


def test_docs_page_works_offline(client: FlaskClient) -> None:
    """Every script and stylesheet of /docs is served by the service itself, none from another host."""
    page = client.get("/docs/")
    assert page.status_code == 200 and b"swagger" in page.get_data().lower()
    assets = re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', page.get_data(as_text=True))
    assert assets
    for asset in assets:
        assert not asset.startswith(("http:", "https:", "//")), asset
        with client.get(asset if asset.startswith("/") else "/docs/" + asset) as response:
            assert response.status_code == 200, asset


def module_imports() -> dict[str, set[str]]:
    """Each module of ``service`` and the modules of ``service`` it imports (at any depth of its code)."""
    modules = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (ROOT / "service").rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    target = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    target = node.module or ""
                candidates = [target] + [f"{target}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            else:
                continue
            found |= {candidate for candidate in candidates if candidate in modules and candidate != name}
        graph[name] = found
    return graph


def test_the_modules_import_each_other_without_cycles() -> None:
    graph = module_imports()
    assert "service.engine.games" in graph["service.schemas.state"]  # the graph sees relative imports
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for imported in sorted(graph[module]):
            if imported != module.rsplit(".", 1)[0]:  # a package's own __init__ is not a cycle
                visit(imported, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


FAMILIES = ("service.engine.fishing", "service.engine.tricks")
REGISTRY = "service.engine.games"
MAX_LINES = 400


def in_family(module: str) -> bool:
    return any(module == family or module.startswith(family + ".") for family in FAMILIES)


def service_modules() -> dict[str, Path]:
    return {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (ROOT / "service").rglob("*.py")
    }


def test_only_the_families_and_the_registry_import_a_family() -> None:
    """A family's state, moves and games are reached through the ``Game`` protocol, never by name."""
    offenders = [
        f"{module} imports {imported}"
        for module, imports in module_imports().items()
        if not in_family(module) and module != REGISTRY
        for imported in sorted(imports)
        if in_family(imported)
    ]
    assert offenders == []


def test_the_players_import_no_family_and_not_the_schemas() -> None:
    offenders = [
        f"{module} imports {imported}"
        for module, imports in module_imports().items()
        if module.startswith("service.players")
        for imported in sorted(imports)
        if in_family(imported) or imported.startswith("service.schemas")
    ]
    assert offenders == []


def test_the_use_cases_and_the_engine_import_no_schema() -> None:
    """The schemas turn JSON into engine values before a use case runs; neither the engine nor the use cases read
    JSON themselves."""
    offenders = [
        f"{module} imports {imported}"
        for module, imports in module_imports().items()
        if module in USE_CASES or module.startswith("service.engine")
        for imported in sorted(imports)
        if imported.startswith("service.schemas")
    ]
    assert offenders == []


USE_CASES = ("service.usecases", "service.session_usecases")
ENGINE_CALLS = {"played", "play", "view_body", "dump_events", "dump_state", "dump_value", "render_view"}
"""What asks the game or writes its values: the session blueprint leaves it to ``service/session_usecases.py``."""


def test_the_use_cases_import_neither_flask_nor_the_blueprints() -> None:
    offenders = [
        f"{module} imports {imported}"
        for module, imports in module_imports().items()
        if module in USE_CASES
        for imported in sorted(imports)
        if imported.startswith("service.api")
    ]
    for module in USE_CASES:
        path = ROOT / (module.replace(".", "/") + ".py")
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                offenders += [f"{module} imports {alias.name}" for alias in node.names if alias.name == "flask"]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("flask"):
                offenders.append(f"{module} imports {node.module}")
    assert offenders == []


ENGINE_VALUE_HOMES = ("service.engine", "service.players", "service.sessions", "service.fairness", "service.usecases",
                      "service.session_usecases")
"""Where the classes a use case may return live: the engine's values, a computer player's suggestion, the session
core's (a concession), a sealed deal, and the use cases' own named tuples of those."""
ENGINE_VIEWS = {"service.session_usecases.posted"}
"""Use cases that return a ``Game.view``: the engine's own dict of engine values (cards), not JSON."""


def returned_types(kind: object, where: str) -> list[str]:
    """What in a return annotation is not an engine value: JSON's dicts, the HTTP layer's classes, callbacks."""
    origin = typing.get_origin(kind)
    if origin is not None:
        if origin is dict and where in ENGINE_VIEWS:
            return []
        if origin in (tuple, list, typing.Union, types.UnionType):
            args = [arg for arg in typing.get_args(kind) if arg is not Ellipsis]
            return [found for arg in args for found in returned_types(arg, where)]
        return [f"{where} returns {kind}"]
    if kind in (type(None), bool, int, str, float):
        return []
    module = getattr(kind, "__module__", "")
    if isinstance(kind, type) and module.startswith(ENGINE_VALUE_HOMES):
        if issubclass(kind, tuple) and module in USE_CASES:  # a use case's named tuple: what it holds, too
            hints = typing.get_type_hints(kind)
            return [found for name, hint in hints.items() for found in returned_types(hint, f"{where}.{name}")]
        return []
    return [f"{where} returns {kind}"]


def test_the_use_cases_return_engine_values() -> None:
    """A use case returns engine values (states, events, moves, scores, a concession), never the JSON of an answer:
    the HTTP layer writes them. And it is handed no function of the HTTP layer to call back."""
    offenders: list[str] = []
    for name in USE_CASES:
        module = importlib.import_module(name)
        for attribute, function in vars(module).items():
            if attribute.startswith("_") or not inspect.isfunction(function) or function.__module__ != name:
                continue
            hints = typing.get_type_hints(function)
            offenders += returned_types(hints.pop("return"), f"{name}.{attribute}")
            offenders += [
                f"{name}.{attribute} takes {parameter}: {hint}"
                for parameter, hint in hints.items()
                if (typing.get_origin(hint) is not None and "Callable" in str(typing.get_origin(hint)))
                or getattr(hint, "__module__", "").startswith("service.api")
            ]
    assert offenders == []


HTTP_LIBRARIES = {"flask", "werkzeug", "flask_cors", "marshmallow"}
SESSION_CORE = "service.sessions"
MAX_HTTP_MODULES = 20


def imported_libraries(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_session_core_knows_no_http() -> None:
    """The record, the log, retries, the clock, the runner of computer seats, presence and the waiting readers
    (``service/sessions/``) import neither Flask nor the schemas' library nor anything of ``service/api``: the
    blueprints hand them what a request brings."""
    offenders = [
        f"{module} imports {imported}"
        for module, imports in module_imports().items()
        if module == SESSION_CORE or module.startswith(SESSION_CORE + ".")
        for imported in sorted(imports)
        if imported.startswith("service.api")
    ]
    for path in (ROOT / "service" / "sessions").rglob("*.py"):
        offenders += [f"{path.name} imports {name}" for name in sorted(imported_libraries(path) & HTTP_LIBRARIES)]
    assert offenders == []


def test_the_http_layer_stays_thin() -> None:
    """``service/api`` parses, calls and writes one answer: what a table does lives in ``service/sessions``."""
    modules = sorted(path.name for path in (ROOT / "service" / "api").glob("*.py"))
    assert len(modules) <= MAX_HTTP_MODULES, modules


def test_the_session_blueprint_asks_the_game_nothing() -> None:
    """``service/api/sessions.py`` loads, authorizes, parses, calls a use case and writes the answer: it calls no
    method of a game or a state and neither plays, views nor dumps engine values itself."""
    path = ROOT / "service" / "api" / "sessions.py"
    offenders = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            if func.value.id in {"game", "state", "after"}:
                offenders.append(f"{node.lineno}: {func.value.id}.{func.attr}()")
        elif isinstance(func, ast.Name) and func.id in ENGINE_CALLS:
            offenders.append(f"{node.lineno}: {func.id}()")
    assert offenders == []


def game_names() -> set[str]:
    from service.engine.games import ALIASES, GAMES

    return set(GAMES) | set(ALIASES) | {"tressette"}


def named_games(node: ast.AST, names: set[str]) -> list[str]:
    """The game names a constant (or a tuple, list or set of constants) spells."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [name for item in node.elts for name in named_games(item, names)]
    return []


def test_no_module_outside_the_families_asks_which_game_it_is() -> None:
    """No ``game.name == "escoba"``, ``in ("scopa", "scopone")`` or ``case "briscola":`` outside the families: a
    game's behaviour is a method of its family, so the next game changes nothing outside its family."""
    names = game_names()
    offenders = []
    for module, path in service_modules().items():
        if in_family(module):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            compared: list[ast.AST] = []
            if isinstance(node, ast.Compare):
                compared = [node.left, *node.comparators]
            elif isinstance(node, ast.MatchValue):
                compared = [node.value]
            elif isinstance(node, ast.Dict):
                compared = [key for key in node.keys if key is not None]  # a per-game table by name
            found = [name for item in compared for name in named_games(item, names)]
            offenders += [f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}: {name}" for name in found]
    assert offenders == [f"service/engine/games.py:{alias_line()}: brisca"]


def alias_line() -> int:
    """The registry's alias table is the one place a game is named outside its family."""
    source = (ENGINE / "games.py").read_text().splitlines()
    return next(number for number, line in enumerate(source, 1) if line.startswith("ALIASES"))


def test_no_service_module_is_longer_than_the_limit() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in (ROOT / "service").rglob("*.py")
        if (count := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}
