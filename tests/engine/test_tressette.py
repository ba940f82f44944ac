"""Tressette (RULES.md section 8; docs/rules.md, Tressette): rule tables, hand-built positions, seeded playouts.

The reference tables below are written from the rules alone (codes only, no engine tables), so a change to the
engine's order or points fails here. Sources are cited per table: RULES.md 8, pagat ("Tressette"), Parlett (The
Penguin Book of Card Games) and the Italian descriptions named in docs/rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import DECK, card, cards
from service.engine.errors import IllegalMove, InvalidState, RoundNotOver
from service.engine.games import GAMES, resolve
from service.engine.state import Event, Match, sides_of
from service.engine.tricks.state import PlayCard, TrickCard
from service.engine.tricks.tressette import Tressette
from service.engine.tricks.tressette_score import score_round
from service.engine.tricks.tressette_state import TressetteState

GAME = Tressette()

# -- an independent reference from RULES.md 8 alone ----------------------------------------------------------
STRENGTH_ORDER = ["3", "2", "1", "10", "9", "8", "7", "6", "5", "4"]  # RULES.md 8; pagat: 3 2 A Re C F 7 6 5 4
THIRDS = {"1": 3, "3": 1, "2": 1, "10": 1, "9": 1, "8": 1}  # an ace a point; 3, 2 and the figures a third
ALL_CODES = [f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)]


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1]


def reference_winner(trick: Sequence[tuple[int, str]]) -> int:
    """The seat of the highest card of the suit led; no trumps (RULES.md 8)."""
    led = suit_of(trick[0][1])
    contenders = [played for played in trick if suit_of(played[1]) == led]
    return min(contenders, key=lambda played: STRENGTH_ORDER.index(rank_of(played[1])))[0]


# -- helpers -------------------------------------------------------------------------------------------------
def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def build(
    hands: Sequence[str],
    *,
    trick: str = "",
    leader: int = 0,
    stock: str = "",
    piles: Sequence[str] | None = None,
    accusi_points: Sequence[int] | None = None,
    shown: Sequence[tuple[int, str]] = (),
    scores: Sequence[int] | None = None,
    **options: Any,
) -> TressetteState:
    """A hand-built position that passes ``validate``; cards not named go to the last seat's pile (so the
    piles hold whole tricks when the named cards leave a multiple of the player count), unless ``piles`` names
    every pile. ``trick`` is "seat:card ..." in play order."""
    rules = resolve("tressette", overrides=options)
    players = len(hands)
    played = [(int(item.split(":")[0]), item.split(":")[1]) for item in words(trick)]
    named = {code for hand in hands for code in words(hand)} | {code for _, code in played} | set(words(stock))
    if piles is None:
        rest = " ".join(code for code in ALL_CODES if code not in named)
        piles = [""] * (players - 1) + [rest]
    state = TressetteState(
        game="tressette",
        rules=rules,
        players=players,
        dealer=(leader - 1) % players,
        hands=tuple(cards(words(hand)) for hand in hands),
        stock=cards(words(stock)),
        trick=tuple(TrickCard(seat, card(code)) for seat, code in played),
        leader=leader,
        captures=tuple(cards(words(pile)) for pile in piles),
        accusi_points=tuple(accusi_points or (0,) * players),
        shown_cards=tuple(TrickCard(seat, card(code)) for seat, code in shown),
        match=Match(tuple(scores) if scores else (0,) * sides_of(players), rules.target),
    )
    GAME.validate(state)
    return state


def play(state: TressetteState, code: str) -> tuple[TressetteState, list[Event]]:
    return GAME.play(state, PlayCard(card(code)))


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def dealt(players: int, seed: int, dealer: int | None = None, **options: Any) -> TressetteState:
    rules = resolve("tressette", overrides=options)
    match = Match((0,) * sides_of(players), rules.target)
    return GAME.deal(rules, players, seed, players - 1 if dealer is None else dealer, match)[0]


def play_out(state: TressetteState, seed: int) -> tuple[TressetteState, list[Event]]:
    rng = random.Random(seed)
    every: list[Event] = []
    while not state.round_over:
        state, events = GAME.play(state, rng.choice(GAME.legal_moves(state).moves))
        every += events
    return state, every


def codes_of(items: Sequence[Any]) -> list[str]:
    return [item.code for item in items]


# -- the order of the cards and the trick ----------------------------------------------------------------------
@pytest.mark.parametrize("suit", "DCSB")
@pytest.mark.parametrize("led_high", [True, False], ids=["the higher card led", "the lower card led"])
def test_strength_order_three_two_ace_re_cavallo_fante_7_6_5_4(suit: str, led_high: bool) -> None:
    """RULES.md 8; pagat: "3 (highest), 2, A, Re, Cavallo, Fante, 7, 6, 5, 4 (lowest)": every pair of ranks,
    as the last trick of a two-player round."""
    for at, higher in enumerate(STRENGTH_ORDER):
        for lower in STRENGTH_ORDER[at + 1 :]:
            first, second = (higher, lower) if led_high else (lower, higher)
            state = build(["", f"{second}{suit}"], trick=f"0:{first}{suit}", leader=0)
            state, _ = play(state, f"{second}{suit}")
            assert state.leader == (0 if led_high else 1), (higher, lower)


TRICKS = [
    # (trick as (seat, card) in play order, winner)  RULES.md 8: the highest card of the suit led wins
    pytest.param([(0, "4D"), (1, "3C")], 0, id="a three of another suit does not win"),
    pytest.param([(0, "4D"), (1, "5D")], 1, id="five beats four"),
    pytest.param([(0, "10D"), (1, "1D")], 1, id="ace beats re"),
    pytest.param([(0, "1D"), (1, "2D")], 1, id="two beats ace"),
    pytest.param([(0, "2D"), (1, "3D")], 1, id="three beats two"),
    pytest.param([(1, "7C"), (0, "8C")], 0, id="fante beats seven"),
    pytest.param([(0, "3S"), (1, "1S")], 0, id="the three is the highest card"),
    pytest.param([(2, "9B"), (3, "10B"), (0, "1C"), (1, "4B")], 3, id="four players: re beats cavallo"),
    pytest.param([(3, "4S"), (0, "3D"), (1, "2C"), (2, "5S")], 2, id="four players: only the suit led wins"),
]


@pytest.mark.parametrize(("trick", "winner"), TRICKS)
def test_trick_winner(trick: list[tuple[int, str]], winner: int) -> None:
    assert reference_winner(trick) == winner  # the reference agrees with the table
    players = 2 if len(trick) == 2 else 4
    leader = trick[0][0]
    last_seat, last_card = trick[-1]
    hands = ["" for _ in range(players)]
    hands[last_seat] = last_card
    before = " ".join(f"{seat}:{code}" for seat, code in trick[:-1])
    # One card left in every hand that has not played: a last trick, so the winner is also the ultima's.
    state = build(hands, trick=before, leader=leader)
    state, events = play(state, last_card)
    assert [event.data["seat"] for event in of_type(events, "trick_won")] == [winner]
    assert state.leader == winner and state.trick == ()
    assert set(codes_of(state.captures[winner][-players:])) == {code for _, code in trick}


# -- following suit ---------------------------------------------------------------------------------------------
FOLLOW = [
    # (hand of the seat to act, card led, legal cards)  RULES.md 8; pagat: "must play a card of the suit led"
    pytest.param("4D 3C 7D", "5D", "4D 7D", id="must follow with either card of the suit led"),
    pytest.param("3C 2S 1B", "5D", "3C 2S 1B", id="void in the suit led: any card"),
    pytest.param("9D", "5D", "9D", id="the only card of the suit"),
]


@pytest.mark.parametrize(("hand", "led", "legal"), FOLLOW)
def test_legal_moves_follow_suit(hand: str, led: str, legal: str) -> None:
    others = [code for code in ALL_CODES if code not in words(hand) and code != led]
    size = len(words(hand))
    leader_rest = " ".join(others[: size - 1])  # the leader has played one card of its hand
    partner, fourth = " ".join(others[10 : 10 + size]), " ".join(others[20 : 20 + size])
    state = build([leader_rest, hand, partner, fourth], trick=f"0:{led}", leader=0)
    listed = GAME.legal_moves(state)
    assert listed.seat == 1
    assert sorted(codes_of([move.card for move in listed.moves])) == sorted(words(legal))


def test_a_card_of_another_suit_while_holding_the_suit_led_is_refused_with_the_reason() -> None:
    """RULES.md 8: follow suit when you can; the refusal names the card and the suit led."""
    state = build(["5D", "4D 3C", "7D 8S", "9D 10S"], trick="0:2D", leader=0)
    with pytest.raises(IllegalMove) as refused:
        play(state, "3C")
    assert refused.value.reason == "must_follow_suit"
    assert refused.value.params == {"card": "3C", "suit": "D"}
    assert GAME.check(state, PlayCard(card("4D"))) == PlayCard(card("4D"))


def test_the_leader_may_lead_any_card_and_the_round_over_refuses_everything() -> None:
    state = build(["5D 3C", "4D 3S", "7B 8S", "9D 10S"], leader=0)
    assert sorted(codes_of([m.card for m in GAME.legal_moves(state).moves])) == ["3C", "5D"]
    with pytest.raises(IllegalMove) as refused:
        play(state, "3S")
    assert refused.value.reason == "card_not_in_hand"
    finished, _ = play_out(dealt(4, 3), 3)
    with pytest.raises(IllegalMove) as over:
        GAME.check(finished, PlayCard(card("1D")))
    assert over.value.reason == "round_over"
    assert GAME.legal_moves(finished).moves == ()


def test_legal_moves_limit_counts_every_move() -> None:
    state = dealt(2, 1)
    listed = GAME.legal_moves(state, limit=3)
    assert len(listed.moves) == 3 and listed.total == 10


# -- the deal and the stock -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stock"), [(2, 20), (4, 0)], ids=["two players: a stock of 20", "four: none"])
def test_ten_cards_each_and_the_rest_as_the_stock(players: int, stock: int) -> None:
    """RULES.md 8: ten cards each; two players keep the other twenty as the stock, four have none."""
    state = dealt(players, 5)
    assert [len(hand) for hand in state.hands] == [10] * players
    assert len(state.stock) == stock
    assert state.turn == 0 and state.leader == 0  # the seat after the dealer (players - 1) leads
    everything = [c for hand in state.hands for c in hand] + list(state.stock)
    assert sorted(c.index for c in everything) == list(range(40))


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_seat_after_the_dealer_leads(dealer: int) -> None:
    assert dealt(4, 2, dealer=dealer).turn == (dealer + 1) % 4


def test_the_same_seed_deals_the_same_round_and_another_seed_another() -> None:
    assert dealt(2, "table-9").hands == dealt(2, "table-9").hands
    assert dealt(2, 9).hands == dealt(2, "9").hands
    assert dealt(2, 9).hands != dealt(2, 10).hands


@pytest.mark.parametrize("shown", [True, False], ids=["draws shown to both", "draws private"])
def test_two_players_draw_after_each_trick_the_winner_first(shown: bool) -> None:
    """RULES.md 8: the winner draws first, then the other; each drawn card shown to both (the Cuperativa
    manual: "Entrambi mostrano la carta pescata"); ``show_drawn_cards`` false keeps each draw private."""
    state = dealt(2, 4, show_drawn_cards=shown)
    stock = list(state.stock)
    lead = state.hands[0][0]
    state, _ = play(state, lead.code)
    reply = next(move.card for move in GAME.legal_moves(state).moves)
    state, events = play(state, reply.code)
    winner = reference_winner([(0, lead.code), (1, reply.code)])
    assert state.leader == winner
    drawn = of_type(events, "card_drawn")
    assert [(event.data["seat"], event.data["card"]) for event in drawn] == [(winner, stock[0]), (1 - winner, stock[1])]
    assert [event.to for event in drawn] == ([None, None] if shown else [winner, 1 - winner])
    assert of_type(events, "cards_drawn")[0].data == {"order": (winner, 1 - winner), "stock": 18}
    assert list(state.stock) == stock[2:] and [len(hand) for hand in state.hands] == [10, 10]
    expected = [TrickCard(winner, stock[0]), TrickCard(1 - winner, stock[1])] if shown else []
    assert list(state.shown_cards) == expected
    # The other seat's view names the card the table saw it draw, and only that one of its hand.
    view = GAME.view(state, winner)
    assert view["shown_cards"][1 - winner] == ([stock[1]] if shown else [])
    assert view["hand_sizes"] == [10, 10] and view["stock_count"] == 18


def test_a_shown_card_leaves_the_record_when_it_is_played() -> None:
    state = dealt(2, 4)
    for _ in range(40):
        legal = {move.card for move in GAME.legal_moves(state).moves}
        mine = [item for item in state.shown_cards if item.seat == state.turn and item.card in legal]
        if mine:
            break
        state, _ = GAME.play(state, GAME.legal_moves(state).moves[0])
    else:
        pytest.fail("no shown card was ever playable")
    after, _ = play(state, mine[0].card.code)
    assert mine[0] not in after.shown_cards and len(after.shown_cards) == len(state.shown_cards) - 1


def test_two_players_play_twenty_tricks_and_four_players_ten_without_drawing() -> None:
    for players, tricks in ((2, 20), (4, 10)):
        _, events = play_out(dealt(players, 7), 7)
        assert len(of_type(events, "trick_won")) == tricks
        assert bool(of_type(events, "card_drawn")) is (players == 2)
        assert len(of_type(events, "card_drawn")) == (20 if players == 2 else 0)


# -- points -----------------------------------------------------------------------------------------------------
# The piles of seats 0 and 1 (two players) or of the sides' seats (four players); the last trick's taker.
POINTS = [
    # (players, piles (None: every card not named), the last trick's seat, thirds, card points, ultima)
    # RULES.md 8; Parlett: the cards hold 32 thirds (10 2/3 points), the last trick one point more.
    pytest.param(2, ["1D 1C 1S 1B", None], 0, "truncate_per_side", [4, 6], [1, 0], id="four aces are four points"),
    pytest.param(2, ["3D 2D 10D", None], 1, "truncate_per_side", [1, 9], [0, 1], id="three thirds make a point"),
    pytest.param(2, ["3D 2D", None], 0, "truncate_per_side", [0, 10], [1, 0], id="two thirds are dropped"),
    pytest.param(2, ["3D 2D", None], 0, "round_per_side", [1, 10], [1, 0],
                 id="round_per_side counts two thirds as a point (the hand counts 12)"),
    pytest.param(2, ["3D", None], 0, "round_per_side", [0, 10], [1, 0],
                 id="round_per_side drops one third (31 thirds are 10)"),
    pytest.param(4, ["1D 3C", None, "2S 10B", None], 2, "truncate_per_side", [2, 8], [1, 0],
                 id="partners pool their piles and the ultima"),
]
ZERO = [code for code in ALL_CODES if rank_of(code) in ("4", "5", "6", "7")]


@pytest.mark.parametrize(("players", "piles", "last", "thirds", "card_points", "ultima"), POINTS)
def test_round_points(
    players: int, piles: list[str | None], last: int, thirds: str, card_points: list[int], ultima: list[int]
) -> None:
    # Piles hold whole tricks: each named pile is made up with cards worth nothing; the first open pile takes
    # every card not named.
    spare = [code for code in ZERO if not any(code in words(pile or "") for pile in piles)]
    filled = []
    for pile in piles:
        named = list(words(pile or ""))
        while pile is not None and len(named) % players:
            named.append(spare.pop())
        filled.append(" ".join(named))
    used = {code for pile in filled for code in words(pile)}
    filled[piles.index(None)] = " ".join(code for code in ALL_CODES if code not in used)
    state = build([""] * players, leader=last, piles=filled, thirds=thirds)
    result = GAME.score(state)
    assert [side.points["card_points"] for side in result.sides] == card_points
    assert [side.points["last_trick"] for side in result.sides] == ultima
    assert [side.total for side in result.sides] == [a + b for a, b in zip(card_points, ultima, strict=True)]
    reference = [sum(THIRDS.get(rank_of(code), 0) for seat in side.seats for code in words(filled[seat]))
                 for side in result.sides]
    assert [side.details["thirds"] for side in result.sides] == reference


def test_every_pile_counts_eleven_and_two_thirds_in_thirds() -> None:
    """RULES.md 8: a hand holds 11 2/3 (35 thirds, the ultima's three included)."""
    assert sum(THIRDS.get(rank_of(code), 0) for code in ALL_CODES) + 3 == 35


def test_a_round_not_over_is_not_scored() -> None:
    with pytest.raises(RoundNotOver):
        GAME.score(dealt(4, 1))


# -- declarations ----------------------------------------------------------------------------------------------
ACCUSI = [
    # (hand, the declarations as (kind, rank or suit), points)  RULES.md 8; pagat; Adamoli
    pytest.param("1D 2D 3D 4C 5C 6C 7C 4S 5S 6S", [("napoletana", "D")], 3, id="napoletana of coins: 3"),
    pytest.param("1D 1C 1S 4C 5C 6C 7C 4S 5S 6S", [("three", "1-B")], 3, id="three aces, batons missing: 3"),
    pytest.param("3D 3C 3S 3B 5C 6C 7C 4S 5S 6S", [("four", "3")], 4, id="all four threes: 4"),
    pytest.param("1D 2D 3D 1C 2C 3C 1S 4S 5S 6S",
                 [("napoletana", "D"), ("napoletana", "C"), ("three", "1-B")], 9,
                 id="two napoletane and three aces"),
    pytest.param("1D 2D 4D 1C 2C 3S 7C 4S 5S 6S", [], 0, id="no napoletana without the three"),
    pytest.param("7D 7C 7S 7B 10D 10C 10S 10B 9D 9C", [], 0, id="sevens and figures declare nothing"),
]


def declared_as(event: Event) -> list[tuple[str, str]]:
    found = []
    for item in event.data["accusi"]:
        if item["kind"] == "napoletana":
            found.append(("napoletana", item["suit"]))
        elif item["kind"] == "three":
            found.append(("three", f"{item['rank']}-{item['missing']}"))
        else:
            found.append(("four", str(item["rank"])))
    return found


@pytest.mark.parametrize(("hand", "declared", "points"), ACCUSI)
def test_declarations_with_the_first_card(hand: str, declared: list[tuple[str, str]], points: int) -> None:
    rest = [code for code in ALL_CODES if code not in words(hand)]
    hands = [hand, " ".join(rest[:10]), " ".join(rest[10:20]), " ".join(rest[20:30])]
    state = build(hands, leader=0, accusi="on")
    lead = words(hand)[-1]
    state, events = play(state, lead)
    found = of_type(events, "accusi_declared")
    if not declared:
        assert not found and state.accusi_points == (0, 0, 0, 0)
        return
    assert [sorted(declared_as(event)) for event in found] == [sorted(declared)]
    assert found[0].to is None and found[0].data["points"] == points  # announced to the table
    assert events.index(found[0]) < events.index(of_type(events, "card_played")[0])
    assert state.accusi_points == (points, 0, 0, 0)


def test_accusi_off_declares_nothing_and_on_declares_once_for_the_side() -> None:
    """RULES.md 8: accusi off by default; with it on each seat declares with its first card only, for its side."""
    napoletana = "1D 2D 3D 4C 5C 6C 7C 4S 5S 6S"
    rest = [code for code in ALL_CODES if code not in words(napoletana)]
    # Seat 2 (side 0) holds the napoletana; seat 0 leads.
    hands = [" ".join(rest[:10]), " ".join(rest[10:20]), napoletana, " ".join(rest[20:30])]
    for accusi, expected in (("off", 0), ("on", 3)):
        state = build(hands, leader=0, accusi=accusi)
        final, events = play_out(state, 11)
        declared = of_type(events, "accusi_declared")
        assert final.accusi_points[2] == expected
        assert len([event for event in declared if event.data["seat"] == 2]) == (1 if expected else 0)
        assert len({event.data["seat"] for event in declared}) == len(declared)  # once per seat
        assert bool(declared) is (accusi == "on")
        sides = GAME.score(final).sides
        assert sides[0].points["accusi"] == final.accusi_points[0] + final.accusi_points[2]
        assert sides[1].points["accusi"] == final.accusi_points[1] + final.accusi_points[3]


def test_declared_points_of_a_state_with_accusi_off_are_refused() -> None:
    state = dealt(2, 1)
    with pytest.raises(InvalidState) as refused:
        GAME.validate(state._replace(accusi_points=(3, 0)))
    assert refused.value.problems[0].pointer == "/accusi_points"
    with pytest.raises(InvalidState):
        GAME.validate(state._replace(accusi_points=(0, 0, 0)))


# -- the match --------------------------------------------------------------------------------------------------
MATCHES = [
    # (target, scores before, round totals, scores after, over, winner)  RULES.md 8: first side to the target
    pytest.param(21, [15, 3], [7, 4], [22, 7], True, 0, id="21: the first side past the target wins"),
    pytest.param(21, [15, 3], [5, 6], [20, 9], False, None, id="21: one short plays on"),
    pytest.param(31, [25, 27], [3, 8], [28, 35], True, 1, id="31"),
    pytest.param(41, [30, 36], [4, 7], [34, 43], True, 1, id="41"),
    pytest.param(21, [17, 19], [6, 5], [23, 24], True, 1, id="both pass in one hand: the more points wins"),
    pytest.param(21, [16, 18], [8, 6], [24, 24], False, None, id="both pass with equal points: another hand"),
]


@pytest.mark.parametrize(("target", "before", "totals", "after", "over", "winner"), MATCHES)
def test_match_target(
    target: int, before: list[int], totals: list[int], after: list[int], over: bool, winner: int | None
) -> None:
    rules = resolve("tressette", overrides={"target": target, "accusi": "on"})
    # The round's totals made of the ultima (seat 0) and declarations; the match adds them up.
    result = score_round(rules, 2, [[], []], 0, [totals[0] - 1, totals[1]], Match(tuple(before), target))
    assert [side.total for side in result.sides] == totals
    assert list(result.match.scores) == after
    assert (result.match.over, result.match.winner) == (over, winner)


def test_the_next_round_carries_the_points_over() -> None:
    state, _ = play_out(dealt(2, 3), 3)
    after = GAME.next_round(state)
    assert after.match.scores == GAME.score(state).match.scores and after.dealer == 0


# -- state checks and purity ------------------------------------------------------------------------------------
def test_a_shown_card_not_in_its_seat_s_hand_is_refused() -> None:
    state = dealt(2, 2)
    foreign = state.hands[1][0]
    with pytest.raises(InvalidState) as refused:
        GAME.validate(state._replace(shown_cards=(TrickCard(0, foreign),)))
    assert refused.value.problems[0].pointer == "/shown_cards/0"


def test_a_finished_round_names_the_last_trick_s_taker_as_leader() -> None:
    final, _ = play_out(dealt(2, 6), 6)
    GAME.validate(final)
    everything = (*final.captures[0], *final.captures[1])
    GAME.validate(final._replace(captures=(everything, ()), leader=0))
    with pytest.raises(InvalidState) as refused:
        GAME.validate(final._replace(captures=(everything, ()), leader=1))
    assert refused.value.problems[0].pointer == "/leader"


def test_play_never_changes_its_input() -> None:
    state = dealt(2, 8)
    copy = state._replace()
    GAME.play(state, GAME.legal_moves(state).moves[0])
    assert state == copy


def test_the_computer_players_put_a_shown_card_back_in_the_hand_that_drew_it() -> None:
    state = dealt(2, 4)
    while not any(item.seat == 1 for item in state.shown_cards) or state.turn != 0:
        assert state.stock, "no position with a shown card and a stock"
        state, _ = GAME.play(state, GAME.legal_moves(state).moves[0])
    shown = next(item for item in state.shown_cards if item.seat == 1)
    # A sampled world that dealt the shown card to the stock: the hook returns it to seat 1.
    rest = [c for c in state.hands[1] if c is not shown.card]
    world = GAME.strategy.with_hidden(state, (state.hands[0], (*rest, state.stock[0])), (shown.card, *state.stock[1:]))
    assert shown.card in world.hands[1] and len(world.hands[1]) == len(state.hands[1])
    GAME.validate(world)


# -- properties -------------------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, database=None)
@given(
    players=st.sampled_from([2, 4]),
    seed=st.integers(min_value=0, max_value=10**9),
    accusi=st.sampled_from(["off", "on"]),
    shown=st.booleans(),
)
def test_any_deal_plays_out_keeping_the_40_cards_and_scores_eleven(
    players: int, seed: int, accusi: str, shown: bool
) -> None:
    """Random legal play: every state is consistent (the 40 cards each once), the round ends after every card is
    played, and the card points and ultima add up to 11 (RULES.md 8, truncate_per_side)."""
    state = dealt(players, seed, accusi=accusi, show_drawn_cards=shown)
    rng = random.Random(seed)
    while not state.round_over:
        GAME.validate(state)
        moves = GAME.legal_moves(state).moves
        state, _ = GAME.play(state, rng.choice(moves))
    GAME.validate(state)
    assert sorted(c.index for pile in state.captures for c in pile) == list(range(40))
    result = GAME.score(state)
    assert sum(side.points["card_points"] + side.points["last_trick"] for side in result.sides) == 11
    assert sum(side.points["last_trick"] for side in result.sides) == 1


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=10**9), players=st.sampled_from([2, 4]))
def test_round_per_side_counts_eleven_or_twelve(seed: int, players: int) -> None:
    state, _ = play_out(dealt(players, seed, thirds="round_per_side"), seed)
    total = sum(side.points["card_points"] + side.points["last_trick"] for side in GAME.score(state).sides)
    assert total in (11, 12)


@settings(max_examples=30, deadline=None, database=None)
@given(seed=st.integers(min_value=0, max_value=10**9), players=st.sampled_from([2, 4]),
       dealer=st.integers(min_value=0, max_value=3))
def test_seeded_deals_are_reproducible(seed: int, players: int, dealer: int) -> None:
    dealer %= players
    first, second = dealt(players, seed, dealer=dealer), dealt(players, str(seed), dealer=dealer)
    assert first == second
    assert first.turn == (dealer + 1) % players


def test_the_registry_offers_tressette_for_two_and_four() -> None:
    assert GAMES["tressette"].player_counts == (2, 4)
    assert [option.name for option in GAMES["tressette"].rulebook.options] == [
        "target", "thirds", "accusi", "show_drawn_cards",
    ]
    assert len(DECK) == 40
