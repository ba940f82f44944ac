"""Briscola chiamata (RULES.md section 9; docs/rules.md, Briscola chiamata): the deal of all forty cards, the
auction down the ranks and up in points, the all-pass throw-in, the call and the called card, the hidden partner
revealed by its card, the tricks under the called suit, the per-seat zero-sum score with cappotto, and the match of
a number of hands.

The references below (the auction's order of bids, the trick winner, the hand's score) are written from RULES.md 9
alone, not from the engine's tables, so a change to the engine's rules fails here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import DECK, Suit, card
from service.engine.errors import IllegalMove, InvalidState
from service.engine.games import GAMES, resolve
from service.engine.state import Match
from service.engine.tricks.chiamata import strength
from service.engine.tricks.chiamata_state import Bid, Call, ChiamataState, Pass
from service.engine.tricks.common import trick_winner
from service.engine.tricks.state import PlayCard, TrickCard
from service.schemas.state import dump_state, load_state

CHIAMATA = GAMES["briscola_chiamata"]
SEATS = 5

# -- the references, from RULES.md 9 alone ---------------------------------------------------------------------
RANK_ORDER = ["1", "3", "10", "9", "8", "7", "6", "5", "4", "2"]
"""RULES.md 9: "A > 3 > re > cavallo > fante > 7 > 6 > 5 > 4 > 2", the order a bid goes down."""
POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}
"""RULES.md 9, Briscola's points: A 11, 3 10, re 4, cavallo 3, fante 2, the rest 0."""


def reference_beats(bid: dict[str, Any], standing: dict[str, Any] | None, auction: str) -> bool:
    """RULES.md 9: a lower rank than the last named; after a 2, "2 with P points", each higher than the last;
    ``points_only``: a plain points auction from 61."""
    if auction == "points_only":
        return "points" in bid and (standing is None or bid["points"] > standing["points"])
    if "points" in bid:  # "once a 2 is named": with a 2, over a standing 2
        if bid["bid"] != "2" or standing is None or standing["bid"] != "2":
            return False
        return "points" not in standing or bid["points"] > standing["points"]
    if standing is None:
        return True
    return "points" not in standing and RANK_ORDER.index(bid["bid"]) > RANK_ORDER.index(standing["bid"])


def reference_trick_winner(trick: list[tuple[int, str]], trump: str) -> int:
    """RULES.md 9 (Briscola's): the highest trump, else the highest card of the suit led."""
    order = ["2", "4", "5", "6", "7", "8", "9", "10", "3", "1"]
    trumps = [(seat, code) for seat, code in trick if code[-1] == trump]
    led = trick[0][1][-1]
    contenders = trumps or [(seat, code) for seat, code in trick if code[-1] == led]
    return max(contenders, key=lambda item: order.index(item[1][:-1]))[0]


def reference_points(seat: int, caller: int, partner: int, side_points: int, needed: int, cappotto: bool) -> int:
    """RULES.md 9: caller +2, partner +1, each defender -1 (alone: +4 / -1 each); lost: signs reversed; all
    120 card points to one side doubles the hand."""
    made = side_points >= needed
    sign = 1 if made else -1
    double = 2 if cappotto and side_points in (0, 120) else 1
    if seat == caller:
        base = 4 if partner == caller else 2
    elif seat == partner:
        base = 1
    else:
        base = -1
    return sign * double * base


def dealt(seed: int = 1, dealer: int = 4, **options: Any) -> ChiamataState:
    rules = resolve("briscola_chiamata", overrides=options)
    state, _ = CHIAMATA.deal(rules, SEATS, seed, dealer, Match((0,) * SEATS, rules.target, 1))
    assert isinstance(state, ChiamataState)
    return state


def play_all(state: Any, moves: list[Any]) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    for move in moves:
        state, made = CHIAMATA.play(state, move)
        events += made
    return state, events


# -- the deal --------------------------------------------------------------------------------------------------
def test_the_deal_gives_eight_cards_each_and_no_stock() -> None:
    """RULES.md 9: "all 40 cards, 8 to each seat; no stock, no trump card turned"; the seat after the dealer
    opens the auction."""
    state = dealt(seed=3, dealer=2)
    assert [len(hand) for hand in state.hands] == [8] * SEATS
    assert sorted(c.code for hand in state.hands for c in hand) == sorted(c.code for c in DECK)
    assert state.stock == () and state.phase == "auction" and state.turn == 3
    assert CHIAMATA.player_counts == (5,)


# -- the auction -----------------------------------------------------------------------------------------------
BID_CASES = [
    # (auction option, standing bid or None, bid, legal?)  RULES.md 9, auction
    ("ranks_then_points", None, {"bid": "1"}, True),
    ("ranks_then_points", None, {"bid": "2"}, True),
    ("ranks_then_points", {"bid": "3"}, {"bid": "1"}, False),
    ("ranks_then_points", {"bid": "3"}, {"bid": "3"}, False),
    ("ranks_then_points", {"bid": "3"}, {"bid": "10"}, True),
    ("ranks_then_points", {"bid": "9"}, {"bid": "8"}, True),
    ("ranks_then_points", {"bid": "4"}, {"bid": "2"}, True),
    ("ranks_then_points", {"bid": "2"}, {"bid": "2"}, False),
    ("ranks_then_points", {"bid": "2"}, {"bid": "2", "points": 61}, True),
    ("ranks_then_points", {"bid": "5"}, {"bid": "2", "points": 70}, False),  # not before a 2 is named
    ("ranks_then_points", {"bid": "2", "points": 70}, {"bid": "2", "points": 70}, False),
    ("ranks_then_points", {"bid": "2", "points": 70}, {"bid": "2", "points": 71}, True),
    ("ranks_then_points", {"bid": "2", "points": 70}, {"bid": "4"}, False),
    ("ranks_then_points", None, {"bid": "3", "points": 70}, False),
    ("points_only", None, {"bid": "1", "points": 61}, True),
    ("points_only", None, {"bid": "1"}, False),
    ("points_only", {"bid": "1", "points": 65}, {"bid": "3", "points": 66}, True),
    ("points_only", {"bid": "1", "points": 65}, {"bid": "7", "points": 65}, False),
]


def bid_of(raw: dict[str, Any]) -> Bid:
    return Bid(int(raw["bid"]), raw.get("points"))


@pytest.mark.parametrize(("auction", "standing", "bid", "legal"), BID_CASES)
def test_bids(auction: str, standing: dict[str, Any] | None, bid: dict[str, Any], legal: bool) -> None:
    """Each case against the reference, as a move (check) and in the legal moves' list."""
    assert reference_beats(bid, standing, auction) is legal  # the table agrees with RULES.md 9
    state = dealt(auction=auction)
    if standing is not None and "points" in standing and auction == "ranks_then_points":
        state, _ = CHIAMATA.play(state, Bid(2))  # points come once a 2 is named
    if standing is not None:
        state, _ = CHIAMATA.play(state, bid_of(standing))
    listed = {move for move in CHIAMATA.legal_moves(state).moves}
    assert (bid_of(bid) in listed) is legal
    if legal:
        CHIAMATA.check(state, bid_of(bid))
    else:
        with pytest.raises(IllegalMove) as refused:
            CHIAMATA.check(state, bid_of(bid))
        assert refused.value.reason in ("bid_too_low", "points_need_two", "bid_needs_points")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), auction=st.sampled_from(["ranks_then_points", "points_only"]))
def test_the_listed_bids_are_exactly_those_the_reference_allows(seed: int, auction: str) -> None:
    chance = random.Random(seed)
    state = dealt(seed=seed, auction=auction)
    standing: dict[str, Any] | None = None
    while state.phase == "auction" and not state.round_over:
        moves = CHIAMATA.legal_moves(state).moves
        bids = [move.to_json() for move in moves if isinstance(move, Bid)]
        every = [{"bid": r} for r in RANK_ORDER] + [{"bid": r, "points": p} for r in RANK_ORDER for p in range(61, 121)]
        expected = [raw for raw in every if reference_beats(raw, standing, auction)]
        assert sorted(map(str, bids)) == sorted(map(str, expected))
        assert Pass() in moves
        move = chance.choice([*moves[:3], Pass(), Pass()])
        if isinstance(move, Bid):
            standing = move.to_json()
        state, _ = CHIAMATA.play(state, move)


def test_the_auction_goes_round_the_seats_still_in_it() -> None:
    """RULES.md 9: "each seat either passes (and is out of the auction) or names a rank lower"."""
    state = dealt(dealer=4)
    state, _ = play_all(state, [Bid(1), Pass(), Bid(3), Pass(), Pass()])  # seats 0, 1, 2, 3, 4
    assert state.turn == 0  # 1, 3 and 4 are out
    state, events = play_all(state, [Pass()])
    assert state.phase == "call" and state.caller == 2 and state.turn == 2
    assert [event.type for event in events] == ["passed", "auction_won"]
    assert events[-1].data == {"seat": 2, "bid": "3"}


def test_every_seat_passing_throws_the_hand_in() -> None:
    """RULES.md 9: "if all five pass, the hand is thrown in and dealt again by the next dealer"."""
    state, events = play_all(dealt(dealer=1), [Pass()] * SEATS)
    assert state.round_over and state.turn is None
    assert [event.type for event in events][-2:] == ["thrown_in", "round_over"]
    score = CHIAMATA.score(state)
    assert [side.total for side in score.sides] == [0] * SEATS and not score.match.over
    following = CHIAMATA.next_round(state)
    assert following.dealer == 2 and following.match.round == 2


def test_the_last_seat_may_still_bid_after_four_passes() -> None:
    state, _ = play_all(dealt(dealer=4), [Pass()] * 4)
    assert state.phase == "auction" and state.turn == 4
    state, _ = play_all(state, [Bid(2)])
    assert state.phase == "call" and state.caller == 4


# -- the call and the partner ------------------------------------------------------------------------------------
def holder(state: ChiamataState, code: str) -> int:
    return next(seat for seat, hand in enumerate(state.hands) if card(code) in hand)


@pytest.mark.parametrize("first_lead", ["caller", "after_dealer"])
def test_the_call_names_the_card_and_the_first_leader(first_lead: str) -> None:
    """RULES.md 9: the winner names the trump suit, which with the rank won names one card; `first_lead`."""
    state = dealt(dealer=4, first_lead=first_lead)
    state, _ = play_all(state, [Pass(), Pass(), Bid(3), Pass(), Pass()])
    state, events = CHIAMATA.play(state, Call(card("1C").suit))
    assert state.called_card == card("3C") and state.trump_suit is not None and state.trump_suit.value == "C"
    assert [event.type for event in events] == ["card_called"]
    assert events[0].data["card"] == card("3C") and events[0].to is None
    assert state.leader == (2 if first_lead == "caller" else 0) and state.phase == "play"


def called_hand(seed: int, caller_holds: bool) -> ChiamataState:
    """A hand where seat 0 wins with the ace and calls a suit whose ace it holds (or not)."""
    for attempt in range(seed, seed + 200):
        state = dealt(seed=attempt, dealer=4)
        aces = [c.suit for c in state.hands[0] if c.rank == 1]
        others = [s for s in card("1D").suit.__class__ if s not in aces]
        suits = aces if caller_holds else others
        if suits:
            state, _ = play_all(state, [Bid(1), Pass(), Pass(), Pass(), Pass(), Call(suits[0])])
            return state
    raise AssertionError("no such deal")


def test_the_partner_is_revealed_only_when_the_called_card_is_played() -> None:
    """RULES.md 9: "No token learns who holds it before it is played": every view says null until then."""
    state = called_hand(1, caller_holds=False)
    partner = holder(state, state.called_card.code)  # type: ignore[union-attr]
    assert partner != 0
    chance = random.Random(2)
    while state.partner is None:
        for seat in range(SEATS):
            assert CHIAMATA.view(state, seat)["partner"] is None
        seat = state.turn
        assert seat is not None
        hand = state.hands[seat]
        played = state.called_card if state.called_card in hand and chance.random() < 0.3 else chance.choice(hand)
        before = state
        state, events = CHIAMATA.play(state, PlayCard(played))  # type: ignore[arg-type]
        revealed = [event for event in events if event.type == "partner_revealed"]
        if played is before.called_card:
            assert revealed and revealed[0].to is None
            assert revealed[0].data == {"seat": partner, "caller": 0, "alone": False}
        else:
            assert not revealed
    assert state.partner == partner
    assert all(CHIAMATA.view(state, seat)["partner"] == partner for seat in range(SEATS))


def test_calling_a_card_of_ones_own_hand_plays_alone() -> None:
    state = called_hand(1, caller_holds=True)
    assert holder(state, state.called_card.code) == 0  # type: ignore[union-attr]
    state = finish(state, random.Random(4))
    assert state.partner == 0
    score = CHIAMATA.score(state)
    assert score.sides[0].details["role"] == "alone" and abs(score.sides[0].total) in (4, 8)


# -- tricks ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("trick", "trump", "winner"),
    [
        ([(0, "2D"), (1, "1C"), (2, "3C"), (3, "4D"), (4, "7S")], "D", 3),  # the highest trump
        ([(0, "2C"), (1, "1C"), (2, "3C"), (3, "10D"), (4, "7S")], "S", 4),  # one trump takes aces
        ([(0, "4C"), (1, "5C"), (2, "3B"), (3, "1S"), (4, "10C")], "D", 4),  # no trump: the suit led
        ([(0, "3D"), (1, "1D"), (2, "2S"), (3, "4S"), (4, "10B")], "S", 3),
    ],
)
def test_the_trick_winner(trick: list[tuple[int, str]], trump: str, winner: int) -> None:
    assert reference_trick_winner(trick, trump) == winner
    played = tuple(TrickCard(seat, card(code)) for seat, code in trick)
    assert trick_winner(played, Suit(trump), strength) == winner


# -- whole hands: invariants and the score -----------------------------------------------------------------------
def finish(state: Any, chance: random.Random) -> Any:
    while not state.round_over:
        moves = CHIAMATA.legal_moves(state).moves
        state, _ = CHIAMATA.play(state, chance.choice(moves))
    return state


def auction_step(state: Any, chance: random.Random) -> Any:
    moves = CHIAMATA.legal_moves(state).moves
    if state.phase == "auction":
        return chance.choice([Pass(), Pass(), *moves[:4], moves[max(len(moves) - 2, 0)]])
    return chance.choice(moves)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    dealer=st.integers(0, 4),
    auction=st.sampled_from(["ranks_then_points", "points_only"]),
    cappotto=st.sampled_from(["double", "none"]),
)
def test_whole_hands_keep_40_cards_and_120_points_and_score_zero_sum(
    seed: int, dealer: int, auction: str, cappotto: str
) -> None:
    """40 cards at every step, 120 points a hand, the score against the reference, zero-sum, seeded deals
    reproducible, every state read back from its JSON the same."""
    chance = random.Random(seed)
    state = dealt(seed=seed, dealer=dealer, auction=auction, cappotto=cappotto)
    assert dealt(seed=seed, dealer=dealer, auction=auction, cappotto=cappotto) == state
    while not state.round_over:
        CHIAMATA.validate(state)
        held = sum(len(hand) for hand in state.hands) + sum(len(p) for p in state.captures) + len(state.trick)
        assert held == 40
        assert load_state(CHIAMATA, dump_state(state))[0] == state
        state, _ = CHIAMATA.play(state, auction_step(state, chance))
    CHIAMATA.validate(state)
    score = CHIAMATA.score(state)
    assert sum(side.total for side in score.sides) == 0
    if state.thrown_in:
        return
    assert sum(c.points for pile in state.captures for c in pile) == 120
    caller, partner = state.caller, state.partner
    side_points = sum(c.points for seat in {caller, partner} for c in state.captures[seat])
    high = state.high.bid
    needed = max(61, high.points or 0)
    for seat, side in enumerate(score.sides):
        expected = reference_points(seat, caller, partner, side_points, needed, cappotto == "double")
        assert side.total == expected, (seat, side)


@pytest.mark.parametrize(("cappotto", "factor"), [("double", 2), ("none", 1)])
def test_cappotto_doubles_the_hand(cappotto: str, factor: int) -> None:
    """RULES.md 9: "All 120 points (cappotto) doubles the hand" (`cappotto`: double | none)."""
    state = called_hand(5, caller_holds=False)
    state = state._replace(rules=resolve("briscola_chiamata", overrides={"cappotto": cappotto}))
    partner = holder(state, state.called_card.code)  # type: ignore[union-attr]
    pile = tuple(c for hand in state.hands for c in hand)
    finished = state._replace(
        hands=((),) * SEATS,
        captures=tuple(pile if seat == 0 else () for seat in range(SEATS)),
        partner=partner,
        leader=0,
    )
    CHIAMATA.validate(finished)
    score = CHIAMATA.score(finished)
    assert score.sides[0].total == 2 * factor and score.sides[partner].total == factor
    assert all(score.sides[seat].total == -factor for seat in range(SEATS) if seat not in (0, partner))


def test_a_bid_in_points_raises_what_the_side_needs() -> None:
    """RULES.md 9: "at least 61 card points, or the points of its bid if higher"."""
    state = dealt(dealer=4)
    state, _ = play_all(state, [Bid(2), Bid(2, 90), Pass(), Pass(), Pass(), Pass()])  # seats 0, 1, 2, 3, 4, 0
    assert state.caller == 1
    state = finish(state._replace(), random.Random(3))
    score = CHIAMATA.score(state)
    assert score.sides[1].details["needed"] == 90


def test_the_match_is_a_number_of_hands_and_the_highest_total_wins() -> None:
    """RULES.md 9: "A match is a number of hands (`hands`: 5 | any 1-50), the highest total wins"; leaders tied
    after the last hand share it (docs/rules.md), so every match ends."""
    state = finish(dealt(seed=8, dealer=4, hands=2), random.Random(1))
    totals = [side.total for side in CHIAMATA.score(state).sides]
    first = CHIAMATA.score(state)
    assert not first.match.over and first.match.winner is None  # one hand of two
    last = state._replace(match=Match(first.match.scores, 2, 2))
    final = CHIAMATA.score(last)
    doubled = tuple(2 * total for total in totals)
    leaders = [seat for seat in range(SEATS) if doubled[seat] == max(doubled)]
    assert final.match.over and final.match.scores == doubled
    assert final.match.winner == (leaders[0] if len(leaders) == 1 else None)
    level = CHIAMATA.score(state._replace(match=Match(tuple(-t for t in totals), 1, 1), rules=resolve(
        "briscola_chiamata", overrides={"hands": 1})))
    assert level.match.over and level.match.winner is None and level.match.scores == (0,) * SEATS


def test_five_passes_in_every_hand_still_end_the_match() -> None:
    state = dealt(dealer=4, hands=3)
    for _ in range(3):
        state, _ = play_all(state, [Pass()] * SEATS)
        score = CHIAMATA.score(state)
        if score.match.over:
            break
        following = CHIAMATA.next_round(state)
        state, _ = CHIAMATA.deal(following.rules, SEATS, 1, following.dealer, following.match)
    assert score.match.over and score.match.round == 3 and score.match.winner is None


# -- refusals ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("moves", "refused", "reason"),
    [
        ([], PlayCard(card("1D")), "wrong_phase"),
        ([], Call(card("1D").suit), "wrong_phase"),
        ([Bid(1), Pass(), Pass(), Pass(), Pass()], Bid(3), "wrong_phase"),
        ([Bid(1), Pass(), Pass(), Pass(), Pass()], PlayCard(card("1D")), "wrong_phase"),
        ([Bid(3)], Bid(1), "bid_too_low"),
        ([], Bid(3, 70), "points_need_two"),
    ],
)
def test_refusals_say_why(moves: list[Any], refused: Any, reason: str) -> None:
    state, _ = play_all(dealt(dealer=4), moves)
    with pytest.raises(IllegalMove) as error:
        CHIAMATA.check(state, refused)
    assert error.value.reason == reason


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"auction": ({"seat": 1, "bid": "1"},)}, "invalid_auction"),  # seat 0 speaks first
        ({"auction": ({"seat": 0, "bid": "3"}, {"seat": 1, "bid": "1"})}, "invalid_auction"),
        ({"partner": 2}, "invalid_trick"),  # no partner before the call
        ({"match": {"scores": [1, 0, 0, 0, 0], "target": 5, "round": 1}}, "invalid_match"),
    ],
)
def test_impossible_states_are_refused(change: dict[str, Any], code: str) -> None:
    raw = dump_state(dealt(dealer=4))
    for key, value in change.items():
        raw[key] = list(value) if isinstance(value, tuple) else value
    with pytest.raises(InvalidState) as error:
        state, _ = load_state(CHIAMATA, raw)
        CHIAMATA.validate(state)
    assert error.value.code == code


# -- through HTTP ------------------------------------------------------------------------------------------------
def test_a_whole_match_through_http(client: FlaskClient) -> None:
    chance = random.Random(11)
    state = client.post("/v1/games/briscola_chiamata/deal", json={"players": 5, "seed": 5, "rules": {"hands": 2}})
    state = state.get_json()["state"]
    for hand in range(1, 20):
        while not state["round_over"]:
            moves = client.post("/v1/games/briscola_chiamata/legal-moves", json={"state": state}).get_json()["moves"]
            move = chance.choice([*moves[:3], {"pass": True}]) if state["phase"] == "auction" else chance.choice(moves)
            answer = client.post("/v1/games/briscola_chiamata/play", json={"state": state, "move": move})
            assert answer.status_code == 200, answer.get_json()
            state = answer.get_json()["state"]
        score = client.post("/v1/games/briscola_chiamata/score", json={"state": state}).get_json()
        assert sum(side["total"] for side in score["sides"]) == 0 and len(score["sides"]) == 5
        if score["match"]["over"]:
            totals = score["match"]["scores"]
            leaders = [seat for seat in range(5) if totals[seat] == max(totals)]
            assert score["match"]["winner"] == (leaders[0] if len(leaders) == 1 else None) and hand == 2
            return
        state = client.post("/v1/games/briscola_chiamata/deal", json={"previous": state, "seed": hand}).get_json()
        state = state["state"]
    raise AssertionError("the match never ended")


def test_a_refused_bid_is_a_422_with_its_reason(client: FlaskClient) -> None:
    state = client.post("/v1/games/briscola_chiamata/deal", json={"players": 5, "seed": 5}).get_json()["state"]
    answer = client.post("/v1/games/briscola_chiamata/play", json={"state": state, "move": {"bid": "4", "points": 70}})
    assert answer.status_code == 422 and answer.get_json()["reason"] == "points_need_two"
    answer = client.post("/v1/games/briscola_chiamata/play", json={"state": state, "move": {"pass": False}})
    assert answer.status_code == 400 and answer.get_json()["errors"][0]["pointer"] == "/move/pass"
