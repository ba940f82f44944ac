"""A host's tables (API.md, tables, "A host's tables"): with an API key, GET /v1/sessions lists the key's tables,
newest first, a page at a time; another key's tables are not in it; without API keys configured it is 404."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.api import session_table
from service.api.session_access import digest
from service.storage import SqliteStore
from tests.sessions.conftest import bearer, make_app

KEY, OTHER = "host-key-1", "host-key-2"


def host(store: SqliteStore) -> FlaskClient:
    return make_app(store, api_keys=(digest(KEY), digest(OTHER))).test_client()


def create(client: FlaskClient, key: str, **extra: Any) -> dict[str, Any]:
    body = {"game": "briscola", "deal": {"players": 2, "seed": "server"}, **extra}
    response = client.post("/v1/sessions", json=body, headers={"X-API-Key": key})
    assert response.status_code == 201, response.get_json()
    made: dict[str, Any] = response.get_json()
    return made


def test_without_api_keys_there_is_no_list(client: FlaskClient) -> None:
    response = client.get("/v1/sessions")
    assert response.status_code == 404 and response.get_json()["code"] == "not_found"


def test_a_key_lists_its_own_tables_newest_first_with_their_phase_and_seats(store: SqliteStore) -> None:
    client = host(store)
    mine = [create(client, KEY, seats=[{"name": f"A{k}"}, {}]) for k in range(3)]
    create(client, OTHER)
    assert client.get("/v1/sessions").status_code == 401
    assert client.get("/v1/sessions", headers={"X-API-Key": "wrong"}).status_code == 403
    listed = client.get("/v1/sessions", headers={"X-API-Key": KEY}).get_json()
    assert [table["id"] for table in listed["sessions"]] == [made["id"] for made in reversed(mine)]
    assert listed["next"] is None
    first = listed["sessions"][-1]
    assert first["game"] == "briscola" and first["version"] == 1 and first["phase"] == "playing"
    assert first["seats"][0]["name"] == "A0" and first["created"].endswith("Z")
    resigned = client.post(
        f"/v1/sessions/{mine[0]['id']}/resign",
        headers=bearer(mine[0]["tokens"]["seats"][0], **{"If-Match": '"1"'}),
    )
    assert resigned.status_code == 200, resigned.get_json()
    client.delete(
        f"/v1/sessions/{mine[1]['id']}", headers=bearer(mine[1]["tokens"]["owner"], **{"If-Match": '"1"'})
    )
    listed = client.get("/v1/sessions", headers={"X-API-Key": KEY}).get_json()["sessions"]
    assert [(table["id"], table["phase"]) for table in listed] == [
        (mine[2]["id"], "playing"),
        (mine[0]["id"], "match_over"),
    ]


def test_pages_follow_the_cursor(store: SqliteStore, monkeypatch: Any) -> None:
    monkeypatch.setattr(session_table, "LISTED_PER_PAGE", 2)
    client = host(store)
    made = [create(client, KEY)["id"] for _ in range(5)]
    seen: list[str] = []
    cursor = None
    while True:
        query = "" if cursor is None else f"?cursor={cursor}"
        page = client.get(f"/v1/sessions{query}", headers={"X-API-Key": KEY}).get_json()
        seen += [table["id"] for table in page["sessions"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert seen == list(reversed(made))
    a_cursor = client.get("/v1/sessions", headers={"X-API-Key": KEY}).get_json()["next"]
    # openapi.yaml's pattern, to the letter: a stray character that base64 decoding would skip, or one too many
    for wrong in ("%25%25", a_cursor[:4] + "." + a_cursor[4:], "A" * 121):
        bad = client.get(f"/v1/sessions?cursor={wrong}", headers={"X-API-Key": KEY})
        assert bad.status_code == 400 and bad.get_json()["errors"][0]["pointer"] == "/cursor", wrong
