"""Capabilities, not ids: whole matches where every seat holds only its own token, and every forbidden action.

No answer to a seat ever shows another seat's cards or the stock; the owner sees everything. Every refused request
is a 401/403 (or 4xx) problem and changes nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from .conftest import Table, bearer, cards_in, deal, hidden_from, open_table

PROBLEM = "application/problem+json"


def keys_in(value: Any) -> set[str]:
    """Every key in a JSON value; ``stock`` only where it is the card list (a count of it is public)."""
    if isinstance(value, dict):
        own = {key for key, item in value.items() if key != "stock" or isinstance(item, list)}
        return own | {key for item in value.values() for key in keys_in(item)}
    if isinstance(value, list):
        return {key for item in value for key in keys_in(item)}
    return set()


def seat_answer(response: TestResponse, seat: int, state: dict[str, Any]) -> dict[str, Any]:
    """A 200 for one seat that shows nothing that seat may not see in ``state``."""
    assert response.status_code == 200, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    body: dict[str, Any] = response.get_json()
    leaked = cards_in(body) & hidden_from(state, seat)
    assert not leaked, f"seat {seat} was shown {sorted(leaked)}"
    assert "stock" not in keys_in(body) and "hands" not in keys_in(body) and "tokens" not in keys_in(body)
    return body


def play_match(client: FlaskClient, game: str, players: int, seed: int, **deal_body: Any) -> dict[str, int]:
    """Play a whole match through one session: each seat reads and plays with its own token only."""
    table = open_table(client, game, players=players, seed=seed, **deal_body)
    rng = random.Random(seed)
    counts = {"rounds": 1, "moves": 0, "exchanges": 0, "seat_answers": 0}
    while True:
        state = table.state()  # the owner sees everything
        assert len(state["hands"]) == players and "stock" in state
        if state["round_over"]:
            score = client.post(f"/v1/games/{game}/score", json={"state": state}).get_json()
            if score["match"]["over"]:
                return counts
            assert counts["rounds"] < 15, "the match should have ended"
            following = client.post(
                f"/v1/games/{game}/deal", json={"seed": seed + counts["rounds"], "previous": state}
            )
            assert following.status_code == 200, following.get_json()
            replaced = client.put(
                table.path,
                json={"state": following.get_json()["state"]},
                headers=bearer(table.owner, **{"If-Match": table.etag()}),
            )
            assert replaced.status_code == 200, replaced.get_json()
            counts["rounds"] += 1
            continue
        turn = state["turn"]
        moves: list[dict[str, Any]] = []
        etag = ""
        for seat in range(players):
            view = seat_answer(
                table.client.get(f"{table.path}/view", headers=bearer(table.seats[seat])), seat, state
            )
            assert view["seat"] == seat and view["hand"] == state["hands"][seat]
            legal = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[seat]))
            listed = seat_answer(legal, seat, state)
            assert listed["seat"] == seat and listed["turn"] == turn
            if seat == turn:
                moves, etag = listed["moves"], legal.headers["ETag"]
                assert moves and listed["total"] == len(moves)
            else:
                assert listed["moves"] == []
            counts["seat_answers"] += 2
        move = rng.choice(moves)
        played = client.post(
            f"{table.path}/moves",
            json={"move": move},
            headers=bearer(table.seats[turn], **{"If-Match": etag}),
        )
        after = table.state()
        body = seat_answer(played, turn, after)
        assert body["view"]["seat"] == turn and body["view"]["hand"] == after["hands"][turn]
        assert played.headers["ETag"] == table.etag()
        counts["moves"] += 1
        counts["exchanges"] += "exchange" in move
        counts["seat_answers"] += 1


@pytest.mark.parametrize(
    ("game", "deal_body"),
    [
        ("scopone", {}),
        ("escoba", {"rules": {"target": 11}}),
        ("briscola", {"preset": "stargames", "rules": {"rounds_to_win": 2}}),
    ],
    ids=["scopone", "escoba", "briscola-exchanges"],
)
def test_a_whole_four_player_match_where_each_seat_uses_only_its_token(
    client: FlaskClient, game: str, deal_body: dict[str, Any]
) -> None:
    counts = play_match(client, game, 4, 7, **deal_body)
    assert counts["moves"] >= 36 * counts["rounds"] - 4 * counts["rounds"]
    assert counts["rounds"] >= 2 or game == "briscola"
    assert counts["seat_answers"] > counts["moves"] * 8


def test_briscola_exchanges_are_played_by_the_seat_on_turn(client: FlaskClient) -> None:
    """Find a deal where the seat to act may exchange, and exchange with its own token."""
    for seed in range(200):
        state = deal(client, "briscola", players=2, seed=seed, preset="stargames")
        listed = client.post("/v1/games/briscola/legal-moves", json={"state": state}).get_json()
        exchanges = [move for move in listed["moves"] if "exchange" in move]
        if exchanges:
            break
    else:  # pragma: no cover - the seeds above hold several
        pytest.fail("no deal with an exchange")
    table = open_table(client, "briscola", state=state)
    turn = state["turn"]
    other = table.seats[1 - turn]
    refused = client.post(
        f"{table.path}/moves", json={"move": exchanges[0]}, headers=bearer(other, **{"If-Match": '"1"'})
    )
    assert refused.status_code == 403 and refused.get_json()["code"] == "not_your_turn"
    done = client.post(
        f"{table.path}/moves",
        json={"move": exchanges[0]},
        headers=bearer(table.seats[turn], **{"If-Match": '"1"'}),
    )
    body = seat_answer(done, turn, table.state())
    assert body["events"][0]["type"] == "trump_exchanged"
    assert body["view"]["trump_card"] == exchanges[0]["exchange"]


def test_create_returns_one_token_per_seat_and_an_owner_token(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=3, seed=5)
    tokens = [table.owner, *table.seats]
    assert len(table.seats) == 3 and len(set(tokens)) == 4
    assert all(len(token) >= 43 for token in tokens)  # 256 random bits
    created = table.created
    assert created["version"] == 1 and created["state"]["players"] == 3
    raw = client.application.extensions["session_store"].get(table.id).document
    for token in tokens:  # only digests are stored
        assert token.encode() not in raw


def test_the_owner_reads_everything_and_any_seat_view(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=3)
    state = table.state()
    for seat in (0, 1):
        view = client.get(f"{table.path}/view?seat={seat}", headers=bearer(table.owner))
        assert view.status_code == 200 and view.get_json()["hand"] == state["hands"][seat]
    listed = client.get(f"{table.path}/legal-moves", headers=bearer(table.owner)).get_json()
    assert listed["seat"] == state["turn"] and listed["moves"]
    other = client.get(
        f"{table.path}/legal-moves?seat={1 - state['turn']}", headers=bearer(table.owner)
    ).get_json()
    assert other["moves"] == [] and other["turn"] == state["turn"]


def test_the_owner_may_play_for_the_seat_on_turn(client: FlaskClient) -> None:
    table = open_table(client, "briscola")
    state = table.state()
    card = state["hands"][state["turn"]][0]
    played = client.post(
        f"{table.path}/moves",
        json={"move": {"card": card}},
        headers=bearer(table.owner, **{"If-Match": '"1"'}),
    )
    assert played.status_code == 200
    body = played.get_json()
    assert body["version"] == 2 and body["state"]["trick"] == [{"seat": state["turn"], "card": card}]
    expected = client.post(
        "/v1/games/briscola/play", json={"state": state, "move": {"card": card}}
    ).get_json()
    assert body["state"] == expected["state"]
    # The same events, the move's own one naming the move as it was played (what replay takes from the log).
    assert body["events"] == [{**expected["events"][0], "move": {"card": card}}, *expected["events"][1:]]


def test_a_seat_view_matches_the_stateless_view(client: FlaskClient) -> None:
    table = open_table(client, "scopa", players=2, seed=9)
    state = table.state()
    response = client.get(f"{table.path}/view", headers=bearer(table.seats[1], **{"Accept-Language": "it"}))
    stateless = client.post(
        "/v1/games/scopa/view", json={"state": state, "seat": 1}, headers={"Accept-Language": "it"}
    )
    # A session's answers to a seat also say whether the host could look (docs/fairness.md, sealed tables), and
    # who sits at the table (API.md, tables, "Seats and names").
    seated = response.get_json()
    assert seated.pop("seats") == [
        {"seat": seat, "name": None, "computer": None, "connected": None, "reissued": 0} for seat in (0, 1)
    ]
    assert seated.pop("match_over") is None  # the match goes on (API.md, tables, "The end of a match")
    assert seated == {**stateless.get_json(), "sealed": False}
    assert response.headers["ETag"] == '"1"' and response.headers["Content-Language"] == "it"
    same = client.get(
        f"{table.path}/view?seat=1", headers=bearer(table.seats[1], **{"Accept-Language": "it"})
    )
    assert same.get_json() == response.get_json()


# -- every forbidden action ------------------------------------------------------------------------------


def forbidden_cases(table: Table, other: Table) -> list[tuple[str, str, str, dict[str, str], Any, int, str]]:
    state = table.state()
    turn, idle = state["turn"], 1 - state["turn"]
    card = {"card": state["hands"][turn][0]}
    seat, idler, owner = table.seats[turn], table.seats[idle], table.owner
    match = {"If-Match": '"1"'}
    p = table.path
    no_token = [
        ("GET", p, {}),
        ("PUT", p, match),
        ("DELETE", p, match),
        ("POST", f"{p}/moves", match),
        ("GET", f"{p}/view", {}),
        ("GET", f"{p}/legal-moves", {}),
        ("POST", f"{p}/seats/0/token", match),
        ("POST", f"{p}/next-round", match),
    ]
    cases: list[tuple[str, str, str, dict[str, str], Any, int, str]] = []
    for method, path, headers in no_token:
        body = {"state": state} if method == "PUT" else ({"move": card} if path.endswith("moves") else None)
        body = {"seed": 1} if path.endswith("next-round") else body
        cases.append(
            (f"no token {method} {path[len(p) :] or '/'}", method, path, headers, body, 401, "token_required")
        )
    cases += [
        (
            "basic auth",
            "GET",
            f"{p}/view",
            {"Authorization": "Basic dXNlcjpwYXNz"},
            None,
            401,
            "token_required",
        ),
        ("empty bearer", "GET", f"{p}/view", {"Authorization": "Bearer "}, None, 401, "token_required"),
        ("seat reads the full state", "GET", p, bearer(seat), None, 403, "owner_token_required"),
        (
            "seat replaces the state",
            "PUT",
            p,
            bearer(seat, **match),
            {"state": state},
            403,
            "owner_token_required",
        ),
        ("seat deletes", "DELETE", p, bearer(seat, **match), None, 403, "owner_token_required"),
        (
            "seat rotates a token",
            "POST",
            f"{p}/seats/{idle}/token",
            bearer(seat, **match),
            None,
            403,
            "owner_token_required",
        ),
        (
            "seat views another seat",
            "GET",
            f"{p}/view?seat={idle}",
            bearer(seat),
            None,
            403,
            "forbidden_seat",
        ),
        (
            "seat lists another seat's moves",
            "GET",
            f"{p}/legal-moves?seat={turn}",
            bearer(idler),
            None,
            403,
            "forbidden_seat",
        ),
        ("seat plays out of turn", "POST", f"{p}/moves", bearer(idler, **match), card, 403, "not_your_turn"),
        ("another session's owner token", "GET", p, bearer(other.owner), None, 403, "invalid_token"),
        (
            "another session's seat token",
            "GET",
            f"{p}/view",
            bearer(other.seats[0]),
            None,
            403,
            "invalid_token",
        ),
        ("an invented token", "DELETE", p, bearer("x" * 43, **match), None, 403, "invalid_token"),
        ("owner view of seat 7", "GET", f"{p}/view?seat=7", bearer(owner), None, 400, "validation_error"),
        (
            "owner move without If-Match",
            "POST",
            f"{p}/moves",
            bearer(owner),
            card,
            428,
            "precondition_required",
        ),
        (
            "stale If-Match",
            "POST",
            f"{p}/moves",
            bearer(seat, **{"If-Match": '"2"'}),
            card,
            412,
            "precondition_failed",
        ),
        (
            "weak If-Match",
            "POST",
            f"{p}/moves",
            bearer(seat, **{"If-Match": 'W/"1"'}),
            card,
            412,
            "weak_etag",
        ),
        (
            "bare If-Match",
            "POST",
            f"{p}/moves",
            bearer(seat, **{"If-Match": "1"}),
            card,
            400,
            "invalid_if_match",
        ),
        (
            "illegal move",
            "POST",
            f"{p}/moves",
            bearer(seat, **match),
            {"card": state["hands"][idle][0]},
            422,
            "illegal_move",
        ),
        ("bad move", "POST", f"{p}/moves", bearer(seat, **match), {"card": "77"}, 400, "validation_error"),
        (
            "PUT of an impossible state",
            "PUT",
            p,
            bearer(owner, **match),
            {"state": {**state, "hands": [state["hands"][0][:1], *state["hands"][1:]]}},
            400,
            "missing_cards",
        ),
        (
            "PUT changing the seats",
            "PUT",
            p,
            bearer(owner, **match),
            {"state": deal(table.client, "briscola", players=3, seed=4)},
            400,
            "validation_error",
        ),
        (
            "rotate seat 9",
            "POST",
            f"{p}/seats/9/token",
            bearer(owner, **match),
            None,
            400,
            "validation_error",
        ),
        ("stale delete", "DELETE", p, bearer(owner, **{"If-Match": '"5"'}), None, 412, "precondition_failed"),
        (
            "seat deals the next round",
            "POST",
            f"{p}/next-round",
            bearer(seat, **match),
            {"seed": "server"},
            403,
            "owner_token_required",
        ),
        (
            "next round before the last card",
            "POST",
            f"{p}/next-round",
            bearer(owner, **match),
            {"seed": "server"},
            400,
            "round_not_over",
        ),
    ]
    return cases


def test_every_forbidden_action_is_refused_and_changes_nothing(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("DEBUG")
    table, other = open_table(client, "briscola"), open_table(client, "briscola", seed=2)
    before, etag = table.state(), table.etag()
    for name, method, path, headers, body, status, code in forbidden_cases(table, other):
        kwargs: dict[str, Any] = {"headers": headers}
        if body is not None:
            kwargs["json"] = body if {"state", "seed"} & set(body) or method != "POST" else {"move": body}
            if "move" in body or "state" in body:
                kwargs["json"] = body
        response = client.open(path, method=method, **kwargs)
        assert response.status_code == status, (name, response.get_json())
        assert response.mimetype == PROBLEM and response.get_json()["code"] == code, name
        assert response.headers["Cache-Control"] == "no-store", name
        if status == 401:
            assert response.headers["WWW-Authenticate"].startswith("Bearer"), name
        assert table.state() == before and table.etag() == etag, f"{name} changed the session"
    # Everyone's token still works afterwards.
    for seat, token in enumerate(table.seats):
        assert client.get(f"{table.path}/view", headers=bearer(token)).get_json()["seat"] == seat
    # No token was ever written to a log, and the session's own log lines name it by a short hash only.
    logged = "\n".join(record.getMessage() + repr(record.__dict__) for record in caplog.records)
    assert logged
    for token in (table.owner, *table.seats, other.owner, *other.seats):
        assert token not in logged
    for record in caplog.records:
        if record.name == "service.sessions":
            assert table.id not in record.getMessage() and other.id not in record.getMessage()


def test_a_malformed_id_is_not_found_and_an_unknown_one_is_no_different_from_a_wrong_token(
    client: FlaskClient,
) -> None:
    for path in ("/v1/sessions/nope", "/v1/sessions/" + "a" * 4000, "/v1/sessions/nope/view"):
        response = client.get(path)
        assert response.status_code == 404 and response.get_json()["code"] == "session_not_found"
    unknown = "/v1/sessions/" + "A" * 32
    assert client.get(unknown).status_code == 401
    existing = open_table(client, "briscola")
    for path in (unknown, existing.path):  # an id alone does not tell whether its session exists
        response = client.get(path, headers=bearer("y" * 43))
        assert response.status_code == 403 and response.get_json()["code"] == "invalid_token"


# -- tokens are rotated and revoked by the owner -------------------------------------------------------------


def test_the_owner_replaces_a_seat_token_and_the_old_one_stops_working(client: FlaskClient) -> None:
    table = open_table(client, "briscola")
    old = table.seats[1]
    rotated = client.post(f"{table.path}/seats/1/token", headers=bearer(table.owner, **{"If-Match": '"1"'}))
    assert rotated.status_code == 200 and rotated.headers["Cache-Control"] == "no-store"
    body = rotated.get_json()
    assert body["seat"] == 1 and body["version"] == 2 and rotated.headers["ETag"] == '"2"'
    new = body["token"]
    assert new != old and len(new) >= 43
    refused = client.get(f"{table.path}/view", headers=bearer(old))
    assert refused.status_code == 403 and refused.get_json()["code"] == "invalid_token"
    assert client.get(f"{table.path}/view", headers=bearer(new)).get_json()["seat"] == 1
    assert client.get(f"{table.path}/view", headers=bearer(table.seats[0])).get_json()["seat"] == 0
    stale = client.post(f"{table.path}/seats/1/token", headers=bearer(table.owner, **{"If-Match": '"1"'}))
    assert stale.status_code == 412  # the rotation is a write like any other
    assert client.get(f"{table.path}/view", headers=bearer(new)).status_code == 200


# -- If-Match per RFC 9110 --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "status", "code"),
    [
        ('"1"', 200, None),
        ("*", 200, None),
        ('"7", "1"', 200, None),
        (' "1" , W/"1"', 200, None),
        ('W/"1"', 412, "weak_etag"),
        ('W/"1", "9"', 412, "weak_etag"),
        ('"2"', 412, "precondition_failed"),
        ('"2", "3"', 412, "precondition_failed"),
        ('"abc"', 412, "precondition_failed"),
        ('"01"', 412, "precondition_failed"),
        ('"99999999999999999999999"', 412, "precondition_failed"),
        ("1", 400, "invalid_if_match"),
        ("1,2", 400, "invalid_if_match"),
        ('"1" "2"', 400, "invalid_if_match"),
        ("W/", 400, "invalid_if_match"),
        ('"1', 400, "invalid_if_match"),
        ("", 428, "precondition_required"),
        (" ", 428, "precondition_required"),
    ],
)
def test_if_match(client: FlaskClient, header: str, status: int, code: str | None) -> None:
    table = open_table(client, "briscola")
    state = table.state()
    response = client.put(
        table.path, json={"state": state}, headers=bearer(table.owner, **{"If-Match": header})
    )
    assert response.status_code == status, response.get_json()
    if code is not None:
        assert response.get_json()["code"] == code
        assert table.etag() == '"1"'
    if status == 412:
        assert response.headers["ETag"] == '"1"'
    if code == "weak_etag":
        assert "weak" in response.get_json()["detail"]


def test_after_delete_no_token_opens_the_session(client: FlaskClient) -> None:
    table = open_table(client, "briscola")
    deleted = client.delete(table.path, headers=bearer(table.owner, **{"If-Match": '"1"'}))
    assert (
        deleted.status_code == 204 and deleted.data == b"" and deleted.headers["Cache-Control"] == "no-store"
    )
    for token in (table.owner, table.seats[0]):
        for path in (table.path, f"{table.path}/view", f"{table.path}/legal-moves"):
            response = client.get(path, headers=bearer(token))
            assert response.status_code == 403 and response.get_json()["code"] == "invalid_token"
            assert "deleted" in response.get_json()["detail"]


def test_a_location_and_the_cors_headers_a_browser_needs(client: FlaskClient) -> None:
    state = deal(client, "scopa", players=2, seed=1)
    response = client.post(
        "/v1/sessions", json={"game": "scopa", "state": state}, headers={"Origin": "https://t.example"}
    )
    assert response.status_code == 201
    assert response.headers["Location"] == f"/v1/sessions/{response.get_json()['id']}"
    exposed = response.headers["Access-Control-Expose-Headers"]
    assert "ETag" in exposed and "Location" in exposed


# -- API keys gate creation -------------------------------------------------------------------------------------


def test_api_keys_gate_session_creation(store: Any) -> None:
    import hashlib

    from .conftest import make_app

    key = "k-" + "z" * 40
    app = make_app(store, api_keys=(hashlib.sha256(key.encode()).hexdigest(),))
    client = app.test_client()
    state = deal(client, "scopa", players=2, seed=1)
    missing = client.post("/v1/sessions", json={"game": "scopa", "state": state})
    assert missing.status_code == 401 and missing.get_json()["code"] == "api_key_required"
    assert "WWW-Authenticate" in missing.headers
    wrong = client.post("/v1/sessions", json={"game": "scopa", "state": state}, headers={"X-API-Key": "nope"})
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "invalid_api_key"
    assert store.status()["sessions"] == 0
    made = client.post("/v1/sessions", json={"game": "scopa", "state": state}, headers={"X-API-Key": key})
    assert made.status_code == 201
    # The session's own tokens, not the key, give access to it.
    path = made.headers["Location"]
    assert client.get(path, headers={"X-API-Key": key}).status_code == 401
    assert client.get(path, headers=bearer(made.get_json()["tokens"]["owner"])).status_code == 200
