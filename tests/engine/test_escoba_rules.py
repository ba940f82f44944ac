"""Escoba (RULES.md section 5): captures that make 15, the capture obligation, escobas, the dealer's opening
bonus, the fourth point, and bounded work on huge tables. Positions are hand-built and pass ``validate``."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import DECK
from service.engine.games import GAMES, resolve
from service.engine.state import Match, sides_of
from service.schemas.state import dump_state
from tests import reference
from tests.engine.test_scopa_rules import (
    SEED_TABLE,
    assert_same_state,
    capture,
    check_against_the_reference,
    check_legal_moves,
    check_refused,
    codes,
    move_set,
    of_type,
    parse_move,
    position,
    random_positions,
)
from tests.work import lines_executed

ESCOBA = GAMES["escoba"]


def escoba(hands: list[str], table: str = "", **options: Any) -> Any:
    return position(hands, table, game="escoba", **options)


# -- legal move sets -----------------------------------------------------------------------------------------
LEGAL = [
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, ["5C takes 10D", "5C takes 2C 8B", "5C lays", "1D lays"],
                 id="seed example: the five takes the king (or 2+8); obligation none lets any card lay"),
    pytest.param({"capture_obligation": "any_card"}, ["1D 5C", "*2"], SEED_TABLE,
                 ["5C takes 10D", "5C takes 2C 8B"], id="seed example, capture_obligation any_card"),
    pytest.param({"capture_obligation": "played_card"}, ["1D 5C", "*2"], SEED_TABLE,
                 ["5C takes 10D", "5C takes 2C 8B", "1D lays"], id="seed example, obligation played_card"),
    pytest.param({}, ["1D", "*1"], SEED_TABLE, ["1D lays"],
                 id="seed example: the ace cannot make 15 and may only be laid"),
    pytest.param({"capture_obligation": "any_card"}, ["1D", "*1"], SEED_TABLE, ["1D lays"],
                 id="seed example: the ace alone is laid even under any_card"),
    pytest.param({}, ["5C", "*1"], "5D 10S", ["5C takes 10S", "5C lays"],
                 id="no rank matching: a five takes the king, not the five"),
    pytest.param({}, ["5C", "*1"], "5D 4S", ["5C lays"],
                 id="no rank matching: five on five makes 10, no capture"),
    pytest.param({}, ["7C", "*1"], "3D 5S 9B", ["7C takes 3D 5S", "7C lays"],
                 id="sum of several table cards"),
    pytest.param({}, ["8C", "*1"], "7D 1S", ["8C takes 7D", "8C lays"], id="a single table card making 15"),
    pytest.param({}, ["5C", "*1"], "10S 6D 4B 1C 3C",
                 ["5C takes 10S", "5C takes 6D 4B", "5C takes 6D 1C 3C", "5C lays"],
                 id="all sets listed: capture_choice free"),
    pytest.param({"capture_choice": "most_cards"}, ["5C", "*1"], "10S 6D 4B 1C 3C",
                 ["5C takes 6D 1C 3C", "5C lays"], id="capture_choice most_cards"),
    pytest.param({"capture_choice": "fewest_cards"}, ["5C", "*1"], "10S 6D 4B 1C 3C",
                 ["5C takes 10S", "5C lays"], id="capture_choice fewest_cards"),
    pytest.param({}, ["1D 2D", "*2"], "", ["1D lays", "2D lays"], id="empty table: only lays"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "expected"), LEGAL)
def test_legal_moves(rules: dict[str, Any], hands: list[str], table: str, expected: list[str]) -> None:
    check_legal_moves(escoba(hands, table, rules=rules), expected)


# -- playing a move ------------------------------------------------------------------------------------------
PLAYS = [
    # (rules, hands, table, position options, move, table after, taken into the mover's pile, escobas scored)
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C lays", "2C 3S 8B 10D 5C", "", 0,
                 id="capture_obligation none: a card that could make 15 is laid with capture []"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 10D", "2C 3S 8B", "5C 10D", 0,
                 id="the five takes the king (seed)"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D", "2C 3S 8B 10D 1D", "", 0,
                 id="capture left out: a card that cannot capture is laid"),
    pytest.param({}, ["7C 1B", "*2"], "3D 5S 9B", {}, "7C", "9B", "7C 3D 5S", 0,
                 id="capture left out: the only set is taken"),
    pytest.param({}, ["5C 1B", "*2"], "10D", {}, "5C takes 10D", "", "5C 10D", 1,
                 id="escoba: a capture that empties the table scores 1"),
    pytest.param({}, ["7C 1B", "*2"], "3D 5S", {}, "7C takes 3D 5S", "", "7C 3D 5S", 1,
                 id="escoba with two table cards"),
    pytest.param({}, ["5C", "9B"], "10D", {"stock": 0}, "5C takes 10D", "", "5C 10D", 1,
                 id="last_play_sweep_counts false: an escoba earlier in the last deal counts"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "options", "move", "table_after", "taken", "swept"),
                         PLAYS)
def test_play(rules: dict[str, Any], hands: list[str], table: str, options: dict[str, Any], move: str,
              table_after: str, taken: str, swept: int) -> None:
    state = escoba(hands, table, rules=rules, **options)
    rebuilt = escoba(hands, table, rules=rules, **options)
    seat = state.turn
    assert seat is not None
    after, events = ESCOBA.play(state, capture(move))
    assert state == rebuilt
    assert [c.code for c in after.table] == table_after.split()
    gained = after.captures[seat][len(state.captures[seat]):]
    assert sorted(c.code for c in gained) == sorted(taken.split())
    assert after.sweeps[seat] - state.sweeps[seat] == swept
    assert len(of_type(events, "sweep")) == swept
    code = move.split()[0]
    expected = reference.play(dump_state(state), (code, frozenset(taken.split()) - {code}))
    assert_same_state(dump_state(after), expected)


@pytest.mark.parametrize(("counts", "swept"), [(False, 0), (True, 1)],
                         ids=["last_play_sweep_counts false", "last_play_sweep_counts true"])
def test_escoba_with_the_very_last_card(counts: bool, swept: int) -> None:
    state = escoba(["", "5C"], "10D", rules={"last_play_sweep_counts": counts}, stock=0, filler_seat=0)
    after, events = ESCOBA.play(state, capture("5C takes 10D"))
    assert after.round_over
    assert after.sweeps == (0, swept)
    assert len(of_type(events, "sweep")) == swept


def test_leftover_table_goes_to_the_last_capturer_without_an_escoba() -> None:
    state = escoba(["", "9B"], "2C 3S", stock=0, filler_seat=0)
    after, events = ESCOBA.play(state, capture("9B lays"))  # 9 + 2 + 3 = 14: nothing to take
    assert after.round_over
    assert not after.table
    assert codes(after.captures[0]) == codes(state.captures[0]) | {"2C", "3S", "9B"}
    assert after.sweeps == (0, 0)
    assert not of_type(events, "sweep")


def test_nobody_captured_the_table_goes_to_nobody() -> None:
    """capture_obligation none: a round where nobody ever captured ends with all 40 cards on the table."""
    table = " ".join(c.code for c in DECK if c.code != "10C")
    state = escoba(["", "10C"], table, stock=0)
    assert state.last_capturer is None
    after, events = ESCOBA.play(state, capture("10C lays"))
    assert after.round_over
    assert len(after.table) == 40
    assert after.captures == ((), ())
    assert after.last_capturer is None
    assert not of_type(events, "table_collected")
    result = ESCOBA.score(after)
    assert [side.total for side in result.sides] == [0, 0]
    assert reference.score(dump_state(after)) == [{}, {}]


def test_random_escoba_positions_agree_with_the_reference() -> None:
    for state in random_positions("escoba", 400, 4):
        check_against_the_reference(state)


# -- refused moves -------------------------------------------------------------------------------------------
ILLEGAL = [
    pytest.param({}, ["", ""], "", {"stock": 0}, "1D", "round_over", id="round_over"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "10D lays", "card_not_in_hand", id="card_not_in_hand"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 10S", "capture_not_on_table",
                 id="capture_not_on_table"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C takes 2C 3S", "wrong_sum",
                 id="wrong_sum: 5+2+3 is 10"),
    pytest.param({}, ["5C", "*1"], "5D 10S", {}, "5C takes 5D", "wrong_sum",
                 id="wrong_sum: no rank matching in Escoba"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D takes 2C 3S 8B", "wrong_sum",
                 id="wrong_sum: the ace makes 14"),
    pytest.param({"capture_obligation": "played_card"}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C lays",
                 "must_capture", id="capture_obligation played_card: laying a card that makes 15"),
    pytest.param({"capture_obligation": "any_card"}, ["1D 5C", "*2"], SEED_TABLE, {}, "1D lays",
                 "must_capture", id="capture_obligation any_card: laying another card"),
    pytest.param({"capture_choice": "most_cards"}, ["5C", "*1"], "10S 6D 4B 1C 3C", {}, "5C takes 6D 4B",
                 "must_take_more_cards", id="capture_choice most_cards"),
    pytest.param({"capture_choice": "fewest_cards"}, ["5C", "*1"], "10S 6D 4B 1C 3C", {}, "5C takes 6D 4B",
                 "must_take_fewer_cards", id="capture_choice fewest_cards"),
    pytest.param({}, ["1D 5C", "*2"], SEED_TABLE, {}, "5C", "ambiguous_capture",
                 id="ambiguous_capture: the king or 2+8"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "options", "move", "reason"), ILLEGAL)
def test_refused(client: FlaskClient, rules: dict[str, Any], hands: list[str], table: str,
                 options: dict[str, Any], move: str, reason: str) -> None:
    state = escoba(hands, table, rules=rules, **options)
    check_refused(client, state, escoba(hands, table, rules=rules, **options), move, reason)
    if len(move.split()) > 1:
        assert parse_move(move) not in reference.legal_moves(dump_state(state))


def test_ambiguous_capture_lists_both_sets(client: FlaskClient) -> None:
    state = escoba(["1D 5C", "*2"], SEED_TABLE)
    posted = {"state": dump_state(state), "move": {"card": "5C"}}
    answer = client.post("/v1/games/escoba/validate", json=posted).get_json()
    assert answer["legal"] is False
    assert answer["reason"] == "ambiguous_capture"
    options = {frozenset(option) for option in answer["options"]}
    assert options == {frozenset({"10D"}), frozenset({"2C", "8B"})}


def test_laying_a_card_that_could_make_15_through_http(client: FlaskClient) -> None:
    """capture_obligation none: ``capture: []`` lays the five although it could take the king."""
    state = escoba(["1D 5C", "*2"], SEED_TABLE)
    move = {"card": "5C", "capture": []}
    body = {"state": dump_state(state), "move": move}
    checked = client.post("/v1/games/escoba/validate", json=body).get_json()
    assert checked == {"legal": True, "move": move}
    played = client.post("/v1/games/escoba/play", json=body)
    assert played.status_code == 200
    after = played.get_json()["state"]
    assert after["table"] == [*SEED_TABLE.split(), "5C"]
    assert after["captures"] == dump_state(state)["captures"]
    assert after["turn"] == 1


# -- the dealer's opening bonus ------------------------------------------------------------------------------
BONUS = {  # RULES.md 5: opening table sum -> escobas for the dealer
    "stargames": {15: 1, 20: 2},
    "traditional": {15: 1, 30: 2},
    "off": {},
}


def first_seed_with_sum(total: int, players: int = 2) -> int:
    rules = dict(resolve("escoba"))
    for seed in range(200_000):
        table = reference.opening_table(seed, "escoba", players, players - 1, rules)
        if sum(map(reference.rank, table)) == total:
            return seed
    raise AssertionError(f"no seed puts {total} on the table")


@pytest.mark.parametrize("mode", ["stargames", "traditional", "off"], ids=lambda m: f"dealer_bonus {m}")
@pytest.mark.parametrize("total", [15, 20, 30, 25], ids=lambda t: f"table sums to {t}")
def test_dealer_bonus(mode: str, total: int) -> None:
    seed = first_seed_with_sum(total)
    rules = resolve("escoba", overrides={"dealer_bonus": mode})
    opening = reference.opening_table(seed, "escoba", 2, 1, dict(rules))
    state, events = ESCOBA.deal(rules, 2, seed, 1, Match((0, 0), 21))
    escobas = BONUS[mode].get(total, 0)
    bonus = of_type(events, "dealer_bonus")
    if escobas:
        assert state.table == ()
        assert sorted(c.code for c in state.captures[1]) == sorted(opening)
        assert state.captures[0] == ()
        assert state.sweeps == (0, escobas)
        assert state.last_capturer == 1
        assert len(bonus) == 1
        assert bonus[0].data["escobas"] == escobas
        assert bonus[0].data["seat"] == 1
    else:
        assert [c.code for c in state.table] == opening
        assert state.captures == ((), ())
        assert state.sweeps == (0, 0)
        assert state.last_capturer is None
        assert not bonus
    assert state.turn == 0  # the first player starts, on an empty table after a bonus
    ESCOBA.validate(state)
    GAMES[state.game].check_reported(state, {"turn": 0, "round_over": False})
    assert_same_state(dump_state(state), reference.deal("escoba", 2, seed, 1, dict(rules)))


def test_dealer_bonus_over_thousands_of_seeds() -> None:
    """Every opening table summing to a bonus value is taken by the dealer with the right escobas; no other
    table is."""
    seen = {mode: {0: 0, 1: 0, 2: 0} for mode in BONUS}
    for players in (2, 3, 4):
        for seed in range(3000):
            dealer = seed % players
            opening = reference.opening_table(seed, "escoba", players, dealer, {})
            total = sum(map(reference.rank, opening))
            for mode in ("stargames", "traditional"):
                rules = resolve("escoba", overrides={"dealer_bonus": mode})
                state, events = ESCOBA.deal(rules, players, seed, dealer, Match((0,) * sides_of(players), 21))
                escobas = BONUS[mode].get(total, 0)
                seen[mode][escobas] += 1
                where = (players, seed, mode, opening)
                bonus = of_type(events, "dealer_bonus")
                if escobas:
                    assert state.table == (), where
                    assert sorted(c.code for c in state.captures[dealer]) == sorted(opening), where
                    assert state.sweeps[dealer] == escobas and sum(state.sweeps) == escobas, where
                    assert sum(map(len, state.captures)) == 4, where
                    assert state.last_capturer == dealer, where
                    assert [event.data["escobas"] for event in bonus] == [escobas], where
                else:
                    assert [c.code for c in state.table] == opening, where
                    assert not any(state.captures) and not any(state.sweeps), where
                    assert state.last_capturer is None and not bonus, where
                assert state.turn == (dealer + 1) % players, where
    for mode in ("stargames", "traditional"):
        assert all(seen[mode][escobas] > 0 for escobas in (0, 1, 2)), seen  # every case was met


def test_the_first_player_after_a_bonus_plays_on_an_empty_table() -> None:
    seed = first_seed_with_sum(15)
    state, _ = ESCOBA.deal(resolve("escoba"), 2, seed, 1, Match((0, 0), 21))
    assert state.table == ()
    legal = ESCOBA.legal_moves(state)
    assert legal.seat == 0
    assert move_set(legal) == {(c.code, frozenset()) for c in state.hands[0]}


# -- the fourth point ----------------------------------------------------------------------------------------
# Seat 0: every coin from the ace to the 7 and the three other sixes (primiera 21+18+18+18 = 75, one seven);
# seat 1: the other three sevens and the 8-10 of coins (primiera 21+21+21+10 = 73, three sevens) and the rest.
FOURTH_POINT_PILE = "1D 2D 3D 4D 5D 6D 7D 6C 6S 6B"
FOURTH_POINT = [
    pytest.param({}, [{"coins": 1, "settebello": 1, "primiera": 1}, {"cards": 1}],
                 id="fourth_point primiera (default): 75 beats 73"),
    pytest.param({"fourth_point": "most_sevens"}, [{"coins": 1, "settebello": 1}, {"cards": 1, "sevens": 1}],
                 id="fourth_point most_sevens: category sevens, 3 against 1"),
    pytest.param({"fourth_point": "primiera", "primiera_missing_suit": "cannot_score"},
                 [{"coins": 1, "settebello": 1, "primiera": 1}, {"cards": 1}],
                 id="fourth_point primiera with cannot_score: both sides hold four suits"),
]


@pytest.mark.parametrize(("rules", "expected"), FOURTH_POINT)
def test_fourth_point(rules: dict[str, Any], expected: list[dict[str, int]]) -> None:
    state = escoba(["", ""], "", rules=rules, stock=0, piles=[FOURTH_POINT_PILE, ""], filler_seat=1)
    result = ESCOBA.score(state)
    assert [side.points for side in result.sides] == expected
    assert [side.total for side in result.sides] == [sum(points.values()) for points in expected]
    assert reference.score(dump_state(state)) == expected


def test_traditional_preset_uses_most_sevens() -> None:
    rules = resolve("escoba", "traditional")
    assert rules["fourth_point"] == "most_sevens"
    assert rules["dealer_bonus"] == "traditional"
    assert resolve("escoba")["fourth_point"] == "primiera"
    assert resolve("escoba").target == 21


# -- bounded work --------------------------------------------------------------------------------------------
def test_legal_moves_on_a_34_card_table_are_counted_quickly_and_listed_in_bounds(client: FlaskClient) -> None:
    """Nobody must capture (capture_obligation none), so the table can hold 34 cards: three aces need 14."""
    hands = ["1D 1C 1S", "10D 10C 10S"]
    named = set(" ".join(hands).split())
    table = " ".join(c.code for c in DECK if c.code not in named)
    state = escoba(hands, table, stock=0)
    assert len(state.table) == 34
    # Counted, not timed: about 90,000 lines of Python today, where listing every subset of 34 cards would be
    # billions; the bound holds on any machine however loaded.
    legal, lines = lines_executed(lambda: ESCOBA.legal_moves(state))
    assert lines < 1_000_000
    expected = reference.legal_moves(dump_state(state))
    assert legal.total == len(expected) > 2000
    assert len(legal.moves) <= 2000
    assert move_set(legal) <= expected
    limited = ESCOBA.legal_moves(state, limit=5)
    assert len(limited.moves) == 5 and limited.total == legal.total
    answer = client.post("/v1/games/escoba/legal-moves", json={"state": dump_state(state), "limit": 10})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["total"] == len(expected)
    assert len(body["moves"]) == 10
