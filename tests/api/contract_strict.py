"""A strict reading of ``openapi.yaml`` for the answer contract tests: every object the spec describes is closed to
any property it does not name, and a client that checks each answer it gets against the operation's response.

Closing is done with ``unevaluatedProperties: false`` on the outermost schema of every object, never on a branch of
``allOf`` / ``oneOf`` / ``anyOf`` (a branch names only part of the object; the properties its siblings name count as
described at the outer schema, which is what ``unevaluatedProperties`` reads in JSON Schema 2020-12). A ``$ref``
branch of a combinator is inlined open for that reason; a ``$ref`` anywhere else points at the closed component.
An object the spec gives ``additionalProperties`` of its own (a map such as a score's ``points``) keeps it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import quote

import jsonschema_rs
import yaml
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

from tests.suites import ROOT

SPEC: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
COMBINATORS = ("allOf", "oneOf", "anyOf")
OPEN_BRANCHES = ("not", "if", "then", "else")


def _component(ref: str) -> dict[str, Any]:
    prefix = "#/components/schemas/"
    assert ref.startswith(prefix), ref
    found: dict[str, Any] = SPEC["components"]["schemas"][ref[len(prefix) :]]
    return found


def _close(node: Any, open_: bool = False, inlining: tuple[str, ...] = ()) -> Any:
    if isinstance(node, list):
        return [_close(value, inlining=inlining) for value in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in COMBINATORS and isinstance(value, list):
            out[key] = [_branch(branch, inlining) for branch in value]
        elif key in OPEN_BRANCHES and isinstance(value, dict):
            out[key] = _close(value, open_=True, inlining=inlining)
        elif key in ("example", "examples", "enum", "const", "required", "default"):
            out[key] = value
        else:
            out[key] = _close(value, inlining=inlining)
    object_like = "properties" in node or any(key in node for key in COMBINATORS)
    if (
        not open_
        and object_like
        and "additionalProperties" not in node
        and "unevaluatedProperties" not in node
    ):
        out["unevaluatedProperties"] = False
    return out


def _branch(branch: Any, inlining: tuple[str, ...]) -> Any:
    """A combinator's branch, open at its top: a ``$ref`` branch inlined (once per chain, against recursion)."""
    if isinstance(branch, dict) and "$ref" in branch and branch["$ref"] not in inlining:
        rest = {key: value for key, value in branch.items() if key != "$ref"}
        target = {**_component(branch["$ref"]), **rest}
        return _close(target, open_=True, inlining=(*inlining, branch["$ref"]))
    return _close(branch, open_=True, inlining=inlining)


STRICT: dict[str, Any] = _close(SPEC)
REGISTRY: Registry[Any] = Registry().with_resource(
    "urn:spec", Resource.from_contents(STRICT, default_specification=DRAFT202012)
)


def pointer(*parts: str) -> str:
    return "/".join(part.replace("~", "~0").replace("/", "~1") for part in parts)


FAST_REGISTRY = jsonschema_rs.Registry([("urn:spec", STRICT)])


@dataclass(frozen=True)
class Checker:
    """One schema of the closed spec, twice: a compiled validator that says quickly whether an answer passes,
    and the reference implementation that says where and why when it does not. Thousands of answers pass; the
    few that fail are read for their reasons."""

    fast: Any
    detailed: Draft202012Validator


@cache
def validator_at(path: str) -> Checker:
    """A validator for the schema at a JSON Pointer into the closed spec (``components/schemas/View``...)."""
    reference = {"$ref": f"urn:spec#/{path}"}
    quoted = {"$ref": f"urn:spec#/{quote(path, safe='/~')}"}  # a URI's fragment: a path's braces escaped
    return Checker(
        jsonschema_rs.validator_for(quoted, registry=FAST_REGISTRY),
        Draft202012Validator(reference, registry=REGISTRY),
    )


def schema_validator(name: str) -> Checker:
    return validator_at(pointer("components", "schemas", name))


def problems_of(checker: Checker, answer: Any, cross_check: bool = False) -> list[str]:
    """Each place an answer leaves the strict spec: its path and the message (long ones cut). ``cross_check``:
    both validators read the answer, and a verdict they disagree on is a problem too."""
    passes = checker.fast.is_valid(answer)
    if passes and not cross_check:
        return []
    out = []
    for error in checker.detailed.iter_errors(answer):
        leaves = [error]
        while leaves[0].context:  # the deepest reason of a oneOf / anyOf failure says which field it was
            leaves = sorted(leaves[0].context, key=lambda e: -len(e.absolute_path))
        where = "/".join(map(str, leaves[0].absolute_path)) or "/".join(map(str, error.absolute_path))
        out.append(f"{where}: {leaves[0].message[:160]}")
    if passes != (out == []):
        out.append(f"the validators disagree: the compiled one {'passes' if passes else 'refuses'} it")
    return out


METHODS = ("get", "put", "post", "delete", "patch")


def _template(path: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")


OPERATIONS: list[tuple[re.Pattern[str], str, str, str]] = sorted(
    (
        (_template(path), method, path, operation["operationId"])
        for path, item in SPEC["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ),
    key=lambda row: row[2].count("{"),  # a literal path before a template that would also match it
)


def operation_of(method: str, url: str) -> tuple[str, str]:
    path = url.split("?", 1)[0]
    for pattern, verb, template, operation_id in OPERATIONS:
        if verb == method.lower() and pattern.match(path):
            return template, operation_id
    raise AssertionError(f"{method} {path}: no operation of the spec")


@dataclass
class CheckingClient:
    """A Flask test client that checks every answer against its operation's response in the strict spec, and
    counts which (operation, status) it saw."""

    client: FlaskClient
    problems: set[str] = field(default_factory=set)
    seen: Counter[tuple[str, int]] = field(default_factory=Counter)
    extra: Callable[[str, TestResponse], None] | None = None
    cross_check: bool = False
    """Every answer read by both validators (``problems_of``): slower, for the test that they agree."""

    def get(self, url: str, **kwargs: Any) -> TestResponse:
        return self.open("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> TestResponse:
        return self.open("POST", url, **kwargs)

    def put(self, url: str, **kwargs: Any) -> TestResponse:
        return self.open("PUT", url, **kwargs)

    def delete(self, url: str, **kwargs: Any) -> TestResponse:
        return self.open("DELETE", url, **kwargs)

    def open(self, method: str, url: str, **kwargs: Any) -> TestResponse:
        response = self.client.open(url, method=method, **kwargs)
        self.check(method, url, response)
        return response

    def check(self, method: str, url: str, response: TestResponse) -> None:
        template, operation_id = operation_of(method, url)
        self.seen[(operation_id, response.status_code)] += 1
        where = f"{operation_id} {response.status_code}"
        responses = SPEC["paths"][template][method.lower()]["responses"]
        status = str(response.status_code)
        if status in responses:
            base = pointer("paths", template, method.lower(), "responses", status)
            described = responses[status]
        elif "default" in responses and response.status_code >= 400:
            base = pointer("paths", template, method.lower(), "responses", "default")
            described = responses["default"]
        else:
            self.problems.add(f"{where}: a status the operation does not list")
            return
        if "$ref" in described:
            name = described["$ref"].rsplit("/", 1)[1]
            base = pointer("components", "responses", name)
            described = SPEC["components"]["responses"][name]
        content = described.get("content") or {}
        if response.mimetype == "text/event-stream" and "text/event-stream" in content:
            return  # read on by the caller, message by message (``stream_messages``)
        body = response.get_data()
        if not content:
            if body:
                self.problems.add(f"{where}: a body where the spec describes none")
            return
        mimetype = response.mimetype
        if mimetype not in content:
            self.problems.add(f"{where}: content type {mimetype} not in the spec ({sorted(content)})")
            return
        if mimetype.endswith("json"):
            checker = validator_at(f"{base}/{pointer('content', mimetype, 'schema')}")
            self.problems.update(
                f"{where} {problem}"
                for problem in problems_of(checker, response.get_json(), self.cross_check)
            )
        if self.extra is not None:
            self.extra(where, response)


def undescribed_statuses(seen: Counter[tuple[str, int]], operations: set[str]) -> set[str]:
    """The operations of a set that no success answer of was seen."""
    succeeded = {operation for operation, status in seen if 200 <= status < 300}
    return operations - succeeded
