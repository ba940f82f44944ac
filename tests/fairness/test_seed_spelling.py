"""``"server"`` asks for a seed the service draws in any case; a seed that only looks like it is refused, because
taking it as a plain seed would deal a predictable round to a caller who meant to ask for a fair one
(docs/fairness.md, server-drawn seeds)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize("spelling", ["server", "SERVER", "Server", "sErVeR"])
def test_server_in_any_case_draws_a_sealed_seed(client: FlaskClient, spelling: str) -> None:
    dealt = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": spelling})
    assert dealt.status_code == 200 and {"seed_commitment", "sealed_seed"} <= set(dealt.get_json())
    session = client.post("/v1/sessions", json={"game": "scopa", "deal": {"players": 2, "seed": spelling}})
    assert session.status_code == 201 and session.get_json()["sealed"] is True


@pytest.mark.parametrize("look_alike", [" server", "server ", "server!", "'server'", "s-e-r-v-e-r", "SERVER."])
def test_a_seed_that_only_looks_like_server_is_refused(client: FlaskClient, look_alike: str) -> None:
    for path, body in (
        ("/v1/games/scopa/deal", {"players": 2, "seed": look_alike}),
        ("/v1/games/scopa/replay", {"players": 2, "seed": look_alike, "moves": []}),
        ("/v1/sessions", {"game": "scopa", "deal": {"players": 2, "seed": look_alike}}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 400, (path, response.get_json())
        errors = response.get_json()["errors"]
        assert any("looks like" in error["message"] and error["pointer"].endswith("/seed") for error in errors)


def test_a_replay_cannot_ask_for_a_drawn_seed(client: FlaskClient) -> None:
    response = client.post("/v1/games/scopa/replay", json={"players": 2, "seed": "Server", "moves": []})
    assert response.status_code == 400 and response.get_json()["errors"][0]["pointer"] == "/seed"


@pytest.mark.parametrize("plain", ["servers", "my-server-7", "serve", "42"])
def test_other_strings_stay_plain_seeds(client: FlaskClient, plain: str) -> None:
    first = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": plain}).get_json()
    again = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": plain}).get_json()
    assert "sealed_seed" not in first and first["state"] == again["state"]
