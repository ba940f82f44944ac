"""Random seeded playouts of Scopa, Scopone and Escoba through HTTP, checked step by step against the
brute-force reference (``tests/reference.py``): the deal, every legal move set and count, every next state,
the score."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests import reference

CONFIGS = [
    # (game, players, preset, rule overrides)
    *(
        pytest.param(game, players, preset, {}, id=f"{game} {players}p {preset or 'default'}")
        for game in ("scopa", "escoba")
        for players in (2, 3, 4)
        for preset in (None, "stargames", "traditional")
    ),
    *(
        pytest.param("scopone", 4, preset, {"scopone_deal": deal}, id=f"scopone {deal} {preset or 'default'}")
        for deal in ("9+4", "10+0")
        for preset in (None, "stargames", "traditional")
    ),
    pytest.param("scopa", 2, None, {"asso_piglia_tutto": True}, id="scopa 2p asso_piglia_tutto"),
    pytest.param("scopa", 4, None, {"asso_piglia_tutto": True, "apt_sweep_counts": True},
                 id="scopa 4p asso_piglia_tutto apt_sweep_counts"),
    pytest.param("scopa", 3, "traditional", {"asso_piglia_tutto": True},
                 id="scopa 3p traditional asso_piglia_tutto"),
    pytest.param("scopa", 2, None, {"capture_choice": "most_cards"}, id="scopa 2p most_cards"),
    pytest.param("scopa", 3, None, {"capture_choice": "fewest_cards"}, id="scopa 3p fewest_cards"),
    pytest.param("scopa", 2, None, {"last_play_sweep_counts": True}, id="scopa 2p last_play_sweep_counts"),
    pytest.param("scopa", 2, None, {"napola": "length", "re_bello": True, "rosmarino": True},
                 id="scopa 2p napola length re_bello rosmarino"),
    pytest.param("scopa", 4, None, {"napola": "fixed3", "primiera_rule": "most_sevens"},
                 id="scopa 4p napola fixed3 most_sevens"),
    pytest.param("scopa", 2, None, {"opening_kings_redeal": False, "primiera_missing_suit": "cannot_score"},
                 id="scopa 2p no kings redeal cannot_score"),
    pytest.param("scopone", 4, None,
                 {"scopone_deal": "10+0", "napola": "length", "re_bello": True,
                  "last_play_sweep_counts": True}, id="scopone 10+0 napola re_bello last sweep"),
    pytest.param("escoba", 2, None, {"capture_choice": "most_cards", "last_play_sweep_counts": True},
                 id="escoba 2p most_cards last_play_sweep_counts"),
    pytest.param("escoba", 3, None, {"capture_choice": "fewest_cards", "capture_obligation": "any_card"},
                 id="escoba 3p fewest_cards any_card"),
    pytest.param("escoba", 4, None,
                 {"capture_obligation": "played_card", "dealer_bonus": "off", "fourth_point": "most_sevens"},
                 id="escoba 4p played_card no bonus sevens"),
]
SEEDS = 8


def as_move(move: dict[str, Any]) -> reference.Move:
    return move["card"], frozenset(move["capture"])


def every_card(state: dict[str, Any]) -> list[str]:
    found = [code for hand in state["hands"] for code in hand] + state["table"] + state["stock"]
    return found + [code for pile in state["captures"] for code in pile]


def assert_same(got: dict[str, Any], expected: dict[str, Any]) -> None:
    assert [Counter(hand) for hand in got["hands"]] == [Counter(hand) for hand in expected["hands"]]
    assert Counter(got["table"]) == Counter(expected["table"])
    assert [Counter(pile) for pile in got["captures"]] == [Counter(pile) for pile in expected["captures"]]
    for key in ("stock", "sweeps", "last_capturer", "turn", "round_over"):
        assert got[key] == expected[key], key
    cards = every_card(got)
    assert len(cards) == 40
    assert sorted(cards) == sorted(reference.DECK)


def post(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.get_json())
    result: dict[str, Any] = answer.get_json()
    return result


def play_round(client: FlaskClient, game: str, players: int, preset: str | None, rules: dict[str, Any],
               seed: int) -> None:
    rng = random.Random(seed)
    dealer = seed % players
    body: dict[str, Any] = {"players": players, "seed": seed, "dealer": dealer, "rules": rules}
    if preset is not None:
        body["preset"] = preset
    state = post(client, f"/v1/games/{game}/deal", body)["state"]
    assert_same(state, reference.deal(game, players, seed, dealer, state["rules"]))
    base = f"/v1/games/{game}"
    for step in range(60):
        if state["round_over"]:
            break
        legal = post(client, f"{base}/legal-moves", {"state": state})
        expected = reference.legal_moves(state)
        offered = [as_move(move) for move in legal["moves"]]
        assert legal["seat"] == reference.turn(state)
        assert set(offered) == expected, (step, state)
        assert len(offered) == len(expected) == legal["total"]
        chosen = rng.choice(legal["moves"])
        move: dict[str, Any] = dict(chosen)
        card, taken = as_move(chosen)
        sets = reference.capture_sets(state, card)
        if rng.random() < 0.3 and (sets == {taken} or (not sets and not taken)):
            del move["capture"]  # "capture if this card can" resolves to the same move
        if step % 4 == 0:
            checked = post(client, f"{base}/validate", {"state": state, "move": move})
            assert checked["legal"] is True
            assert as_move(checked["move"]) == (card, taken)
        after = post(client, f"{base}/play", {"state": state, "move": move})["state"]
        assert_same(after, reference.play(state, (card, taken)))
        state = after
    assert state["round_over"]
    assert not any(state["hands"]) and not state["stock"]
    assert not state["table"] or state["last_capturer"] is None
    result = post(client, f"{base}/score", {"state": state})
    points = reference.score(state)
    assert [{k: v for k, v in side["points"].items() if v} for side in result["sides"]] == points
    totals = [sum(side.values()) for side in points]
    assert [side["total"] for side in result["sides"]] == totals
    scores, over, winner = reference.match_after(state["match"]["scores"], totals, state["match"]["target"])
    assert result["match"]["scores"] == scores
    assert result["match"]["over"] is over
    assert result["match"]["winner"] == winner


@pytest.mark.parametrize(("game", "players", "preset", "rules"), CONFIGS)
def test_random_playouts_agree_with_the_reference(client: FlaskClient, game: str, players: int,
                                                  preset: str | None, rules: dict[str, Any]) -> None:
    offset = sum(map(ord, f"{game}{players}{preset}{sorted(rules.items())}")) * 1000
    for seed in range(offset, offset + SEEDS):
        play_round(client, game, players, preset, rules, seed)
