"""The marshmallow schemas and the rule options agree with the components of openapi.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from marshmallow import Schema

from service.engine.games import OPTIONS
from service.schemas import requests, sessions, state

SPEC = yaml.safe_load((Path(__file__).resolve().parents[1] / "openapi.yaml").read_text())
COMPONENTS = SPEC["components"]["schemas"]


def component(node: dict[str, Any]) -> dict[str, Any]:
    return COMPONENTS[node["$ref"].rsplit("/", 1)[1]] if "$ref" in node else node


def body_schema(path: str, method: str = "post") -> dict[str, Any]:
    """A request body's schema; a ``oneOf`` of closed objects (``/moves``: a move or a computer's) read as one:
    every property a branch names, the ones every branch requires (the schema that reads it refuses what no branch
    allows)."""
    found = component(SPEC["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"])
    if "properties" in found:  # one object (a oneOf beside its properties only says which are required)
        return found
    branches = [component(branch) for branch in found["oneOf"]]
    assert all(branch.get("additionalProperties") is False for branch in branches), path
    required = set.intersection(*(set(branch.get("required", [])) for branch in branches))
    return {"properties": {name: {} for branch in branches for name in branch["properties"]}, "required": required}


def fields_of(*schemas: Schema) -> tuple[set[str], set[str]]:
    names = {name for schema in schemas for name in schema.fields}
    required = set.intersection(*({n for n, f in schema.fields.items() if f.required} for schema in schemas))
    return names, required


CASES = {
    "Match": ((state.MatchSchema(),), COMPONENTS["Match"]),
    "State": (tuple(state.STATE_SCHEMAS.values()), COMPONENTS["State"]),
    "TrickCard": ((state.TrickCardSchema(),), COMPONENTS["State"]["properties"]["trick"]["items"]),
    "Move": (tuple(requests.MOVE_SCHEMAS.values()), COMPONENTS["Move"]),
    "DealRequest": ((requests.DealRequest(),), COMPONENTS["DealRequest"]),
    "MoveRequest": ((requests.MoveRequest(),), COMPONENTS["MoveRequest"]),
    "legal-moves": ((requests.StateRequest(),), body_schema("/v1/games/{game}/legal-moves")),
    "view": ((requests.ViewRequest(),), body_schema("/v1/games/{game}/view")),
    "score": ((requests.ScoreRequest(),), body_schema("/v1/games/{game}/score")),
    "createSession": ((sessions.CreateSession(),), body_schema("/v1/sessions")),
    "replaceSession": ((sessions.ReplaceSession(),), body_schema("/v1/sessions/{id}", "put")),
    "sessionMove": ((sessions.SessionMove(),), body_schema("/v1/sessions/{id}/moves")),
}


OUTPUT_ONLY = {"State": {"phase", "caller"}}
"""Fields the service writes and ignores when they are sent back (Briscola chiamata's, read from the auction): in
the spec, described as output only, and in no schema."""


@pytest.mark.parametrize("name", CASES)
def test_schema_fields_match_the_spec(name: str) -> None:
    schemas, component = CASES[name]
    names, required = fields_of(*schemas)
    assert names | OUTPUT_ONLY.get(name, set()) == set(component["properties"]), name
    assert required == set(component.get("required", [])), name


@pytest.mark.parametrize("name", ["Match", "TrickCard", "Move", "DealRequest", "MoveRequest", "legal-moves"])
def test_strict_schemas_are_closed_in_the_spec_too(name: str) -> None:
    schemas, component = CASES[name]
    assert all(schema.unknown == "raise" for schema in schemas)
    assert component.get("additionalProperties") is False


def test_state_ignores_unknown_fields_as_the_spec_allows() -> None:
    assert all(schema.unknown == "exclude" for schema in state.STATE_SCHEMAS.values())
    assert COMPONENTS["State"].get("additionalProperties", True) is not False


def test_every_rule_option_is_in_the_spec_with_its_values() -> None:
    spec_rules = COMPONENTS["Rules"]["properties"]
    options = {option.name: option for game_options in OPTIONS.values() for option in game_options}
    assert set(spec_rules) == set(options)
    for name in options:
        # One name may be a flag in one game and an on/off choice in another (asso_piglia_tutto: Scopa, Cirulla).
        kinds = {o.kind for game in OPTIONS.values() for o in game if o.name == name}
        values = {o.choices for game in OPTIONS.values() for o in game if o.name == name and o.kind == "choice"}
        spec = spec_rules[name]
        forms = spec.get("oneOf", [spec])
        expected_types = {{"choice": "string", "flag": "boolean", "number": "integer"}[kind] for kind in kinds}
        assert {form["type"] for form in forms} == expected_types, name
        if "choice" in kinds:
            allowed = {value for choices in values for value in choices}
            assert {value for form in forms for value in form.get("enum", ())} == allowed, name
        if "number" in kinds:
            bounds = {(o.minimum, o.maximum) for game in OPTIONS.values() for o in game if o.name == name}
            assert {(spec["minimum"], spec["maximum"])} == bounds, name
