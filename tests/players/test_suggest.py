"""Suggestions: fair (blind to hidden cards), deterministic, within budget, refused for a seat not to act.

Every test here runs on ``search_clock`` (tests/conftest.py), a clock that moves a fixed step at each reading:
a budget is spent in clock readings, so how loaded the machine is never decides whether a search completes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.engine.errors import InvalidState, RulesError
from service.engine.game import Game
from service.engine.state import GameState
from service.engine.tricks import ExchangeTrump
from service.players import (
    DEFAULT_BUDGET_MS,
    LEVELS,
    MAX_BUDGET_MS,
    MAX_EXPLAIN,
    NotToAct,
    UnknownLevel,
    observe,
    suggest,
)
from service.players.search import MAX_CANDIDATES, RANKED_AT_ONCE, favourites
from tests.clock import SteppingClock

from .positions import (
    EXCHANGE,
    SETUPS,
    advance,
    deal,
    fishing_position,
    play_out,
    positions,
    reshuffle_hidden,
)

pytestmark = pytest.mark.usefixtures("search_clock")

FAST = 16
"""Playouts per strong decision in these tests: enough to exercise the search, cheap enough to run often."""
FAIRNESS_SETUPS = (
    ("scopa", 2),
    ("scopone", 4),
    ("escoba", 2),
    ("escoba", 3),
    ("briscola", 2),
    ("briscola", 4),
)


def exchange_positions(count: int) -> list[tuple[Game, GameState]]:
    """Briscola positions, exchange rule on, where the seat to act may exchange the trump card."""
    found = []
    for seed in range(400):
        game, state = deal("briscola", 2, f"exchange-{seed}", EXCHANGE)
        state = advance(game, state, seed % 12, random.Random(seed))
        if any(isinstance(move, ExchangeTrump) for move in game.legal_moves(state).moves):
            found.append((game, state))
            if len(found) == count:
                break
    assert len(found) == count
    return found


def same_suggestions(game: Game, state: GameState, rng: random.Random) -> bool:
    """Whether the hidden cards moved; either way every level suggests the same move."""
    seat = state.turn
    assert seat is not None
    other = reshuffle_hidden(state, seat, rng)
    for level in LEVELS:
        first = suggest(game, observe(game, state, seat), level, 5, MAX_BUDGET_MS, playouts=FAST)
        second = suggest(game, observe(game, other, seat), level, 5, MAX_BUDGET_MS, playouts=FAST)
        assert first.complete and second.complete
        assert first.move == second.move, level
        game.check(state, first.move)
    return other != state


@pytest.mark.parametrize(("name", "players"), FAIRNESS_SETUPS)
def test_hidden_cards_do_not_change_the_suggestion(name: str, players: int) -> None:
    rng = random.Random(name)
    moved = [same_suggestions(game, state, rng) for game, state in positions(name, players, 3, seed=4)]
    assert any(moved)


def test_hidden_cards_do_not_change_the_suggestion_with_the_exchange_rule() -> None:
    rng = random.Random(9)
    moved = [same_suggestions(game, state, rng) for game, state in exchange_positions(3)]
    assert any(moved)


def test_greedy_exchanges_the_trump_card_when_it_may() -> None:
    for game, state in exchange_positions(3):
        seat = state.turn
        assert seat is not None
        found = suggest(game, observe(game, state, seat), "greedy", 1)
        assert isinstance(found.move, ExchangeTrump)
        game.check(state, found.move)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_inputs_give_the_same_move(level: str) -> None:
    for game, state in positions("escoba", 2, 3, seed=5):
        seat = state.turn
        assert seat is not None
        seen = observe(game, state, seat)
        moves = {suggest(game, seen, level, 42, MAX_BUDGET_MS, playouts=FAST).move for _ in range(3)}
        assert len(moves) == 1


def test_random_moves_change_with_the_seed() -> None:
    varied = 0
    for game, state in positions("escoba", 2, 6, seed=6):
        seat = state.turn
        assert seat is not None
        seen = observe(game, state, seat)
        if game.legal_moves(state).total < 3:
            continue
        picked = {suggest(game, seen, "random", seed).move for seed in range(12)}
        varied += len(picked) > 1
    assert varied >= 2


def test_a_suggestion_reports_its_work(search_clock: SteppingClock) -> None:
    game, state = deal("briscola", 2, 8)
    seen = observe(game, state, 0)
    for level in ("random", "greedy"):
        found = suggest(game, seen, level, 1)
        assert (found.level, found.considered, found.complete) == (level, 3, True)
    before = search_clock.readings
    strong = suggest(game, seen, "strong", 1, MAX_BUDGET_MS, playouts=30)
    # 3 candidates meet max(4, ceil(30 / 3)) = 10 sampled worlds each.
    assert (strong.level, strong.considered, strong.complete) == ("strong", 30, True)
    # The time reported is the clock's, from the first reading to the last: two for each playout, and two more.
    readings = search_clock.readings - before
    assert readings == 2 * 30 + 2
    assert strong.elapsed_ms == pytest.approx((readings - 1) * search_clock.step * 1000)


def test_strong_stops_at_its_budget(search_clock: SteppingClock) -> None:
    """With the clock moving 1 ms at every reading, a 30 ms budget ends a 5,000-playout search after whole
    worlds only, and no playout starts that would end past it."""
    game, state = deal("escoba", 2, 12)
    state = advance(game, state, 24, random.Random(12))  # late in the round: short playouts, many of them
    seat = state.turn
    assert seat is not None and game.legal_moves(state).total > 1
    seen = observe(game, state, seat)
    search_clock.step = 0.001
    found = suggest(game, seen, "strong", 3, 30, playouts=5000)
    candidates = min(game.legal_moves(state).total, MAX_CANDIDATES)
    assert not found.complete
    assert 0 < found.considered < 5000 and found.considered % candidates == 0
    assert found.elapsed_ms <= 30 + 2  # the reading that stopped the search, and the last one
    game.check(state, found.move)


def test_the_budget_constants() -> None:
    assert (DEFAULT_BUDGET_MS, MAX_BUDGET_MS) == (1000, 2000)
    assert LEVELS == ("random", "greedy", "strong")


def test_a_seat_not_to_act_gets_no_suggestion() -> None:
    game, state = deal("scopa", 2, 2)
    seen = observe(game, state, 1)
    with pytest.raises(NotToAct) as refused:
        suggest(game, seen, "greedy", 0)
    assert isinstance(refused.value, InvalidState)
    assert refused.value.code == "not_to_act"
    assert refused.value.params == {"seat": 1, "turn": 0}
    assert refused.value.problems[0].pointer == "/seat"


@pytest.mark.parametrize("name", ["scopa", "briscola"])
def test_a_finished_round_gets_no_suggestion(name: str) -> None:
    game, state = deal(name, 2, 4)
    state = play_out(game, state, random.Random(4))
    for level in LEVELS:
        with pytest.raises(NotToAct) as refused:
            suggest(game, observe(game, state, 0), level, 0)
        assert refused.value.code == "not_to_act"
        assert refused.value.params["turn"] is None


def test_an_unknown_level_is_refused() -> None:
    game, state = deal("escoba", 2, 1)
    with pytest.raises(UnknownLevel) as refused:
        suggest(game, observe(game, state, 0), "grandmaster", 0)
    assert isinstance(refused.value, RulesError) and refused.value.code == "unknown_level"


def test_an_observation_of_another_game_is_refused() -> None:
    game, state = deal("scopa", 2, 1)
    other, _ = deal("escoba", 2, 1)
    with pytest.raises(TypeError):
        suggest(other, observe(game, state, 0), "greedy", 0)


def test_a_budget_above_the_cap_is_cut_to_the_cap(search_clock: SteppingClock) -> None:
    """With the clock moving 0.5 s at every reading, a 2 s cap ends the search after a few playouts, where
    the 10,000 s asked for would have let it finish."""
    search_clock.step = 0.5
    game, state = deal("briscola", 2, 8)
    found = suggest(game, observe(game, state, 0), "strong", 1, 10_000_000, playouts=30)
    assert not found.complete
    assert found.considered < 30


def test_strong_searches_only_the_greedy_favourites_of_a_long_list() -> None:
    """Escoba lets any card be laid: past ``MAX_CANDIDATES`` moves only the best-liked few are searched."""
    for game, state in positions("escoba", 2, 20, seed=13):
        seat = state.turn
        assert seat is not None
        if game.legal_moves(state).total > MAX_CANDIDATES and state.stock:
            break
    else:
        pytest.fail("no Escoba position with a long list of moves")
    found = suggest(game, observe(game, state, seat), "strong", 2, MAX_BUDGET_MS, playouts=40)
    # 5 candidates meet max(4, ceil(40 / 5)) = 8 sampled worlds each.
    assert (found.considered, found.complete) == (40, True)
    game.check(state, found.move)


# -- the work bound, and a hint as blind as the move (the hints themselves: tests/players/test_hints.py) ---------------


@pytest.mark.parametrize("name", ["scopa", "briscola", "tressette"])
def test_worlds_bound_the_search_and_a_seed_gives_the_same_answer(
    name: str, search_clock: SteppingClock
) -> None:
    game, state = deal(name, 2, 11)
    seat = state.turn
    assert seat is not None
    answers = []
    for step in (1e-6, 1e-4):  # a fast machine and one a hundred times slower, neither cut by the budget
        search_clock.step = step
        found = suggest(
            game, observe(game, state, seat), "strong", 5, MAX_BUDGET_MS, worlds=6, explain=MAX_EXPLAIN
        )
        assert (found.stopped_by, found.worlds, found.complete) == ("work", 6, True)
        assert found.considered == 6 * len(found.alternatives)  # every candidate is listed, each met 6 worlds
        answers.append(found._replace(elapsed_ms=0.0))
    assert answers[0] == answers[1]
    more = suggest(game, observe(game, state, seat), "strong", 5, MAX_BUDGET_MS, worlds=12)
    assert more.worlds == 12 and more.considered == 2 * answers[0].considered


@pytest.mark.parametrize(("name", "players"), [("scopa", 2), ("briscola", 2), ("escoba", 4)])
def test_the_default_answer_is_the_works_on_a_slow_clock_and_a_fast_one(
    name: str, players: int, search_clock: SteppingClock
) -> None:
    """Work, not time, decides the default move (``DEFAULT_BUDGET_MS`` is only a safety cap): the same answer on
    a clock that moves 1 us a reading and on one that moves 400 us, where a 200 ms cap would have cut it."""
    game, state = deal(name, players, 11)
    seat = state.turn
    assert seat is not None
    seen = observe(game, state, seat)
    answers = []
    for step in (1e-6, 4e-4):
        search_clock.step = step
        found = suggest(game, seen, "strong", 5, explain=MAX_EXPLAIN)
        assert (found.stopped_by, found.complete, found.confident) == ("work", True, True)
        answers.append(found._replace(elapsed_ms=0.0))
    assert answers[0] == answers[1]
    cut = suggest(game, seen, "strong", 5, 200, explain=MAX_EXPLAIN)  # the slow clock, the former default
    assert (cut.stopped_by, cut.confident) == ("time", False)


def test_a_budget_that_bites_says_time(search_clock: SteppingClock) -> None:
    game, state = deal("briscola", 2, 11)
    search_clock.step = 0.01  # 10 ms a reading: a 30 ms budget ends after a few playouts
    found = suggest(game, observe(game, state, 0), "strong", 5, 30, worlds=400, explain=2)
    assert (found.stopped_by, found.complete) == ("time", False)
    assert found.worlds is not None and found.worlds < 400


# -- fairness ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), SETUPS)
@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_hidden_cards_change_no_hint(name: str, players: int, level: str) -> None:
    """Two states that differ only in hidden cards (other hands and the stock dealt again) give the same hint."""
    rng = random.Random(f"{name}-{players}")
    for game, state in positions(name, players, 3, seed=3):
        if state.round_over:
            continue
        seat = state.turn
        assert seat is not None
        other = reshuffle_hidden(state, seat, rng)
        asked: dict[str, Any] = {"worlds": 4, "explain": MAX_EXPLAIN}
        first = suggest(game, observe(game, state, seat), level, 9, MAX_BUDGET_MS, **asked)
        second = suggest(game, observe(game, other, seat), level, 9, MAX_BUDGET_MS, **asked)
        assert first._replace(elapsed_ms=0.0) == second._replace(elapsed_ms=0.0)


def test_ranking_a_long_list_of_moves_stops_at_the_deadline(search_clock: SteppingClock) -> None:
    """A hand-built Escoba table (RULES.md 5: any cards summing to 15 with the card played) lists far more
    moves than ``RANKED_AT_ONCE``; with the clock moving 10 ms a reading, a 25 ms budget ends the greedy ranking
    after a slice or two, and the answer still comes within a few readings of the budget."""
    table = "1D 1C 1S 2D 2C 2S 3D 3C 3S 4D 4C 4S 5D 5C 5S 6D 6C 6S"
    game, state = fishing_position("escoba", ["1B 2B 3B", "7D 7C 7S"], table, stock="8D 8C 8S 9D 9C 9S")
    assert game.legal_moves(state).total > 2 * RANKED_AT_ONCE
    seen = observe(game, state, 0)
    search_clock.step = 0.010
    found = suggest(game, seen, "strong", 1, 25)
    assert not found.complete
    assert found.elapsed_ms <= 25 + 3 * 10
    game.check(state, found.move)
    # Given all the time, every move is ranked: the favourites are the greedy player's best-liked few.
    everything = favourites(game, seen, game.legal_moves(state).moves, 1)
    assert len(everything) == MAX_CANDIDATES
