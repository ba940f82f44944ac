"""Round and match scores of Scopa, Scopone and Escoba (RULES.md 3-5): one row per category and option.

Finished rounds are hand-built states holding all 40 cards (the named piles, the other cards to one seat);
partial piles go through the piles-only form of ``POST /v1/games/{game}/score``.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.errors import RoundNotOver
from service.engine.fishing import FishingGame, FishingState
from service.engine.games import GAMES, resolve
from service.engine.state import Match
from service.schemas.state import dump_state
from tests import reference
from tests.engine.test_scopa_rules import position

Points = list[dict[str, int]]

# Seat 0 holds every coin, all four sevens, sixes and aces and two fives (21 cards); the other 19: no coin.
SWEEP_BOARD = "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 7C 7S 7B 6C 6S 6B 1C 1S 1B 5C 5S"
# 20 cards and five coins each, primiera 16+16+21+21 = 74 against 21+21+16+16 = 74; settebello to seat 1.
EVEN = "1D 2D 3D 4D 5D 1C 2C 3C 4C 5C 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B"
# No batons: 3 suits, primiera 21+21+21 = 63, against all batons and the 8-10s (4 suits, 21+10+10+10 = 51).
NO_BATONS = "7D 7C 7S 6D 6C 6S 1D 1C 1S 5D 5C 5S 4D 4C 4S 3D 3C 3S 2D 2C 2S"
# Every coin, 7C 6C 1C 7S 6S (3 suits, 63) against batons, other cups and swords (3 suits, 21+15+16 = 52).
BOTH_MISS_A_SUIT = "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 7C 6C 1C 7S 6S"
# Three players: every coin; every cup and the ace to 5 of swords; the rest (6-10 of swords and every baton).
ALL_COINS = "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"
CUPS_AND_LOW_SWORDS = "1C 2C 3C 4C 5C 6C 7C 8C 9C 10C 1S 2S 3S 4S 5S"

FINISHED = [
    # (game, rules, piles (one per seat; the filler seat gets every other card), filler, sweeps, expected)
    pytest.param("scopa", {}, [SWEEP_BOARD, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1}, {}],
                 id="cards 21-19, coins 10-0, settebello, primiera"),
    pytest.param("scopa", {}, [EVEN, ""], 1, [0, 0], [{}, {"settebello": 1}],
                 id="ties give nobody the point: cards 20-20, coins 5-5, primiera 74-74"),
    pytest.param("scopa", {}, [EVEN, ""], 1, [2, 3], [{"sweeps": 2}, {"settebello": 1, "sweeps": 3}],
                 id="sweeps: one point each"),
    pytest.param("scopa", {}, [NO_BATONS, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1}, {"primiera": 1}],
                 id="primiera_missing_suit fewer_suits_loses: 3 suits lose to 4 even with 63 against 51"),
    pytest.param("scopa", {"primiera_missing_suit": "cannot_score"}, [NO_BATONS, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1}, {"primiera": 1}],
                 id="primiera_missing_suit cannot_score: only the side with four suits may score"),
    pytest.param("scopa", {}, [BOTH_MISS_A_SUIT, ""], 1, [0, 0],
                 [{"coins": 1, "settebello": 1, "primiera": 1}, {"cards": 1}],
                 id="fewer_suits_loses: equal suit counts (3 and 3) compare sums, 63 beats 52"),
    pytest.param("scopa", {"primiera_missing_suit": "cannot_score"}, [BOTH_MISS_A_SUIT, ""], 1, [0, 0],
                 [{"coins": 1, "settebello": 1}, {"cards": 1}],
                 id="cannot_score: no side has four suits, nobody scores the primiera"),
    pytest.param("scopa", {"primiera_rule": "most_sevens"}, [SWEEP_BOARD, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "sevens": 1}, {}],
                 id="primiera_rule most_sevens: category sevens replaces primiera"),
    pytest.param("scopa", {"primiera_rule": "most_sevens"}, [EVEN, ""], 1, [0, 0], [{}, {"settebello": 1}],
                 id="primiera_rule most_sevens: sevens 2-2 scores for nobody"),
    pytest.param("scopa", {"re_bello": True}, [EVEN, ""], 1, [0, 0], [{}, {"settebello": 1, "re_bello": 1}],
                 id="re_bello: the king of coins scores 1"),
    pytest.param("scopa", {"rosmarino": True}, [EVEN, ""], 1, [0, 0], [{"rosmarino": 1}, {"settebello": 1}],
                 id="rosmarino: the fante of swords scores 1"),
    pytest.param("scopa", {"re_bello": True, "rosmarino": True}, [SWEEP_BOARD, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "re_bello": 1}, {"rosmarino": 1}],
                 id="re_bello and rosmarino together"),
    pytest.param("scopa", {"napola": "length"}, [EVEN, ""], 1, [0, 0], [{"napola": 5}, {"settebello": 1}],
                 id="napola length: ace to 5 of coins score 5"),
    pytest.param("scopa", {"napola": "length"}, [SWEEP_BOARD, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "napola": 10}, {}],
                 id="napola length: every coin scores 10"),
    pytest.param("scopa", {"napola": "length"}, [EVEN.replace("4D", "6D"), ""], 1, [0, 0],
                 [{"napola": 3, "primiera": 1}, {"settebello": 1}],
                 id="napola length: ace, 2, 3 and 5 of coins without the 4 score 3"),
    pytest.param("scopa", {"napola": "length"}, [EVEN.replace("2D", "6D"), ""], 1, [0, 0],
                 [{"primiera": 1}, {"settebello": 1}], id="napola length: without the 2 of coins, nothing"),
    pytest.param("scopa", {"napola": "fixed3"}, [EVEN, ""], 1, [0, 0], [{"napola": 3}, {"settebello": 1}],
                 id="napola fixed3: ace to 5 of coins score 3"),
    pytest.param("scopa", {"napola": "off"}, [EVEN, ""], 1, [0, 0], [{}, {"settebello": 1}],
                 id="napola off"),
    pytest.param("scopa", {}, ["1D 2D 3D 4D 5D 1C 2C 3C 4C 5C", "", "6S 7S 8S 9S 10S 6B 7B 8B 9B 10B", ""], 3,
                 [1, 0, 2, 1], [{"sweeps": 3}, {"settebello": 1, "sweeps": 1}],
                 id="team pooling: side 0 is seats 0+2 (20-20 cards, 74-74 primiera once pooled)"),
    pytest.param("scopa", {},
                 ["1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", "2C 3C", "7C 7S 7B 6C 6S 6B 1C 1S 1B 5C 5S", ""], 3,
                 [0, 0, 0, 0], [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1}, {}],
                 id="team pooling: 21 cards over two partners beat 19"),
    pytest.param("scopone", {},
                 ["1D 2D 3D 4D 5D 1C 2C 3C 4C 5C", "", "6S 7S 8S 9S 10S 6B 7B 8B 9B 10B", ""], 3,
                 [0, 1, 0, 1], [{}, {"settebello": 1, "sweeps": 2}],
                 id="scopone: partners pool their sweeps"),
    pytest.param("scopa", {}, [ALL_COINS, CUPS_AND_LOW_SWORDS, ""], 2, [0, 0, 0],
                 [{"coins": 1, "settebello": 1}, {}, {"primiera": 1}],
                 id="3 players: cards 15-15 tied at the top; primiera 2 suits each, 42 beats 36"),
    pytest.param("scopa", {"primiera_missing_suit": "cannot_score"},
                 [ALL_COINS, CUPS_AND_LOW_SWORDS, ""], 2,
                 [0, 0, 0], [{"coins": 1, "settebello": 1}, {}, {}], id="3 players: cannot_score, nobody"),
    pytest.param("escoba", {}, [SWEEP_BOARD, ""], 1, [1, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "sweeps": 1}, {}],
                 id="escoba: the same categories, escobas as sweeps"),
    pytest.param("escoba", {"fourth_point": "most_sevens"}, [SWEEP_BOARD, ""], 1, [0, 0],
                 [{"cards": 1, "coins": 1, "settebello": 1, "sevens": 1}, {}],
                 id="escoba: fourth_point most_sevens"),
]


def finished(game: str, rules: dict[str, Any], piles: list[str], filler: int, sweeps: list[int],
             scores: list[int] | None = None) -> FishingState:
    return position([""] * len(piles), "", game=game, rules=rules, stock=0, piles=piles, filler_seat=filler,
                    sweeps=sweeps, scores=scores)


@pytest.mark.parametrize(("game", "rules", "piles", "filler", "sweeps", "expected"), FINISHED)
def test_round_score(client: FlaskClient, game: str, rules: dict[str, Any], piles: list[str], filler: int,
                     sweeps: list[int], expected: Points) -> None:
    state = finished(game, rules, piles, filler, sweeps)
    assert reference.score(dump_state(state)) == expected  # the row agrees with the reference
    result = GAMES[game].score(state)
    players = len(piles)
    assert [side.points for side in result.sides] == expected
    assert [side.total for side in result.sides] == [sum(points.values()) for points in expected]
    assert [side.seats for side in result.sides] == (
        [(0, 2), (1, 3)] if players == 4 else [(seat,) for seat in range(players)]
    )
    answer = client.post(f"/v1/games/{game}/score", json={"state": dump_state(state)})
    assert answer.status_code == 200, answer.get_json()
    sides = answer.get_json()["sides"]
    assert [{k: v for k, v in side["points"].items() if v} for side in sides] == expected
    assert [side["total"] for side in sides] == [sum(points.values()) for points in expected]


# -- primiera values (RULES.md 1, the Danish guide's table) --------------------------------------------------
DANISH_ORDER = [7, 6, 1, 5, 4, 3, 2]  # 21, 18, 16, 15, 14, 13, 12; then the face cards at 10
PRIMIERA_PAIRS = [
    *(pytest.param(high, low, 0, id=f"primiera: four {high}s beat four {low}s")
      for high, low in pairwise(DANISH_ORDER)),
    *(pytest.param(2, face, 0, id=f"primiera: four 2s (12) beat four {face}s (10)") for face in (8, 9, 10)),
    pytest.param(8, 10, None, id="primiera: face cards are equal (fante and king)"),
    pytest.param(9, 8, None, id="primiera: face cards are equal (cavallo and fante)"),
]


def pile_of(rank: int) -> list[str]:
    return [f"{rank}{suit}" for suit in "DCSB"]


@pytest.mark.parametrize(("high", "low", "winner"), PRIMIERA_PAIRS)
def test_primiera_values_through_the_piles_form(client: FlaskClient, high: int, low: int,
                                                winner: int | None) -> None:
    captures = [pile_of(high), pile_of(low)]
    expected: Points = [{}, {}]
    if winner is not None:
        expected[winner]["primiera"] = 1
    for side, rank in enumerate((high, low)):
        if rank == 7:
            expected[side]["settebello"] = 1
    rules = dict(resolve("scopa"))
    assert reference.score_piles("scopa", rules, 2, captures, [0, 0]) == expected
    answer = client.post("/v1/games/scopa/score", json={"rules": {}, "players": 2, "captures": captures,
                                                         "sweeps": [0, 0]})
    assert answer.status_code == 200, answer.get_json()
    assert [{k: v for k, v in side["points"].items() if v} for side in answer.get_json()["sides"]] == expected


PRIMIERA_SUMS = [
    pytest.param("7D 6D 5D 2C 2S 2B", "6C 6S 6B 1D", 1,
                 id="only the best card of each suit counts: 21+12+12+12 = 57 loses to 18+18+18+16 = 70"),
    pytest.param("7D 7C 1S 1B", "6D 6C 6S 6B", 0, id="21+21+16+16 = 74 beats 4 x 18 = 72"),
    pytest.param("7D 2C 2S 2B", "6D 6C 6S 6B", 1, id="one seven and three 2s (57) lose to four sixes (72)"),
    pytest.param("7D 7C 7S", "2D 2C 2S 2B", 1, id="fewer_suits_loses: three sevens lose to four 2s"),
]


@pytest.mark.parametrize(("first", "second", "winner"), PRIMIERA_SUMS)
def test_primiera_sums(client: FlaskClient, first: str, second: str, winner: int) -> None:
    captures = [first.split(), second.split()]
    answer = client.post("/v1/games/scopa/score", json={"rules": {}, "players": 2, "captures": captures})
    assert answer.status_code == 200, answer.get_json()
    sides = answer.get_json()["sides"]
    assert [side["points"].get("primiera", 0) for side in sides] == [int(winner == 0), int(winner == 1)]
    expected = reference.score_piles("scopa", dict(resolve("scopa")), 2, captures, [0, 0])
    assert [{k: v for k, v in side["points"].items() if v} for side in sides] == expected


def test_piles_form_with_sweeps_rules_and_a_match(client: FlaskClient) -> None:
    captures = [SWEEP_BOARD.split(), [code for code in reference.DECK if code not in SWEEP_BOARD.split()]]
    body = {
        "rules": {"re_bello": True, "target": 16}, "players": 2, "captures": captures, "sweeps": [1, 2],
        "match": {"scores": [10, 14], "target": 16},
    }
    answer = client.post("/v1/games/scopa/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    result = answer.get_json()
    points = [{k: v for k, v in side["points"].items() if v} for side in result["sides"]]
    assert points == [{"cards": 1, "coins": 1, "settebello": 1, "primiera": 1, "re_bello": 1, "sweeps": 1},
                      {"sweeps": 2}]
    assert result["match"]["scores"] == [16, 16]
    assert result["match"]["over"] is False  # 16-16 at the target: another round
    assert result["match"]["winner"] is None


def test_piles_form_for_escoba(client: FlaskClient) -> None:
    captures = [SWEEP_BOARD.split(), []]
    body = {"rules": {"fourth_point": "most_sevens"}, "players": 2, "captures": captures, "sweeps": [0, 3]}
    answer = client.post("/v1/games/escoba/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    points = [{k: v for k, v in side["points"].items() if v} for side in answer.get_json()["sides"]]
    assert points == [{"cards": 1, "coins": 1, "settebello": 1, "sevens": 1}, {"sweeps": 3}]


# -- the match -----------------------------------------------------------------------------------------------
MATCHES = [
    # (rules, piles of seat 0 (the rest to seat 1), sweeps, scores before, scores after, over, winner)
    pytest.param({}, SWEEP_BOARD, [0, 0], [8, 3], [12, 3], True, 0,
                 id="target 11 reached and strictly ahead"),
    pytest.param({}, EVEN, [0, 0], [11, 10], [11, 11], False, None, id="11-11 at the target: another round"),
    pytest.param({}, EVEN, [0, 0], [12, 11], [12, 12], False, None,
                 id="12-12 above the target: another round"),
    pytest.param({}, EVEN, [0, 0], [5, 10], [5, 11], True, 1, id="side 1 reaches the target"),
    pytest.param({}, SWEEP_BOARD, [0, 2], [10, 10], [14, 12], True, 0,
                 id="both above the target, 14 beats 12"),
    pytest.param({}, SWEEP_BOARD, [0, 0], [0, 0], [4, 0], False, None, id="below the target"),
    pytest.param({"target": 21}, SWEEP_BOARD, [0, 0], [15, 3], [19, 3], False, None,
                 id="target 21 not reached"),
    pytest.param({"target": 21}, SWEEP_BOARD, [1, 0], [16, 3], [21, 3], True, 0,
                 id="target 21 reached exactly"),
]


@pytest.mark.parametrize(("rules", "pile", "sweeps", "before", "after", "over", "winner"), MATCHES)
def test_match(client: FlaskClient, rules: dict[str, Any], pile: str, sweeps: list[int], before: list[int],
               after: list[int], over: bool, winner: int | None) -> None:
    state = finished("scopa", rules, [pile, ""], 1, sweeps, scores=before)
    result = GAMES["scopa"].score(state).match
    assert list(result.scores) == after
    assert result.over is over
    assert result.winner == winner
    totals = [sum(points.values()) for points in reference.score(dump_state(state))]
    assert reference.match_after(before, totals, state.match.target) == (after, over, winner)
    answer = client.post("/v1/games/scopa/score", json={"state": dump_state(state)}).get_json()
    assert answer["match"]["scores"] == after
    assert answer["match"]["over"] is over
    assert answer["match"]["winner"] == winner


def test_three_player_match_needs_a_single_leader() -> None:
    piles = [ALL_COINS, CUPS_AND_LOW_SWORDS, ""]
    state = finished("scopa", {}, piles, 2, [0, 0, 0], scores=[9, 11, 10])  # round: 2, 0, 1
    result = GAMES["scopa"].score(state).match
    assert list(result.scores) == [11, 11, 11]
    assert result.over is False
    assert result.winner is None
    state = finished("scopa", {}, piles, 2, [0, 0, 0], scores=[10, 3, 10])
    result = GAMES["scopa"].score(state).match
    assert list(result.scores) == [12, 3, 11]
    assert result.over is True
    assert result.winner == 0


# -- a round that is not over --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [name for name, game in GAMES.items() if isinstance(game, FishingGame)])
def test_score_before_the_round_is_over(client: FlaskClient, game: str) -> None:
    players = GAMES[game].player_counts[0]
    rules = resolve(game)
    state, _ = GAMES[game].deal(rules, players, 5, players - 1, Match((0, 0), rules.target))
    with pytest.raises(RoundNotOver):
        GAMES[game].score(state)
    answer = client.post(f"/v1/games/{game}/score", json={"state": dump_state(state)})
    assert answer.status_code == 400
    assert answer.get_json()["code"] == "round_not_over"
    last = position(["", "9B"], "2C 3S", game=game if game != "scopone" else "scopa", stock=0)
    with pytest.raises(RoundNotOver):
        GAMES[last.game].score(last)
