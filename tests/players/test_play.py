"""What the players choose: a good human's one-ply choices, exact endgames, a side's result for teams."""

from __future__ import annotations

import random

import pytest

from service.engine.cards import card
from service.engine.fishing import Capture
from service.engine.game import Game
from service.engine.moves import Move
from service.engine.state import GameState, side_of
from service.engine.tricks import PlayCard
from service.players import MAX_BUDGET_MS, observe, suggest
from service.players.endgame import solvable
from service.players.search import finished

from .positions import briscola_position, deal, fishing_position, play_out

# The strong player's budget read from a clock that steps at each reading (tests/conftest.py): its searches
# finish whatever the machine's load, so that the moves checked are those of the full search.
pytestmark = pytest.mark.usefixtures("search_clock")


def greedy(game: Game, state: GameState) -> Move:
    seat = state.turn
    assert seat is not None
    move = suggest(game, observe(game, state, seat), "greedy", 0).move
    game.check(state, move)
    return move


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_a_sweep_is_taken(level: str) -> None:
    game, state = fishing_position("scopa", ["7B 2C 9S", "1S 6D 8B"], "3C 4S")
    found = suggest(game, observe(game, state, 0), level, 1, MAX_BUDGET_MS)
    assert found.move == Capture(card("7B"), (card("3C"), card("4S")))


def test_the_settebello_is_taken_before_another_seven() -> None:
    game, state = fishing_position("scopa", ["7S 2C 9S", "1S 6D 8B"], "7C 7D 10B")
    assert greedy(game, state) == Capture(card("7S"), (card("7D"),))


def test_scopa_lays_a_card_that_leaves_no_sweep() -> None:
    """Nothing captures: laying the 5 would leave 7 on the table, which an unseen 7 sweeps; 9 or 10 leave more."""
    game, state = fishing_position("scopa", ["5S 10B 9C", "1S 6D 8B"], "2C", stock="7C 7S 7B 3D 4D 6C")
    assert greedy(game, state) in (Capture(card("10B"), ()), Capture(card("9C"), ()))


def test_a_laid_card_is_safe_when_every_card_that_could_sweep_it_has_been_seen() -> None:
    """Card counting: no other 7 is unseen, so laying the 5 (table 7) risks nothing, and it is the cheapest
    card (the king of coins counts for coins, the 7 for primiera)."""
    game, state = fishing_position("scopa", ["5S 10D 7C", "1S 6D 8B"], "2C")
    assert greedy(game, state) == Capture(card("5S"), ())


def test_escoba_takes_an_escoba_whose_cards_sum_to_fifteen() -> None:
    game, state = fishing_position("escoba", ["7B 10D 1C", "1S 6D 8B"], "5C 3S")
    assert greedy(game, state) == Capture(card("7B"), (card("5C"), card("3S")))


def test_escoba_lays_a_card_that_no_single_card_can_sweep() -> None:
    """The 8 leaves 17 on the table; the ace (10) or the 2 (11) would leave an escoba for a 5 or a 4."""
    game, state = fishing_position("escoba", ["8S 1B 2D", "1S 6D 8B"], "9C")
    assert greedy(game, state) == Capture(card("8S"), ())


def test_briscola_leads_a_low_plain_card() -> None:
    game, state = briscola_position(["1C 4S 3B", "2C 5S 6B"], "", trump="3B")
    assert greedy(game, state) == PlayCard(card("4S"))


def test_briscola_takes_a_pointed_trick_with_a_plain_card_when_it_can() -> None:
    game, state = briscola_position(["4D 5D", "1C 2B 4S"], "3C", trump="2B")
    assert greedy(game, state) == PlayCard(card("1C"))


def test_briscola_takes_with_the_lowest_trump_and_saves_the_high_one() -> None:
    game, state = briscola_position(["4D 5D", "2B 1B 4S"], "1C", trump="2B")
    assert greedy(game, state) == PlayCard(card("2B"))


def test_briscola_throws_the_least_on_a_trick_it_lets_go() -> None:
    game, state = briscola_position(["4D 5D", "3S 2S 10S"], "1C", trump="1B")
    assert greedy(game, state) == PlayCard(card("2S"))


def exact_value(game: Game, state: GameState, seat: int) -> float:
    """Plain minimax to the end of the round, on the true state (the test may look at every hand)."""
    if state.round_over:
        return finished(game, state, seat).value
    turn = state.turn
    assert turn is not None
    found = [exact_value(game, game.play(state, move)[0], seat) for move in game.legal_moves(state).moves]
    return max(found) if side_of(turn, state.players) == side_of(seat, state.players) else min(found)


@pytest.mark.parametrize("name", ["scopa", "escoba", "briscola"])
def test_a_two_player_endgame_is_played_exactly(name: str) -> None:
    checked = 0
    for seed in range(30):
        game, state = deal(name, 2, f"endgame-{seed}")
        rng = random.Random(seed)
        while state.stock or sum(map(len, state.hands)) > 5:
            state, _ = game.play(state, rng.choice(game.legal_moves(state).moves))
        seat = state.turn
        assert seat is not None
        seen = observe(game, state, seat)
        moves = game.legal_moves(state).moves
        if len(moves) < 2:
            continue
        assert solvable(seen)
        found = suggest(game, seen, "strong", seed, MAX_BUDGET_MS)
        assert found.complete and found.considered > 0
        values = [exact_value(game, game.play(state, move)[0], seat) for move in moves]
        assert values[moves.index(found.move)] == max(values)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


@pytest.mark.parametrize("name", ["scopone", "briscola"])
def test_partners_share_a_result_and_opponents_get_its_opposite(name: str) -> None:
    game, state = deal(name, 4, 3)
    state = play_out(game, state, random.Random(3))
    values = [finished(game, state, seat).value for seat in range(4)]
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] == pytest.approx(-values[1])
