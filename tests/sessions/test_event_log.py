"""A session is a table (issue: every seat sees what happened, as it happens): each seat, holding only its own
token, builds its picture of the table from the events it reads and finds it equal to its view after every move;
no event it reads names a card it has not seen (API.md, tables: what is public). The first event it reads, from
version 0, is the ``table`` event (API.md, tables, "The first event"): the picture starts from it.

The picture is built the way a frontend would: from the events alone, knowing nothing but the event types.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES

from .conftest import bearer, cards_in, declared_cards, hidden_from

TABLES = [(name, players) for name, game in GAMES.items() for players in game.player_counts]
ROUNDS = 2


class Picture:
    """What one seat remembers of the table, from its events."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat, self.players = seat, players
        self.fields: dict[str, Any] = {}
        self.through = 0
        """The version of the ``table`` event it started from: the events up to it are in that view."""
        self.match_over: dict[str, Any] | None = None
        self.table_events: list[dict[str, Any]] = []
        self.connected: list[bool | None] = []
        """Each seat's ``connected`` (API.md, tables, "Presence"), from the table event and those since."""

    def apply(self, event: dict[str, Any]) -> None:
        kind, f = event["type"], self.fields
        if kind == "table":  # what a client starts from (API.md, tables, "The first event")
            self.fields, self.through = seen_in_view(event["view"]), event["version"]
            self.match_over = event["match_over"]
            self.connected = [seat["connected"] for seat in event["seats"]]
            return
        if event["version"] <= self.through:
            return
        if kind in ("presence", "seat_changed"):
            self.connected[event["seat"]] = event["connected"]
        if kind == "state_set":
            view = event["view"]
            f.update({key: view[key] for key in view if key in COMPARED})
            f["hand"] = None
        elif kind == "dealt":
            n = self.players
            f.update(
                round_over=False,
                stock_count=event["stock"],
                pile_sizes=[0] * n,
                captures=[[] for _ in range(n)],
            )
            f.pop("score", None)
            if "table" in event:
                f.update(table=list(event["table"]), sweeps=[0] * n, last_capturer=None)
                if "declaration_points" in f:  # Cirulla: a new round has declared nothing yet
                    f["declaration_points"] = [0] * n
            else:
                f.update(trick=[], last_trick=None, leader=(event["dealer"] + 1) % n)
                if "trump_card" in event:
                    f.update(trump_card=event["trump_card"], trump_suit=event["trump_card"][-1])
                elif "auction" in f:  # Briscola chiamata: a new auction, nothing called, nobody revealed
                    f.update(phase="auction", auction=[], caller=None, called_card=None, trump_suit=None, partner=None)
                else:  # no trump: Tressette, with its declarations and the draws shown to both
                    f.update(accusi_points=[0] * n, shown_cards=[[] for _ in range(n)])
        elif kind == "hand_dealt":
            f["hand"] = list(event["cards"])
            f["hand_sizes"] = [len(event["cards"])] * self.players
        elif kind == "cards_dealt":
            f.update(hand_sizes=[event["cards_each"]] * self.players, stock_count=event["stock"])
        elif kind == "card_played":
            self.played(event)
        elif kind == "sweep":
            f["sweeps"][event["seat"]] += 1
        elif kind in ("table_collected", "dealer_bonus"):
            self.took(event["seat"], event["cards"])
            f["table"] = []
            if kind == "dealer_bonus":
                f["sweeps"][event["seat"]] += event.get("escobas", event.get("sweeps"))
                f["last_capturer"] = event["seat"]
        elif kind == "trick_won":
            self.took(event["seat"], event["cards"])
            f.update(
                trick=[], leader=event["seat"], last_trick={"seat": event["seat"], "cards": event["cards"]}
            )
        elif kind == "cards_drawn":
            for seat in event["order"]:
                f["hand_sizes"][seat] += 1
            f["stock_count"] = event["stock"]
        elif kind == "card_drawn":
            if event["seat"] == self.seat:
                f["hand"].append(event["card"])
            if event["to"] == "all":  # drawn face up: the table knows where it is
                f["shown_cards"][event["seat"]].append(event["card"])
        elif kind == "hand_declared":  # Cirulla: the hand is shown to all, its points are the seat's
            f["declaration_points"][event["seat"]] += event["points"]
        elif kind == "accusi_declared":
            f["accusi_points"][event["seat"]] += event["points"]
        elif kind == "trump_exchanged":
            if event["seat"] == self.seat:
                f["hand"][f["hand"].index(event["card"])] = event["trump_card"]
            f["trump_card"] = event["card"]
        elif kind in ("bid", "passed"):  # Briscola chiamata's auction, public
            said = {"pass": True} if kind == "passed" else {k: event[k] for k in ("bid", "points") if k in event}
            f["auction"].append({"seat": event["seat"], **said})
        elif kind == "auction_won":
            f.update(phase="call", caller=event["seat"])
        elif kind == "card_called":
            f.update(phase="play", called_card=event["card"], trump_suit=event["trump_suit"], leader=event["leader"])
        elif kind == "partner_revealed":
            f["partner"] = event["seat"]
        elif kind == "thrown_in":  # every seat passed: the round_over that follows says the rest
            assert f["phase"] == "auction" and len(f["auction"]) == self.players
        elif kind == "round_over":
            f.update(round_over=True, score=event["score"])
        elif kind == "match_over":  # played: what the round's score said; conceded: the totals as they stood
            assert event["match"]["over"] is True
            if event["reason"] == "played":
                assert event["match"] == f["score"]["match"]
            self.match_over = {key: value for key, value in event.items() if key not in ("version", "type", "to")}
        elif kind in TABLE_ONLY:  # who sits where, the clock, a rematch: not in the round's view
            self.table_events.append(event)
        else:
            assert kind == "redeal", f"an event type no frontend was told of: {kind}"

    def played(self, event: dict[str, Any]) -> None:
        f, seat, card = self.fields, event["seat"], event["card"]
        f["hand_sizes"][seat] -= 1
        if seat == self.seat:
            f["hand"].remove(card)
        if card in f.get("shown_cards", [[]] * self.players)[seat]:
            f["shown_cards"][seat].remove(card)
        if "capture" not in event:
            f["trick"].append({"seat": seat, "card": card})
        elif event["capture"]:
            f["table"] = [on for on in f["table"] if on not in event["capture"]]
            self.took(seat, [card, *event["capture"]])
            f["last_capturer"] = seat
        else:
            f["table"].append(card)

    def took(self, seat: int, cards: list[str]) -> None:
        self.fields["captures"][seat] += cards
        self.fields["pile_sizes"][seat] += len(cards)


TABLE_ONLY = frozenset({"clock", "seat_changed", "seat_reissued", "rematch", "presence"})
"""The table's own events (API.md, tables), beside the round's."""
COMPARED = (
    "hand", "hand_sizes", "stock_count", "pile_sizes", "captures", "round_over", "score",
    "table", "sweeps", "last_capturer", "trick", "leader", "trump_card", "last_trick", "accusi_points",
    "shown_cards", "declaration_points", "phase", "auction", "caller", "called_card", "trump_suit", "partner",
)  # fmt: skip


def seen_in_view(view: dict[str, Any]) -> dict[str, Any]:
    return {key: view[key] for key in COMPARED if key in view}


def read_events(client: FlaskClient, path: str, token: str, after: int) -> tuple[int, list[dict[str, Any]]]:
    response = client.get(f"{path}/events?after={after}", headers=bearer(token))
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert all(event["version"] > after for event in body["events"])
    return body["version"], body["events"]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_seat_builds_its_view_from_its_events_alone(
    client: FlaskClient, game: str, players: int
) -> None:
    created = client.post(
        "/v1/sessions", json={"game": game, "deal": {"players": players, "seed": "server"}, "sealed": False}
    ).get_json()
    path, owner, seats = (
        f"/v1/sessions/{created['id']}",
        created["tokens"]["owner"],
        created["tokens"]["seats"],
    )
    pictures = [Picture(seat, players) for seat in range(players)]
    read_up_to = [0] * players
    choose = random.Random(f"{game}-{players}")
    rounds_over = 0
    shown: set[str] = set()  # cards the rules show to all while still in a hand (Cirulla's declarations)
    while True:
        state = client.get(path, headers=bearer(owner)).get_json()["state"]
        for seat, token in enumerate(seats):
            read_up_to[seat], events = read_events(client, path, token, read_up_to[seat])
            shown |= declared_cards(events)
            leaked = cards_in(events) & hidden_from(state, seat) - shown
            assert not leaked, f"seat {seat} was told of {sorted(leaked)}"
            for event in events:
                assert event["to"] in ("all", seat)
                pictures[seat].apply(event)
            view = client.get(f"{path}/view", headers=bearer(token)).get_json()
            assert pictures[seat].fields == seen_in_view(view), (
                f"seat {seat} after version {read_up_to[seat]}"
            )
        if state["round_over"]:
            rounds_over += 1
            for picture in pictures:  # every seat was told the round's score and the match totals
                assert picture.fields["score"]["match"]["scores"] is not None
            if rounds_over == ROUNDS or picture.fields["score"]["match"]["over"]:
                break
            etag = client.get(path, headers=bearer(owner)).headers["ETag"]
            dealt = client.post(
                f"{path}/next-round", json={"seed": "server"}, headers=bearer(owner, **{"If-Match": etag})
            )
            assert dealt.status_code == 200, dealt.get_json()
            continue
        turn = state["turn"]
        moves = client.get(f"{path}/legal-moves", headers=bearer(seats[turn])).get_json()["moves"]
        etag = client.get(path, headers=bearer(owner)).headers["ETag"]
        answer = client.post(
            f"{path}/moves",
            json={"move": choose.choice(moves)},
            headers=bearer(seats[turn], **{"If-Match": etag}),
        )
        assert answer.status_code == 200, answer.get_json()
        assert all(event["to"] in ("all", turn) for event in answer.get_json()["events"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_spectators_and_the_owner_of_a_sealed_table_read_public_events_only(
    client: FlaskClient, game: str
) -> None:
    players = GAMES[game].player_counts[-1]
    created = client.post("/v1/sessions", json={"game": game, "deal": {"players": players, "seed": "server"}})
    body = created.get_json()
    assert body["sealed"] is True
    path, tokens = f"/v1/sessions/{body['id']}", body["tokens"]
    for token in (tokens["owner"], tokens["spectator"]):
        _, events = read_events(client, path, token, 0)
        assert events and all(event["to"] == "all" for event in events)
        assert not any(event["type"] == "hand_dealt" for event in events)
    _, own = read_events(client, path, tokens["seats"][0], 0)
    assert [event["seat"] for event in own if event["type"] == "hand_dealt"] == [0]


def test_the_owner_of_an_unsealed_table_reads_every_event(client: FlaskClient) -> None:
    created = client.post(
        "/v1/sessions", json={"game": "scopa", "deal": {"players": 2, "seed": 5}}
    ).get_json()
    _, events = read_events(client, f"/v1/sessions/{created['id']}", created["tokens"]["owner"], 0)
    assert [event["to"] for event in events if event["type"] == "hand_dealt"] == [0, 1]
