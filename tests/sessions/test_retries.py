"""Safe retries (docs/sessions.md): a move or a next round sent again with its Idempotency-Key gets the original
answer, even after the session moved on; the same key with another body is refused; a key is never another
caller's, nor another token's; what is kept is bounded in bytes."""

from __future__ import annotations

import base64
import os
from typing import Any

import orjson
from flask.testing import FlaskClient

from service.sessions.retries import KEPT_BYTES, Retry, stored_size, with_reply
from service.storage import SqliteStore
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


def test_a_rotated_seat_token_cannot_replay_the_old_tokens_keyed_answer(client: FlaskClient) -> None:
    """The answer belongs to the token that earned it: the seat's new holder (after the owner replaced the token)
    is not handed what the old holder's keyed request was answered, and its own keys are its own."""
    table = open_table(client, "briscola", players=2, seed=8)
    body = {"move": first_move(table, 0)}
    old = {"If-Match": '"1"', "Idempotency-Key": "move-1"}
    original = client.post(f"{table.path}/moves", json=body, headers=bearer(table.seats[0], **old))
    assert original.status_code == 200
    rotated = client.post(f"{table.path}/seats/0/token", headers=bearer(table.owner, **{"If-Match": '"2"'}))
    assert rotated.status_code == 200
    new_token = rotated.get_json()["token"]

    replayed = client.post(f"{table.path}/moves", json=body, headers=bearer(new_token, **old))
    assert replayed.status_code == 412  # a new request with a stale If-Match, not the old holder's answer
    assert replayed.get_json() != original.get_json() and replayed.get_json()["code"] == "precondition_failed"
    revoked = client.post(f"{table.path}/moves", json=body, headers=bearer(table.seats[0], **old))
    assert revoked.status_code == 403

    seat_1 = client.post(
        f"{table.path}/moves",
        json={"move": first_move(table, 1)},
        headers=bearer(table.seats[1], **{"If-Match": '"3"'}),
    )
    assert seat_1.status_code == 200
    own = {"If-Match": seat_1.headers["ETag"], "Idempotency-Key": "move-1"}
    mine = {"move": client.get(f"{table.path}/legal-moves", headers=bearer(new_token)).get_json()["moves"][0]}
    fresh = client.post(f"{table.path}/moves", json=mine, headers=bearer(new_token, **own))
    assert fresh.status_code == 200  # the same key with another body: no 422, the old holder's key is not this one's
    again = client.post(f"{table.path}/moves", json=mine, headers=bearer(new_token, **own))
    assert again.status_code == 200 and again.get_json() == fresh.get_json()


def kept(store: SqliteStore, table: Table) -> list[dict[str, Any]]:
    replies: list[dict[str, Any]] = orjson.loads(store.get(table.id).document)["replies"]
    return replies


def test_kept_answers_are_bounded_in_bytes_and_the_oldest_go_first(client: FlaskClient, store: SqliteStore) -> None:
    """16 kept answers made a record 13 times its size: now they weigh KEPT_BYTES together at most, the newest
    kept (a lost answer is retried within seconds), the oldest dropped."""
    table = open_table(client, "scopa", players=2, seed=8)
    sent: list[tuple[dict[str, str], dict[str, Any], Any]] = []
    etag = table.etag()
    for n in range(12):
        turn = table.state()["turn"]
        body = {"move": first_move(table, turn)}
        headers = bearer(table.seats[turn], **{"If-Match": etag, "Idempotency-Key": f"move-{n}"})
        answer = client.post(f"{table.path}/moves", json=body, headers=headers)
        assert answer.status_code == 200
        sent.append((headers, body, answer.get_json()))
        etag = answer.headers["ETag"]
        replies = kept(store, table)
        assert sum(stored_size(reply) for reply in replies) <= KEPT_BYTES
    assert 4 <= len(replies) < 12  # a table of four could each retry once; fewer than the 12 sent
    headers, body, answer = sent[-1]
    newest = client.post(f"{table.path}/moves", json=body, headers=headers)
    assert newest.status_code == 200 and newest.get_json() == answer
    headers, body, _ = sent[0]
    oldest = client.post(f"{table.path}/moves", json=body, headers=headers)
    assert oldest.status_code == 412  # dropped: a new request again, with its stale If-Match


def test_an_answer_too_big_to_keep_is_not_kept_and_the_others_stay() -> None:
    """One answer over the whole budget would push every other one out and still not fit: it is left out."""
    small = with_reply([], Retry("k1", "b1"), 2, {"version": 2})
    assert len(small) == 1
    noise = base64.b64encode(os.urandom(KEPT_BYTES)).decode()  # random: compression cannot shrink it
    assert with_reply(small, Retry("k2", "b2"), 3, {"version": 3, "noise": noise}) == small
