"""A five-seat sealed table of Briscola chiamata (RULES.md 9; docs/fairness.md, "the hidden partner"): played to the
end of a match through sessions, each seat on its own token; no token learns who holds the called card before it
is played, not from a view, an event, legal moves, a suggestion or an error; then every view and a public
``partner_revealed`` event name the partner."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from service.storage import SqliteStore
from tests.sessions.conftest import Table, bearer
from tests.sessions.test_sealed_tables import public_log, true_state
from tests.sessions.test_tables import computers_done, every_event, open_with_seats


def open_five(client: FlaskClient) -> Table:
    body = {"game": "briscola_chiamata", "deal": {"players": 5, "seed": "server", "rules": {"hands": 1}}}
    response = client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    return Table(client, made["id"], made["tokens"]["owner"], made["tokens"]["seats"], made)


def holder_of(state: dict[str, Any], card: str) -> int | None:
    return next((seat for seat, hand in enumerate(state["hands"]) if card in hand), None)


def seat_reads(client: FlaskClient, table: Table, seat: int) -> list[Any]:
    headers = bearer(table.seats[seat])
    reads = [
        client.get(f"{table.path}/view", headers=headers).get_json(),
        client.get(f"{table.path}/legal-moves", headers=headers).get_json(),
        client.get(f"{table.path}/events?after=0", headers=headers).get_json(),
    ]
    return reads


def partner_named(value: Any) -> bool:
    """Whether an answer names a partner (a ``partner`` key with a seat, or a ``partner_revealed`` event)."""
    if isinstance(value, dict):
        if value.get("type") == "partner_revealed" or isinstance(value.get("partner"), int):
            return True
        return any(partner_named(item) for item in value.values())
    if isinstance(value, list):
        return any(partner_named(item) for item in value)
    return False


def test_a_five_seat_sealed_table_keeps_the_partner_secret_until_the_called_card_is_played(
    client: FlaskClient, store: SqliteStore
) -> None:
    table = open_five(client)
    assert len(table.seats) == 5
    revealed = False
    probed = False
    moves = 0
    while True:
        state = true_state(store, table)
        called = state.get("called_card")
        for seat in range(5):
            reads = seat_reads(client, table, seat)
            if not revealed:
                assert not any(partner_named(answer) for answer in reads), seat
            else:
                assert reads[0]["partner"] == state["partner"] and partner_named(reads[2])
        if state["round_over"]:
            break
        turn = state["turn"]
        headers = bearer(table.seats[turn], **{"If-Match": table.etag()})
        if called is not None and not probed and holder_of(state, called) not in (turn, None):
            # The called card asked of a seat that does not hold it: the same refusal as any card it lacks.
            other = next(card for hand in state["hands"][:turn] + state["hands"][turn + 1 :] for card in hand
                         if card != called)
            refusals = [
                client.post(f"{table.path}/moves", json={"move": {"card": card}}, headers=headers).get_json()
                for card in (called, other)
            ]
            assert [(r["code"], r.get("reason")) for r in refusals] == [("illegal_move", "card_not_in_hand")] * 2
            probed = True
        legal = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn])).get_json()["moves"]
        # The holder keeps the called card through the first trick, so another seat is asked for it first.
        first_trick = not any(state["captures"])
        wanted = [move for move in legal if not (first_trick and move == {"card": called})]
        bids = [{"bid": "1"}, {"pass": True}] if state["phase"] == "auction" else wanted
        move = next(candidate for candidate in bids if candidate in legal)
        played = client.post(f"{table.path}/moves", json={"move": move}, headers=headers)
        assert played.status_code == 200, played.get_json()
        if not revealed and partner_named(played.get_json()):
            revealed = True
            assert true_state(store, table)["partner"] == turn and move == {"card": called}
        moves += 1
    assert revealed and probed and moves == 5 + 1 + 40  # a bid, four passes, the call, forty cards
    kinds = [event["type"] for event in public_log(table)]
    assert kinds.count("partner_revealed") == 1 and "card_called" in kinds and "auction_won" in kinds
    final = client.get(f"{table.path}/view", headers=bearer(table.seats[0])).get_json()
    assert final["round_over"] and len(final["score"]["sides"]) == 5
    assert sum(side["total"] for side in final["score"]["sides"]) == 0
    assert final["score"]["match"]["scores"] == [side["total"] for side in final["score"]["sides"]]


def test_five_computer_seats_play_a_whole_hand_by_themselves(client: FlaskClient, app: Flask) -> None:
    """A table of five computers (one `strong`) bids, calls and plays out with no client call; the partner is
    revealed exactly once, by the called card, and the hand scores zero-sum."""
    seats = [{"computer": {"level": "strong"}}] + [{"computer": {"level": "greedy"}}] * 4
    table = open_with_seats(client, "briscola_chiamata", seats)
    computers_done(app)
    view = client.get(f"{table.path}/view", headers=bearer(table.owner)).get_json()
    assert view["round_over"] is True
    events = every_event(table, table.owner)
    moved = [event for event in events if "move" in event]
    assert moved and all(event["by"] == "computer" for event in moved)
    kinds = [event["type"] for event in events]
    if "thrown_in" not in kinds:
        assert kinds.count("partner_revealed") == 1 and kinds.count("card_played") == 40
        revealed = events[kinds.index("partner_revealed")]
        played = events[kinds.index("partner_revealed") - 1]
        assert played["type"] == "card_played" and played["card"] == view["called_card"]
        assert revealed["seat"] == played["seat"] == view["partner"]
    assert sum(side["total"] for side in view["score"]["sides"]) == 0
