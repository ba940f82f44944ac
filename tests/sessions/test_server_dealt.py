"""Sessions the service deals with a seed it draws (docs/fairness.md): the commitment from the start, the seed only
once the round is over, through every answer to every token; the record keeps the seed sealed, never plain."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.fairness import commitment
from service.storage import SqliteStore
from tests.sessions.conftest import Table, bearer


def open_dealt(client: FlaskClient, game: str, sealed: bool | None = None, **deal: Any) -> tuple[Table, Any]:
    body: dict[str, Any] = {"game": game, "deal": {"seed": "server", **deal}}
    if sealed is not None:
        body["sealed"] = sealed
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Table(client, body["id"], body["tokens"]["owner"], body["tokens"]["seats"], body), response


def play_out(table: Table) -> list[str]:
    """Every seat plays its first legal card with its own token; every answer's text, in order."""
    seen: list[str] = []
    while True:
        views = [table.client.get(f"{table.path}/view", headers=bearer(token)) for token in table.seats]
        seen += [view.get_data(as_text=True) for view in views]
        seen.append(table.full().get_data(as_text=True))
        if views[0].get_json()["round_over"]:
            return seen
        seat = views[0].get_json()["turn"]
        legal = table.client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[seat]))
        seen.append(legal.get_data(as_text=True))
        move = next(move for move in legal.get_json()["moves"] if "card" in move)
        played = table.client.post(
            f"{table.path}/moves",
            json={"move": move},
            headers=bearer(table.seats[seat], **{"If-Match": legal.headers["ETag"]}),
        )
        assert played.status_code == 200, played.get_json()
        seen.append(played.get_data(as_text=True))


@pytest.mark.parametrize(("game", "players"), [("scopa", 2), ("briscola", 4), ("escoba", 3)])
def test_the_seed_stays_sealed_until_the_round_is_over_and_then_proves_the_deal(
    client: FlaskClient, store: SqliteStore, game: str, players: int
) -> None:
    table, created = open_dealt(client, game, players=players, salt="table-7")
    committed = created.get_json()["fairness"]["seed_commitment"]
    assert set(created.get_json()["fairness"]) == {"seed_commitment"}
    first_view = created.get_json()["view"]  # a sealed table: the owner sees what every seat sees
    hands = [client.get(f"{table.path}/view", headers=bearer(token)).get_json()["hand"] for token in table.seats]
    answers = [created.get_data(as_text=True), *play_out(table)]
    last = table.full().get_json()
    revealed = last["fairness"]
    assert revealed["seed_commitment"] == committed and revealed["salt"] == "table-7"
    seed = revealed["seed"]
    # Before the last card, no answer to any token held the seed; the stored record never holds it in clear.
    assert all(seed not in text or '"round_over":true' in text for text in answers)
    assert sum(seed in text for text in answers) == len(table.seats) + 2  # the last move, the views, the state
    assert seed.encode() not in store.get(table.id).document
    # The seed is the one committed to, and deals exactly the round the session started with.
    rules, dealer = first_view["rules"], first_view["dealer"]
    assert commitment(game, players, dealer, 1, rules, seed) == committed
    again = client.post(
        f"/v1/games/{game}/deal", json={"players": players, "seed": f"{seed}.table-7", "rules": rules}
    ).get_json()["state"]
    assert again["hands"] == hands and again.get("table") == first_view.get("table")
    assert again.get("trump_card") == first_view.get("trump_card")
    for token in table.seats:
        view = client.get(f"{table.path}/view", headers=bearer(token)).get_json()
        assert view["fairness"] == revealed


def test_the_next_round_is_dealt_in_the_session_with_a_fresh_commitment(client: FlaskClient) -> None:
    table, _ = open_dealt(client, "scopa", players=2)
    play_out(table)
    finished = table.full()
    following = client.post(
        f"{table.path}/next-round",
        json={"seed": "server"},
        headers=bearer(table.owner, **{"If-Match": finished.headers["ETag"]}),
    )
    assert following.status_code == 200, following.get_json()
    body = following.get_json()
    assert body["view"]["match"]["round"] == 2 and body["view"]["dealer"] == 0 and body["sealed"] is True
    assert set(body["fairness"]) == {"seed_commitment"}
    assert body["fairness"]["seed_commitment"] != finished.get_json()["fairness"]["seed_commitment"]
    view = client.get(f"{table.path}/view", headers=bearer(table.seats[0])).get_json()
    assert view["round_over"] is False and "seed" not in view["fairness"]


def test_a_sealed_table_takes_no_seed_of_the_owner(client: FlaskClient) -> None:
    table, _ = open_dealt(client, "scopa", players=2)
    play_out(table)
    version = table.etag()
    chosen = client.post(
        f"{table.path}/next-round", json={"seed": 5}, headers=bearer(table.owner, **{"If-Match": version})
    )
    assert chosen.status_code == 403 and chosen.get_json()["code"] == "session_sealed"
    assert table.etag() == version


def test_a_next_round_with_a_seed_of_the_owner_proves_nothing_and_says_so(client: FlaskClient) -> None:
    table, _ = open_dealt(client, "scopa", sealed=False, players=2)
    play_out(table)
    following = client.post(
        f"{table.path}/next-round",
        json={"seed": 5},
        headers=bearer(table.owner, **{"If-Match": table.etag()}),
    )
    assert following.status_code == 200, following.get_json()
    assert "fairness" not in following.get_json()
    assert "fairness" not in client.get(f"{table.path}/view", headers=bearer(table.seats[1])).get_json()


def test_only_the_owner_deals_the_next_round_and_only_after_the_last_card(client: FlaskClient) -> None:
    table, _ = open_dealt(client, "scopa", players=2)
    version = table.etag()
    early = client.post(
        f"{table.path}/next-round",
        json={"seed": "server"},
        headers=bearer(table.owner, **{"If-Match": version}),
    )
    assert early.status_code == 400 and early.get_json()["code"] == "round_not_over"
    seat = client.post(
        f"{table.path}/next-round",
        json={"seed": "server"},
        headers=bearer(table.seats[0], **{"If-Match": version}),
    )
    assert seat.status_code == 403 and seat.get_json()["code"] == "owner_token_required"
    assert table.etag() == version


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"game": "scopa"}, "/state"),
        ({"game": "scopa", "state": {}, "deal": {"players": 2, "seed": 1}}, "/state"),
        ({"game": "scopa", "deal": {"seed": 1}}, "/deal/players"),
        ({"game": "scopa", "deal": {"players": 2, "seed": 1, "previous": {}}}, "/deal/previous"),
        ({"game": "scopa", "deal": {"players": 2, "seed": 1, "salt": "x"}}, "/deal/salt"),
    ],
)
def test_a_session_is_made_from_a_state_or_a_deal(
    client: FlaskClient, body: dict[str, Any], pointer: str
) -> None:
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 400
    assert pointer in [error["pointer"] for error in response.get_json()["errors"]]


def test_a_session_dealt_from_a_seed_of_the_caller_matches_the_stateless_deal(client: FlaskClient) -> None:
    response = client.post("/v1/sessions", json={"game": "brisca", "deal": {"players": 2, "seed": 9}})
    assert response.status_code == 201
    stateless = client.post("/v1/games/brisca/deal", json={"players": 2, "seed": 9}).get_json()["state"]
    assert response.get_json()["state"] == stateless and "fairness" not in response.get_json()
