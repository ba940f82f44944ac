"""A hint that explains: the reasons each family gives a move, the alternatives a suggestion lists, their order and
values, the work bound, and that a hint is as blind to hidden cards as the move.

Each reason case cites the rule of docs/rules.md it relies on. Every test runs on ``search_clock``
(tests/conftest.py): no budget here depends on the machine's speed.
"""

from __future__ import annotations

import json
import math
import random
import string
from typing import Any

import pytest

from service.api import i18n
from service.engine.cards import cards
from service.engine.fishing import Capture
from service.engine.fishing import reasons as fishing_reasons
from service.engine.game import Game, MoveReason, won_share
from service.engine.games import GAMES
from service.engine.moves import Move
from service.engine.state import GameState, Match
from service.engine.tricks import ExchangeTrump, PlayCard, TrickCard
from service.engine.tricks import reasons as trick_reasons
from service.engine.tricks.playout import final_value
from service.engine.tricks.tressette_state import TressetteState
from service.players import MAX_BUDGET_MS, MAX_EXPLAIN, STOPS, VALUE_UNITS, observe, suggest

from .positions import (
    EXCHANGE,
    SETUPS,
    advance,
    briscola_position,
    deal,
    fishing_position,
    positions,
)

pytestmark = pytest.mark.usefixtures("search_clock")

CODES = frozenset(fishing_reasons.CODES) | frozenset(trick_reasons.CODES)


def codes_of(found: tuple[MoveReason, ...]) -> list[str]:
    return [reason.code for reason in found]


def capture(card: str, *taken: str) -> Capture:
    return Capture(cards([card])[0], tuple(cards(list(taken))))


def reasons(game: Game, state: GameState, move: Move) -> dict[str, dict[str, int | str]]:
    found = game.strategy.reasons(state, game.check(state, move))
    return {reason.code: dict(reason.params) for reason in found}


# -- the fishing games: docs/rules.md, Scopa and Escoba ------------------------------------------------------------

FISHING_CASES = [
    pytest.param(
        # Scopa, Play: a card of the same rank takes exactly that card; Score: the settebello is a point.
        "scopa",
        ("7C 4B", "5S 6S"),
        "7D 2S",
        capture("7C", "7D"),
        {
            "takes_settebello": {},
            "takes_sevens": {"count": 2},
            "takes_coins": {"count": 1},
            "takes_cards": {"count": 2},
            "leaves_no_sweep": {},
        },
        id="scopa-settebello-taken-by-rank",
    ),
    pytest.param(
        # Scopa, Play: a capture that empties the table is a scopa (a sweep), one point.
        "scopa",
        ("7C 4B", "5S 6S"),
        "3S 4D",
        capture("7C", "3S", "4D"),
        {"sweep": {}, "takes_sevens": {"count": 1}, "takes_coins": {"count": 1}, "takes_cards": {"count": 3}},
        id="scopa-sum-sweeps-the-table",
    ),
    pytest.param(
        # Scopa, Play: a card that takes nothing stays on the table; a 7 then takes the 5 and the 2 (a sum), and
        # seat 1 holds a 7 the seat has not seen.
        "scopa",
        ("2C 4B", "7S 6B"),
        "5S",
        Capture(cards(["2C"])[0]),
        {"lays_card_without_points": {}, "leaves_sweep": {"rank": 7, "total": 7}},
        id="scopa-lay-leaves-a-sum-of-seven",
    ),
    pytest.param(
        # Scopa, Play: the same lay, but every 7 is in a pile the seat has seen (seat 1 holds a 6): no sweep left.
        "scopa",
        ("2C 4B", "6S 6B"),
        "5S",
        Capture(cards(["2C"])[0]),
        {"lays_card_without_points": {}, "leaves_no_sweep": {}},
        id="scopa-lay-leaves-no-sweep-when-every-seven-is-seen",
    ),
    pytest.param(
        # Scopa, Play: a sum is of cards adding up to the card's own value, 10 at most: 7 and 6 make 13.
        "scopa",
        ("6C 9B", "1S 10B"),
        "7S",
        Capture(cards(["6C"])[0]),
        {"lays_card_without_points": {}, "leaves_no_sweep": {}},
        id="scopa-a-table-over-ten-cannot-be-swept",
    ),
    pytest.param(
        # Scopa, Play; Score: the settebello laid on the table is there for the next capture.
        "scopa",
        ("7D 9B", "8S 8C"),
        "6S",
        Capture(cards(["7D"])[0]),
        {"lays_seven": {}, "leaves_settebello": {}, "leaves_no_sweep": {}},
        id="scopa-laying-the-settebello",
    ),
    pytest.param(
        # Scopa, Score: the settebello kept in hand is a point still to win (and the lone 2 taken is a sweep).
        "scopa",
        ("2C 7D", "8S 8C"),
        "2S",
        capture("2C", "2S"),
        {"sweep": {}, "takes_cards": {"count": 2}, "keeps_settebello": {}},
        id="scopa-keeps-the-settebello",
    ),
    pytest.param(
        # Escoba: the played card and the cards taken add up to 15; emptying the table is an escoba.
        "escoba",
        ("7C 4B", "5S 6B"),
        "5D 3S",
        capture("7C", "5D", "3S"),
        {"sweep": {}, "takes_sevens": {"count": 1}, "takes_coins": {"count": 1}, "takes_cards": {"count": 3}},
        id="escoba-fifteen-sweeps-the-table",
    ),
    pytest.param(
        # Escoba: a laid card leaves a table of 9, which an unseen 6 sweeps (6 + 9 = 15).
        "escoba",
        ("4C 1B", "6S 2B"),
        "5S",
        Capture(cards(["4C"])[0]),
        {"lays_card_without_points": {}, "leaves_sweep": {"rank": 6, "total": 9}},
        id="escoba-lay-leaves-a-fifteen",
    ),
]


@pytest.mark.parametrize(("name", "hands", "table", "move", "expected"), FISHING_CASES)
def test_a_fishing_move_says_what_it_takes_and_leaves(
    name: str, hands: tuple[str, str], table: str, move: Move, expected: dict[str, dict[str, int]]
) -> None:
    game, state = fishing_position(name, hands, table)
    assert reasons(game, state, move) == expected


def test_a_sweep_with_the_last_card_of_the_round_is_no_sweep() -> None:
    """Scopa options, last_play_sweep_counts false: a sweep with the very last card of the round scores nothing;
    true: it does."""
    for counts, expected in ((False, []), (True, ["sweep"])):
        game, state = fishing_position("scopa", ("3C", "4C"), "3S", rules={"last_play_sweep_counts": counts})
        pile = (*state.captures[1], *state.hands[1])
        last = state._replace(dealer=0, hands=(state.hands[0], ()), captures=((), pile))
        game.validate(last)
        found = codes_of(game.strategy.reasons(last, capture("3C", "3S")))
        assert [code for code in found if code == "sweep"] == expected
        assert "leaves_sweep" not in found and "leaves_no_sweep" not in found  # nobody plays after it


# -- the trick games: docs/rules.md, Briscola and Tressette --------------------------------------------------------

BRISCOLA_CASES = [
    pytest.param(
        # Briscola: without a trump the highest card of the suit led wins; the ace (11) beats the three (10).
        ("4C 5C", "1S 2B 6C"),
        "3S",
        "2B",
        "1S",
        {"wins_trick": {"points": 21}, "saves_trumps": {}},
        id="follower-wins-the-trick-with-21-points",
    ),
    pytest.param(
        # Briscola: the highest trump wins the trick, whatever the suit led.
        ("4C 5C", "1S 2B 6C"),
        "3S",
        "2B",
        "2B",
        {"wins_trick": {"points": 10}, "spends_trump": {}},
        id="a-trump-takes-the-three",
    ),
    pytest.param(
        # Briscola: other suits never win; a card without points gives nothing away.
        ("4C 5C", "1S 2B 6C"),
        "3S",
        "2B",
        "6C",
        {"throws_without_points": {}, "saves_trumps": {}},
        id="throws-a-card-without-points",
    ),
    pytest.param(
        # Briscola: a king (4 points) of another suit loses the trick and its points.
        ("4C 5C", "10C 2B 6C"),
        "3S",
        "2B",
        "10C",
        {"gives_points": {"points": 4}, "saves_trumps": {}},
        id="gives-away-a-king",
    ),
    pytest.param(
        # Briscola: the seat to act leads when the trick is empty.
        ("4C 2B 1S", "6C 5C 7C"),
        "",
        "2B",
        "4C",
        {"leads_without_points": {}, "saves_trumps": {}},
        id="leads-low-and-plain",
    ),
    pytest.param(
        ("4C 2B 1S", "6C 5C 7C"),
        "",
        "2B",
        "1S",
        {"leads_points": {"points": 11}, "saves_trumps": {}},
        id="leads-an-ace",
    ),
    pytest.param(
        ("4C 2B 1S", "6C 5C 7C"),
        "",
        "2B",
        "2B",
        {"leads_trump": {}},
        id="leads-a-trump",
    ),
]


@pytest.mark.parametrize(("hands", "trick", "trump", "card", "expected"), BRISCOLA_CASES)
def test_a_briscola_card_says_what_it_does_to_the_trick(
    hands: tuple[str, str], trick: str, trump: str, card: str, expected: dict[str, dict[str, int]]
) -> None:
    game, state = briscola_position(hands, trick, trump)
    assert reasons(game, state, PlayCard(cards([card])[0])) == expected


def test_the_trump_exchange_says_which_trump_it_gives() -> None:
    """Briscola, trump_exchange seven_and_two: the 7 of trumps for a face-up 1, 3, 8, 9 or 10; the 2 for a 4-7."""
    for seed in range(400):
        game, state = deal("briscola", 2, f"exchange-{seed}", EXCHANGE)
        state = advance(game, state, seed % 12, random.Random(seed))
        exchanges = [move for move in game.legal_moves(state).moves if isinstance(move, ExchangeTrump)]
        if exchanges:
            (move,) = exchanges
            assert reasons(game, state, move) == {"exchanges_trump": {"rank": move.card.rank}}
            return
    pytest.fail("no position with a trump exchange")


def tressette(hands: tuple[str, str], trick: str) -> tuple[Game, TressetteState]:
    """Two players, an empty stock, seat 0 led ``trick``; the rest in seat 1's pile."""
    game = GAMES["tressette"]
    rules = game.rulebook.resolve(None, {})
    held = tuple(cards(hand.split()) for hand in hands)
    led = cards(trick.split())
    used = {card for hand in held for card in hand} | set(led)
    pile = tuple(
        card
        for card in game.strategy.deck(game.deal(rules, 2, 0, 1, Match((0, 0), 21))[0])
        if card not in used
    )
    state = TressetteState(
        "tressette",
        rules,
        2,
        1,
        held,
        (),
        tuple(TrickCard(0, card) for card in led),
        0,
        ((), pile),
        (0, 0),
        (),
        Match((0, 0), rules.target),
    )
    game.validate(state)
    return game, state


TRESSETTE_CASES = [
    # Tressette: the highest card of the suit led wins (3 > 2 > ace); an ace is a point, a 3 or 2 a third.
    pytest.param(
        ("4C", "3S 7B"), "1S", "3S", {"wins_trick": {"points": "1 1/3"}}, id="a-three-takes-the-ace"
    ),
    pytest.param(
        ("4C", "2S 7B"), "3S", "2S", {"gives_points": {"points": "1/3"}}, id="a-two-under-the-three"
    ),
    pytest.param(("4C", "7S 7B"), "1S", "7S", {"throws_without_points": {}}, id="a-seven-under-the-ace"),
    pytest.param(("1C 5C", "7S 7B"), "", "1C", {"leads_points": {"points": 1}}, id="leads-an-ace"),
    # Tressette, Points: the last trick (the ultima) is a point more, three thirds.
    pytest.param(
        ("", "3S"),
        "1S",
        "3S",
        {"wins_trick": {"points": "1 1/3"}, "wins_last_trick": {"points": 1}},
        id="the-last-trick-a-point-more",
    ),
]


@pytest.mark.parametrize(("hands", "trick", "card", "expected"), TRESSETTE_CASES)
def test_a_tressette_card_counts_its_points_in_thirds(
    hands: tuple[str, str], trick: str, card: str, expected: dict[str, dict[str, Any]]
) -> None:
    game, state = tressette(hands, trick)
    assert reasons(game, state, PlayCard(cards([card])[0])) == expected


# -- every game of the registry ------------------------------------------------------------------------------------


HINT_TEXTS: dict[str, dict[str, str]] = json.loads(i18n.DATA.read_text(encoding="utf-8"))["hints"]


def english_placeholders(code: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(HINT_TEXTS[code]["en"]) if field}


def test_the_families_reason_codes_are_the_worded_ones() -> None:
    assert set(i18n.HINTS) == CODES


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_every_legal_move_of_every_game_has_reasons_the_api_can_word(name: str, players: int) -> None:
    for game, state in positions(name, players, 6):
        if state.round_over:
            continue
        for move in game.legal_moves(state).moves[:20]:
            found = game.strategy.reasons(state, move)
            assert found, (name, move)
            for reason in found:
                assert reason.code in CODES
                assert set(dict(reason.params)) == english_placeholders(reason.code), reason
                assert i18n.hint_text(reason.code, "en", dict(reason.params))


# -- the hint a suggestion carries ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), SETUPS)
@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_alternatives_come_best_first_and_start_with_the_move(name: str, players: int, level: str) -> None:
    for game, state in positions(name, players, 3, seed=7):
        if state.round_over:
            continue
        seat = state.turn
        assert seat is not None
        found = suggest(
            game, observe(game, state, seat), level, 3, MAX_BUDGET_MS, worlds=4, explain=MAX_EXPLAIN
        )
        assert found.stopped_by in STOPS and found.value_unit in VALUE_UNITS
        assert found.alternatives and found.alternatives[0].move == found.move
        values = [alternative.value for alternative in found.alternatives]
        assert values == sorted(values, reverse=True)
        legal = set(game.legal_moves(state).moves)
        assert all(alternative.move in legal and alternative.reasons for alternative in found.alternatives)
        assert len(found.alternatives) == min(MAX_EXPLAIN, len(legal))
        # A chance and a margin read apart: a share of rounds where rounds were weighed, none for a one-ply reading.
        assert found.points_unit == game.strategy.points_unit and found.confident is found.complete
        for alternative in found.alternatives:
            assert math.isfinite(alternative.points)
            if found.value_unit == "one_ply":
                assert alternative.win_chance is None
            else:
                assert alternative.win_chance is not None and 0.0 <= alternative.win_chance <= 1.0


def test_the_levels_say_what_stopped_them_and_random_explains_nothing() -> None:
    game, state = fishing_position("scopa", ("10C 7C 3D", "5C 6S 9B"), "7D 2B 1S")
    seen = observe(game, state, 0)
    greedy = suggest(game, seen, "greedy", 0, explain=3)
    assert (greedy.stopped_by, greedy.value_unit, len(greedy.alternatives)) == ("one_ply", "one_ply", 3)
    sweep = next(alternative for alternative in greedy.alternatives if alternative.move.card.code == "10C")
    assert codes_of(sweep.reasons)[:2] == ["sweep", "takes_settebello"]
    chance = suggest(game, seen, "random", 0, explain=3)
    assert (chance.stopped_by, chance.alternatives, chance.value_unit) == ("random", (), None)
    plain = suggest(game, seen, "greedy", 0)
    assert plain.alternatives == () and plain.value_unit is None and plain.worlds is None


def test_a_single_legal_move_is_said_to_be_one() -> None:
    game, state = fishing_position("scopa", ("3C", "4C"), "3S 5B")  # Scopa: the 3 must take the 3
    found = suggest(game, observe(game, state, 0), "strong", 0, explain=2)
    assert (found.stopped_by, found.considered, found.worlds) == ("single_move", 0, None)
    assert [alternative.move for alternative in found.alternatives] == [found.move]


def test_a_two_player_endgame_is_solved_and_valued_as_a_margin() -> None:
    game, state = briscola_position(("4C 5C", "1S 2B 6C"), "3S", "2B")
    found = suggest(game, observe(game, state, 1), "strong", 0, MAX_BUDGET_MS, explain=3)
    assert (found.stopped_by, found.value_unit, found.worlds) == ("solved", "outcome", None)
    assert found.alternatives[0].move == found.move
    # Solved, each line is one round played out: won or lost outright, by a whole number of card points, and
    # the value is the one Briscola gives that margin (RULES.md 6: more than 60 card points wins).
    for alternative in found.alternatives:
        assert alternative.win_chance in (0.0, 0.5, 1.0) and alternative.points == int(alternative.points)
        assert alternative.value == pytest.approx(final_value(int(alternative.points)))
        assert alternative.win_chance == won_share(alternative.points)
