"""A stored state carries the deployment's tag: a state the service wrote itself is read without the full check,
and any other (altered in the store, written before states were tagged, or under another key) is checked in full,
so what is refused and what is served is as it was without the tag (docs/sessions.md, the stored record)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from service import usecases
from service.api import session_records
from service.engine.games import GAMES
from service.schemas.reader import READER
from service.storage import SqliteStore

from .conftest import Table, bearer, make_app, open_table


@pytest.fixture
def full_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The games whose stored state was checked in full, in order; the worker's kept checks forgotten first."""
    checked: list[str] = []
    real = usecases.checked_state

    def counting(read: Any, game: Any, raw: object, prefix: str = "/state") -> Any:
        checked.append(game.name)
        return real(read, game, raw, prefix)

    monkeypatch.setattr(session_records, "checked_state", counting)
    monkeypatch.setattr(session_records, "_checked", {})
    yield checked


def stored(store: SqliteStore, table: Table) -> dict[str, Any]:
    with sqlite3.connect(store.path) as conn:
        row = conn.execute("SELECT document FROM sessions WHERE id = ?", (table.id,)).fetchone()
    record: dict[str, Any] = orjson.loads(row[0])
    return record


def store_again(store: SqliteStore, table: Table, record: dict[str, Any]) -> None:
    with sqlite3.connect(store.path) as conn:
        conn.execute("UPDATE sessions SET document = ? WHERE id = ?", (orjson.dumps(record), table.id))
    session_records._checked.clear()


def view(table: Table, seat: int = 0) -> Any:
    return table.client.get(f"{table.path}/view", headers=bearer(table.seats[seat]))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_state_the_service_wrote_is_read_without_the_full_check(
    store: SqliteStore, full_checks: list[str], game: str
) -> None:
    client = make_app(store).test_client()
    table = open_table(client, game, players=GAMES[game].player_counts[0])
    record = stored(store, table)
    assert isinstance(record["state_tag"], str) and len(record["state_tag"]) == 32
    session_records._checked.clear()
    assert view(table).status_code == 200
    turn = table.state()["turn"]
    moves = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()["moves"]
    session_records._checked.clear()
    played = client.post(
        f"{table.path}/moves", json={"move": moves[0]}, headers=bearer(table.seats[turn], **{"If-Match": '"1"'})
    )
    assert played.status_code == 200, played.get_json()
    session_records._checked.clear()
    assert view(table).status_code == 200
    assert full_checks == []


def test_an_altered_state_is_checked_in_full_and_refused_when_it_fails(
    store: SqliteStore, full_checks: list[str]
) -> None:
    client = make_app(store).test_client()
    table = open_table(client, "scopa", seed=4)
    record = stored(store, table)
    hands = record["state"]["hands"]
    record["state"]["hands"] = [hands[0] + hands[0][:1], hands[1]]  # a card twice, the tag kept
    store_again(store, table, record)
    refused = view(table)
    assert refused.status_code == 500 and refused.get_json()["code"] == "session_corrupt"
    assert full_checks == ["scopa"]


def test_a_consistent_change_under_a_stale_tag_is_checked_in_full_and_served(
    store: SqliteStore, full_checks: list[str]
) -> None:
    # The tag proves who wrote a state, nothing more: a consistent state it does not match is served as before
    # the tag existed (the hands swapped between the seats still pass every check).
    client = make_app(store).test_client()
    table = open_table(client, "scopa", seed=5)
    record = stored(store, table)
    record["state"]["hands"] = record["state"]["hands"][::-1]
    store_again(store, table, record)
    answer = view(table)
    assert answer.status_code == 200
    assert answer.get_json()["hand"] == record["state"]["hands"][0]
    assert full_checks == ["scopa"]


@pytest.mark.parametrize("tag", [None, "0" * 32], ids=["untagged", "another-key"])
def test_a_record_without_a_matching_tag_is_checked_in_full(
    store: SqliteStore, full_checks: list[str], tag: str | None
) -> None:
    client = make_app(store).test_client()
    table = open_table(client, "briscola", seed=6)
    record = stored(store, table)
    record.pop("state_tag")
    if tag is not None:
        record["state_tag"] = tag
    store_again(store, table, record)
    assert view(table).status_code == 200
    assert full_checks == ["briscola"]


def test_a_tag_that_is_not_a_string_is_a_corrupt_record(store: SqliteStore) -> None:
    client = make_app(store).test_client()
    table = open_table(client, "briscola", seed=7)
    record = stored(store, table)
    record["state_tag"] = 7
    store_again(store, table, record)
    refused = view(table)
    assert refused.status_code == 500 and refused.get_json()["code"] == "session_corrupt"


def test_the_worker_that_wrote_a_state_reads_it_again_without_reading_the_record_state(
    store: SqliteStore, full_checks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The state a worker has just stored (dealt, posted and checked, or the engine's move) is the one it keeps
    # for that record's exact bytes: the table's next request in the same worker neither checks nor parses it.
    client = make_app(store).test_client()
    table = open_table(client, "scopa", seed=8)
    parsed: list[str] = []
    real = READER.state

    def reading(game: Any, raw: object, prefix: str = "/state") -> Any:
        parsed.append(game.name)
        return real(game, raw, prefix)

    monkeypatch.setattr(READER, "state", reading)
    turn = table.state()["turn"]
    moves = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()["moves"]
    played = client.post(
        f"{table.path}/moves", json={"move": moves[0]}, headers=bearer(table.seats[turn], **{"If-Match": '"1"'})
    )
    assert played.status_code == 200
    assert view(table, 1).status_code == 200
    assert parsed == [] and full_checks == []
    session_records._checked.clear()  # another worker: the record's tag, then the state is parsed once
    assert view(table, 1).status_code == 200
    assert parsed == ["scopa"] and full_checks == []
