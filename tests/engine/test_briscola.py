"""Briscola / Brisca (RULES.md section 6): rule tables, hand-built positions and seeded random playouts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import shuffle
from service.engine.cards import BY_CODE, DECK, card, cards
from service.engine.errors import IllegalMove, InvalidState, RoundNotOver
from service.engine.games import GAMES, resolve
from service.engine.moves import LegalMoves
from service.engine.state import Event, Match, playing_order, sides_of
from service.engine.tricks import BriscolaState, ExchangeTrump, PlayCard, TrickCard
from service.engine.tricks.briscola import Briscola

GAME = Briscola()

# -- an independent reference from RULES.md alone (codes only, no engine tables) --------------------
STRENGTH_ORDER = ["1", "3", "10", "9", "8", "7", "6", "5", "4", "2"]  # RULES.md 1: strength, high to low
POINTS = {"1": 11, "3": 10, "10": 4, "9": 3, "8": 2}  # RULES.md 1: every other rank scores 0
ALL_CODES = [f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)]
ALLOWED_EXCHANGES = {  # RULES.md 6: rank held -> face-up ranks it may replace
    "off": {},
    "seven_and_two": {"7": {"1", "3", "8", "9", "10"}, "2": {"4", "5", "6", "7"}},
    "two_only": {"2": {str(rank) for rank in range(1, 11)}},
}
TRICKS_PER_ROUND = {2: 20, 3: 13, 4: 10}


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1]


def reference_winner(trick: Sequence[tuple[int, str]], trump: str) -> int:
    """The seat winning ``trick`` ((seat, code) in play order): highest trump, else best of the suit led."""
    led = suit_of(trick[0][1])
    trumps = [played for played in trick if suit_of(played[1]) == trump]
    contenders = trumps or [played for played in trick if suit_of(played[1]) == led]
    return min(contenders, key=lambda played: STRENGTH_ORDER.index(rank_of(played[1])))[0]


def reference_points(codes: Sequence[str]) -> int:
    return sum(POINTS.get(rank_of(code), 0) for code in codes)


def reference_deck(players: int, removed: str = "2B") -> list[str]:
    return [code for code in ALL_CODES if players != 3 or code != removed]


# -- helpers -------------------------------------------------------------------------------------------------
def new_match(players: int, target: int = 1, scores: Sequence[int] | None = None) -> Match:
    return Match(tuple(scores) if scores else (0,) * sides_of(players), target)


def build(
    players: int,
    hands: Sequence[str],
    *,
    trump: str,
    trick: str = "",
    leader: int = 0,
    stock: int | str = 0,
    piles: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    **options: Any,
) -> BriscolaState:
    """A hand-built position that passes ``validate``. Cards not named go to the stock (``stock`` of them when
    a number) and the rest to seat 0's pile, unless ``piles`` names every pile."""
    rules = resolve("briscola", overrides=options)
    deck = reference_deck(players, str(rules["three_player_removed_card"]))
    hand_cards = tuple(cards(hand.split()) for hand in hands)
    played = tuple(TrickCard((leader + i) % players, card(code)) for i, code in enumerate(trick.split()))
    named = {c.code for hand in hand_cards for c in hand} | {p.card.code for p in played}
    if isinstance(stock, str):
        stock_cards = cards(stock.split())
    else:
        free = [code for code in deck if code not in named and (stock == 0 or code != trump)]
        stock_cards = cards(free[:stock])
    named |= {c.code for c in stock_cards} | ({trump} if stock_cards else set())
    if piles is None:
        pile_cards = (cards(code for code in deck if code not in named), *((),) * (players - 1))
    else:
        pile_cards = tuple(cards(pile.split()) for pile in piles)
    state = BriscolaState(
        game="briscola",
        rules=rules,
        players=players,
        dealer=(leader - 1) % players,
        hands=hand_cards,
        stock=stock_cards,
        trump_card=card(trump),
        trick=played,
        leader=leader,
        captures=pile_cards,
        match=new_match(players, rules.target, scores),
    )
    GAME.validate(state)
    GAMES[state.game].check_reported(
        state, {"turn": state.turn, "round_over": state.round_over, "trump_suit": state.trump_suit}
    )
    return state


def snapshot(state: BriscolaState) -> tuple[Any, ...]:
    """Every field as plain values, to see that nothing changed."""
    return (
        state.game,
        dict(state.rules),
        state.players,
        state.dealer,
        [[c.code for c in hand] for hand in state.hands],
        [c.code for c in state.stock],
        state.trump_card.code,
        [(p.seat, p.card.code) for p in state.trick],
        state.leader,
        [[c.code for c in pile] for pile in state.captures],
        state.match,
        state.deck,
    )


def all_codes(state: BriscolaState) -> list[str]:
    """Every card where it lies: hands, trick, stock, the face-up trump card while under the stock, piles."""
    found = [c.code for hand in state.hands for c in hand] + [p.card.code for p in state.trick]
    found += [c.code for c in state.stock] + [c.code for pile in state.captures for c in pile]
    if state.stock:
        found.append(state.trump_card.code)
    return found


def refused(state: BriscolaState, move: PlayCard | ExchangeTrump) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        GAME.check(state, move)
    with pytest.raises(IllegalMove):
        GAME.play(state, move)
    return error.value


def reason_of(state: BriscolaState, move: PlayCard | ExchangeTrump) -> str | None:
    """Why ``check`` refuses the move, or None when it is accepted."""
    try:
        GAME.check(state, move)
    except IllegalMove as error:
        return error.reason
    return None


def briscola_moves(legal: LegalMoves) -> list[PlayCard | ExchangeTrump]:
    moves = [move for move in legal.moves if isinstance(move, PlayCard | ExchangeTrump)]
    assert len(moves) == len(legal.moves)
    return moves


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


# -- trick winners (RULES.md 6: highest trump, else highest of the suit led, by strength) -----------
TRICKS = [
    pytest.param("D", "1C 2D", 1, id="a zero-point trump beats a led ace"),
    pytest.param("D", "4D 1C", 0, id="a led trump beats an off-suit ace"),
    pytest.param("D", "3D 1D", 1, id="highest trump wins: ace over three"),
    pytest.param("D", "2D 7D", 1, id="highest trump wins: 7 over 2 of trumps"),
    pytest.param("D", "4D 2D", 0, id="highest trump wins: 4 over 2 of trumps"),
    pytest.param("D", "2C 1S", 0, id="off-suit never wins: ace after a led 2"),
    pytest.param("D", "2C 7C", 1, id="led suit by strength: 7 beats 2 (both 0 points)"),
    pytest.param("D", "7C 2C", 0, id="led suit by strength: led 7 beats 2"),
    pytest.param("D", "4C 2C", 0, id="led suit by strength: 4 beats 2 (both 0 points)"),
    pytest.param("D", "5C 6C", 1, id="led suit by strength: 6 beats 5"),
    pytest.param("D", "10C 3C", 1, id="led suit by strength: 3 beats king"),
    pytest.param("D", "3C 1C", 1, id="led suit by strength: ace beats 3"),
    pytest.param("D", "9C 10C", 1, id="led suit by strength: king beats cavallo"),
    pytest.param("D", "8C 9C", 1, id="led suit by strength: cavallo beats fante"),
    pytest.param("D", "7C 8C", 1, id="led suit by strength: fante beats 7"),
    pytest.param("S", "1C 2S 4S", 2, id="3 players: a second trump beats the first"),
    pytest.param("S", "4C 1B 5C", 2, id="3 players: an off-suit ace never wins"),
    pytest.param("S", "2S 1C 1D", 0, id="3 players: a led 2 of trumps beats two aces"),
    pytest.param("S", "6C 5C 4D", 0, id="3 players: zero-point cards, led suit by strength"),
    pytest.param("D", "5S 7S 1D 2D", 2, id="4 players: highest trump wins, partner's trump too"),
    pytest.param("D", "4B 1C 1S 5B", 3, id="4 players: led suit wins over off-suit aces"),
    pytest.param("D", "10C 3C 9C 1C", 3, id="4 players: ace of the led suit"),
    pytest.param("B", "1C 1S 1D 2B", 3, id="4 players: the lowest trump beats three aces"),
]


@pytest.mark.parametrize(("trump_suit", "trick", "winner"), TRICKS)
def test_trick_winner(trump_suit: str, trick: str, winner: int) -> None:
    codes = trick.split()
    players = len(codes)
    assert reference_winner(list(enumerate(codes)), trump_suit) == winner  # the row agrees with the reference
    removed = next(two for two in ("2B", "2S", "2C", "2D") if two not in codes)
    trump = next(c for c in ALL_CODES if suit_of(c) == trump_suit and c not in codes and c != removed)
    for leader in range(players):
        hands = [""] * players
        hands[(leader + players - 1) % players] = codes[-1]
        state = build(
            players,
            hands,
            trump=trump,
            trick=" ".join(codes[:-1]),
            leader=leader,
            three_player_removed_card=removed,
        )
        after, events = GAME.play(state, PlayCard(card(codes[-1])))
        seat = (leader + winner) % players
        won = of_type(events, "trick_won")
        assert [e.data["seat"] for e in won] == [seat]
        assert [c.code for c in won[0].data["cards"]] == codes
        assert won[0].data["points"] == reference_points(codes)
        assert [c.code for c in after.captures[seat][-players:]] == codes
        assert after.leader == seat and after.trick == ()
        assert events[-1] == Event("round_over", {})


@pytest.mark.parametrize("trump_suit", ["D", "C"], ids=["led suit is not trump", "led suit is trump"])
def test_strength_order_ace_three_king_cavallo_fante_7_6_5_4_2(trump_suit: str) -> None:
    for high, low in itertools.combinations(STRENGTH_ORDER, 2):
        for first, second, expected in ((high, low, 0), (low, high, 1)):
            codes = [f"{first}C", f"{second}C"]
            trump = next(c for c in ALL_CODES if suit_of(c) == trump_suit and c not in codes)
            state = build(2, ["", codes[1]], trump=trump, trick=codes[0])
            _, events = GAME.play(state, PlayCard(card(codes[1])))
            assert of_type(events, "trick_won")[0].data["seat"] == expected, codes


# -- drawing (RULES.md 6: winner first, then in playing order; the final draw takes the trump card) -----
@pytest.mark.parametrize(
    ("players", "trick", "stock", "winner"),
    [
        pytest.param(2, "1C 2C", 31, 0, id="2 players: the leader wins and draws first"),
        pytest.param(2, "2C 1C", 31, 1, id="2 players: the follower wins and draws first"),
        pytest.param(3, "4C 1C 5C", 26, 1, id="3 players: winner seat 1 draws, then 2, then 0"),
        pytest.param(3, "4C 1S 5C", 26, 2, id="3 players: winner seat 2 draws, then 0, then 1"),
        pytest.param(4, "4C 5C 2D 6C", 23, 2, id="4 players: winner seat 2 draws, then 3, 0, 1"),
        pytest.param(4, "4C 5C 6C 1C", 11, 3, id="4 players: winner seat 3 draws, then 0, 1, 2"),
    ],
)
def test_drawing_order_after_a_trick(players: int, trick: str, stock: int, winner: int) -> None:
    codes = trick.split()
    last = (players - 1) % players
    filler = [c for c in ALL_CODES if suit_of(c) in "SB" and c not in codes and c != "2B"]
    hands = [" ".join(filler[2 * seat : 2 * seat + 2]) for seat in range(players)]
    hands[last] += " " + codes[-1]
    state = build(players, hands, trump="10D", trick=" ".join(codes[:-1]), stock=stock)
    after, events = GAME.play(state, PlayCard(card(codes[-1])))
    order = playing_order(winner, players)
    drawn = Event("cards_drawn", {"order": order, "stock": stock - players})
    assert of_type(events, "cards_drawn") == [drawn]
    assert [e.type for e in events if e.to is None] == ["card_played", "trick_won", "cards_drawn"]
    # Each seat learns its own draw, privately; the others only how many were drawn (API.md, tables).
    private = [e for e in events if e.to is not None]
    assert private == [
        Event("card_drawn", {"seat": seat, "card": state.stock[at]}, seat) for at, seat in enumerate(order)
    ]
    for position, seat in enumerate(order):
        assert after.hands[seat][-1] is state.stock[position]
        assert len(after.hands[seat]) == 3
    assert after.stock == state.stock[players:]
    assert after.leader == winner and after.turn == winner and after.trump_card is state.trump_card
    GAME.validate(after)


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n} players")
@pytest.mark.parametrize("winner", [0, 1], ids=["leader wins", "follower wins"])
def test_the_final_draw_takes_the_face_up_trump_card(players: int, winner: int) -> None:
    trick = ["4C", "1C"] if winner else ["1C", "4C"]
    trick += ["5S", "6S"][: players - 2]
    filler = [c for c in ALL_CODES if suit_of(c) == "B" and c != "2B"]
    hands = [" ".join(filler[2 * seat : 2 * seat + 2]) for seat in range(players)]
    hands[players - 1] += " " + trick[-1]
    state = build(players, hands, trump="7D", trick=" ".join(trick[:-1]), stock=players - 1)
    assert state.trump_under_stock
    after, events = GAME.play(state, PlayCard(card(trick[-1])))
    order = playing_order(winner, players)
    assert of_type(events, "cards_drawn") == [Event("cards_drawn", {"order": order, "stock": 0})]
    for position, seat in enumerate(order[:-1]):
        assert after.hands[seat][-1] is state.stock[position]
    assert after.hands[order[-1]][-1] is state.trump_card
    assert after.stock == () and not after.trump_under_stock and after.trump_card.code == "7D"
    assert after.trump_suit == "D" and not after.round_over
    GAME.validate(after)
    GAMES[after.game].check_reported(after, {"turn": after.turn, "round_over": False, "trump_suit": "D"})


def test_a_trick_that_empties_every_hand_ends_the_round_without_drawing() -> None:
    state = build(2, ["", "2C"], trump="9D", trick="1C")
    after, events = GAME.play(state, PlayCard(card("2C")))
    assert [e.type for e in events] == ["card_played", "trick_won", "round_over"]
    assert after.round_over and after.turn is None


# -- the deal ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n} players")
@pytest.mark.parametrize("dealer", [0, 1], ids=["dealer 0", "dealer 1"])
def test_deal_three_each_one_at_a_time_then_the_trump_card_then_the_stock(players: int, dealer: int) -> None:
    rules = resolve("briscola")
    match = Match((0,) * sides_of(players), 1, round=2)
    state, events = GAME.deal(rules, players, "seed-1", dealer, match, deck="spanish")
    deck = [c for c in DECK if c.code in reference_deck(players)]
    dealt = shuffle.shuffled(deck, "seed-1", shuffle.deal_context("briscola", players, dealer, 2, 0))
    order = playing_order((dealer + 1) % players, players)
    for seat in range(players):
        assert state.hands[seat] == tuple(dealt[order.index(seat) : 3 * players : players])
    assert state.trump_card is dealt[3 * players]
    assert state.stock == tuple(dealt[3 * players + 1 :])
    assert state.trump_card not in state.stock
    assert len(state.stock) == len(deck) - 3 * players - 1
    assert state.leader == (dealer + 1) % players == state.turn
    assert state.trick == () and state.captures == ((),) * players
    assert state.deck == "spanish" and state.match == match and state.dealer == dealer
    assert events == [
        Event(
            "dealt", {"dealer": dealer, "round": 2, "trump_card": state.trump_card, "stock": len(state.stock)}
        ),
        *(Event("hand_dealt", {"seat": seat, "cards": state.hands[seat]}, seat) for seat in range(players)),
    ]
    GAME.validate(state)
    GAMES[state.game].check_reported(
        state, {"turn": state.turn, "round_over": False, "trump_suit": state.trump_card.suit.value}
    )


@pytest.mark.parametrize("removed", ["2D", "2C", "2S", "2B"], ids=lambda code: f"3 players remove {code}")
def test_three_players_use_39_cards(removed: str) -> None:
    rules = resolve("briscola", overrides={"three_player_removed_card": removed})
    for seed in range(40):
        state, _ = GAME.deal(rules, 3, seed, 2, new_match(3))
        codes = all_codes(state)
        assert len(codes) == len(set(codes)) == 39
        assert removed not in codes and sorted(codes) == sorted(reference_deck(3, removed))
        final, tricks, _ = playout(state, random.Random(seed))
        assert tricks == 13
        assert all(removed not in [c.code for c in pile] for pile in final.captures)


def test_the_same_seed_deals_the_same_round() -> None:
    rules = resolve("briscola")
    first, _ = GAME.deal(rules, 4, 7, 3, new_match(4))
    assert snapshot(GAME.deal(rules, 4, 7, 3, new_match(4))[0]) == snapshot(first)
    assert snapshot(GAME.deal(rules, 4, "7", 3, new_match(4))[0]) == snapshot(first)
    assert snapshot(GAME.deal(rules, 4, 8, 3, new_match(4))[0]) != snapshot(first)
    later = Match((0, 0), 1, round=2)
    assert snapshot(GAME.deal(rules, 4, 7, 3, later)[0])[4] != snapshot(first)[4]


# -- moves and their reasons ---------------------------------------------------------------------------------
def fresh(held: str, face_up: str, rule: str = "seven_and_two") -> BriscolaState:
    """Seat 0 to lead with ``held`` and two cards that are not trumps; ``face_up`` under a full stock."""
    others = " ".join(c for c in ("1C", "1S", "10C", "10S") if suit_of(c) != suit_of(face_up))
    return build(
        2,
        [f"{held} {others.split()[0]} {others.split()[1]}", "5C 5S 6C"],
        trump=face_up,
        stock=33,
        trump_exchange=rule,
    )


def rank_pairs() -> list[tuple[int, int]]:
    return [(held, face) for held in range(1, 11) for face in range(1, 11) if held != face]


SEVEN_AND_TWO = [(7, face) for face in (1, 3, 8, 9, 10)] + [(2, face) for face in (4, 5, 6, 7)]
TWO_ONLY = [(2, face) for face in range(1, 11) if face != 2]
EXCHANGE_TABLE = [
    pytest.param(
        rule,
        held,
        face,
        (held, face) in allowed,
        id=f"{rule}: {held} for a face-up {face}" + (" allowed" if (held, face) in allowed else " refused"),
    )
    for rule, allowed in (("seven_and_two", SEVEN_AND_TWO), ("two_only", TWO_ONLY), ("off", []))
    for held, face in rank_pairs()
]


@pytest.mark.parametrize(("rule", "held", "face", "allowed"), EXCHANGE_TABLE)
def test_trump_exchange(rule: str, held: int, face: int, allowed: bool) -> None:
    state = fresh(f"{held}D", f"{face}D", rule)
    move = ExchangeTrump(card(f"{held}D"))
    offered = GAME.legal_moves(state)
    if allowed:
        assert GAME.check(state, move) == move
        assert offered.moves[0] == move and offered.total == 4
        after, events = GAME.play(state, move)
        exchanged = Event("trump_exchanged", {"seat": 0, "card": move.card, "trump_card": state.trump_card})
        assert events == [exchanged]
        assert after.hands[0] == (state.trump_card, *state.hands[0][1:])  # the same position in hand
        assert after.trump_card is move.card and after.trump_suit == "D"
        assert after.turn == 0 and after.stock == state.stock and after.trick == ()
        GAME.validate(after)
        GAMES[after.game].check_reported(after, {"turn": 0, "round_over": False, "trump_suit": "D"})
    else:
        reason = "exchange_off" if rule == "off" else "exchange_not_allowed"
        error = refused(state, move)
        assert error.reason == reason
        if reason == "exchange_not_allowed":
            assert error.params == {"card": f"{held}D", "trump_card": f"{face}D"}
        assert all(isinstance(m, PlayCard) for m in offered.moves) and offered.total == 3


def test_exchange_refused_once_the_stock_is_empty() -> None:
    state = build(2, ["7D 1C 1S", "5C 1D 6C"], trump="1D", trump_exchange="seven_and_two")
    assert refused(state, ExchangeTrump(card("7D"))).reason == "exchange_stock_empty"
    assert GAME.legal_moves(state).total == 3


@pytest.mark.parametrize(
    ("move", "reason", "params"),
    [
        pytest.param("7S", "exchange_not_in_hand", {"card": "7S"}, id="a card the seat does not hold"),
        pytest.param("1D", "exchange_not_in_hand", {"card": "1D"}, id="the face-up card itself"),
        pytest.param("7C", "exchange_not_trump", {"card": "7C", "trump_suit": "D"}, id="a 7 not of trumps"),
        pytest.param("2C", "exchange_not_trump", {"card": "2C", "trump_suit": "D"}, id="a 2 not of trumps"),
    ],
)
def test_exchange_of_a_wrong_card(move: str, reason: str, params: dict[str, str]) -> None:
    state = build(2, ["7C 2C 7D", "7S 5C 6C"], trump="1D", stock=33, trump_exchange="seven_and_two")
    error = refused(state, ExchangeTrump(card(move)))
    assert (error.reason, error.params) == (reason, params)


def test_the_player_to_act_may_exchange_during_a_trick_and_twice_in_a_row() -> None:
    state = build(2, ["5C 6C", "2D 7D 1S"], trump="1D", trick="4C", stock=33, trump_exchange="seven_and_two")
    plays = tuple(PlayCard(c) for c in state.hands[1])
    assert GAME.legal_moves(state).moves == (ExchangeTrump(card("7D")), *plays)
    state, _ = GAME.play(state, ExchangeTrump(card("7D")))  # 7 for an ace
    assert [c.code for c in state.hands[1]] == ["2D", "1D", "1S"] and state.trump_card.code == "7D"
    state, _ = GAME.play(state, ExchangeTrump(card("2D")))  # then 2 for the 7
    assert [c.code for c in state.hands[1]] == ["7D", "1D", "1S"] and state.trump_card.code == "2D"
    assert refused(state, ExchangeTrump(card("7D"))).reason == "exchange_not_allowed"
    assert state.turn == 1 and GAME.legal_moves(state).total == 3


def test_card_not_in_hand() -> None:
    state = build(2, ["1C 2C 3C", "4C 5C 6C"], trump="1D", stock=33)
    error = refused(state, PlayCard(card("4C")))
    assert (error.reason, error.params) == ("card_not_in_hand", {"card": "4C", "seat": 0})


def test_no_move_once_the_round_is_over() -> None:
    state = build(2, ["", ""], trump="1D", trump_exchange="two_only")
    assert GAME.legal_moves(state) == LegalMoves(None, (), 0)
    for move in (PlayCard(card("1C")), ExchangeTrump(card("2D"))):
        assert refused(state, move).reason == "round_over"


def test_legal_moves_any_card_no_duty_to_follow_and_limit() -> None:
    state = build(2, ["2D 3S", "1C 2C 3C"], trump="5D", trick="4C", stock=33, trump_exchange="seven_and_two")
    assert GAME.legal_moves(state) == LegalMoves(1, tuple(PlayCard(c) for c in cards(["1C", "2C", "3C"])), 3)
    state = build(2, ["2D 3S 1S", "1C 2C 3C"], trump="5D", stock=33, trump_exchange="seven_and_two")
    first_two = (ExchangeTrump(card("2D")), PlayCard(card("2D")))
    assert GAME.legal_moves(state, limit=2) == LegalMoves(0, first_two, 4)
    assert GAME.legal_moves(state, limit=0) == LegalMoves(0, (), 4)


def test_play_never_changes_its_input() -> None:
    state = build(2, ["4S 5S", "2D 7D 1C"], trump="1D", trick="4C", stock=1, trump_exchange="seven_and_two")
    before = snapshot(state)
    for move in briscola_moves(GAME.legal_moves(state)):
        GAME.play(state, move)
        assert snapshot(state) == before


# -- scores (RULES.md 6: card points per side; the most wins the round, a tie is a draw) -------
CUPS_HIGH, CUPS_LOW = "1C 10C", "3C 9C 8C 2C 4C 5C 6C 7C"  # 15 points each
WIN_61 = ["D C 9S -8C", "S B 8C -9S"]


@pytest.mark.parametrize(
    ("players", "piles", "totals", "winner"),
    [
        pytest.param(2, ["D C", "S B"], [60, 60], None, id="2 players: 60-60 is a draw"),
        pytest.param(2, ["D C 9S -8C", "S B 8C -9S"], [61, 59], 0, id="2 players: 61 wins"),
        pytest.param(2, ["D C S B", ""], [120, 0], 0, id="2 players: all 120"),
        pytest.param(
            3,
            [f"D {CUPS_HIGH}", f"S {CUPS_LOW}", "B"],
            [45, 45, 30],
            None,
            id="3 players: a tie for the most is a draw",
        ),
        pytest.param(
            3,
            ["D 1C 10C", "S 3C 9C", "B 8C 2C 4C 5C 6C 7C"],
            [45, 43, 32],
            0,
            id="3 players: the most wins below 61",
        ),
        pytest.param(
            4,
            [
                "1D 2D 3D 4D 5D 6D 7D 8D",
                "9D 10D 2C 4C 5C 6C 7C 2S",
                "1C 3C 8C 9C 10C 4S 5S 6S",
                "1S 3S 7S 8S 9S 10S B",
            ],
            [53, 67],
            1,
            id="4 players: partners' piles pooled",
        ),
    ],
)
def test_round_score(players: int, piles: list[str], totals: list[int], winner: int | None) -> None:
    state = build(players, [""] * players, trump="1D", piles=[expand(pile, players) for pile in piles])
    score = GAME.score(state)
    assert [side.total for side in score.sides] == totals
    assert [side.points for side in score.sides] == [{"card_points": total} for total in totals]
    assert score.winner == winner
    assert score.match.scores == tuple(int(side == winner) for side in range(sides_of(players)))
    assert score.match.over == (winner is not None) and score.match.winner == winner
    assert sum(side.details["cards"] for side in score.sides) == len(reference_deck(players))
    for side in score.sides:
        assert side.details["tricks"] * players == side.details["cards"]
    if players == 4:
        assert [side.seats for side in score.sides] == [(0, 2), (1, 3)]
        details = [{"cards": 16, "tricks": 4}, {"cards": 24, "tricks": 6}]
        assert [side.details for side in score.sides] == details


def expand(pile: str, players: int = 2) -> str:
    """A suit letter stands for the whole suit (less 2B for three players); ``-code`` takes one card out."""
    codes: list[str] = []
    for word in pile.split():
        if word.startswith("-"):
            codes.remove(word[1:])
        elif len(word) == 1:
            codes += [code for code in reference_deck(players) if suit_of(code) == word]
        else:
            codes.append(word)
    return " ".join(codes)


def test_three_players_still_share_120_points_without_a_zero_point_two() -> None:
    state = build(3, ["", "", ""], trump="1D", piles=[expand("D C S", 3), "", expand("B", 3)])
    score = GAME.score(state)
    assert [side.total for side in score.sides] == [90, 0, 30] and score.winner == 0
    assert [side.details["cards"] for side in score.sides] == [30, 0, 9]


@pytest.mark.parametrize(
    ("scores", "piles", "expected", "over", "match_winner"),
    [
        pytest.param((1, 0), WIN_61, (2, 0), True, 0, id="best of three: a second round won wins"),
        pytest.param((1, 1), ["D C", "S B"], (1, 1), False, None, id="a drawn round changes no score"),
        pytest.param((0, 1), WIN_61, (1, 1), False, None, id="one all after two rounds"),
    ],
)
def test_match_counts_rounds_won(
    scores: tuple[int, int], piles: list[str], expected: tuple[int, int], over: bool, match_winner: int | None
) -> None:
    state = build(2, ["", ""], trump="1D", piles=[expand(p) for p in piles], scores=scores, rounds_to_win=2)
    match = GAME.score(state).match
    assert (match.scores, match.target, match.over, match.winner) == (expected, 2, over, match_winner)


def test_score_before_the_end_is_refused() -> None:
    state = build(2, ["", "2C"], trump="9D", trick="1C")
    with pytest.raises(RoundNotOver):
        GAME.score(state)


# -- random playouts -----------------------------------------------------------------------------------------
def expected_exchanges(state: BriscolaState) -> set[str]:
    if not state.stock:
        return set()
    allowed = ALLOWED_EXCHANGES[str(state.rules["trump_exchange"])]
    face = state.trump_card.code
    return {
        c.code
        for c in state.hands[state.turn or 0]
        if suit_of(c.code) == suit_of(face) and rank_of(face) in allowed.get(rank_of(c.code), set())
    }


def check_position(state: BriscolaState, deck: list[str]) -> None:
    trump_suit = suit_of(state.trump_card.code)
    GAME.validate(state)
    GAMES[state.game].check_reported(
        state, {"turn": state.turn, "round_over": state.round_over, "trump_suit": trump_suit}
    )
    codes = all_codes(state)
    assert len(codes) == len(set(codes)) and sorted(codes) == sorted(deck)
    assert state.trump_card not in state.stock


def check_moves(state: BriscolaState, legal: LegalMoves) -> None:
    seat = state.turn
    assert seat is not None and legal.seat == seat and legal.total == len(legal.moves)
    exchanges = [m for m in legal.moves if isinstance(m, ExchangeTrump)]
    plays = [m for m in legal.moves if isinstance(m, PlayCard)]
    assert legal.moves == (*exchanges, *plays)
    assert [m.card for m in plays] == list(state.hands[seat])
    assert {m.card.code for m in exchanges} == expected_exchanges(state)
    for move in briscola_moves(legal):
        assert GAME.check(state, move) == move
    trumps = [card(code) for code in ALL_CODES if suit_of(code) == state.trump_suit]
    for trump in trumps:
        assert (reason_of(state, ExchangeTrump(trump)) is None) == (ExchangeTrump(trump) in exchanges)
    elsewhere = [c for other in range(state.players) if other != seat for c in state.hands[other]]
    if elsewhere:
        assert refused(state, PlayCard(elsewhere[0])).reason == "card_not_in_hand"


def check_step(
    state: BriscolaState, move: PlayCard | ExchangeTrump, after: BriscolaState, events: list[Event]
) -> int:
    """The events and the new position agree with the reference; returns 1 when a trick was won."""
    seat = state.turn
    if isinstance(move, ExchangeTrump):
        assert [e.type for e in events] == ["trump_exchanged"] and after.turn == seat
        assert after.trump_card is move.card and state.trump_card in after.hands[seat or 0]
        return 0
    assert events[0] == Event("card_played", {"seat": seat, "card": move.card})
    if len(state.trick) < state.players - 1:
        assert len(events) == 1 and after.trick[-1] == TrickCard(seat or 0, move.card)
        return 0
    trick = [(p.seat, p.card.code) for p in state.trick] + [(seat or 0, move.card.code)]
    winner = reference_winner(trick, state.trump_suit)
    codes = [code for _, code in trick]
    won = {"seat": winner, "cards": cards(codes), "points": reference_points(codes)}
    assert events[1] == Event("trick_won", won)
    assert after.leader == winner and after.trick == ()
    if state.stock:
        order = playing_order(winner, state.players)
        left = max(len(state.stock) - state.players, 0)
        assert events[2] == Event("cards_drawn", {"order": order, "stock": left})
        assert all(len(hand) == 3 for hand in after.hands)
        if not after.stock:
            assert after.hands[order[-1]][-1] is state.trump_card
    assert (events[-1].type == "round_over") == after.round_over
    return 1


def playout(state: BriscolaState, rng: random.Random) -> tuple[BriscolaState, int, int]:
    """Play random legal moves to the end of the round, checking every step; returns the end, tricks and
    exchanges."""
    deck = reference_deck(state.players, str(state.rules["three_player_removed_card"]))
    tricks = exchanges = 0
    while not state.round_over:
        check_position(state, deck)
        legal = GAME.legal_moves(state)
        check_moves(state, legal)
        move = rng.choice(briscola_moves(legal))
        before = snapshot(state)
        after, events = GAME.play(state, move)
        assert snapshot(state) == before
        tricks += check_step(state, move, after, events)
        exchanges += isinstance(move, ExchangeTrump)
        state = after
    check_position(state, deck)
    assert GAME.legal_moves(state) == LegalMoves(None, (), 0)
    assert tricks == TRICKS_PER_ROUND[state.players] == len(deck) // state.players
    check_score(state)
    return state, tricks, exchanges


def check_score(state: BriscolaState) -> None:
    score = GAME.score(state)
    side_piles = [[c.code for seat in side.seats for c in state.captures[seat]] for side in score.sides]
    assert [side.total for side in score.sides] == [reference_points(pile) for pile in side_piles]
    assert sum(side.total for side in score.sides) == 120
    assert sum(side.details["cards"] for side in score.sides) == sum(len(pile) for pile in side_piles)
    totals = [side.total for side in score.sides]
    best = [side for side, total in enumerate(totals) if total == max(totals)]
    assert score.winner == (best[0] if len(best) == 1 else None)
    assert sum(score.match.scores) == (score.winner is not None)


VARIANTS = [
    {"trump_exchange": "off"},
    {"trump_exchange": "seven_and_two"},
    {"trump_exchange": "two_only", "three_player_removed_card": "2D"},
]
SEEDS_PER_PLAYER_COUNT = 240


@pytest.mark.parametrize("players", [2, 3, 4], ids=lambda n: f"{n} players")
def test_seeded_random_playouts(players: int) -> None:
    exchanged = 0
    for seed in range(SEEDS_PER_PLAYER_COUNT):
        rules = resolve("briscola", overrides=VARIANTS[seed % len(VARIANTS)])
        state, _ = GAME.deal(rules, players, seed, seed % players, new_match(players))
        try:
            exchanged += playout(state, random.Random(seed))[2]
        except AssertionError as error:
            raise AssertionError(f"players={players} seed={seed} rules={dict(rules)}: {error}") from error
    assert exchanged > 10  # both exchange rules were exercised


@settings(max_examples=60, deadline=None, database=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(min_value=0) | st.text(max_size=8),
    dealer=st.integers(min_value=0, max_value=3),
    exchange=st.sampled_from(["off", "seven_and_two", "two_only"]),
    removed=st.sampled_from(["2D", "2C", "2S", "2B"]),
    rng=st.randoms(use_true_random=False),
)
def test_any_deal_plays_out(
    players: int, seed: int | str, dealer: int, exchange: str, removed: str, rng: random.Random
) -> None:
    rules = resolve("briscola", overrides={"trump_exchange": exchange, "three_player_removed_card": removed})
    state, _ = GAME.deal(rules, players, seed, dealer % players, new_match(players))
    playout(state, rng)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ("removed card for a hand card", "invalid_card"),  # 39 cards, but one not in a 3-player deck
        ("hand card twice, another gone", "duplicate_card"),  # 39 cards, every one of them in the deck
        ("removed card added", "invalid_card"),  # 40 cards
    ],
)
def test_three_player_card_accounting_counts_the_removed_card_as_foreign(change: str, code: str) -> None:
    """API.md state checks: a 3-player deck has 39 cards, and the removed one is not among them."""
    rules = resolve("briscola", overrides={"three_player_removed_card": "2D"})
    state, _ = GAME.deal(rules, 3, 5, 2, new_match(3))
    GAME.validate(state)
    removed, hand = BY_CODE["2D"], list(state.hands[0])
    if change == "removed card for a hand card":
        hand[0] = removed
    elif change == "hand card twice, another gone":
        hand[0] = hand[1]
    else:
        state = state._replace(stock=(*state.stock, removed))
    if change != "removed card added":
        state = state._replace(hands=(tuple(hand), *state.hands[1:]))
    with pytest.raises(InvalidState) as refused:
        GAME.validate(state)
    assert refused.value.code == code
