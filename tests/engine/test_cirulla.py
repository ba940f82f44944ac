"""Cirulla (RULES.md section 10; docs/rules.md, Cirulla): captures by rank, by sum and by 15, the ace that takes
all, the two-ace redeal, the dealer's 15 and 30, the declarations on each deal with the wild seven of cups, the
grande and the piccola, the matta in the primiera, and the match to 51.

The references below are written from RULES.md 10 alone (a brute-force capture search, a declaration check, the
bonus piles), not from the engine's tables, so a change to the engine's rules fails here.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import DECK, card, cards
from service.engine.fishing.sets import table_index
from service.engine.games import GAMES, resolve
from service.engine.state import Match, sides_of
from service.schemas.state import dump_state
from tests.engine.test_scopa_rules import capture, check_refused, move_set, of_type, position

CIRULLA = GAMES["cirulla"]


def cirulla(hands: list[str], table: str = "", **options: Any) -> Any:
    return position(hands, table, game="cirulla", **options)


# -- the references, from RULES.md 10 alone ------------------------------------------------------------------
def rank(code: str) -> int:
    return int(code[:-1])


def reference_sets(code: str, table: Sequence[str], rules: dict[str, Any]) -> set[frozenset[str]]:
    """RULES.md 10: a table card of the card's rank, a set adding up to its value, a set making 15 with it; the
    ace takes the whole table unless an ace lies on it."""
    value = rank(code)
    if value == 1 and table and rules.get("asso_piglia_tutto", "on") == "on" and all(rank(c) != 1 for c in table):
        return {frozenset(table)}
    found = set()
    for size in range(1, len(table) + 1):
        for combo in itertools.combinations(table, size):
            total = sum(rank(c) for c in combo)
            if total in (value, 15 - value):
                found.add(frozenset(combo))
    if rules.get("rank_priority") == "on" and any(rank(c) == value for c in table):
        found = {s for s in found if sum(rank(c) for c in s) != value or (len(s) == 1)}
    return found


Moves = set[tuple[str, frozenset[str]]]


def reference_moves(hand: Sequence[str], table: Sequence[str], rules: dict[str, Any]) -> Moves:
    """Every legal (card, capture) under ``capture_obligation``."""
    by_card = {code: reference_sets(code, table, rules) for code in hand}
    duty = rules.get("capture_obligation", "played_card")
    anyone_can = any(by_card.values())
    moves = set()
    for code, sets in by_card.items():
        moves |= {(code, taken) for taken in sets}
        if duty == "none" or (duty == "played_card" and not sets) or (duty == "any_card" and not anyone_can):
            moves.add((code, frozenset()))
    return moves


def reference_declaration(hand: Sequence[str], matta: bool) -> tuple[str, int] | None:
    """RULES.md 10: three of one rank 10; a hand adding up to at most 9 scores 3 (the matta as 1). The seven of
    cups stands for any rank when ``matta``."""
    wild = [c for c in hand if matta and c == "7C"]
    ranks = [rank(c) for c in hand if c not in wild]
    if len(set(ranks)) <= 1:
        return "three_of_a_kind", 10
    if sum(ranks) + len(wild) <= 9:
        return "under_ten", 3
    return None


# -- legal moves: table-driven, RULES.md 10 ------------------------------------------------------------------
LEGAL = [
    pytest.param({}, ["5C", "*1"], "2S 3S 10B 6D", ["5C takes 2S 3S", "5C takes 10B"],
                 id="RULES 10: the five takes 2+3 (its value) or the re (15 with it), the player chooses"),
    pytest.param({}, ["7S", "*1"], "7D 3B 4C 8S", ["7S takes 7D", "7S takes 3B 4C", "7S takes 8S"],
                 id="RULES 10: rank, sum and 15 all open, no rank priority by default"),
    pytest.param({"rank_priority": "on"}, ["7S", "*1"], "7D 3B 4C 8S", ["7S takes 7D", "7S takes 8S"],
                 id="rank_priority on (regoledelgioco): the rank match shuts the sum, not the 15"),
    pytest.param({}, ["1S", "*1"], "5D 7B 9C", ["1S takes 5D 7B 9C"],
                 id="RULES 10: the ace takes the whole table when no ace lies on it"),
    pytest.param({}, ["1S", "*1"], "1D 4B 10C", ["1S takes 1D", "1S takes 4B 10C"],
                 id="RULES 10: with an ace on the table the ace captures as any card"),
    pytest.param({"asso_piglia_tutto": "off"}, ["1S", "*1"], "5D 7B", ["1S lays"],
                 id="asso_piglia_tutto off: the ace only captures by its value"),
    pytest.param({}, ["1S", "*1"], "", ["1S lays"], id="the ace on an empty table is laid"),
    pytest.param({}, ["5C 9D", "*2"], "10B", ["5C takes 10B", "9D lays"],
                 id="capture_obligation played_card (RULES 10: a card that can capture must)"),
    pytest.param({"capture_obligation": "any_card"}, ["5C 9D", "*2"], "10B", ["5C takes 10B"],
                 id="capture_obligation any_card"),
    pytest.param({"capture_obligation": "none"}, ["5C 9D", "*2"], "10B", ["5C takes 10B", "5C lays", "9D lays"],
                 id="capture_obligation none"),
    pytest.param({}, ["10S", "*1"], "5D 2C 3B", ["10S takes 5D 2C 3B", "10S takes 5D", "10S takes 2C 3B"],
                 id="the re takes 5+2+3 (10), or the five or 2+3 (15 with it)"),
]


@pytest.mark.parametrize(("rules", "hands", "table", "expected"), LEGAL)
def test_legal_moves(rules: dict[str, Any], hands: list[str], table: str, expected: list[str]) -> None:
    state = cirulla(hands, table, rules=rules)
    want = set()
    for text in expected:
        words = text.split()
        want.add((words[0], frozenset(words[2:])))
    legal = CIRULLA.legal_moves(state)
    assert move_set(legal) == want
    assert legal.total == len(want)
    seat = state.turn
    assert seat is not None
    hand = [c.code for c in state.hands[seat]]
    assert reference_moves(hand, table.split(), dict(state.rules.by_name)) == want


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["on", "off"]), st.sampled_from(["off", "on"]),
       st.sampled_from(["played_card", "any_card", "none"]))
def test_random_positions_agree_with_the_reference(
    chance: random.Random, apt: str, priority: str, duty: str
) -> None:
    """Hypothesis: on any table of up to 8 cards, the engine lists exactly the reference's captures."""
    codes = [c.code for c in DECK]
    chance.shuffle(codes)
    table = codes[: chance.randint(0, 8)]
    hand = codes[8:11]
    rules = {"asso_piglia_tutto": apt, "rank_priority": priority, "capture_obligation": duty}
    state = cirulla([" ".join(hand), "*3"], " ".join(table), rules=rules)
    assert move_set(CIRULLA.legal_moves(state)) == reference_moves(hand, table, rules)


# -- playing -------------------------------------------------------------------------------------------------
def test_the_ace_that_takes_all_scores_a_sweep() -> None:
    state = cirulla(["1S 4D", "*2"], "5D 7B 9C")
    after, events = CIRULLA.play(state, capture("1S takes 5D 7B 9C"))
    assert after.table == ()
    assert after.sweeps[0] == state.sweeps[0] + 1
    assert len(of_type(events, "sweep")) == 1


def test_a_capture_making_15_with_the_played_card_sweeps() -> None:
    state = cirulla(["5C 4D", "*2"], "10B")
    after, _ = CIRULLA.play(state, capture("5C takes 10B"))
    assert after.table == () and after.sweeps[0] == state.sweeps[0] + 1
    assert {c.code for c in after.captures[0][-2:]} == {"5C", "10B"}


def test_a_wrong_sum_names_both_sums(client: FlaskClient) -> None:
    state = cirulla(["5C", "*1"], "2S 3S 10B 6D")
    rebuilt = cirulla(["5C", "*1"], "2S 3S 10B 6D")
    refused = check_refused(client, state, rebuilt, "5C takes 6D", "wrong_sum")
    assert "5" in refused.message and "10" in refused.message
    answer = client.post("/v1/games/cirulla/play", json={"state": dump_state(state),
                                                         "move": {"card": "5C", "capture": ["6D"]}})
    assert "5 / 10" in answer.get_json()["message"]


def test_rank_priority_refuses_the_sum_as_must_take_single_card(client: FlaskClient) -> None:
    rules = {"rank_priority": "on"}
    state = cirulla(["7S", "*1"], "7D 3B 4C 8S", rules=rules)
    rebuilt = cirulla(["7S", "*1"], "7D 3B 4C 8S", rules=rules)
    check_refused(client, state, rebuilt, "7S takes 3B 4C", "must_take_single_card")


# -- the deal: two aces, the dealer's table, the declarations ------------------------------------------------
def deal(seed: int, players: int = 2, **overrides: Any) -> tuple[Any, list[Any]]:
    rules = resolve("cirulla", overrides=overrides)
    return CIRULLA.deal(rules, players, seed, players - 1, Match((0,) * sides_of(players), rules.target))


def test_two_aces_on_the_opening_table_void_the_deal() -> None:
    """RULES.md 10 (redeal_two_aces on): the first seed whose first table holds two aces is dealt again."""
    for seed in range(2000):
        _, kept_events = deal(seed, redeal_two_aces="off")
        if sum(c.rank == 1 for c in kept_events[0].data["table"]) >= 2:
            break
    else:
        raise AssertionError("no seed with two opening aces")
    state, events = deal(seed)
    redeals = of_type(events, "redeal")
    assert redeals and all(event.data["reason"] == "two_aces" for event in redeals)
    assert redeals[0].data["table"] == of_type(kept_events, "dealt")[0].data["table"]
    assert sum(c.rank == 1 for c in of_type(events, "dealt")[0].data["table"]) < 2
    assert not of_type(kept_events, "redeal")
    assert deal(seed) == (state, events)  # the same seed, the same redeal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_dealers_15_and_30(players: int) -> None:
    """RULES.md 10 (dealer_table on): an opening table adding up to 15 is the dealer's as one sweep, 30 as two;
    any other sum stays. Checked over seeds until both sums have been seen."""
    seen: set[int] = set()
    for seed in range(3000):
        state, events = deal(seed, players)
        opening = of_type(events, "dealt")[-1].data["table"]
        total = sum(c.rank for c in opening)
        bonus = of_type(events, "dealer_bonus")
        dealer = players - 1
        if total in (15, 30):
            seen.add(total)
            assert state.table == ()
            assert bonus[0].data == {"seat": dealer, "cards": opening, "sweeps": total // 15}
            assert state.sweeps[dealer] == total // 15 and state.captures[dealer] == opening
            assert state.last_capturer == dealer
            off, _ = deal(seed, players, dealer_table="off")
            assert off.table == opening and off.sweeps == (0,) * players
        else:
            assert not bonus and state.table == opening
        if seen == {15, 30}:
            return
    raise AssertionError(f"only {seen} seen")


DECLARATIONS = [
    pytest.param("1D 2S 3B", True, ("under_ten", 3), id="1+2+3 = 6: under ten, 3"),
    pytest.param("2D 3S 4B", True, ("under_ten", 3), id="2+3+4 = 9: still under ten"),
    pytest.param("2D 3S 5B", True, None, id="2+3+5 = 10: nothing"),
    pytest.param("5D 5S 5B", True, ("three_of_a_kind", 10), id="three fives: 10"),
    pytest.param("1D 1S 1B", True, ("three_of_a_kind", 10), id="three aces are both: 10 once"),
    pytest.param("7C 5S 5B", True, ("three_of_a_kind", 10), id="the matta makes a third five"),
    pytest.param("7C 5S 5B", False, None, id="matta off: 7+5+5, nothing"),
    pytest.param("7C 2S 6B", True, ("under_ten", 3), id="the matta counts 1: 1+2+6 = 9"),
    pytest.param("7C 2S 6B", False, None, id="matta off: 7+2+6 = 15"),
    pytest.param("7C 4S 4B", True, ("three_of_a_kind", 10), id="matta with two fours: three of a kind over under ten"),
    pytest.param("7D 7S 7B", False, ("three_of_a_kind", 10), id="three sevens without the matta"),
]


@pytest.mark.parametrize(("hand", "matta", "expected"), DECLARATIONS)
def test_declarations(hand: str, matta: bool, expected: tuple[str, int] | None) -> None:
    """RULES.md 10: the declarations of a hand, through a real deal of the hand to seat 0."""
    assert reference_declaration(hand.split(), matta) == expected
    state = cirulla([hand, "*3"], "2C 9C", rules={"matta": "on" if matta else "off"})
    # Dealt one at a time from seat 0 (the seat after the dealer): the two hands interleave in the stock.
    mine, other = cards(hand.split()), state.hands[1]
    interleaved = tuple(card for pair in zip(mine, other, strict=True) for card in pair)
    emptied = state._replace(hands=((), ()), stock=interleaved + state.stock)
    after, events = CIRULLA.deal_from_stock(emptied)
    declared = [event for event in of_type(events, "hand_declared") if event.data["seat"] == 0]
    if expected is None:
        assert not declared and after.declaration_points[0] == 0
    else:
        kind, points = expected
        assert declared[0].data == {"seat": 0, "cards": cards(hand.split()), "kind": kind, "points": points}
        assert after.declaration_points[0] == points


def play_round(seed: int, players: int, chance: random.Random) -> tuple[Any, list[Any]]:
    state, events = deal(seed, players)
    log = list(events)
    while not state.round_over:
        legal = CIRULLA.legal_moves(state).moves
        state, more = CIRULLA.play(state, chance.choice(list(legal)))
        log.extend(more)
        assert sum(len(pile) for pile in state.captures) + len(state.table) + len(state.stock) + sum(
            len(hand) for hand in state.hands
        ) == 40
    return state, log


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4]), st.randoms(use_true_random=False))
def test_whole_rounds_declare_every_hand_and_keep_40_cards(seed: int, players: int, chance: random.Random) -> None:
    """Hypothesis: every hand dealt declares what the reference says, to all; the state's points are their sum;
    the round scores its declarations; 40 cards throughout; the same seed deals the same round."""
    state, log = play_round(seed, players, chance)
    expected = [0] * players
    for event in of_type(log, "hand_dealt"):
        found = reference_declaration([c.code for c in event.data["cards"]], matta=True)
        if found:
            expected[event.data["seat"]] += found[1]
    assert list(state.declaration_points) == expected
    for event in of_type(log, "hand_declared"):
        assert event.to is None  # shown to every seat
    score = CIRULLA.score(state)
    for side in score.sides:
        assert side.points.get("declarations", 0) == sum(expected[seat] for seat in side.seats)
    assert deal(seed, players) == deal(seed, players)


# -- the round score: grande, piccola, the matta in the primiera ---------------------------------------------
def side_points(piles: Sequence[str], **overrides: Any) -> list[dict[str, int]]:
    rules = resolve("cirulla", overrides=overrides)
    score = CIRULLA.score_piles(rules, len(piles), [cards(p.split()) for p in piles], [0] * len(piles),
                                Match((0,) * len(piles), rules.target))
    return [dict(side.points) for side in score.sides]


BONUSES = [
    pytest.param("8D 9D 10D", "grande", 5, id="grande: re, cavallo and fante of coins, 5"),
    pytest.param("8D 10D", "grande", 0, id="no grande without the cavallo"),
    pytest.param("1D 2D 3D", "piccola", 3, id="piccola: ace, 2, 3 of coins, 3"),
    pytest.param("1D 2D 3D 4D", "piccola", 4, id="piccola with the 4: 4"),
    pytest.param("1D 2D 3D 4D 5D 6D", "piccola", 6, id="piccola up to the 6: 6"),
    pytest.param("1D 2D 3D 5D 6D", "piccola", 3, id="the 5 and 6 without the 4 add nothing"),
    pytest.param("1D 3D 4D", "piccola", 0, id="no piccola without the 2"),
]


@pytest.mark.parametrize(("pile", "category", "points"), BONUSES)
def test_grande_and_piccola(pile: str, category: str, points: int) -> None:
    """RULES.md 10: the grande and the piccola."""
    mine = side_points([pile, "1C"])[0]
    assert mine.get(category, 0) == points


@pytest.mark.parametrize(("matta", "winner"), [("on", 0), ("off", 1)], ids=["matta on", "matta off"])
def test_the_matta_in_the_primiera(matta: str, winner: int) -> None:
    """RULES.md 10: the matta counts as chosen in the primiera. Side 0 holds 7C 6C 6D 6S (no batons): as the 7 of
    batons it gives four suits (18+18+18+21 = 75) and beats side 1's four fives (60); as itself, three suits lose."""
    points = side_points(["7C 6C 6D 6S", "5D 5S 5B 5C"], matta=matta)
    assert points[winner].get("primiera") == 1
    assert points[1 - winner].get("primiera", 0) == 0


def test_a_tie_at_51_plays_on_and_a_lead_wins() -> None:
    """RULES.md 10: the first side to 51 wins; a tie at or above it plays on."""
    rules = resolve("cirulla")
    assert rules.target == 51
    tie = CIRULLA.score_piles(rules, 2, [cards(["2S"]), cards(["2B"])], [0, 0], Match((51, 51), 51))
    lead = CIRULLA.score_piles(rules, 2, [cards(["7D"]), cards(["7S"])], [0, 0], Match((50, 50), 51))
    assert not tie.match.over
    assert lead.match.over and lead.match.winner == 0


def test_a_whole_match_through_http(client: FlaskClient) -> None:
    """Deal, play by the listed moves, score and deal the next round over HTTP until the match is won."""
    chance = random.Random(7)
    answer = client.post("/v1/games/cirulla/deal", json={"players": 2, "seed": 5, "rules": {"target": 21}})
    assert answer.status_code == 200
    state = answer.get_json()["state"]
    for _ in range(40):
        while not state["round_over"]:
            moves = client.post("/v1/games/cirulla/legal-moves", json={"state": state}).get_json()["moves"]
            played = client.post("/v1/games/cirulla/play", json={"state": state, "move": chance.choice(moves)})
            assert played.status_code == 200, played.get_json()
            state = played.get_json()["state"]
        score = client.post("/v1/games/cirulla/score", json={"state": state}).get_json()
        if score["match"]["over"]:
            assert max(score["match"]["scores"]) >= 21
            return
        state = client.post("/v1/games/cirulla/deal", json={"previous": state, "seed": 6}).get_json()["state"]
    raise AssertionError("the match did not end")


# -- the computer players' hooks -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("table", "rules", "ranks"),
    [
        pytest.param("10B 6D", {}, [1], id="16 on the table: only the ace takes it all"),
        pytest.param("3S 10B", {}, [1, 2], id="13: the 2 makes 15, the ace takes all"),
        pytest.param("2S 3S", {}, [1, 5, 10], id="5: a five by value, a re by 15, the ace"),
        pytest.param("1S 3S", {}, [4], id="an ace on the table: no ace takes all; a 4 by value (11 is no rank)"),
        pytest.param("10B 6D", {"asso_piglia_tutto": "off"}, [], id="asso_piglia_tutto off: nothing sweeps 16"),
    ],
)
def test_the_ranks_that_sweep_a_table(table: str, rules: dict[str, Any], ranks: list[int]) -> None:
    """The hint's "leaves a sweep" asks which ranks take a whole table: by value, by 15, the ace (RULES.md 10)."""
    left = cards(table.split())
    assert CIRULLA.sweeping_ranks(resolve("cirulla", overrides=rules), left, sum(c.rank for c in left)) == ranks
    expected = {rank for rank in range(1, 11) if reference_sets(f"{rank}C", table.split(), rules)
                and any(len(found) == len(left) for found in reference_sets(f"{rank}C", table.split(), rules))}
    assert set(ranks) == expected


def test_the_greedy_player_counts_the_ace_that_takes_all_as_a_sweep() -> None:
    """Scoring the ace's capture as a sweep (RULES.md 10), the one-ply player takes the table with it."""
    state = cirulla(["1S 4D 9B", "*3"], "5D 7B 10C")
    legal = list(CIRULLA.legal_moves(state).moves)
    scores = CIRULLA.strategy.move_scores(state, legal)
    best = legal[scores.index(max(scores))]
    assert best.card.code == "1S"
    # The same hook values the ace an opponent may hold against a table left without one.
    index = table_index(cards(["2D"]))
    assert CIRULLA.sweep_scores(resolve("cirulla"), card("1S"), index, index.cards)
    scopa_apt = resolve("scopa", overrides={"asso_piglia_tutto": True})
    assert not GAMES["scopa"].sweep_scores(scopa_apt, card("1S"), index, index.cards)  # apt_sweep_counts off
