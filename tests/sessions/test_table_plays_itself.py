"""A table that runs itself, through HTTP on SQLite and on Redis (issue 38, "Done when"): a four-player Briscola
with two computer seats and a clock of 2 s (``on_timeout: computer``) where one human seat goes silent for a whole
trick and comes back; every seat's events alone rebuild its view after every write. The wall clock is the
test's own, moved by hand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.api.session_access import WALL_CLOCK, runner
from service.storage import RedisStore, SessionStore, SqliteStore
from tests.clock import HandClock
from tests.sessions.conftest import bearer, cards_in, hidden_from, make_app
from tests.sessions.test_event_log import Picture, seen_in_view

START = 1_800_000_000.0
MOVE_SECONDS = 2


@pytest.fixture(params=["sqlite", pytest.param("redis", marks=pytest.mark.redis)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SessionStore]:
    if request.param == "sqlite":
        opened: SessionStore = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    else:
        url: str = request.getfixturevalue("redis_url")
        opened = RedisStore(url, 600, namespace=request.getfixturevalue("fresh_namespace"))
    yield opened
    opened.close()


def settle(app: Flask) -> None:
    """Let the service do what it does by itself: the deadlines due by the wall clock, the computer seats."""
    with app.app_context():
        acting = runner()
        acting.poll()
        assert acting.wait_idle(60.0), "the table did not settle"


def test_a_four_player_briscola_runs_itself_around_a_silent_seat(store: SessionStore) -> None:
    wall = HandClock(START)
    app = make_app(store, presence_seconds=30)
    app.extensions[WALL_CLOCK] = wall
    client = app.test_client()
    computer = {"computer": {"level": "greedy"}}
    body = {
        "game": "briscola",
        "deal": {"players": 4, "seed": "server"},
        "sealed": False,  # the test reads the true state to check that no event names a hidden card
        "seats": [{"name": "Ana"}, computer, {"name": "Bea"}, computer],
        "clock": {"move_seconds": MOVE_SECONDS, "on_timeout": "computer"},
    }
    created = client.post("/v1/sessions", json=body).get_json()
    path, owner, tokens = (
        f"/v1/sessions/{created['id']}",
        created["tokens"]["owner"],
        created["tokens"]["seats"],
    )
    pictures = [Picture(seat, 4) for seat in range(4)]
    read_up_to = [0] * 4
    choose = random.Random("silent seat")
    silent_turns = timeouts_seen = 0
    while True:
        settle(app)
        state = client.get(path, headers=bearer(owner)).get_json()["state"]
        for seat, token in enumerate(tokens):
            while True:  # a seat's read can append its presence event: read on to the view's version
                page = client.get(f"{path}/events?after={read_up_to[seat]}", headers=bearer(token)).get_json()
                read_up_to[seat] = page["version"]
                assert not cards_in(page["events"]) & hidden_from(state, seat)
                for event in page["events"]:
                    pictures[seat].apply(event)
                    timeouts_seen += seat == 0 and event.get("reason") == "timeout"
                read = client.get(f"{path}/view", headers=bearer(token))
                view = read.get_json()
                if read.headers["ETag"] == f'"{read_up_to[seat]}"':
                    break
            assert pictures[seat].fields == seen_in_view(view), f"seat {seat} at version {read_up_to[seat]}"
            assert pictures[seat].match_over == view["match_over"]
            assert pictures[seat].connected == [shown["connected"] for shown in view["seats"]]
        if state["round_over"]:
            break
        turn = state["turn"]
        assert turn in (0, 2), "a computer seat was left to act"
        trick_number = sum(map(len, state["captures"])) // 4  # the tricks taken so far
        if turn == 2 and trick_number in (3, 4):
            # Bea is silent through her turns of two tricks: her clock plays for her; then she comes back.
            wall.now += MOVE_SECONDS
            silent_turns += 1
            continue
        legal = client.get(f"{path}/legal-moves", headers=bearer(tokens[turn])).get_json()["moves"]
        etag = client.get(f"{path}/view", headers=bearer(tokens[turn])).headers["ETag"]
        moved = client.post(
            f"{path}/moves",
            json={"move": choose.choice(legal)},
            headers=bearer(tokens[turn], **{"If-Match": etag}),
        )
        assert moved.status_code == 200, moved.get_json()
        wall.now += 0.5
    assert silent_turns == timeouts_seen == 2
    events = client.get(f"{path}/events?after=0", headers=bearer(owner)).get_json()["events"]
    by_clock = [event["seat"] for event in events if event.get("reason") == "timeout"]
    assert set(by_clock) == {2}
    last_clock = [event for event in events if event["type"] == "clock"][-1]
    assert last_clock["clock"]["turn_deadline"] is None  # nobody is to move once the round is over
    assert all(isinstance(picture.table_events, list) for picture in pictures)
    final: dict[str, Any] = client.get(f"{path}/view", headers=bearer(tokens[0])).get_json()
    assert final["round_over"] is True
