"""Problem details quote user-supplied names cut to a bounded length, never a 200 KB name echoed whole."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.test_hostile_inputs import SCOPA

MAX_PROBLEM_BYTES = 8 * 1024
# The schema layer (service/schemas) names an unknown field by its JSON Pointer with the whole name in it; cutting
# the quoted name to a bounded length belongs there (and in problems.problem_response for every pointer).
ECHOED_WHOLE = pytest.mark.xfail(
    strict=True, reason="service/schemas quotes an unknown field's whole name in errors[].pointer"
)


@ECHOED_WHOLE
def test_a_200kb_unknown_field_name_is_not_echoed_whole(client: FlaskClient) -> None:
    name = "k" * 200_000
    response = client.post("/v1/games/scopa/legal-moves", json={"state": SCOPA, name: 1})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert len(response.get_data()) < MAX_PROBLEM_BYTES


@ECHOED_WHOLE
def test_a_200kb_unknown_state_field_name_is_not_echoed_whole(client: FlaskClient) -> None:
    name = "k" * 200_000
    response = client.post("/v1/games/scopa/legal-moves", json={"state": {**SCOPA, name: 1}})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert len(response.get_data()) < MAX_PROBLEM_BYTES
