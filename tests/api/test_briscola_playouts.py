"""Briscola through HTTP (RULES.md 6): random playouts for 2, 3 and 4 players end after the right number of
tricks with 120 points, every trick won by the seat an independent reference names."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.engine.test_briscola import reference_deck, reference_points, reference_winner

TRICKS = {2: 20, 3: 13, 4: 10}
CONFIGS = [
    (players, rules)
    for players in (2, 3, 4)
    for rules in ({}, {"trump_exchange": "seven_and_two"}, {"trump_exchange": "two_only"})
]


def every_card(state: dict[str, Any]) -> list[str]:
    cards = [c for hand in state["hands"] for c in hand] + state["stock"]
    cards += [c for pile in state["captures"] for c in pile] + [item["card"] for item in state["trick"]]
    if state["stock"]:
        cards.append(state["trump_card"])
    return cards


@pytest.mark.parametrize(("players", "rules"), CONFIGS, ids=[f"{p}p-{r or 'default'}" for p, r in CONFIGS])
@pytest.mark.parametrize("seed", range(6))
def test_random_playout_through_http(client: FlaskClient, players: int, rules: dict[str, str], seed: int) -> None:
    rng = random.Random(f"{players}-{seed}")
    dealt = client.post("/v1/games/briscola/deal", json={"players": players, "seed": seed, "rules": rules})
    state = dealt.get_json()["state"]
    removed = state["rules"]["three_player_removed_card"]
    tricks = 0
    while not state["round_over"]:
        assert sorted(every_card(state)) == sorted(reference_deck(players, removed))
        listed = client.post("/v1/games/briscola/legal-moves", json={"state": state}).get_json()
        assert listed["seat"] == state["turn"] and listed["total"] == len(listed["moves"])
        move = rng.choice(listed["moves"])
        trick = [(item["seat"], item["card"]) for item in state["trick"]]
        answer = client.post("/v1/games/briscola/play", json={"state": state, "move": move})
        assert answer.status_code == 200, answer.get_json()
        events = answer.get_json()["events"]
        if "card" in move:
            trick.append((state["turn"], move["card"]))
        won = [event for event in events if event["type"] == "trick_won"]
        if won:
            cards = [card for _, card in trick]
            winner_index = reference_winner(list(enumerate(cards)), state["trump_suit"])
            assert won[0]["seat"] == trick[winner_index][0]
            assert won[0]["points"] == reference_points(cards)
            tricks += 1
        state = answer.get_json()["state"]
    assert tricks == TRICKS[players]
    score = client.post("/v1/games/briscola/score", json={"state": state}).get_json()
    assert sum(side["total"] for side in score["sides"]) == 120
    best = max(side["total"] for side in score["sides"])
    leaders = [side["side"] for side in score["sides"] if side["total"] == best]
    assert score["winner"] == (leaders[0] if len(leaders) == 1 else None)
