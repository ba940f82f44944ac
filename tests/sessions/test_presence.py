"""Presence (API.md, tables, "Presence"; issue 38, 5): a seat is ``connected`` while its player holds a stream or
has called within the last 30 s; a public ``presence`` event tells the table when that changes, once, with no
event from a player who comes back within the window. The wall clock is the test's own, moved by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.api import session_seats
from service.api.session_access import WALL_CLOCK, runner
from service.api.session_seats import held_streams
from service.config import Settings
from service.sessions.presence import (
    PRESENCE_SECONDS,
    REFRESH_SECONDS,
    STREAM_REFRESH_SECONDS,
    Departures,
    entry_key,
)
from service.storage import RedisStore, SessionStore, SqliteStore, deadlines
from tests.clock import HandClock
from tests.sessions.conftest import Table, bearer, make_app
from tests.sessions.test_event_waits import open_stream
from tests.sessions.test_tables import writing

START = 1_800_000_000.0
GONE_AFTER = PRESENCE_SECONDS + REFRESH_SECONDS + 1
"""Past the window and the refreshes a worker may skip: a silent seat is then gone."""


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[list[SessionStore]]:
    """Two workers' connections to one store."""
    opened: list[SessionStore]
    if request.param == "sqlite":
        opened = [SqliteStore(tmp_path / "sessions.sqlite3", 3600) for _ in range(2)]
    else:
        url: str = request.getfixturevalue("redis_url")
        namespace: str = request.getfixturevalue("fresh_namespace")
        opened = [RedisStore(url, 600, namespace=namespace) for _ in range(2)]
    yield opened
    for store in opened:
        store.close()


@pytest.fixture
def wall() -> HandClock:
    return HandClock(START)


def worker(store: SessionStore, wall: HandClock, **settings: Any) -> Flask:
    app = make_app(store, presence_seconds=PRESENCE_SECONDS, **settings)
    app.extensions[WALL_CLOCK] = wall
    return app


def open_table(app: Flask, seats: list[dict[str, Any]] | None = None) -> Table:
    client = app.test_client()
    body: dict[str, Any] = {"game": "briscola", "deal": {"players": 2, "seed": "server"}}
    if seats is not None:
        body["seats"] = seats
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return Table(client, made["id"], made["tokens"]["owner"], made["tokens"]["seats"], made)


def presence_events(table: Table, token: str) -> list[tuple[int, bool]]:
    response = table.client.get(f"{table.path}/events?after=0", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return [(event["seat"], event["connected"]) for event in events if event["type"] == "presence"]


def connected(table: Table, token: str) -> list[bool | None]:
    response = table.client.get(f"{table.path}/view", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    return [seat["connected"] for seat in response.get_json()["seats"]]


def settle(*apps: Flask) -> None:
    """Each worker polls its due entries once and does what it found."""
    for app in apps:
        with app.app_context():
            acting = runner()
            acting.poll()
            assert acting.wait_idle(60.0)


def test_a_seat_that_calls_is_connected_for_every_token_and_the_table_is_told_once(
    stores: list[SessionStore], wall: HandClock
) -> None:
    table = open_table(worker(stores[0], wall), [{"name": "Ana"}, {"computer": {"level": "greedy"}}])
    # Nobody has called yet: the human seat is not there; a computer seat always is.
    assert [seat["connected"] for seat in table.created["seats"]] == [False, True]
    assert connected(table, table.owner) == [False, True]  # the owner's reads are not a seat's
    table.client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[0]))
    for token in (table.owner, table.seats[0], table.seats[1]):
        assert presence_events(table, token) == [(0, True)]
        assert connected(table, token) == [True, True]
    wall.now += 20  # within the window: more calls change nothing
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    assert presence_events(table, table.owner) == [(0, True)]


def test_a_silent_seat_is_gone_once_across_workers_and_back_when_it_calls(
    stores: list[SessionStore], wall: HandClock
) -> None:
    apps = [worker(store, wall) for store in stores]
    table = open_table(apps[0])
    other = apps[1].test_client()
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    other.get(f"{table.path}/view", headers=bearer(table.seats[1]))
    wall.now += 20
    other.get(f"{table.path}/view", headers=bearer(table.seats[1]))  # seat 1 keeps calling; seat 0 is silent
    wall.now += GONE_AFTER - 20
    settle(*apps)
    settle(*apps)  # both workers find the entry due; one of them writes
    assert presence_events(table, table.owner) == [(0, True), (1, True), (0, False)]
    assert connected(table, table.owner) == [False, True]
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))  # back
    assert presence_events(table, table.owner)[-1] == (0, True)
    assert connected(table, table.seats[1]) == [True, True]


def test_a_player_back_within_the_window_sends_no_event(stores: list[SessionStore], wall: HandClock) -> None:
    table = open_table(worker(stores[0], wall))
    for _ in range(4):  # a phone between two cells: a call every 25 s, never a gap of the whole window
        table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
        wall.now += 25
        settle(table.client.application)
    assert presence_events(table, table.owner) == [(0, True)]


def test_a_presence_event_leaves_a_move_made_on_the_view_before_it_good(
    stores: list[SessionStore], wall: HandClock
) -> None:
    table = open_table(worker(stores[0], wall))
    state = table.client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    mover = table.seats[state["turn"]]
    seen = table.client.get(f"{table.path}/view", headers=bearer(mover))
    table.client.get(
        f"{table.path}/view", headers=bearer(table.seats[1 - state["turn"]])
    )  # comes in: a new version
    assert presence_events(table, table.owner)[-1] == (1 - state["turn"], True)
    legal = table.client.get(f"{table.path}/legal-moves", headers=bearer(mover)).get_json()["moves"]
    moved = table.client.post(
        f"{table.path}/moves",
        json={"move": legal[0]},
        headers=bearer(mover, **{"If-Match": seen.headers["ETag"]}),
    )
    assert moved.status_code == 200, moved.get_json()
    # A version before that move is stale, presence or not.
    again = table.client.post(
        f"{table.path}/moves",
        json={"move": legal[0]},
        headers=bearer(mover, **{"If-Match": seen.headers["ETag"]}),
    )
    assert again.status_code == 412 and again.get_json()["code"] == "precondition_failed"


def test_a_refused_request_says_nobody_is_there(stores: list[SessionStore], wall: HandClock) -> None:
    table = open_table(worker(stores[0], wall))
    refused = table.client.get(f"{table.path}/view?seat=1", headers=bearer(table.seats[0]))
    assert refused.status_code == 403
    bad = table.client.get(f"{table.path}/events?after=x", headers=bearer(table.seats[0]))
    assert bad.status_code == 400
    assert presence_events(table, table.owner) == []
    assert connected(table, table.owner) == [False, False]


def test_a_table_keeps_no_presence_where_the_host_turns_it_off(
    stores: list[SessionStore], wall: HandClock
) -> None:
    app = make_app(stores[0], presence_seconds=0)
    app.extensions[WALL_CLOCK] = wall
    table = open_table(app)
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    assert presence_events(table, table.owner) == []
    assert connected(table, table.seats[0]) == [None, None]


def test_a_deleted_table_leaves_no_entry_behind(stores: list[SessionStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_table(app)
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    etag = table.client.get(table.path, headers=bearer(table.owner)).headers["ETag"]
    deleted = table.client.delete(table.path, headers=bearer(table.owner, **{"If-Match": etag}))
    assert deleted.status_code == 204
    wall.now += GONE_AFTER
    settle(app)
    assert deadlines.due_deadlines(stores[0], wall.now + 3600) == []


def test_a_held_stream_keeps_its_seat_at_the_table_until_it_closes(
    stores: list[SessionStore], wall: HandClock
) -> None:
    """The worker refreshes the seats holding its streams together, every 20 s: two minutes of a quiet stream,
    and the seat is never due; closed, the window runs from then."""
    app = worker(stores[0], wall)
    table = open_table(app)
    stream = open_stream(table.client, table.path, table.seats[0])
    chunks = iter(stream.response)
    next(chunks)  # the retry line: the stream is open
    with app.app_context():
        runner().clock = wall  # a chore runs once its period has passed on the test's clock
    for _ in range(6):
        wall.now += STREAM_REFRESH_SECONDS
        with app.app_context():
            runner().do_chores()
        settle(app)
    key = entry_key(table.id, 0)
    assert key not in dict(deadlines.due_deadlines(stores[0], wall.now + PRESENCE_SECONDS))
    assert presence_events(table, table.owner) == [(0, True)]
    stream.close()
    assert key not in dict(deadlines.due_deadlines(stores[0], wall.now + PRESENCE_SECONDS - 1))
    wall.now += GONE_AFTER
    settle(app)
    assert presence_events(table, table.owner) == [(0, True), (0, False)]


def test_a_worker_holding_many_streams_renews_their_seats_in_small_writes(
    stores: list[SessionStore], wall: HandClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every held seat's entry is renewed, in writes of at most ``REFRESH_BATCH`` entries with the worker's event
    loop free between them: 5,000 in one SQLite transaction held a worker for 180-390 ms every 20 s
    (docs/performance.md, event streams)."""
    app = worker(stores[0], wall)
    held = [(f"sha256:{index:064x}", index % 4) for index in range(2 * session_seats.REFRESH_BATCH + 17)]
    writes: list[int] = []
    renew = deadlines.set_deadlines

    def counted(store: SessionStore, entries: dict[str, float]) -> None:
        writes.append(len(entries))
        renew(store, entries)

    monkeypatch.setattr(deadlines, "set_deadlines", counted)
    with app.app_context():
        for session_id, seat in held:
            session_seats.held_streams().opened(session_id, seat)
        session_seats.refresh_streams()
    assert writes == [session_seats.REFRESH_BATCH, session_seats.REFRESH_BATCH, 17]
    soon = dict(deadlines.due_deadlines(stores[0], wall.now + 10 * PRESENCE_SECONDS, limit=len(held) + 1))
    assert {entry_key(session_id, seat) for session_id, seat in held} <= set(soon)


def test_seats_whose_streams_end_together_are_written_together_each_due_from_its_own_end() -> None:
    """10,000 streams closing at once wrote 10,000 entries one store transaction each, about a second of a
    worker's event loop (``bench/streams.py``, the run after the streams close). The first seat to leave writes;
    those that leave while it writes are written by it, ``batch`` at a time, each due from its own moment."""
    departures = Departures(batch=2)
    writes: list[dict[str, float]] = []

    def write(entries: dict[str, float]) -> None:
        writes.append(entries)
        if "a" in entries:  # four more seats leave while the first write is under way
            for index, key in enumerate("bcde"):
                departures.note(key, 20.0 + index, write)
            assert len(writes) == 1  # each was left to the writer at work

    departures.note("a", 10.0, write)
    assert writes == [{"a": 10.0}, {"b": 20.0, "c": 21.0}, {"d": 22.0, "e": 23.0}]
    writes.clear()
    departures.note("f", 30.0, write)  # the writer is gone: the next seat to leave writes itself
    assert writes == [{"f": 30.0}]


def test_a_failed_departure_write_leaves_the_next_seat_to_write() -> None:
    departures = Departures(batch=10)

    def failing(entries: dict[str, float]) -> None:
        raise OSError("the disk is full")

    with pytest.raises(OSError):
        departures.note("a", 1.0, failing)
    written: list[dict[str, float]] = []
    departures.note("b", 2.0, written.append)
    assert written == [{"b": 2.0}]


def test_a_rematch_starts_with_nobody_at_the_new_table(stores: list[SessionStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_table(app)
    for token in table.seats:
        table.client.get(f"{table.path}/view", headers=bearer(token))
    assert connected(table, table.owner) == [True, True]
    assert (
        table.client.post(f"{table.path}/resign", headers=writing(table, table.seats[0])).status_code == 200
    )
    made = table.client.post(f"{table.path}/rematch", headers=writing(table, table.owner))
    assert made.status_code == 201, made.get_json()
    assert [seat["connected"] for seat in made.get_json()["seats"]] == [False, False]


def test_a_seat_taken_back_by_its_own_token_is_there_at_once(
    stores: list[SessionStore], wall: HandClock
) -> None:
    app = worker(stores[0], wall)
    table = open_table(app, [{}, {"computer": {"level": "random"}}])
    back = table.client.delete(f"{table.path}/seats/1/computer", headers=writing(table, table.seats[1]))
    assert back.status_code == 200, back.get_json()
    assert [seat["connected"] for seat in back.get_json()["seats"]] == [False, True]
    changed = [
        event
        for event in table.client.get(f"{table.path}/events?after=0", headers=bearer(table.owner)).get_json()[
            "events"
        ]
        if event["type"] == "seat_changed"
    ]
    assert changed[-1]["connected"] is True and presence_events(table, table.owner) == []
    # The owner giving a human seat "back" changes nobody's presence.
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    again = table.client.delete(f"{table.path}/seats/0/computer", headers=writing(table, table.owner))
    assert [seat["connected"] for seat in again.get_json()["seats"]] == [True, True]


def test_a_stream_never_sent_holds_no_seat(stores: list[SessionStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_table(app)
    headed = table.client.head(
        f"{table.path}/events", headers=bearer(table.seats[0], Accept="text/event-stream")
    )
    assert headed.status_code == 200
    with app.app_context():
        assert held_streams().seats() == []


def test_entries_left_when_presence_is_turned_off_announce_nothing(
    stores: list[SessionStore], wall: HandClock
) -> None:
    table = open_table(worker(stores[0], wall))
    table.client.get(f"{table.path}/view", headers=bearer(table.seats[0]))
    off = make_app(stores[1], presence_seconds=0)
    off.extensions[WALL_CLOCK] = wall
    wall.now += GONE_AFTER
    settle(off)
    assert presence_events(table, table.owner) == [(0, True)]
    assert deadlines.due_deadlines(stores[0], wall.now + 3600) == []


@pytest.mark.parametrize(("raw", "seconds"), [("", 30.0), ("0", 0.0), ("0.0", 0.0), ("5", 5.0), ("90", 90.0)])
def test_presence_seconds_is_read_as_documented(raw: str, seconds: float) -> None:
    assert Settings.from_env({"SESSION_DB": "x", "PRESENCE_SECONDS": raw}).presence_seconds == seconds


@pytest.mark.parametrize("raw", ["4", "-1", "3601", "soon"])
def test_presence_seconds_out_of_range_is_refused(raw: str) -> None:
    with pytest.raises(ValueError, match="PRESENCE_SECONDS"):
        Settings.from_env({"SESSION_DB": "x", "PRESENCE_SECONDS": raw})
