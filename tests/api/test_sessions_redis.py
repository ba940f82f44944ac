"""Sessions through HTTP against a real redis-server (issue: session snapshots).

No lost update under racing writers, an acknowledged write read back by another app instance, and with Redis down:
stateless endpoints unaffected, session endpoints 503 fast, nothing written half-way.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.storage import RedisStore
from tests.conftest import deal
from tests.redis_fixture import RedisServer


@pytest.fixture
def redis_apps(redis_url: str, fresh_namespace: str) -> Iterator[tuple[Flask, Flask]]:
    """Two app instances sharing one Redis, as two replicas behind a load balancer would."""
    stores = [RedisStore(redis_url, 600, namespace=fresh_namespace, breaker_cooldown=0.2) for _ in range(2)]
    apps = tuple(create_app({"TESTING": True, "SESSION_STORE": store}) for store in stores)
    yield apps[0], apps[1]
    for store in stores:
        store.close()


def create_session(app: Flask, game: str = "scopa", **deal_body: Any) -> tuple[str, str, dict[str, Any]]:
    client = app.test_client()
    state = deal(client, game, **({"players": 2, "seed": 11} | deal_body))
    response = client.post("/v1/sessions", json={"game": game, "state": state})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"], response.headers["ETag"], response.get_json()


def owner(body: dict[str, Any], **headers: str) -> dict[str, str]:
    """The owner's bearer token (it may read, replace, delete and play for the seat to act)."""
    return {"Authorization": f"Bearer {body['tokens']['owner']}", **headers}


def a_legal_move(app: Flask, game: str, state: dict[str, Any]) -> dict[str, Any]:
    response = app.test_client().post(f"/v1/games/{game}/legal-moves", json={"state": state})
    move: dict[str, Any] = response.get_json()["moves"][0]
    return move


def test_lifecycle_on_real_redis(redis_apps: tuple[Flask, Flask]) -> None:
    app, _ = redis_apps
    client = app.test_client()
    session_id, etag, body = create_session(app)
    assert body["version"] == 1 and etag == '"1"'
    got = client.get(f"/v1/sessions/{session_id}", headers=owner(body))
    assert got.status_code == 200 and got.get_json()["state"] == body["state"]
    assert client.get(f"/v1/sessions/{session_id}").status_code == 401
    move = a_legal_move(app, "scopa", body["state"])
    assert (
        client.post(f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body)).status_code
        == 428
    )
    played = client.post(
        f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body, **{"If-Match": etag})
    )
    assert played.status_code == 200 and played.headers["ETag"] == '"2"' and played.get_json()["events"]
    stale = client.post(
        f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body, **{"If-Match": etag})
    )
    assert stale.status_code == 412 and stale.headers["ETag"] == '"2"'
    assert (
        client.delete(f"/v1/sessions/{session_id}", headers=owner(body, **{"If-Match": '"2"'})).status_code
        == 204
    )
    assert (
        client.get(f"/v1/sessions/{session_id}", headers=owner(body)).get_json()["code"]
        == "invalid_token"
    )


def test_an_acknowledged_write_is_read_back_by_another_instance(redis_apps: tuple[Flask, Flask]) -> None:
    first, second = redis_apps
    session_id, etag, body = create_session(first, "briscola", players=3)
    move = a_legal_move(first, "briscola", body["state"])
    played = second.test_client().post(
        f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body, **{"If-Match": etag})
    )
    assert played.status_code == 200
    seen = first.test_client().get(f"/v1/sessions/{session_id}", headers=owner(body))
    assert (
        seen.headers["ETag"] == played.headers["ETag"]
        and seen.get_json()["state"] == played.get_json()["state"]
    )


def test_eight_writers_racing_one_version_exactly_one_wins(redis_apps: tuple[Flask, Flask]) -> None:
    first, second = redis_apps
    session_id, etag, body = create_session(first)
    moves = first.test_client().post("/v1/games/scopa/legal-moves", json={"state": body["state"]}).get_json()
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def writer(index: int) -> None:
        client = (first if index % 2 else second).test_client()
        move = moves["moves"][index % len(moves["moves"])]
        barrier.wait()
        response = client.post(
            f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body, **{"If-Match": etag})
        )
        statuses.append(response.status_code)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(statuses) == [200] + [412] * 7
    assert (
        first.test_client().get(f"/v1/sessions/{session_id}", headers=owner(body)).get_json()["version"] == 2
    )


def test_illegal_move_changes_nothing(redis_apps: tuple[Flask, Flask]) -> None:
    app, _ = redis_apps
    session_id, etag, body = create_session(app)
    foreign = next(card for card in body["state"]["stock"])
    client = app.test_client()
    refused = client.post(
        f"/v1/sessions/{session_id}/moves",
        json={"move": {"card": foreign}},
        headers=owner(body, **{"If-Match": etag}),
    )
    assert refused.status_code == 422 and refused.get_json()["reason"] == "card_not_in_hand"
    after = client.get(f"/v1/sessions/{session_id}", headers=owner(body))
    assert after.headers["ETag"] == etag and after.get_json()["state"] == body["state"]


def test_redis_down_session_endpoints_503_fast_stateless_unaffected(
    redis_apps: tuple[Flask, Flask], redis_control: RedisServer
) -> None:
    app, _ = redis_apps
    client = app.test_client()
    session_id, etag, body = create_session(app)
    redis_control.stop()
    for _ in range(3):
        started = time.monotonic()
        response = client.get(f"/v1/sessions/{session_id}", headers=owner(body))
        # Only a guard against a request that hangs (the socket timeout is 0.25 s), wide enough for a busy machine.
        assert time.monotonic() - started < 5.0
        assert response.status_code == 503 and response.headers["Retry-After"].isdigit()
        assert response.get_json()["code"] == "store_unavailable"
    move = a_legal_move(app, "scopa", body["state"])
    refused = client.post(
        f"/v1/sessions/{session_id}/moves", json={"move": move}, headers=owner(body, **{"If-Match": etag})
    )
    assert refused.status_code == 503
    assert client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 3}).status_code == 200
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.get_json()["sessions"]["ok"] is False
    redis_control.start()
    deadline = time.monotonic() + 5
    while client.get("/readyz").get_json()["sessions"]["ok"] is False and time.monotonic() < deadline:
        time.sleep(0.1)
    # The server came back empty (no persistence), but the store answers again by itself.
    assert client.get(f"/v1/sessions/{session_id}", headers=owner(body)).status_code in (200, 403)
    assert create_session(app)[1] == '"1"'
