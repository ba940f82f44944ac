"""A table that runs itself (API.md, "Tables": seats and names, computer seats, a lost seat at a sealed table, the
first event), through HTTP on the embedded store."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.session_access import RUNNER, runner
from service.engine.games import GAMES
from tests.sessions.conftest import Table, bearer

IDLE_SECONDS = 60.0
"""How long the test lets the computer seats play before it calls the table stuck (a slow machine's margin)."""


def open_with_seats(client: FlaskClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> Table:
    body = {"game": game, "deal": {"players": len(seats), "seed": "server"}, "seats": seats, **extra}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return Table(client, made["id"], made["tokens"]["owner"], made["tokens"]["seats"], made)


def computers_done(app: Flask) -> None:
    """Wait until the app's computer seats have played every turn they were handed."""
    with app.app_context():
        assert runner().wait_idle(IDLE_SECONDS), "the computer seats did not finish"


def writing(table: Table, token: str) -> dict[str, str]:
    """A write's headers: the token, and the table's current ETag (every session write is conditional)."""
    return bearer(token, **{"If-Match": table.etag()})


def every_event(table: Table, token: str) -> list[dict[str, Any]]:
    response = table.client.get(f"{table.path}/events?after=0", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    events: list[dict[str, Any]] = response.get_json()["events"]
    return events


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ana", "Ana"),
        ("  Ana   María ", "Ana María"),  # outer spaces cut, inner runs made one
        ("Jose\u0301", "Jos\u00e9"),  # NFC: the same name whichever way the keyboard composed it
        ("x" * 32, "x" * 32),
        ("Ana\nBea", "Ana Bea"),  # a line break is a space, as any whitespace
        ("Nonna Pina \U0001f0a1", "Nonna Pina \U0001f0a1"),
    ],
)
def test_names_are_shown_normalized_to_every_token(client: FlaskClient, raw: str, shown: str) -> None:
    table = open_with_seats(client, "briscola", [{"name": raw}, {}], sealed=False)
    expected = [
        {"seat": 0, "name": shown, "computer": None, "connected": None, "reissued": 0},
        {"seat": 1, "name": None, "computer": None, "connected": None, "reissued": 0},
    ]
    assert table.created["seats"] == expected
    for token in [table.owner, *table.seats]:
        assert table.client.get(f"{table.path}/view", headers=bearer(token)).get_json()["seats"] == expected
    assert table.full().get_json()["seats"] == expected


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "x" * 33,
        "Ana\u202eoiraM",  # a right-to-left override would make one name read as another
        "Ana\u0000",
        "Ana\u200b",  # zero width space: a format character, invisible
        "Ana\ue000",  # private use
        7,
    ],
)
def test_names_that_cannot_be_shown_are_refused_with_their_field(client: FlaskClient, raw: Any) -> None:
    body = {"game": "briscola", "deal": {"players": 2, "seed": "server"}, "seats": [{}, {"name": raw}]}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400, response.get_json()
    assert response.content_type == "application/problem+json"
    assert [error["pointer"] for error in response.get_json()["errors"]] == ["/seats/1/name"]


@pytest.mark.parametrize("count", [1, 3])
def test_one_seat_entry_per_seat(client: FlaskClient, count: int) -> None:
    body = {"game": "briscola", "deal": {"players": 2, "seed": "server"}, "seats": [{}] * count}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400, response.get_json()
    assert [error["pointer"] for error in response.get_json()["errors"]] == ["/seats"]


def test_a_computer_seat_refuses_an_unknown_level(client: FlaskClient) -> None:
    body = {
        "game": "briscola",
        "deal": {"players": 2, "seed": "server"},
        "seats": [{}, {"computer": {"level": "x"}}],
    }
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400
    assert [error["pointer"] for error in response.get_json()["errors"]] == ["/seats/1/computer/level"]


def play_humans(table: Table, app: Flask, humans: set[int], seed: str) -> int:
    """Play the human seats' turns by their own tokens until the round is over; the computer seats play
    themselves. The number of human moves."""
    choose, moves_made = random.Random(seed), 0
    while True:
        computers_done(app)
        view = table.client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
        if view["round_over"]:
            return moves_made
        turn = view["turn"]
        assert turn in humans, f"seat {turn} is the computer's and was left to act"
        token = table.seats[turn]
        legal = table.client.get(f"{table.path}/legal-moves", headers=bearer(token)).get_json()["moves"]
        answer = table.client.post(
            f"{table.path}/moves", json={"move": choose.choice(legal)}, headers=writing(table, token)
        )
        assert answer.status_code == 200, answer.get_json()
        moves_made += 1


def test_computer_seats_play_by_themselves_with_by_computer(client: FlaskClient, app: Flask) -> None:
    """Four-player Briscola, seats 1 and 3 the computer's: the humans play only their own turns."""
    computer = {"computer": {"level": "greedy"}}
    table = open_with_seats(client, "briscola", [{"name": "Ana"}, computer, {"name": "Bea"}, computer])
    assert [seat["computer"] for seat in table.created["seats"]] == [None, "greedy", None, "greedy"]
    assert [seat["connected"] for seat in table.created["seats"]] == [None, True, None, True]
    human_moves = play_humans(table, app, {0, 2}, "four")
    moves = [event for event in every_event(table, table.owner) if event["type"] == "card_played"]
    assert len(moves) == 40 and human_moves == 20
    by_computer = [event["seat"] for event in moves if event.get("by") == "computer"]
    assert sorted(set(by_computer)) == [1, 3] and len(by_computer) == 20
    assert all("by" not in event for event in moves if event["seat"] in (0, 2))


def test_tables_of_computers_from_one_address_are_never_rate_limited(client: FlaskClient, app: Flask) -> None:
    """The issue's 429s: a backend that made the computer moves itself was charged for them. Twenty tables of
    two computer seats each play their whole round with no client call at all."""
    computer = {"computer": {"level": "random"}}
    tables = [open_with_seats(client, "briscola", [computer, computer]) for _ in range(20)]
    computers_done(app)
    for table in tables:
        view = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
        assert view["round_over"] is True
        played = [event for event in every_event(table, table.owner) if event["type"] == "card_played"]
        assert len(played) == 40 and all(event["by"] == "computer" for event in played)
    with app.app_context():
        assert app.extensions[RUNNER].played >= 20 * 40


def test_a_seat_handed_to_the_computer_and_back(client: FlaskClient, app: Flask) -> None:
    table = open_with_seats(client, "scopa", [{}, {}], sealed=False)
    turn = table.client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()["turn"]
    other = 1 - turn
    for token in (table.seats[other], "nonsense"):  # another seat's token, and no token of the table
        refused = client.post(
            f"{table.path}/seats/{turn}/computer",
            json={"computer": {"level": "greedy"}},
            headers=writing(table, token),
        )
        assert refused.status_code in (401, 403), refused.get_json()
    before = table.full().get_json()["version"]
    assert table.full().get_json()["version"] == before  # the refusals changed nothing
    handed = client.post(
        f"{table.path}/seats/{turn}/computer",
        json={"computer": {"level": "greedy"}},
        headers=writing(table, table.seats[turn]),
    )
    assert handed.status_code == 200, handed.get_json()
    assert handed.get_json()["seats"][turn]["computer"] == "greedy"
    computers_done(app)
    view = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    assert view["turn"] == other  # the computer played the seat's turn with no call
    back = client.delete(f"{table.path}/seats/{turn}/computer", headers=writing(table, table.owner))
    assert back.status_code == 200, back.get_json()
    assert back.get_json()["seats"][turn]["computer"] is None
    changes = [event for event in every_event(table, table.seats[other]) if event["type"] == "seat_changed"]
    assert [(event["seat"], event["computer"], event["to"]) for event in changes] == [
        (turn, "greedy", "all"),
        (turn, None, "all"),
    ]
    legal = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[other])).get_json()["moves"]
    client.post(f"{table.path}/moves", json={"move": legal[0]}, headers=writing(table, table.seats[other]))
    computers_done(app)
    view = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    assert view["turn"] == turn  # given back: the computer no longer plays it


def test_a_lost_seat_at_a_sealed_table_is_reissued_in_the_open(client: FlaskClient) -> None:
    table = open_with_seats(client, "briscola", [{"name": "Ana"}, {"name": "Bea"}, {"name": "Cora"}, {}])
    assert table.created["sealed"] is True
    lost = table.seats[2]
    for attempt in (1, 2):
        rotated = client.post(f"{table.path}/seats/2/token", headers=writing(table, table.owner))
        assert rotated.status_code == 200, rotated.get_json()
        table.seats[2] = rotated.get_json()["token"]
        stale = client.get(f"{table.path}/view", headers=bearer(lost))
        assert stale.status_code == 403 and stale.get_json()["code"] == "invalid_token"
        lost = table.seats[2]
        for token in [table.owner, *table.seats]:
            view = client.get(f"{table.path}/view", headers=bearer(token)).get_json()
            assert [seat["reissued"] for seat in view["seats"]] == [0, 0, attempt, 0]
            reissues = [event for event in every_event(table, token) if event["type"] == "seat_reissued"]
            assert [(event["seat"], event["count"], event["to"]) for event in reissues] == [
                (2, n, "all") for n in range(1, attempt + 1)
            ]
    other_seat = client.post(f"{table.path}/seats/2/token", headers=writing(table, table.seats[0]))
    assert other_seat.status_code == 403


@pytest.mark.parametrize("game", sorted(GAMES))
def test_reading_from_version_0_begins_with_the_whole_view(client: FlaskClient, game: str) -> None:
    players = GAMES[game].player_counts[0]
    table = open_with_seats(client, game, [{"name": f"P{seat}"} for seat in range(players)])
    for token in [table.owner, *table.seats]:
        view = client.get(f"{table.path}/view", headers=bearer(token)).get_json()
        first, *rest = every_event(table, token)
        assert first["type"] == "table" and first["version"] == table.created["version"]
        assert first["view"] == {
            key: value for key, value in view.items() if key not in ("seats", "match_over")
        }
        assert first["seats"] == view["seats"] and first["match_over"] == view["match_over"] is None
        assert all(event["version"] > 0 for event in rest)
        later = client.get(f"{table.path}/events?after=1", headers=bearer(token)).get_json()["events"]
        assert all(event["type"] != "table" for event in later)


def test_a_seat_resigns_for_its_side_and_the_match_is_over_for_every_token(client: FlaskClient) -> None:
    """API.md, tables, "The end of a match": a seat token concedes for its side; a public ``match_over`` event
    tells every token; nothing is played after it."""
    table = open_with_seats(client, "scopa", [{"name": "Ana"}, {"name": "Bea"}])
    spectator = table.created["tokens"]["spectator"]
    for token, code in ((table.owner, "forbidden_seat"), (spectator, "read_only_token")):
        refused = client.post(f"{table.path}/resign", headers=writing(table, token))
        assert refused.status_code == 403 and refused.get_json()["code"] == code
    resigned = client.post(f"{table.path}/resign", headers=writing(table, table.seats[1]))
    assert resigned.status_code == 200, resigned.get_json()
    body = resigned.get_json()
    expected = {
        "reason": "resigned",
        "seat": 1,
        "match": {"scores": [0, 0], "target": 11, "round": 1, "over": True, "winner": 0},
    }
    assert body["match_over"] == expected
    assert body["view"]["seat"] == 1 and body["view"]["hand"]  # the seat's own view, its cards still in hand
    for token in [table.owner, spectator, *table.seats]:
        over = [event for event in every_event(table, token) if event["type"] == "match_over"]
        assert over == [{"version": body["version"], "type": "match_over", "to": "all", **expected}]
        view = client.get(f"{table.path}/view", headers=bearer(token)).get_json()
        assert view["match_over"] == expected
    legal = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[0])).get_json()
    turn = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()["turn"]
    if legal["moves"]:
        late = client.post(
            f"{table.path}/moves", json={"move": legal["moves"][0]}, headers=writing(table, table.seats[turn])
        )
        assert late.status_code == 422 and late.get_json()["reason"] == "match_over"
    again = client.post(f"{table.path}/resign", headers=writing(table, table.seats[0]))
    assert again.status_code == 400 and again.get_json()["code"] == "match_over"
    dealt = client.post(
        f"{table.path}/next-round", json={"seed": "server"}, headers=writing(table, table.owner)
    )
    assert dealt.status_code == 400 and dealt.get_json()["code"] == "match_over"
    assert table.full().get_json()["version"] == body["version"]  # the refusals changed nothing


def test_a_resignation_among_three_names_the_leader_or_no_winner(client: FlaskClient) -> None:
    """Of three sides, the one ahead in the match totals wins over the side that concedes; a tie names none."""
    table = open_with_seats(client, "briscola", [{}, {}, {}])
    resigned = client.post(f"{table.path}/resign", headers=writing(table, table.seats[2])).get_json()
    assert resigned["match_over"]["match"]["winner"] is None and resigned["match_over"]["seat"] == 2


def test_a_match_played_to_its_end_is_announced(client: FlaskClient, app: Flask) -> None:
    """Briscola's match is one round by default (RULES.md, Briscola): the round's end is the match's, and a
    public ``match_over`` event with ``reason: "played"`` follows the ``round_over``."""
    computer = {"computer": {"level": "random"}}
    table = open_with_seats(client, "briscola", [computer, computer])
    computers_done(app)
    while (
        every_event(table, table.owner)[-1]["type"] != "match_over"
    ):  # a drawn round (60-60) decides nothing
        rounds = [event for event in every_event(table, table.owner) if event["type"] == "round_over"]
        assert rounds[-1]["score"]["match"]["over"] is False and len(rounds) < 10
        dealt = client.post(
            f"{table.path}/next-round", json={"seed": "server"}, headers=writing(table, table.owner)
        )
        assert dealt.status_code == 200, dealt.get_json()
        computers_done(app)
    events = every_event(table, table.owner)
    assert [event["type"] for event in events[-2:]] == ["round_over", "match_over"]
    over = events[-1]
    assert over["reason"] == "played" and over["match"] == events[-2]["score"]["match"]
    view = client.get(f"{table.path}/view", headers=bearer(table.seats[0])).get_json()
    assert view["match_over"] == {"reason": "played", "match": over["match"]}


def test_a_rematch_hands_each_seat_its_new_token_through_its_own_events_only(client: FlaskClient) -> None:
    """API.md, tables, "The end of a match": the owner opens the rematch; each seat finds its new token in a
    private ``rematch`` event on the old table; the owner and the spectators get the new id, never a seat token."""
    table = open_with_seats(client, "scopa", [{"name": "Ana"}, {}])
    spectator = table.created["tokens"]["spectator"]
    client.post(f"{table.path}/resign", headers=writing(table, table.seats[0]))
    refused = client.post(f"{table.path}/rematch", headers=writing(table, table.seats[1]))
    assert refused.status_code == 403
    made = client.post(f"{table.path}/rematch", headers=writing(table, table.owner))
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    new_id = body["id"]
    assert set(body["tokens"]) == {"owner", "spectator"} and body["previous"] == table.id
    assert body["sealed"] is True and [seat["name"] for seat in body["seats"]] == ["Ana", None]
    old_dealer = table.created["view"]["dealer"]
    assert body["view"]["dealer"] == (old_dealer + 1) % 2 and body["view"]["match"]["scores"] == [0, 0]
    for seat, token in enumerate(table.seats):
        rematches = [event for event in every_event(table, token) if event["type"] == "rematch"]
        private = [event for event in rematches if event["to"] == seat]
        assert [event["id"] for event in rematches] == [new_id, new_id] and len(private) == 1
        new_token = private[0]["token"]
        view = client.get(f"/v1/sessions/{new_id}/view", headers=bearer(new_token))
        assert view.status_code == 200 and view.get_json()["seat"] == seat
    for token in (table.owner, spectator):
        rematches = [event for event in every_event(table, token) if event["type"] == "rematch"]
        assert rematches == [
            {"version": rematches[0]["version"], "type": "rematch", "to": "all", "id": new_id}
        ]
    own = client.get(f"/v1/sessions/{new_id}/view", headers=bearer(body["tokens"]["owner"])).get_json()
    assert own["seat"] is None and own["hand"] is None  # the owner of the sealed rematch sees no hand


def test_the_owner_of_an_unsealed_table_reads_no_seat_token_of_the_rematch(client: FlaskClient) -> None:
    table = open_with_seats(client, "briscola", [{}, {}], sealed=False)
    made = client.post(f"{table.path}/rematch", headers=writing(table, table.owner)).get_json()
    rematches = [event for event in every_event(table, table.owner) if event["type"] == "rematch"]
    assert len(rematches) == 3 and all("token" not in event and "nonce" not in event for event in rematches)
    assert made["sealed"] is False
