"""Reading a session's events: pages, 304s, long polls and Server-Sent Events (API.md, tables: events).

No test here judges speed: a wait is proven by what it answers, a stream's heartbeat and end by a stepping clock.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api import event_stream
from service.api.session_records import load
from service.storage import LOG_LIMIT, MemoryStore

from .conftest import bearer, make_app


def new_table(client: FlaskClient, game: str = "scopa", players: int = 2, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "deal": {"players": players, "seed": 11}, **extra}
    created = client.post("/v1/sessions", json=body)
    assert created.status_code == 201, created.get_json()
    answer: dict[str, Any] = created.get_json()
    answer["path"] = f"/v1/sessions/{answer['id']}"
    return answer


def play_one(client: FlaskClient, table: dict[str, Any]) -> dict[str, Any]:
    owner = table["tokens"]["owner"]
    current = client.get(table["path"], headers=bearer(owner))
    state = current.get_json()["state"]
    token = table["tokens"]["seats"][state["turn"]]
    moves = client.get(f"{table['path']}/legal-moves", headers=bearer(token)).get_json()["moves"]
    played = client.post(
        f"{table['path']}/moves",
        json={"move": moves[0]},
        headers=bearer(token, **{"If-Match": current.headers["ETag"]}),
    )
    assert played.status_code == 200, played.get_json()
    answer: dict[str, Any] = played.get_json()
    return answer


def test_a_page_holds_the_events_after_the_version_asked_and_says_where_the_log_starts(
    client: FlaskClient,
) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    played = play_one(client, table)
    page = client.get(f"{table['path']}/events?after=1", headers=bearer(seat)).get_json()
    assert page["version"] == played["version"] == 2
    assert page["first_version"] == 1
    assert [event["version"] for event in page["events"]] == [2] * len(page["events"])
    assert page["events"][0]["type"] == "card_played"
    assert page["events"][0]["move"] == played["events"][0]["move"]  # what replay takes, as it was played
    everything = client.get(f"{table['path']}/events", headers=bearer(seat)).get_json()
    # From version 0 the page begins with the table as the seat sees it now (API.md, tables, "The first event"),
    # then the whole log.
    assert everything["events"][0]["type"] == "table" and everything["events"][0]["version"] == 2
    assert everything["events"][0]["view"]["seat"] == 0 and everything["events"][1]["version"] == 1


def test_an_unchanged_log_answers_304_to_its_etag_and_a_changed_one_in_full(client: FlaskClient) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][1]
    first = client.get(f"{table['path']}/events", headers=bearer(seat))
    again = client.get(
        f"{table['path']}/events?after=1", headers=bearer(seat, **{"If-None-Match": first.headers["ETag"]})
    )
    assert again.status_code == 304 and again.data == b""
    play_one(client, table)
    moved = client.get(
        f"{table['path']}/events?after=1", headers=bearer(seat, **{"If-None-Match": first.headers["ETag"]})
    )
    assert moved.status_code == 200 and moved.get_json()["events"]


@pytest.mark.parametrize("after", [0, 1])
def test_a_page_answers_304_to_its_own_etag(client: FlaskClient, after: int) -> None:
    """docs/sessions.md, conditional reads: the events too, the page from version 0 (the whole log) included."""
    table = new_table(client)
    play_one(client, table)
    seat = table["tokens"]["seats"][1]
    page = client.get(f"{table['path']}/events?after={after}", headers=bearer(seat))
    assert page.status_code == 200 and page.get_json()["events"]
    again = client.get(
        f"{table['path']}/events?after={after}", headers=bearer(seat, **{"If-None-Match": page.headers["ETag"]})
    )
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == page.headers["ETag"]


@pytest.mark.parametrize(
    "query",
    [
        "after=-1",
        "after=x",
        "after=1e3",
        "wait=31",
        "wait=-1",
        "wait=abc",
        "wait=0.5",
        "after=" + "9" * 19,
    ],
)
def test_a_malformed_after_or_wait_is_a_400_naming_the_field(client: FlaskClient, query: str) -> None:
    table = new_table(client)
    answer = client.get(f"{table['path']}/events?{query}", headers=bearer(table["tokens"]["seats"][0]))
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["pointer"] == "/" + query.split("=")[0]


@pytest.mark.parametrize("accept", ["application/json", "text/event-stream"])
@pytest.mark.parametrize("header", ["|y?$ot+I(NvgLT", "-1", "1.5", "9" * 19, ""])
def test_a_malformed_last_event_id_is_a_400_for_a_page_and_for_a_stream(
    client: FlaskClient, accept: str, header: str
) -> None:
    # The contract gives Last-Event-ID a version's pattern; a page reads ?after, yet a header it could not
    # read is refused there too, not silently passed over.
    table = new_table(client)
    headers = bearer(table["tokens"]["seats"][0], Accept=accept, **{"Last-Event-ID": header})
    answer = client.get(f"{table['path']}/events", headers=headers)
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["pointer"] == "/Last-Event-ID"


def test_a_page_with_a_well_formed_last_event_id_reads_after(client: FlaskClient) -> None:
    table = new_table(client)
    headers = bearer(table["tokens"]["seats"][0], **{"Last-Event-ID": "7"})
    answer = client.get(f"{table['path']}/events?after=0", headers=headers)
    assert answer.status_code == 200 and answer.get_json()["events"]


def test_no_token_reads_no_events_and_a_stranger_learns_nothing(client: FlaskClient) -> None:
    table = new_table(client)
    assert client.get(f"{table['path']}/events").status_code == 401
    assert client.get(f"{table['path']}/events", headers=bearer("x" * 43)).status_code == 403
    other = new_table(client)
    assert client.get(f"{table['path']}/events", headers=bearer(other["tokens"]["owner"])).status_code == 403


def test_a_long_poll_answers_when_a_move_is_made(client: FlaskClient, app: Flask) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    answers: list[Any] = []
    waiter = threading.Thread(
        target=lambda: answers.append(
            app.test_client().get(f"{table['path']}/events?after=1&wait=30", headers=bearer(seat))
        )
    )
    waiter.start()
    while not app.extensions["event_hub"].waiting:  # the reader is parked on the hub
        waiter.join(0.01)
        assert waiter.is_alive() or answers
    play_one(client, table)
    waiter.join(30)
    assert not waiter.is_alive()
    assert answers[0].status_code == 200
    assert answers[0].get_json()["events"][0]["type"] == "card_played"


def test_a_long_poll_with_nothing_new_answers_an_empty_page_or_a_304(client: FlaskClient) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    empty = client.get(f"{table['path']}/events?after=1&wait=1", headers=bearer(seat))
    assert empty.status_code == 200 and empty.get_json()["events"] == []
    unchanged = client.get(
        f"{table['path']}/events?after=1&wait=1",
        headers=bearer(seat, **{"If-None-Match": empty.headers["ETag"]}),
    )
    assert unchanged.status_code == 304


def test_waiting_places_are_bounded_per_client(store: Any) -> None:
    app = make_app(store, event_waiters_per_client=0)
    client = app.test_client()
    table = new_table(client)
    refused = client.get(
        f"{table['path']}/events?after=1&wait=1", headers=bearer(table["tokens"]["seats"][0])
    )
    assert refused.status_code == 503
    assert refused.get_json()["code"] == "too_many_waiting" and refused.headers["Retry-After"]
    assert (
        client.get(f"{table['path']}/events?after=1", headers=bearer(table["tokens"]["seats"][0])).status_code
        == 200
    )


# -- Server-Sent Events ---------------------------------------------------------------------------------------


def sse(chunks: Iterable[bytes]) -> list[dict[str, Any]]:
    """The messages of some chunks of a stream: each a dict of its fields, ``data`` parsed."""
    out = []
    for block in b"".join(chunks).decode().split("\n\n"):
        if not block:
            continue
        fields: dict[str, Any] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ") if not line.startswith(":") else ("comment", "", line[2:])
            fields[name] = orjson.loads(value) if name == "data" else value
        out.append(fields)
    return out


def open_stream(client: FlaskClient, path: str, token: str, **headers: str) -> Any:
    response = client.get(
        f"{path}/events", headers=bearer(token, Accept="text/event-stream", **headers), buffered=False
    )
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    return response


@pytest.mark.parametrize(
    ("accept", "streams"),
    [
        ("*/*", False),  # what curl, requests and most HTTP libraries send unasked: the page, not a stream
        ("", False),
        ("application/json", False),
        ("text/*", False),
        ("text/event-stream", True),  # what EventSource sends
        ("text/event-stream, */*", True),
        ("application/json;q=0.5, text/event-stream", True),
        ("application/json, text/event-stream;q=0.5", False),
        ("text/event-stream;q=0", False),
    ],
)
def test_only_a_client_naming_event_stream_gets_a_stream(client: FlaskClient, accept: str, streams: bool) -> None:
    table = new_table(client)
    answer = client.get(
        f"{table['path']}/events", headers=bearer(table["tokens"]["seats"][0], Accept=accept), buffered=False
    )
    assert answer.status_code == 200
    assert answer.mimetype == ("text/event-stream" if streams else "application/json")
    answer.close()


def test_a_stream_sends_each_event_with_the_version_on_the_last_of_it_and_resumes(
    client: FlaskClient,
) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    stream = open_stream(client, table["path"], seat)
    chunks = iter(stream.response)
    assert sse([next(chunks)]) == [{"retry": "2000"}]
    starting = sse([next(chunks)])  # the table as the seat sees it, with no id: resuming never repeats it
    assert [m["event"] for m in starting] == ["table"] and "id" not in starting[0]
    assert starting[0]["data"]["view"]["hand"] is not None and starting[0]["data"]["version"] == 1
    opening = sse([next(chunks)])
    assert [m["event"] for m in opening] == [m["data"]["type"] for m in opening]
    assert [m.get("id") for m in opening] == [None] * (len(opening) - 1) + ["1"]
    assert all(m["data"]["to"] in ("all", 0) for m in opening)
    play_one(client, table)
    moved = sse([next(chunks)])
    assert moved[0]["data"]["type"] == "card_played" and moved[-1]["id"] == "2"
    stream.close()
    resumed = open_stream(client, table["path"], seat, **{"Last-Event-ID": "1"})
    chunks = iter(resumed.response)
    next(chunks)
    assert sse([next(chunks)]) == moved
    resumed.close()


def test_a_stream_closes_when_its_token_is_revoked(client: FlaskClient) -> None:
    table = new_table(client)
    owner, seat = table["tokens"]["owner"], table["tokens"]["seats"][1]
    chunks = iter(open_stream(client, table["path"], seat).response)
    next(chunks), next(chunks), next(chunks)  # the retry, the table, the deal
    etag = client.get(table["path"], headers=bearer(owner)).headers["ETag"]
    rotated = client.post(f"{table['path']}/seats/1/token", headers=bearer(owner, **{"If-Match": etag}))
    assert rotated.status_code == 200, rotated.get_json()
    assert list(chunks) == []


def test_a_quiet_stream_waits_on_the_workers_one_timer_and_gives_its_place_back_on_news(
    app: Flask, client: FlaskClient
) -> None:
    """A stream's wait makes no timer of its own (service/sessions/alarms.py): it is a place on the hub's alarms,
    held while the stream is quiet and given back when a move wakes it."""
    table = new_table(client)
    alarms = app.extensions["event_hub"].alarms
    chunks = iter(open_stream(client, table["path"], table["tokens"]["seats"][0]).response)
    next(chunks), next(chunks), next(chunks)  # the retry, the table, the deal
    parked: list[int] = []

    def move_once_parked() -> None:
        while not alarms.pending:  # the stream is parked until its first beat, on the one timer
            threading.Event().wait(0.01)
        parked.append(alarms.pending)
        play_one(app.test_client(), table)

    mover = threading.Thread(target=move_once_parked, daemon=True)
    mover.start()
    moved = next(chunks)
    mover.join(30)
    assert parked == [1]
    assert b"card_played" in moved
    assert alarms.pending == 0  # the stream, suspended at its message, holds no place


class SteppingWake(threading.Event):
    """A wake-up that never comes: waiting moves the stepping clock on by the whole timeout."""

    def __init__(self, clock: list[float]) -> None:
        super().__init__()
        self.clock = clock

    def wait(self, timeout: float | None = None) -> bool:
        self.clock[0] += timeout or 0.0
        return False


def test_a_quiet_stream_beats_every_15_seconds_and_ends_at_its_lifetime(
    app: Flask, client: FlaskClient
) -> None:
    table = new_table(client)
    seat = table["tokens"]["seats"][0]
    clock = [100.0]
    with app.test_request_context(headers=bearer(seat)):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 40.0)
        messages = sse(iter(list(stream.messages())))
    assert messages == [{"retry": "2000"}, {"comment": "heartbeat"}, {"comment": "heartbeat"}]
    assert clock[0] == 140.0


def test_a_stream_beats_first_when_it_is_told_then_every_15_seconds(app: Flask, client: FlaskClient) -> None:
    """The first beat is spread (the route draws it in 5-20 s), so streams opened together do not beat together."""
    table = new_table(client)
    clock, beats = [100.0], []
    with app.test_request_context(headers=bearer(table["tokens"]["seats"][0])):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 40.0, 9.0)
        for chunk in stream.messages():
            if chunk.startswith(b": heartbeat"):
                beats.append(clock[0])
    assert beats == [109.0, 124.0, 139.0]


def test_the_route_draws_each_streams_first_beat_over_a_whole_period_and_its_first_look_in_15_to_30_s(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn over a whole 15 s period, the beats of streams opened in a burst are even in every period after it;
    over half of one, 10,000 streams beat 1,300 a second at the peak and 30 at the trough (``bench/streams.py``).
    Never before 5 s: a closed stream's place is seen free by its socket, not by a first heartbeat's write."""
    table = new_table(client)
    drawn: list[tuple[float, float]] = []

    def uniform(low: float, high: float) -> float:
        drawn.append((low, high))
        return low

    monkeypatch.setattr(event_stream.random, "uniform", uniform)
    open_stream(client, table["path"], table["tokens"]["seats"][0]).close()
    assert drawn[:2] == [(5.0, 5.0 + event_stream.HEARTBEAT_SECONDS), (15.0, 30.0)]
    assert event_stream.HEARTBEAT_SECONDS == 15.0


def test_a_revocation_whose_wake_up_was_lost_ends_the_stream_within_the_recheck(
    app: Flask, client: FlaskClient
) -> None:
    table = new_table(client)
    owner, seat = table["tokens"]["owner"], table["tokens"]["seats"][1]
    clock = [100.0]
    with app.test_request_context(headers=bearer(seat)):
        loaded = load(table["id"])
        stream = event_stream.Stream(table["id"], loaded, 1, SteppingWake(clock), lambda: clock[0], 600.0)
        messages = stream.messages()
        next(messages), next(messages)  # the retry, then the first heartbeat
    revoked_at = clock[0]
    etag = client.get(table["path"], headers=bearer(owner)).headers["ETag"]
    assert client.post(f"{table['path']}/seats/1/token", headers=bearer(owner, **{"If-Match": etag})).status_code == 200
    with app.test_request_context(headers=bearer(seat)):
        assert list(messages) == []
    assert revoked_at < clock[0] <= revoked_at + event_stream.RECHECK_SECONDS


def test_the_log_keeps_its_last_entries_and_says_where_it_starts() -> None:
    store = MemoryStore(3600)
    snapshot = store.create(b"{}", events=b"[]")
    for version in range(1, LOG_LIMIT + 5):
        snapshot = store.replace(snapshot.id, version, b"{}", b"[]")
    log = store.events(snapshot.id, 0)
    assert log.start == snapshot.version - LOG_LIMIT + 1
    assert len(log.entries) == LOG_LIMIT
