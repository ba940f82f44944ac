"""Conditional reads (RFC 9110 13.1.2, docs/sessions.md): a client that already has the current version of the
session, a view or the legal moves gets a 304 with no body, and only once its token is checked."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.sessions.conftest import bearer, open_table


@pytest.mark.parametrize("path", ["", "/view", "/legal-moves"])
def test_an_unchanged_read_is_a_304_and_a_changed_one_answers_in_full(client: FlaskClient, path: str) -> None:
    table = open_table(client, "scopa", players=2, seed=3)
    token = table.owner if path == "" else table.seats[0]
    first = client.get(table.path + path, headers=bearer(token))
    assert first.status_code == 200
    etag = first.headers["ETag"]
    for header in (etag, f"W/{etag}", f'"999", {etag}', "*"):
        again = client.get(table.path + path, headers=bearer(token, **{"If-None-Match": header}))
        assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag, header
    move = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[0])).get_json()["moves"][0]
    played = client.post(
        f"{table.path}/moves", json={"move": move}, headers=bearer(table.seats[0], **{"If-Match": etag})
    )
    assert played.status_code == 200
    changed = client.get(table.path + path, headers=bearer(token, **{"If-None-Match": etag}))
    assert changed.status_code == 200 and changed.headers["ETag"] == played.headers["ETag"]


def test_a_304_is_never_an_answer_to_a_token_that_may_not_read(client: FlaskClient) -> None:
    table = open_table(client, "briscola", players=2, seed=3)
    etag = table.etag()
    wrong = client.get(f"{table.path}/view", headers=bearer("x" * 43, **{"If-None-Match": etag}))
    assert wrong.status_code == 403
    other_seat = client.get(
        f"{table.path}/view?seat=0", headers=bearer(table.seats[1], **{"If-None-Match": etag})
    )
    assert other_seat.status_code == 403 and other_seat.get_json()["code"] == "forbidden_seat"
    seat_reads_session = client.get(table.path, headers=bearer(table.seats[1], **{"If-None-Match": etag}))
    assert seat_reads_session.status_code == 403


def test_a_malformed_if_none_match_is_answered_in_full(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=3)
    response = client.get(f"{table.path}/view", headers=bearer(table.seats[0], **{"If-None-Match": "1"}))
    assert response.status_code == 200 and response.get_json()["seat"] == 0
