"""A worker keeps the record it last read or wrote for a session, and makes a move naming that version on it
without reading the store first; whatever changed elsewhere, the answer is the one a worker that read the store
would give (docs/sessions.md, the stored record). Each app here is one worker; all share one SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service import session_usecases
from service.storage import SqliteStore

from .conftest import Table, bearer, make_app, open_table


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def shared(tmp_path: Path, clock: Clock) -> Iterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "sessions.sqlite3", 3600, clock=clock)
    yield opened
    opened.close()


@pytest.fixture
def reads(shared: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The session ids read from the store, in order."""
    seen: list[str] = []
    real = shared.get

    def counted(session_id: str) -> Any:
        seen.append(session_id)
        return real(session_id)

    monkeypatch.setattr(shared, "get", counted)
    return seen


def worker(store: SqliteStore) -> FlaskClient:
    return make_app(store).test_client()


def stored(store: SqliteStore, table: Table) -> tuple[int, bytes, int]:
    """The row's version and record, and the log's length: what a refused request must leave as it was."""
    with sqlite3.connect(store.path) as conn:
        version, document = conn.execute(
            "SELECT version, document FROM sessions WHERE id = ?", (table.id,)
        ).fetchone()
        (entries,) = conn.execute("SELECT count(*) FROM events WHERE session_id = ?", (table.id,)).fetchone()
    return version, document, entries


def first_move(client: FlaskClient, table: Table, token: str) -> dict[str, Any]:
    moves = client.get(f"{table.path}/legal-moves", headers=bearer(token)).get_json()["moves"]
    move: dict[str, Any] = moves[0]
    return move


def move(client: FlaskClient, table: Table, token: str, etag: str, body: object) -> TestResponse:
    return client.post(f"{table.path}/moves", json=body, headers=bearer(token, **{"If-Match": etag}))


def answer(response: TestResponse) -> tuple[int, Any, str | None]:
    return response.status_code, response.get_json(), response.headers.get("ETag")


def test_moves_naming_the_version_this_worker_wrote_read_nothing(shared: SqliteStore, reads: list[str]) -> None:
    here = worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    chosen = first_move(worker(shared), table, table.seats[turn])
    reads.clear()
    played = move(here, table, table.seats[turn], '"1"', {"move": chosen})
    assert played.status_code == 200, played.get_json()
    assert reads == []
    nxt = 1 - turn
    other = here.get(f"{table.path}/legal-moves", headers=bearer(table.seats[nxt])).get_json()["moves"][0]
    reads.clear()
    assert move(here, table, table.seats[nxt], '"2"', {"move": other}).status_code == 200
    assert reads == []
    assert stored(shared, table)[0] == 3


def test_a_token_replaced_at_another_worker_no_longer_plays_here(shared: SqliteStore) -> None:
    here, there, oracle = worker(shared), worker(shared), worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    chosen = first_move(there, table, table.seats[turn])
    rotated = there.post(f"{table.path}/seats/{turn}/token", headers=bearer(table.owner, **{"If-Match": '"1"'}))
    assert rotated.status_code == 200
    before = stored(shared, table)
    for etag in ('"1"', '"2"'):
        refused = move(here, table, table.seats[turn], etag, {"move": chosen})
        assert refused.status_code == 403
        assert answer(refused) == answer(move(oracle, table, table.seats[turn], etag, {"move": chosen}))
    assert stored(shared, table) == before
    assert move(here, table, rotated.get_json()["token"], '"2"', {"move": chosen}).status_code == 200


def test_a_move_made_at_another_worker_is_a_conflict_here(shared: SqliteStore) -> None:
    here, there, oracle = worker(shared), worker(shared), worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    moves = there.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()["moves"]
    assert move(there, table, table.seats[turn], '"1"', {"move": moves[0]}).status_code == 200
    before = stored(shared, table)
    late = move(here, table, table.seats[turn], '"1"', {"move": moves[-1]})
    assert late.status_code == 412
    assert late.get_json()["code"] == "precondition_failed" and late.headers["ETag"] == '"2"'
    assert answer(late) == answer(move(oracle, table, table.seats[turn], '"1"', {"move": moves[-1]}))
    assert stored(shared, table) == before


@pytest.mark.parametrize("ended", ["deleted", "expired"])
def test_a_session_ended_since_is_no_table_here(shared: SqliteStore, clock: Clock, ended: str) -> None:
    here, there = worker(shared), worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    chosen = first_move(there, table, table.seats[turn])
    if ended == "deleted":
        gone = there.delete(table.path, headers=bearer(table.owner, **{"If-Match": '"1"'}))
        assert gone.status_code == 204
    else:
        clock.now += 3601
    refused = move(here, table, table.seats[turn], '"1"', {"move": chosen})
    assert answer(refused) == answer(move(there, table, table.seats[turn], '"1"', {"move": chosen}))
    assert refused.status_code == 403 and refused.get_json()["code"] == "invalid_token"


Refusal = Callable[[dict[str, Any], int], tuple[str, object, dict[str, str]]]
"""From a legal move and the seat to act: whose token, the body and extra headers."""

REFUSALS: dict[str, Refusal] = {
    "an illegal move": lambda legal, turn: ("seat", {"move": {"card": "zz"}}, {}),
    "a card not in hand": lambda legal, turn: ("seat", {"move": {**legal, "card": "99X"}}, {}),
    "another body": lambda legal, turn: ("seat", {"move": legal, "extra": 1}, {}),
    "not this seat's turn": lambda legal, turn: ("other", {"move": legal}, {}),
    "a weak tag": lambda legal, turn: ("seat", {"move": legal}, {"If-Match": 'W/"1"'}),
    "a spectator": lambda legal, turn: ("spectator", {"move": legal}, {}),
    "a stranger's token": lambda legal, turn: ("stranger", {"move": legal}, {}),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_refusal_on_the_held_record_is_the_stored_records(shared: SqliteStore, case: str) -> None:
    here, oracle = worker(shared), worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    legal = first_move(oracle, table, table.seats[turn])
    whose, body, headers = REFUSALS[case](legal, turn)
    token = {
        "seat": table.seats[turn],
        "other": table.seats[1 - turn],
        "spectator": table.created["tokens"]["spectator"],
        "stranger": "x" * 43,
    }[whose]
    before = stored(shared, table)

    def sent(client: FlaskClient) -> TestResponse:
        return client.post(
            f"{table.path}/moves", json=body, headers=bearer(token, **{"If-Match": '"1"', **headers})
        )

    refused = sent(here)
    assert 400 <= refused.status_code < 500, refused.get_json()
    assert answer(refused) == answer(sent(oracle))
    assert stored(shared, table) == before


def test_a_computer_move_thinks_once(shared: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    here = worker(shared)
    table = open_table(here, "briscola", players=2, seed=3)
    thoughts: list[int] = []
    real = session_usecases.suggestion_for

    def counted(*args: Any) -> Any:
        thoughts.append(1)
        return real(*args)

    monkeypatch.setattr(session_usecases, "suggestion_for", counted)
    body = {"computer": {"level": "greedy"}}
    played = here.post(f"{table.path}/moves", json=body, headers=bearer(table.owner, **{"If-Match": '"1"'}))
    assert played.status_code == 200, played.get_json()
    assert thoughts == [1]


def test_a_retry_answered_again_is_answered_from_the_stored_record(shared: SqliteStore) -> None:
    """An earlier answer given again writes nothing, so no compare-and-set would notice a token rotated since at
    another worker: it is read from the store, and the old token is refused as there."""
    here, there, oracle = worker(shared), worker(shared), worker(shared)
    table = open_table(here, "scopa", players=2, seed=4)
    turn = table.created["state"]["turn"]
    chosen = first_move(here, table, table.seats[turn])
    headers = bearer(table.seats[turn], **{"If-Match": '"1"', "Idempotency-Key": "once"})
    assert here.post(f"{table.path}/moves", json={"move": chosen}, headers=headers).status_code == 200
    rotated = there.post(f"{table.path}/seats/{turn}/token", headers=bearer(table.owner, **{"If-Match": '"2"'}))
    assert rotated.status_code == 200
    # The same request again, naming the version this worker holds (the one its move wrote).
    again = {**headers, "If-Match": '"2"'}
    retried = here.post(f"{table.path}/moves", json={"move": chosen}, headers=again)
    assert retried.status_code == 403
    assert answer(retried) == answer(oracle.post(f"{table.path}/moves", json={"move": chosen}, headers=again))
