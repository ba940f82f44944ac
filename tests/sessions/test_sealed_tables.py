"""Sealed tables (docs/fairness.md, threat model: "the host"): a session the service deals from a seed it draws
shows no card to any token, the owner's included, before it is played face up; the owner keeps its administrative
rights but cannot replace the state, play a card for a seat, read a seat or deal from a seed of its own; a
computer player may play for the seat to act at the owner's request, answering the public result only. An
unsealed table says so to every seat."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.engine.games import GAMES
from service.storage import SqliteStore
from tests.sessions.conftest import CARD, Table, bearer, declared_cards

SETUPS = [(name, min(game.player_counts)) for name, game in GAMES.items()] + [("scopa", 4), ("briscola", 3)]


def open_sealed(client: FlaskClient, game: str, players: int, **extra: Any) -> tuple[Table, TestResponse]:
    body = {"game": game, "deal": {"players": players, "seed": "server"}, **extra}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return Table(client, made["id"], made["tokens"]["owner"], made["tokens"]["seats"], made), response


def true_state(store: SqliteStore, table: Table) -> dict[str, Any]:
    """What the store holds: the test may look, no token may."""
    state: dict[str, Any] = orjson.loads(store.get(table.id).document)["state"]
    return state


def public_log(table: Table) -> list[dict[str, Any]]:
    """Every event the owner of a sealed table reads (the public ones), page by page."""
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = table.client.get(f"{table.path}/events?after={after}", headers=bearer(table.owner)).get_json()
        events += page["events"]
        if not page["events"] or page["version"] <= after:
            return events
        after = page["version"]


def unplayed(state: dict[str, Any], seat: int | None) -> set[str]:
    """The cards not yet face up that ``seat`` (None: the owner) must not see: other hands and the stock."""
    hidden = {card for index, hand in enumerate(state["hands"]) if index != seat for card in hand}
    hidden |= set(state["stock"])
    if state.get("trump_card") is not None:
        hidden.discard(state["trump_card"])  # it lies face up, and all saw who drew it
    hidden -= {shown["card"] for shown in state.get("shown_cards", [])}  # drawn face up (Tressette for two)
    return hidden


def named_cards(value: Any) -> set[str]:
    """Every card code an answer names, in keys (the card-name table) and values, rule options aside."""
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return {
            card
            for key, item in value.items()
            if key != "rules"
            for card in named_cards(key) | named_cards(item)
        }
    if isinstance(value, list):
        return {card for item in value for card in named_cards(item)}
    return set()


def owner_reads(table: Table, suggest: bool) -> list[TestResponse]:
    client, owner = table.client, bearer(table.owner)
    reads = [
        client.get(table.path, headers=owner),
        client.get(f"{table.path}/view", headers=owner),
        client.get(f"{table.path}/legal-moves", headers=owner),
        client.get(f"{table.path}/view?seat=0", headers=owner),
    ]
    if suggest:  # the computer players' per-client limit is low: ask once a round
        reads.append(client.post(f"{table.path}/suggest", json={"level": "greedy"}, headers=owner))
    return reads


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_no_token_sees_a_card_before_it_is_played(
    client: FlaskClient, store: SqliteStore, game: str, players: int
) -> None:
    table, created = open_sealed(client, game, players)
    answers: list[tuple[int | None, TestResponse]] = [(None, created)]
    turns = 0
    while True:
        answers += [(None, response) for response in owner_reads(table, suggest=turns == 0)]
        for seat, token in enumerate(table.seats):
            answers.append((seat, client.get(f"{table.path}/view", headers=bearer(token))))
            answers.append((seat, client.get(f"{table.path}/legal-moves", headers=bearer(token))))
        state = true_state(store, table)
        declared = declared_cards(public_log(table))  # shown to all by the rules while still held (Cirulla)
        for seat, response in answers:
            shown = named_cards(response.get_json())
            assert not shown & (unplayed(state, seat) - declared), (
                seat,
                response.request.path,
                sorted(shown & unplayed(state, seat)),
            )
            assert response.status_code in (200, 201, 403), response.get_json()
            assert response.get_json().get("sealed", True) is True or response.status_code == 403
        answers = []
        if state["round_over"]:
            break
        turn = state["turn"]
        if turns % 2:  # every other turn the owner has a computer player act for the seat
            headers, body = (
                bearer(table.owner, **{"If-Match": table.etag()}),
                {"computer": {"level": "random"}},
            )
            actor: int | None = None
        else:
            legal = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()
            headers, body, actor = (
                bearer(table.seats[turn], **{"If-Match": table.etag()}),
                {"move": legal["moves"][0]},
                turn,
            )
        played = client.post(f"{table.path}/moves", json=body, headers=headers)
        assert played.status_code == 200, played.get_json()
        answers.append((actor, played))
        turns += 1
    assert turns > 10


def test_the_owner_of_a_sealed_table_keeps_its_rights_but_not_the_cards(client: FlaskClient) -> None:
    table, created = open_sealed(client, "scopa", 2)
    assert "state" not in created.get_json() and created.get_json()["view"]["hand"] is None
    version = table.etag()
    owner = bearer(table.owner, **{"If-Match": version})
    hand = client.get(f"{table.path}/view", headers=bearer(table.seats[0])).get_json()["hand"]
    refused = [
        client.put(table.path, json={"state": {}}, headers=owner),
        client.post(f"{table.path}/moves", json={"move": {"card": hand[0]}}, headers=owner),
        client.get(f"{table.path}/view?seat=0", headers=owner),
        client.get(f"{table.path}/legal-moves", headers=owner),
        client.post(f"{table.path}/suggest?seat=0", json={"level": "random"}, headers=owner),
    ]
    for response in refused:
        assert response.status_code == 403 and response.get_json()["code"] == "session_sealed", (
            response.get_json()
        )
    assert table.etag() == version  # a refused request changes nothing
    public = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    assert public["seat"] is None and public["hand"] is None and public["sealed"] is True
    # A seat's token can be reissued (a lost seat must not end the table), but never quietly: every token is
    # told (tests/sessions/test_tables.py).
    watcher = client.post(f"{table.path}/spectators", headers=owner)
    assert watcher.status_code == 201
    acted = client.post(
        f"{table.path}/moves",
        json={"computer": {"level": "greedy", "seed": 3}},
        headers=bearer(table.owner, **{"If-Match": table.etag()}),
    )
    assert acted.status_code == 200, acted.get_json()
    answer = acted.get_json()
    assert set(answer) >= {"view", "events", "move", "sealed"} and "state" not in answer
    assert answer["view"]["hand"] is None and answer["move"]["card"] == answer["events"][0]["card"]


def test_a_seat_asks_a_computer_player_to_play_its_own_turn_only(client: FlaskClient) -> None:
    table, _ = open_sealed(client, "briscola", 2)
    body = {"computer": {"level": "random"}}
    idle = client.post(
        f"{table.path}/moves", json=body, headers=bearer(table.seats[1], **{"If-Match": table.etag()})
    )
    assert idle.status_code == 403 and idle.get_json()["code"] == "not_your_turn"
    own = client.post(
        f"{table.path}/moves", json=body, headers=bearer(table.seats[0], **{"If-Match": table.etag()})
    )
    assert own.status_code == 200 and own.get_json()["view"]["seat"] == 0
    both = client.post(
        f"{table.path}/moves",
        json={**body, "move": {"card": "1D"}},
        headers=bearer(table.seats[1], **{"If-Match": table.etag()}),
    )
    assert both.status_code == 400


def test_an_unsealed_table_says_so_to_every_seat(client: FlaskClient) -> None:
    table, created = open_sealed(client, "escoba", 2, sealed=False)
    assert created.get_json()["sealed"] is False and "state" in created.get_json()
    assert client.get(table.path, headers=bearer(table.owner)).get_json()["sealed"] is False
    for token in table.seats:
        assert client.get(f"{table.path}/view", headers=bearer(token)).get_json()["sealed"] is False
        assert client.get(f"{table.path}/legal-moves", headers=bearer(token)).get_json()["sealed"] is False
    sealed_table, _ = open_sealed(client, "escoba", 2)
    for token in sealed_table.seats:
        assert client.get(f"{sealed_table.path}/view", headers=bearer(token)).get_json()["sealed"] is True


@pytest.mark.parametrize(
    "body",
    [
        {"game": "scopa", "deal": {"players": 2, "seed": 4}, "sealed": True},
        {"game": "scopa", "state": {}, "sealed": True},
        {"game": "scopa", "deal": {"players": 2, "seed": "server"}, "sealed": "yes"},
    ],
    ids=["a seed of the caller's", "a state of the caller's", "not a boolean"],
)
def test_only_a_table_dealt_from_a_drawn_seed_can_be_sealed(
    client: FlaskClient, body: dict[str, Any]
) -> None:
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400 and "/sealed" in [
        error["pointer"] for error in response.get_json()["errors"]
    ]
