"""Problem details quote user-supplied names cut to a bounded length, never a 200 KB name echoed whole."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.test_hostile_inputs import SCOPA

MAX_PROBLEM_BYTES = 8 * 1024
def test_a_200kb_unknown_field_name_is_not_echoed_whole(client: FlaskClient) -> None:
    name = "k" * 200_000
    response = client.post("/v1/games/scopa/legal-moves", json={"state": SCOPA, name: 1})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert len(response.get_data()) < MAX_PROBLEM_BYTES


def test_a_200kb_unknown_state_field_is_ignored_and_not_echoed(client: FlaskClient) -> None:
    """A state may carry a caller's own bookkeeping (API.md, State): ignored, and never written back."""
    name = "k" * 200_000
    response = client.post("/v1/games/scopa/legal-moves", json={"state": {**SCOPA, name: 1}})
    assert response.status_code == 200 and len(response.get_data()) < MAX_PROBLEM_BYTES


def test_a_made_up_method_of_any_length_is_quoted_within_bounds(client: FlaskClient) -> None:
    response = client.open("/v1/games", method="X" * 5000)
    assert response.status_code == 405 and len(response.get_data()) < MAX_PROBLEM_BYTES


def test_a_200kb_unknown_rule_option_is_not_echoed_whole(client: FlaskClient) -> None:
    response = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1, "rules": {"r" * 200_000: 1}})
    assert response.status_code == 400 and len(response.get_data()) < MAX_PROBLEM_BYTES
    assert response.get_json()["errors"][0]["pointer"].startswith("/rules/rrr")
