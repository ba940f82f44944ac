"""Every level plays legally in every game and player count, and rounds played by the bots finish."""

from __future__ import annotations

import pytest

from service.engine.state import side_of
from service.players import LEVELS, observe, suggest

from .positions import SETUPS, deal

RULE_VARIANTS = (
    ("scopa", 2, {"asso_piglia_tutto": True, "apt_sweep_counts": True, "capture_obligation": "played_card"}),
    ("scopa", 2, {"capture_choice": "most_cards", "last_play_sweep_counts": True}),
    ("escoba", 2, {"capture_obligation": "any_card", "capture_choice": "fewest_cards"}),
    ("briscola", 2, {"trump_exchange": "seven_and_two"}),
    ("briscola", 3, {"trump_exchange": "two_only"}),
)


def play_round_with_bots(name: str, players: int, seed: int, rules: dict[str, object] | None = None) -> int:
    """One round, each seat played by a level in turn; at every position every level's move is checked on
    the real state. Returns the number of plays."""
    game, state = deal(name, players, seed, rules)
    plies = 0
    while not state.round_over:
        seat = state.turn
        assert seat is not None
        seen = observe(game, state, seat)
        suggested = {
            level: suggest(game, seen, level, seed * 1000 + plies, 20, playouts=12).move for level in LEVELS
        }
        for move in suggested.values():
            assert game.check(state, move) is not None
        state, _ = game.play(state, suggested[LEVELS[seat % len(LEVELS)]])
        plies += 1
    assert state.round_over
    score = game.score(state)
    assert len(score.sides) == len({side_of(seat, players) for seat in range(players)})
    return plies


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_bots_finish_a_round_with_legal_moves(name: str, players: int) -> None:
    plies = play_round_with_bots(name, players, 1)
    assert plies >= 36  # every card of the deck played (39 for three-player Briscola)


@pytest.mark.parametrize(("name", "players", "rules"), RULE_VARIANTS)
def test_bots_play_legally_under_other_rules(name: str, players: int, rules: dict[str, object]) -> None:
    assert play_round_with_bots(name, players, 2, rules) >= 36
