"""Every named example of openapi.yaml is posted to the running service and gets the answer the spec documents.

Each request example of an operation names its game (``x-game``) and has an answer of the same name under exactly
one response status; the service must answer with that status and with every field the answer documents. Path
parameter examples are requested too. So the examples cannot rot: a change of behaviour fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import requests
import yaml

ROOT = Path(__file__).resolve().parents[2]
SPEC: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())


def resolve(node: Any) -> Any:
    if isinstance(node, dict) and "$ref" in node:
        found: Any = SPEC
        for part in node["$ref"].removeprefix("#/").split("/"):
            found = found[part]
        return resolve(found)
    return node


def operations() -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, item[method])
        for path, item in SPEC["paths"].items()
        for method in ("get", "post", "put", "delete")
        if method in item and path.startswith("/v1/games")
    ]


def answers(operation: dict[str, Any]) -> dict[str, tuple[int, Any]]:
    """Response examples by name: (status, value)."""
    return {name: (status, example["value"]) for name, (status, example) in answer_examples(operation).items()}


def answer_examples(operation: dict[str, Any]) -> dict[str, tuple[int, dict[str, Any]]]:
    """Response example objects by name: (status, example)."""
    found: dict[str, tuple[int, dict[str, Any]]] = {}
    for status, response in operation["responses"].items():
        for media in resolve(response).get("content", {}).values():
            for name, example in media.get("examples", {}).items():
                assert name not in found, f"{operation['operationId']}: answer {name} under two statuses"
                found[name] = (int(status), resolve(example))
    return found


def varying(example: dict[str, Any]) -> frozenset[str]:
    return frozenset(example.get("x-varies", ()))


REQUEST_EXAMPLES = [
    pytest.param(path, operation, name, resolve(example), id=f"{operation['operationId']}-{name}")
    for method, path, operation in operations()
    if method == "post"
    for name, example in operation["requestBody"]["content"]["application/json"].get("examples", {}).items()
]


def documented_in(documented: Any, actual: Any, where: str = "", varies: frozenset[str] = frozenset()) -> None:
    """Every field the documented answer names has the same value in the actual one (lists entirely); a field
    the example marks as varying (``x-varies``: a seed the service draws, a time) needs only to be there."""
    if where in varies:
        return
    if isinstance(documented, dict):
        assert isinstance(actual, dict), where
        for key, value in documented.items():
            assert key in actual, f"{where}/{key} is documented but not answered"
            documented_in(value, actual[key], f"{where}/{key}", varies)
    else:
        assert documented == actual, f"{where}: documented {documented!r}, answered {actual!r}"


def test_every_game_operation_has_examples_with_answers() -> None:
    for method, _, operation in operations():
        if method != "post":
            continue
        requests_ = operation["requestBody"]["content"]["application/json"].get("examples", {})
        assert len(requests_) >= 2, operation["operationId"]
        assert set(requests_) == set(answers(operation)), operation["operationId"]
        assert any(status == 200 for status, _ in answers(operation).values())
        first = resolve(next(iter(requests_.values())))
        # Try-it-out fills in the first example and the path parameter's first example: they must agree.
        assert first["x-game"] == next(iter(resolve(SPEC["components"]["parameters"]["Game"])["examples"]))


@pytest.mark.parametrize(("path", "operation", "name", "example"), REQUEST_EXAMPLES)
def test_example_gets_its_documented_answer(
    live_service: str,
    path: str,
    operation: dict[str, Any],
    name: str,
    example: dict[str, Any],
) -> None:
    status, documented = answer_examples(operation)[name]
    url = live_service + path.replace("{game}", example["x-game"])
    response = requests.post(url, json=example["value"], timeout=30)
    assert response.status_code == status, response.text
    documented_in(documented["value"], response.json(), varies=varying(documented))


GAME_EXAMPLES = [
    example["value"] for example in SPEC["components"]["parameters"]["Game"]["examples"].values()
]
SHOW_GAME = SPEC["paths"]["/v1/games/{game}"]["get"]


@pytest.mark.parametrize("game", GAME_EXAMPLES)
def test_path_parameter_examples_are_served(live_service: str, game: str) -> None:
    response = requests.get(f"{live_service}/v1/games/{game}", timeout=30)
    assert response.status_code == 200
    assert response.json()["id"] == game
    documented = answers(SHOW_GAME).get(game)
    if documented is not None:
        assert documented[0] == 200
        documented_in(documented[1], response.json())


def test_show_game_answers_name_path_parameter_examples() -> None:
    assert set(answers(SHOW_GAME)) <= set(GAME_EXAMPLES)
    assert {"scopa", "brisca"} <= set(answers(SHOW_GAME))


@pytest.mark.parametrize("language", ["en", "it", "es", "sv", "cs", "da"])
def test_language_examples_localize_the_catalogue(live_service: str, language: str) -> None:
    header = SPEC["components"]["parameters"]["AcceptLanguage"]["examples"][language]["value"]
    response = requests.get(f"{live_service}/v1/games", headers={"Accept-Language": header}, timeout=30)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language


def test_the_bare_address_leads_to_the_docs(live_service: str) -> None:
    response = requests.get(live_service + "/", allow_redirects=False, timeout=30)
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/docs/")
    assert requests.get(live_service + "/", timeout=30).text.lower().count("swagger") > 0


CREATE_SESSION = SPEC["paths"]["/v1/sessions"]["post"]
SESSION_EXAMPLES = CREATE_SESSION["requestBody"]["content"]["application/json"]["examples"]


@pytest.mark.parametrize("name", list(SESSION_EXAMPLES))
def test_session_examples_create_the_session_they_describe(live_service: str, name: str) -> None:
    """What "Try it out" sends for createSession makes a session: the posted state, or one dealt as asked."""
    body = resolve(SESSION_EXAMPLES[name])["value"]
    response = requests.post(f"{live_service}/v1/sessions", json=body, timeout=30)
    assert response.status_code == 201, response.text
    created = response.json()
    players = body["state"]["players"] if "state" in body else body["deal"]["players"]
    assert created["game"] == body["game"] and len(created["tokens"]["seats"]) == players
    if "state" in body:
        documented_in(body["state"], created["state"])
    else:
        # A table dealt from a seed the service draws is sealed: no answer shows a card before it is played.
        assert ("state" not in created) is (created.get("sealed") is True)
        server_drawn = body["deal"]["seed"] == "server"
        assert ("fairness" in created) is server_drawn
        assert not server_drawn or set(created["fairness"]) == {"seed_commitment"}


# -- the body examples of the session operations, in the order a newcomer tries them ------------------------------

SESSION_ID_PATH = "/v1/sessions/{id}"
BODY_OPERATIONS = {
    operation["operationId"]: (method, path, operation)
    for path, item in SPEC["paths"].items()
    for method, operation in item.items()
    if path.startswith(SESSION_ID_PATH) and isinstance(operation, dict) and "requestBody" in operation
}


def request_examples(operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    examples = operation["requestBody"]["content"]["application/json"].get("examples", {})
    return {name: resolve(example) for name, example in examples.items()}


SESSION_BODY_EXAMPLES = [
    pytest.param(operation_id, name, id=f"{operation_id}-{name}")
    for operation_id in ("replaceSession", "playInSession")
    for name in request_examples(BODY_OPERATIONS[operation_id][2])
]


def test_every_session_operation_with_a_body_has_named_examples_with_answers() -> None:
    for operation_id in ("replaceSession", "playInSession"):
        operation = BODY_OPERATIONS[operation_id][2]
        assert request_examples(operation), operation_id
        assert set(request_examples(operation)) <= set(answer_examples(operation)), operation_id


def send_example(base: str, session_id: str, owner: str, version: int, operation_id: str, name: str) -> Any:
    method, path, operation = BODY_OPERATIONS[operation_id]
    headers = {"Authorization": f"Bearer {owner}", "If-Match": f'"{version}"'}
    url = base + path.replace("{id}", session_id)
    return requests.request(method, url, json=request_examples(operation)[name]["value"], headers=headers, timeout=30)


@pytest.mark.parametrize(("operation_id", "name"), SESSION_BODY_EXAMPLES)
def test_session_body_example_gets_its_documented_answer(live_service: str, operation_id: str, name: str) -> None:
    created = requests.post(f"{live_service}/v1/sessions", json=SESSION_EXAMPLES["fromState"]["value"], timeout=30)
    assert created.status_code == 201, created.text
    session_id, owner, version = created.json()["id"], created.json()["tokens"]["owner"], created.json()["version"]
    example = request_examples(BODY_OPERATIONS[operation_id][2])[name]
    after = example.get("x-after")
    if after is not None:
        first = send_example(live_service, session_id, owner, version, after["operationId"], after["example"])
        assert first.status_code == 200, first.text
        version = first.json()["version"]
    response = send_example(live_service, session_id, owner, version, operation_id, name)
    status, documented = answer_examples(BODY_OPERATIONS[operation_id][2])[name]
    assert response.status_code == status, response.text
    documented_in(documented["value"], response.json(), varies=varying(documented))


# -- the error examples of the shared responses --------------------------------------------------------------------

ERROR_EXAMPLES = [
    pytest.param(name, example, id=f"{response_name}-{name}")
    for response_name, response in SPEC["components"]["responses"].items()
    for media in response.get("content", {}).values()
    for name, example in media.get("examples", {}).items()
]


def test_every_shared_error_example_says_how_to_get_it() -> None:
    assert len(ERROR_EXAMPLES) >= 2
    for parameter in ERROR_EXAMPLES:
        name, example = parameter.values
        assert "x-request" in resolve(example), name


@pytest.mark.parametrize(("name", "example"), ERROR_EXAMPLES)
def test_shared_error_example_is_a_real_answer(live_service: str, name: str, example: dict[str, Any]) -> None:
    example = resolve(example)
    sent = example["x-request"]
    response = requests.request(
        sent["method"], live_service + sent["path"], headers=sent.get("headers", {}), json=sent.get("body"), timeout=30
    )
    assert response.status_code == example["value"]["status"], response.text
    assert response.json() == example["value"]
