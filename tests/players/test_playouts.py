"""The families' fast hooks for the strong player (``Strategy.line_value``): the compact copies of the rules play
as the engine does, and their values mean what ``Strategy.outcome`` means."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from service.engine.fishing import Capture, FishingState
from service.engine.fishing.playout import FishingPlayout
from service.engine.fishing.strategy import card_values
from service.engine.game import Game, Line
from service.engine.moves import Move
from service.engine.state import GameState, side_of
from service.engine.tricks import BriscolaState, ExchangeTrump
from service.engine.tricks.playout import TrickSolver, final_value

from .positions import EXCHANGE, advance, deal

FISHING_RULES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    # RULES.md 3: a rank match takes one card, else a sum of two or more; any_card: whoever can capture must.
    ("scopa", 2, {}),
    ("scopa", 3, {}),
    # RULES.md 3: played_card: only a card that can capture must; fewest cards; a last-play sweep scoring.
    ("scopa", 2, {"capture_obligation": "played_card", "capture_choice": "fewest_cards"}),
    ("scopa", 2, {"last_play_sweep_counts": True}),
    # RULES.md 4: Scopone, four players in partnerships, nine cards each.
    ("scopone", 4, {}),
    # RULES.md 5: the card and the cards taken sum to 15; laying is always allowed; most cards.
    ("escoba", 2, {}),
    ("escoba", 2, {"capture_choice": "most_cards", "capture_obligation": "any_card"}),
    # RULES.md 3: asso piglia tutto, the ace's sweep scoring only with apt_sweep_counts.
    ("scopa", 2, {"asso_piglia_tutto": True}),
    ("scopa", 3, {"asso_piglia_tutto": True, "apt_sweep_counts": True, "capture_obligation": "played_card"}),
    # RULES.md 10: Cirulla's captures by rank, by sum and by 15, the ace that takes all (a sweep), the options.
    ("cirulla", 2, {}),
    ("cirulla", 3, {"rank_priority": "on", "capture_obligation": "any_card"}),
    ("cirulla", 4, {"asso_piglia_tutto": "off", "capture_obligation": "none", "last_play_sweep_counts": True}),
)


def mask_of(state: FishingState, move: Capture) -> int:
    taken = set(move.capture or ())
    return sum(1 << at for at, card in enumerate(state.table) if card in taken)


def compact(game: Game, state: FishingState) -> FishingPlayout:
    tactics: Any = game  # a FishingGame: the capture rule's attributes
    rules = state.rules
    return FishingPlayout(
        state,
        card_values(rules),
        tactics.capture_sum,
        tactics.smallest_capture,
        tactics.hand_size(rules),
        tactics.both_sums,
        tactics.ace_sweeps(rules),
    )


@pytest.mark.parametrize(("name", "players", "rules"), FISHING_RULES)
def test_the_fishing_playout_lists_the_engines_moves_and_scores_its_rounds(
    name: str, players: int, rules: dict[str, Any]
) -> None:
    """Random rounds played on both: at every turn the same seat, the same legal plays (card and cards taken),
    and the round's end, scored by the game from the compact piles, the engine's score."""
    for seed in range(12):
        game, state = deal(name, players, seed, rules)
        assert isinstance(state, FishingState)
        playout, rng = compact(game, state), random.Random(seed)
        while not state.round_over:
            assert playout.turn == state.turn
            listed = sorted((move.card.index, mask_of(state, move)) for move in game.legal_moves(state).moves)
            assert sorted((card, mask) for card, mask, _ in playout.moves()) == listed
            move = rng.choice(game.legal_moves(state).moves)
            assert isinstance(move, Capture)
            playout.play(move.card.index, mask_of(state, move))
            after, _ = game.play(state, move)
            assert isinstance(after, FishingState)
            state = after
        assert playout.turn == -1
        piles, sweeps = playout.result()
        assert [sorted(c.code for c in pile) for pile in piles] == [
            sorted(c.code for c in pile) for pile in state.captures
        ]
        assert sweeps == list(state.sweeps)
        if game.scores_from_piles:  # Cirulla's declarations are not in the piles: the same piles are what counts
            scored = game.score_piles(state.rules, players, piles, sweeps, state.match)
            assert [side.total for side in scored.sides] == [side.total for side in game.score(state).sides]


@pytest.mark.parametrize(("name", "players"), [("scopa", 2), ("escoba", 2), ("scopone", 4)])
def test_a_fishing_line_value_is_a_function_of_its_dice(name: str, players: int) -> None:
    game, state = deal(name, players, 3)
    seat = state.turn
    assert seat is not None
    move = game.legal_moves(state).moves[0]
    strategy = game.strategy
    values = {strategy.line_value(state, move, seat, dice) for dice in (5, 5, 5)}
    assert len(values) == 1
    assert None not in values
    spread = {valued(strategy.line_value(state, move, seat, dice)) for dice in range(20)}
    assert len(spread) > 1  # the playout's random plays and their seed matter


@pytest.mark.parametrize(("name", "rules"), [("scopa", {"asso_piglia_tutto": True}), ("cirulla", {})])
def test_asso_piglia_tutto_and_cirulla_are_played_on_the_compact_copy(name: str, rules: dict[str, Any]) -> None:
    """RULES.md 3 and 10: the compact copy knows the ace that takes all and Cirulla's captures, so the strong
    player rolls them out there rather than through the engine."""
    game, state = deal(name, 2, 1, rules)
    seat = state.turn
    assert seat is not None
    assert game.strategy.line_value(state, game.legal_moves(state).moves[0], seat, 0) is not None


def valued(line: Line | None) -> float:
    assert line is not None
    return line.value


def minimax(game: Game, state: GameState, seat: int) -> Line:
    """The exact line of a position through the engine, by brute force: its value, result and margin."""
    if state.round_over:
        return game.strategy.judged(game.score(state), seat)
    turn = state.turn
    assert turn is not None
    found = [minimax(game, game.play(state, move)[0], seat) for move in game.legal_moves(state).moves]
    mine = side_of(turn, state.players) == side_of(seat, state.players)
    return max(found) if mine else min(found)  # by value first: a finished round's value says its margin


def late(players: int, seed: int) -> tuple[Game, BriscolaState]:
    """A Briscola round advanced at random until the stock is empty."""
    game, state = deal("briscola", players, seed)
    rng = random.Random(seed)
    while state.stock:
        state = advance(game, state, 1, rng)
    assert isinstance(state, BriscolaState)
    return game, state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (2, 3), (2, 4), (4, 5), (4, 6)])
def test_the_trick_solver_finds_the_exact_value_of_a_late_briscola_round(players: int, seed: int) -> None:
    """RULES.md 6: the highest trump, else the highest card of the suit led, takes the trick; partners pool their
    points. Near the end the solver searches to the round's end: its value for every move is the brute-force
    value through the engine, in the units of ``outcome`` (won 1, lost -1, the margin a tie-break)."""
    game, state = late(players, seed)
    seat = state.turn
    assert seat is not None
    for move in game.legal_moves(state).moves:
        expected = minimax(game, game.play(state, move)[0], seat)
        found = game.strategy.line_value(state, move, seat, 0)
        assert found is not None and found.value == pytest.approx(expected.value)
        assert (found.won, found.points) == (expected.won, expected.points)  # the line's result and margin
        assert TrickSolver(state, seat).move_value(move.card.index) == pytest.approx(expected.value)


def test_the_trick_solvers_result_is_a_round_won_tied_or_lost() -> None:
    assert final_value(1) == pytest.approx(1.002)
    assert final_value(0) == 0.0
    assert final_value(-120) == pytest.approx(-1.24)


def test_briscola_early_is_valued_within_the_outcomes_range() -> None:
    """An opening is searched a few tricks deep and valued by a likely result: between a loss and a win."""
    game, state = deal("briscola", 2, 9)
    seat = state.turn
    assert seat is not None
    for move in game.legal_moves(state).moves:
        line = game.strategy.line_value(state, move, seat, 0)
        assert line is not None and -1.25 < line.value < 1.25 and math.isfinite(line.value)
        assert 0.0 < line.won < 1.0  # a likely share at the horizon, not yet a result


def test_three_player_briscola_and_tressette_roll_out_through_the_engine() -> None:
    """Three sides (RULES.md 6, three players) and Tressette (RULES.md 8) have no search of their own."""
    for name, players in (("briscola", 3), ("tressette", 2)):
        game, state = deal(name, players, 2)
        seat = state.turn
        assert seat is not None
        move: Move = game.legal_moves(state).moves[0]
        assert game.strategy.line_value(state, move, seat, 0) is None


def test_a_trump_exchange_is_searched_from_the_exchanged_state() -> None:
    """RULES.md 6, trump_exchange: the seat gives the 7 or 2 of trumps for the face-up card and still acts; the
    hook's value is the solver's from the state the engine makes of the exchange."""
    checked = 0
    for seed in range(300):
        game, state = deal("briscola", 2, f"exchange-{seed}", EXCHANGE)
        state = advance(game, state, seed % 12, random.Random(seed))
        seat = state.turn
        assert seat is not None
        for move in game.legal_moves(state).moves:
            if isinstance(move, ExchangeTrump):
                after, _ = game.play(state, move)
                assert isinstance(after, BriscolaState)
                solver = TrickSolver(after, seat)
                expected = solver.value(solver.horizon(), -math.inf, math.inf)
                assert valued(game.strategy.line_value(state, move, seat, 0)) == pytest.approx(expected)
                checked += 1
        if checked >= 3:
            break
    assert checked >= 3
