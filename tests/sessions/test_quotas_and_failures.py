"""Quotas and honest failures: a flood of anonymous creates is refused past the quota while a game goes on; a full
store is a 507 and /readyz says so; a corrupt record is an error for that one session only."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient

from service.api.session_records import RECORD_FORMAT
from service.config import Settings
from service.storage import RedisStore, SqliteStore

from .conftest import bearer, deal, make_app, open_table

FLOOD = 2000


def create(client: FlaskClient, state: dict[str, Any], address: str, **headers: str) -> Any:
    return client.post(
        "/v1/sessions",
        json={"game": "scopa", "state": state},
        headers=headers,
        environ_base={"REMOTE_ADDR": address},
    )


def test_defaults_are_on_and_sane() -> None:
    settings = Settings.from_env({"SESSION_DB": "x"})
    assert 0 < settings.session_quota_creates <= 60 and settings.session_quota_window == 60
    assert 0 < settings.session_quota_live <= 1000
    assert settings.session_key_quota_live > settings.session_quota_live
    assert settings.api_keys == ()


def test_a_flood_of_anonymous_creates_is_refused_while_a_game_goes_on(tmp_path: Path) -> None:
    # A clock that stands still keeps the flood inside one quota window (the windows are fixed minutes).
    store = SqliteStore(tmp_path / "s.sqlite3", 3600, clock=lambda: 1_800_000_030.0)
    client = make_app(store).test_client()
    state = deal(client, "scopa", players=2, seed=1)
    game = create(client, state, "203.0.113.7")  # the flooder's own game, made first
    assert game.status_code == 201
    tokens = game.get_json()["tokens"]
    path = game.headers["Location"]
    statuses: dict[int, int] = {}
    for _ in range(FLOOD):
        response = create(client, state, "203.0.113.7")
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        if response.status_code == 429:
            problem = response.get_json()
            assert problem["code"] == "session_quota_exceeded" and "created" in problem["detail"]
            assert 1 <= int(response.headers["Retry-After"]) <= 60
    default = Settings().session_quota_creates
    assert statuses == {201: default - 1, 429: FLOOD - default + 1}
    assert store.status()["sessions"] == default
    # Another client is not affected, and the game in progress goes on untouched.
    assert create(client, state, "198.51.100.2").status_code == 201
    turn = state["turn"]
    listed = client.get(f"{path}/legal-moves", headers=bearer(tokens["seats"][turn])).get_json()
    played = client.post(
        f"{path}/moves",
        json={"move": listed["moves"][0]},
        headers=bearer(tokens["seats"][turn], **{"If-Match": '"1"'}),
    )
    assert played.status_code == 200 and played.get_json()["version"] == 2
    store.close()


def test_the_live_session_cap_and_deleting_frees_a_slot(store: SqliteStore) -> None:
    client = make_app(store, session_quota_live=3, session_quota_creates=0).test_client()
    state = deal(client, "scopa", players=2, seed=1)
    made = [create(client, state, "192.0.2.1") for _ in range(3)]
    assert [response.status_code for response in made] == [201] * 3
    refused = create(client, state, "192.0.2.1")
    assert refused.status_code == 429 and "live sessions" in refused.get_json()["detail"]
    assert refused.headers["Retry-After"].isdigit()
    first = made[0].get_json()
    deleted = client.delete(
        made[0].headers["Location"], headers=bearer(first["tokens"]["owner"], **{"If-Match": '"1"'})
    )
    assert deleted.status_code == 204
    assert create(client, state, "192.0.2.1").status_code == 201


def test_an_api_key_has_its_own_larger_quota(store: SqliteStore) -> None:
    import hashlib

    key = "backend-" + "q" * 32
    client = make_app(
        store,
        api_keys=(hashlib.sha256(key.encode()).hexdigest(),),
        session_key_quota_creates=5,
        session_quota_creates=1,
    ).test_client()
    state = deal(client, "scopa", players=2, seed=1)
    statuses = [create(client, state, "192.0.2.9", **{"X-API-Key": key}).status_code for _ in range(6)]
    assert statuses == [201] * 5 + [429]


def test_a_full_store_is_507_and_readyz_says_so(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3", 3600, max_sessions=2)
    client = make_app(store).test_client()
    state = deal(client, "briscola", players=2, seed=1)
    first = open_table(client, "briscola", state=state)
    open_table(client, "briscola", state=state)
    ready = client.get("/readyz").get_json()["sessions"]
    assert ready["full"] is True and ready["ok"] is False
    refused = client.post("/v1/sessions", json={"game": "briscola", "state": state})
    assert refused.status_code == 507 and refused.get_json()["code"] == "store_full"
    assert refused.headers["Retry-After"].isdigit() and refused.headers["Cache-Control"] == "no-store"
    # Existing sessions keep working.
    card = state["hands"][state["turn"]][0]
    played = client.post(
        f"{first.path}/moves",
        json={"move": {"card": card}},
        headers=bearer(first.seats[state["turn"]], **{"If-Match": '"1"'}),
    )
    assert played.status_code == 200
    store.close()


def test_a_corrupt_sqlite_record_is_an_error_for_that_session_only(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_app(store).test_client()
    good, broken, garbled = (open_table(client, "briscola", seed=seed) for seed in (1, 2, 3))
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE sessions SET document = ? WHERE id = ?", (b"{not json", broken.id))
        record = conn.execute("SELECT document FROM sessions WHERE id = ?", (garbled.id,)).fetchone()[0]
        damaged = record.replace(b'"hands":[[', b'"hands":[["77",', 1)
        conn.execute("UPDATE sessions SET document = ? WHERE id = ?", (damaged, garbled.id))
    caplog.set_level("ERROR", logger="service.sessions")
    for table in (broken, garbled):
        response = client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
        assert response.status_code == 500 and response.get_json()["code"] == "session_corrupt"
        assert "Traceback" not in response.get_data(as_text=True)
    assert good.state()["players"] == 2
    assert client.get("/readyz").get_json()["sessions"]["ok"] is True
    for record in caplog.records:  # logged by a short hash, never the id, the state or a token
        text = record.getMessage()
        assert broken.id not in text and garbled.id not in text and "hands" not in text
    assert any("unreadable" in record.getMessage() for record in caplog.records)
    # The owner of a session whose state is damaged (its tokens still read) can delete it.
    deleted = client.delete(garbled.path, headers=bearer(garbled.owner, **{"If-Match": '"1"'}))
    assert deleted.status_code == 204


def test_a_record_carries_its_format_and_one_of_another_is_refused_not_misread(
    store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_app(store).test_client()
    current, older, newer = (open_table(client, "scopa", seed=seed) for seed in (1, 2, 3))
    with sqlite3.connect(store.path) as conn:
        read = "SELECT document FROM sessions WHERE id = ?"
        tables = (current, older, newer)
        stored = {table.id: orjson.loads(conn.execute(read, (table.id,)).fetchone()[0]) for table in tables}
        assert {record["format"] for record in stored.values()} == {RECORD_FORMAT}
        before = {key: value for key, value in stored[older.id].items() if key != "format"}  # written before formats
        conn.execute("UPDATE sessions SET document = ? WHERE id = ?", (orjson.dumps(before), older.id))
        later = {**stored[newer.id], "format": RECORD_FORMAT + 1}
        conn.execute("UPDATE sessions SET document = ? WHERE id = ?", (orjson.dumps(later), newer.id))
    caplog.set_level("ERROR", logger="service.sessions")
    assert client.get(f"{older.path}/view", headers=bearer(older.seats[0])).status_code == 200
    refused = client.get(f"{newer.path}/view", headers=bearer(newer.seats[0]))
    assert refused.status_code == 500 and refused.get_json()["code"] == "session_corrupt"
    assert any(f"format {RECORD_FORMAT + 1}" in record.getMessage() for record in caplog.records)
    assert client.get(f"{current.path}/view", headers=bearer(current.seats[0])).status_code == 200


@pytest.mark.redis
def test_a_wrong_type_key_in_redis_is_an_error_for_that_session_only(
    redis_url: str, fresh_namespace: str
) -> None:
    import redis

    store = RedisStore(redis_url, 600, namespace=fresh_namespace, breaker_threshold=1)
    raw = redis.Redis.from_url(redis_url)
    try:
        client = make_app(store).test_client()
        good, bad = open_table(client, "briscola", seed=1), open_table(client, "briscola", seed=2)
        raw.delete(store.key_for(bad.id))
        raw.set(store.key_for(bad.id), b"a string, not a hash")
        for _ in range(3):
            response = client.get(f"{bad.path}/view", headers=bearer(bad.seats[0]))
            assert response.status_code == 500 and response.get_json()["code"] == "session_corrupt"
        # No breaker trip: everyone else is served at once.
        assert client.get(f"{good.path}/view", headers=bearer(good.seats[0])).status_code == 200
        assert store.breaker.state == "closed"
    finally:
        raw.close()
        store.close()


@pytest.mark.redis
def test_a_flood_against_redis_is_refused_past_the_quota_and_nothing_is_evicted(
    redis_url: str, fresh_namespace: str
) -> None:
    import redis

    store = RedisStore(redis_url, 600, namespace=fresh_namespace, wall_clock=lambda: 1_800_000_030.0)
    raw = redis.Redis.from_url(redis_url)
    try:
        client = make_app(store).test_client()
        state = deal(client, "scopa", players=2, seed=1)
        game = create(client, state, "203.0.113.8")
        statuses = [create(client, state, "203.0.113.8").status_code for _ in range(300)]
        limit = Settings().session_quota_creates
        assert statuses.count(201) == limit - 1 and statuses.count(429) == 300 - limit + 1
        assert len(raw.keys(f"{fresh_namespace}:session:*")) == limit
        tokens = game.get_json()["tokens"]
        view = client.get(f"{game.headers['Location']}/view", headers=bearer(tokens["seats"][0]))
        assert view.status_code == 200
    finally:
        raw.close()
        store.close()
