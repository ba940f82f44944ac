"""Safe retries (docs/sessions.md): a move or a next round sent again with its Idempotency-Key gets the original
answer, even after the session moved on; the same key with another body is refused; a key is never another
caller's."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.sessions.conftest import Table, bearer, open_table


def first_move(table: Table, seat: int) -> dict[str, Any]:
    legal = table.client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[seat])).get_json()
    move: dict[str, Any] = legal["moves"][0]
    return move


def test_a_retried_move_gets_the_original_answer_after_the_session_moved_on(client: FlaskClient) -> None:
    table = open_table(client, "briscola", players=2, seed=8)
    etag = table.etag()
    headers = bearer(table.seats[0], **{"If-Match": etag, "Idempotency-Key": "move-1"})
    body = {"move": first_move(table, 0)}
    original = client.post(f"{table.path}/moves", json=body, headers=headers)
    assert original.status_code == 200
    other = client.post(
        f"{table.path}/moves",
        json={"move": first_move(table, 1)},
        headers=bearer(table.seats[1], **{"If-Match": original.headers["ETag"]}),
    )
    assert other.status_code == 200
    retried = client.post(f"{table.path}/moves", json=body, headers=headers)
    assert retried.status_code == 200 and retried.get_json() == original.get_json()
    assert retried.headers["ETag"] == original.headers["ETag"]
    assert table.etag() == other.headers["ETag"]  # the retry played nothing
    unkeyed = client.post(
        f"{table.path}/moves", json=body, headers=bearer(table.seats[0], **{"If-Match": etag})
    )
    assert unkeyed.status_code == 412


def test_the_same_key_with_another_body_is_refused_and_changes_nothing(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=8)
    headers = bearer(table.owner, **{"If-Match": table.etag(), "Idempotency-Key": "k"})
    assert (
        client.post(
            f"{table.path}/moves", json={"computer": {"level": "random"}}, headers=headers
        ).status_code
        == 200
    )
    version = table.etag()
    reused = client.post(f"{table.path}/moves", json={"computer": {"level": "greedy"}}, headers=headers)
    assert reused.status_code == 422 and reused.get_json()["code"] == "idempotency_key_reused"
    assert table.etag() == version


def test_a_key_is_never_another_callers(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=8)
    body = {"move": first_move(table, 0)}
    seat = client.post(
        f"{table.path}/moves",
        json=body,
        headers=bearer(table.seats[0], **{"If-Match": table.etag(), "Idempotency-Key": "same"}),
    )
    assert seat.status_code == 200
    owner = client.post(
        f"{table.path}/moves",
        json=body,
        headers=bearer(table.owner, **{"If-Match": '"1"', "Idempotency-Key": "same"}),
    )
    assert owner.status_code == 412  # the owner's request is its own: stale, not seat 0's answer


def test_a_malformed_key_is_a_400(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=8)
    response = client.post(
        f"{table.path}/moves",
        json={"move": first_move(table, 0)},
        headers=bearer(table.seats[0], **{"If-Match": table.etag(), "Idempotency-Key": "x" * 129}),
    )
    assert response.status_code == 400 and response.get_json()["errors"][0]["pointer"] == "/Idempotency-Key"
    assert table.etag() == '"1"'
