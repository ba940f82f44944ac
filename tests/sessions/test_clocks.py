"""Clocks (API.md, tables, "Clocks"): every view and the events carry the turn's deadline; when it passes, the
service acts by itself, exactly once across workers, after a restart too. The wall clock is the test's own."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.api.session_access import WALL_CLOCK, runner
from service.sessions.clock import rfc3339
from service.sessions.runner import POLL_SECONDS
from service.storage import RedisStore, SqliteStore, deadlines
from tests.clock import HandClock
from tests.sessions.conftest import Table, bearer, make_app

START = 1_800_000_000.0
IDLE_SECONDS = 60.0


@pytest.fixture
def wall() -> HandClock:
    return HandClock(START)


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[list[SqliteStore]]:
    """Two workers' connections to one session file."""
    opened = [SqliteStore(tmp_path / "sessions.sqlite3", 3600) for _ in range(2)]
    yield opened
    for store in opened:
        store.close()


def worker(store: SqliteStore, wall: HandClock) -> Flask:
    app = make_app(store)
    app.extensions[WALL_CLOCK] = wall
    return app


def open_clocked(app: Flask, game: str, clock: dict[str, Any], players: int = 2, **extra: Any) -> Table:
    client = app.test_client()
    body = {"game": game, "deal": {"players": players, "seed": "server"}, "clock": clock, **extra}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return Table(client, made["id"], made["tokens"]["owner"], made["tokens"]["seats"], made)


def deadlines_acted(app: Flask, polls: int = 1) -> int:
    """Poll the worker's deadlines (up to ``polls`` times, while the last poll found some), wait for what it
    found, and say how many deadlines it acted on. A deadline whose store call failed is left to the next poll,
    as a worker's own polling leaves it."""
    with app.app_context():
        acting = runner()
        for _ in range(polls):
            found = acting.poll()
            assert acting.wait_idle(IDLE_SECONDS)
            if not found:
                break
        return acting.timeouts


def events_of(table: Table, token: str) -> list[dict[str, Any]]:
    response = table.client.get(f"{table.path}/events?after=0", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


def view_of(table: Table, token: str) -> dict[str, Any]:
    response = table.client.get(f"{table.path}/view", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    view: dict[str, Any] = response.get_json()
    return view


def looked(asked: list[float], ticks: HandClock) -> int:
    asked.append(ticks.now)
    return 0


def test_a_worker_looks_for_due_deadlines_as_often_as_deadline_poll_seconds_says(
    stores: list[SqliteStore], wall: HandClock
) -> None:
    """DEADLINE_POLL_SECONDS (docs/deployment.md): each polling worker asks the store this often, not more."""
    for every, looks in ((0.25, 8), (10.0, 1)):
        app = make_app(stores[0], deadline_poll_seconds=every)
        acting = app.extensions["computer_turns"]
        ticks = HandClock(100.0)
        acting.clock, acting.polling = ticks, True
        asked: list[float] = []
        acting.poll = partial(looked, asked, ticks)
        for _ in range(8):
            ticks.now += 0.25
            acting.poll_when_due()
        assert len(asked) == looks
        assert asked[0] == 100.25  # a runner's first look is at once


def test_an_idle_worker_wakes_for_its_chores_when_one_is_due(stores: list[SqliteStore]) -> None:
    """The runner's chores (the held streams' renewal, every 20 s) wake their thread when due, not four times a
    second: an idle worker costs what its chores do."""
    acting = make_app(stores[0]).extensions["computer_turns"]
    ticks = HandClock(100.0)
    acting.clock = ticks
    assert acting.until_next_chore() == POLL_SECONDS  # not polling: it only looks whether its store was closed
    acting.polling = True
    every = acting.chores[0][1]
    assert acting.until_next_chore() == POLL_SECONDS  # a chore never done is due at once
    acting.do_chores()
    assert acting.until_next_chore() == every
    ticks.now += every - 1
    assert acting.until_next_chore() == 1
    ticks.now += 5
    assert acting.until_next_chore() == POLL_SECONDS


def test_the_deadline_is_shown_to_every_token_in_rfc_3339_utc_with_milliseconds(
    stores: list[SqliteStore], wall: HandClock
) -> None:
    wall.now = START + 0.25
    table = open_clocked(worker(stores[0], wall), "scopa", {"move_seconds": 30, "on_timeout": "none"})
    expected = {"move_seconds": 30, "on_timeout": "none", "turn_deadline": "2027-01-15T08:00:30.250Z"}
    assert rfc3339(START + 30.25) == expected["turn_deadline"]
    assert table.created["clock"] == expected
    for token in [table.owner, table.created["tokens"]["spectator"], *table.seats]:
        view = view_of(table, token)
        assert view["clock"] == expected
        first = events_of(table, token)[0]
        assert first["type"] == "table" and first["clock"] == expected


def test_a_silent_seat_is_played_by_the_computer_with_reason_timeout(
    stores: list[SqliteStore], wall: HandClock
) -> None:
    app = worker(stores[0], wall)
    table = open_clocked(app, "briscola", {"move_seconds": 2, "on_timeout": "computer", "level": "greedy"})
    turn = view_of(table, table.owner)["turn"]
    wall.now = START + 1.9
    assert deadlines_acted(app) == 0  # not yet
    wall.now = START + 2.0
    assert deadlines_acted(app) == 1
    events = events_of(table, table.seats[1 - turn])
    played = [event for event in events if event["type"] == "card_played"]
    assert [(event["seat"], event["by"], event["reason"]) for event in played] == [
        (turn, "computer", "timeout")
    ]
    clock_events = [event for event in events if event["type"] == "clock"]
    assert (
        clock_events[-1]["clock"]["turn_deadline"] == rfc3339(START + 4.0) and clock_events[-1]["to"] == "all"
    )
    assert view_of(table, table.owner)["clock"]["turn_deadline"] == rfc3339(START + 4.0)


def test_a_seat_that_moves_in_time_is_not_played_for(stores: list[SqliteStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_clocked(app, "scopa", {"move_seconds": 10, "on_timeout": "computer"}, sealed=False)
    turn = view_of(table, table.owner)["turn"]
    wall.now = START + 9
    legal = table.client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()[
        "moves"
    ]
    moved = table.client.post(
        f"{table.path}/moves",
        json={"move": legal[0]},
        headers=bearer(table.seats[turn], **{"If-Match": table.etag()}),
    )
    assert moved.status_code == 200, moved.get_json()
    assert moved.get_json()["clock"]["turn_deadline"] == rfc3339(START + 19)
    wall.now = START + 18.999
    assert deadlines_acted(app) == 0
    assert [e for e in events_of(table, table.owner) if e.get("reason") == "timeout"] == []


def test_forfeit_ends_the_match_for_the_silent_seats_side(stores: list[SqliteStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_clocked(app, "scopa", {"move_seconds": 5, "on_timeout": "forfeit"}, players=4)
    turn = view_of(table, table.owner)["turn"]
    wall.now = START + 6
    assert deadlines_acted(app) == 1
    over = [event for event in events_of(table, table.seats[0]) if event["type"] == "match_over"]
    assert len(over) == 1 and over[0]["reason"] == "forfeit" and over[0]["seat"] == turn
    assert over[0]["match"]["winner"] == 1 - turn % 2  # the other partnership
    view = view_of(table, table.seats[0])
    assert view["match_over"]["reason"] == "forfeit" and view["clock"]["turn_deadline"] is None
    wall.now = START + 60
    assert deadlines_acted(app) == 1  # nothing more to act on


def test_none_only_shows_the_deadline(stores: list[SqliteStore], wall: HandClock) -> None:
    app = worker(stores[0], wall)
    table = open_clocked(app, "briscola", {"move_seconds": 1, "on_timeout": "none"})
    wall.now = START + 100
    assert deadlines_acted(app) == 0
    assert view_of(table, table.owner)["clock"]["turn_deadline"] == rfc3339(START + 1)


def test_the_deadline_of_a_deleted_table_is_dropped_not_polled_for_good(
    stores: list[SqliteStore], wall: HandClock
) -> None:
    """Polls read the oldest due entries first, a batch at a time: entries nobody can act on would crowd out the
    live tables' deadlines."""
    app = worker(stores[0], wall)
    table = open_clocked(app, "briscola", {"move_seconds": 2, "on_timeout": "computer"})
    etag = table.full().headers["ETag"]
    assert table.client.delete(table.path, headers=bearer(table.owner, **{"If-Match": etag})).status_code == 204
    wall.now = START + 3
    assert deadlines_acted(app) == 0
    assert deadlines.due_deadlines(stores[0], START + 3600) == []


def test_two_workers_act_on_a_deadline_exactly_once(stores: list[SqliteStore], wall: HandClock) -> None:
    first, second = worker(stores[0], wall), worker(stores[1], wall)
    table = open_clocked(first, "briscola", {"move_seconds": 2, "on_timeout": "computer"})
    wall.now = START + 3
    acted = deadlines_acted(first) + deadlines_acted(second)
    assert acted == 1
    timeouts = [event for event in events_of(table, table.owner) if event.get("reason") == "timeout"]
    assert len(timeouts) == 1


def test_a_deadline_acts_after_a_restart(tmp_path: Path, wall: HandClock) -> None:
    """The worker that set the deadline is gone; a new one, on the same file, that nobody has asked anything,
    acts on it."""
    path = tmp_path / "sessions.sqlite3"
    before = SqliteStore(path, 3600)
    table = open_clocked(worker(before, wall), "scopa", {"move_seconds": 2, "on_timeout": "computer"})
    before.close()
    after = SqliteStore(path, 3600)
    try:
        restarted = worker(after, wall)
        wall.now = START + 2.5
        assert deadlines_acted(restarted) == 1
        client = restarted.test_client()
        events = client.get(f"{table.path}/events?after=0", headers=bearer(table.owner)).get_json()["events"]
        assert [event["reason"] for event in events if event.get("reason") == "timeout"] == ["timeout"]
    finally:
        after.close()


@pytest.mark.parametrize(
    ("clock", "pointer"),
    [
        ({"move_seconds": 0, "on_timeout": "computer"}, "/clock/move_seconds"),
        ({"move_seconds": 86_401, "on_timeout": "computer"}, "/clock/move_seconds"),
        ({"move_seconds": 10, "on_timeout": "later"}, "/clock/on_timeout"),
        ({"move_seconds": 10}, "/clock/on_timeout"),
        ({"move_seconds": 10, "on_timeout": "computer", "level": "best"}, "/clock/level"),
        ({"move_seconds": 10, "on_timeout": "computer", "extra": 1}, "/clock/extra"),
    ],
)
def test_a_clock_that_cannot_run_is_refused_with_its_field(
    stores: list[SqliteStore], wall: HandClock, clock: dict[str, Any], pointer: str
) -> None:
    client = worker(stores[0], wall).test_client()
    body = {"game": "scopa", "deal": {"players": 2, "seed": "server"}, "clock": clock}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400, response.get_json()
    assert [error["pointer"] for error in response.get_json()["errors"]] == [pointer]


def test_two_instances_on_redis_act_exactly_once_and_after_a_restart(
    redis_url: str, fresh_namespace: str, wall: HandClock
) -> None:
    """Two instances on one Redis: each of ten tables' deadlines is acted on once, whichever polls first; then a
    third instance, started after the first two stopped, acts on a deadline they left."""
    stores = [RedisStore(redis_url, 600, namespace=fresh_namespace) for _ in range(3)]
    try:
        first, second = worker(stores[0], wall), worker(stores[1], wall)
        clock = {"move_seconds": 2, "on_timeout": "computer"}
        tables = [open_clocked(first if k % 2 else second, "briscola", clock) for k in range(10)]
        wall.now = START + 2
        assert deadlines_acted(first) + deadlines_acted(second) == 10
        for table in tables:
            timeouts = [event for event in events_of(table, table.owner) if event.get("reason") == "timeout"]
            assert len(timeouts) == 1
        # The first two stop before the tables' next deadlines come (their runners poll by themselves: on a busy
        # machine one that polled between the clock's step and its store's closing took some of the third's).
        stores[0].close()
        stores[1].close()
        wall.now = START + 4  # each table's next deadline, left to an instance that starts only now
        assert deadlines_acted(worker(stores[2], wall), polls=5) == 10
        for table in tables:
            assert sum(event.get("reason") == "timeout" for event in events_of(table, table.owner)) == 2
    finally:
        for store in stores:
            store.close()
