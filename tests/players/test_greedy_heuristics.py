"""The greedy player's Scopa heuristics that go past one capture: card counting without replacement, and the
seat's own next capture on the table it leaves."""

from __future__ import annotations

import pytest

from service.engine.cards import card
from service.engine.fishing import Capture, strategy
from service.players import heuristics, observe, suggest

from .positions import fishing_position


def test_a_rank_is_surely_held_when_every_unseen_card_is_in_the_next_hand() -> None:
    """Drawn without replacement: three unseen cards, all in the next hand (a two-player last hand), so the one
    unseen 5 is certainly there; with replacement it would have been 1 - (2/3)^3."""
    counts = [0] * 11
    counts[5], counts[9] = 1, 2
    chances = strategy.holding_chances(counts, 3)
    assert chances[5] == pytest.approx(1.0)
    assert chances[9] == pytest.approx(1.0)
    assert chances[4] == 0.0
    # One card from three: a third for the single 5, two thirds for the two 9s.
    one = strategy.holding_chances(counts, 1)
    assert one[5] == pytest.approx(1 / 3)
    assert one[9] == pytest.approx(2 / 3)


def lay_choice(follow: float, monkeypatch: pytest.MonkeyPatch) -> Capture:
    """Nothing captures (no 3 or 5 on the table, nor a sum of them). Laying the 5 leaves 23 on the table; laying
    a 3 leaves 21, and the other 3 in hand takes it back if the next seat has to lay."""
    monkeypatch.setattr(strategy, "FOLLOW", follow)
    game, state = fishing_position(
        "scopa", ["3C 3B 5B", "1S 6D 8B"], "8S 6B 4C", stock="2S 7C 9D 10B 1C 2D"
    )
    move = suggest(game, observe(game, state, 0), "greedy", 0).move
    assert isinstance(move, Capture)
    return move


def test_scopa_lays_a_card_whose_twin_is_in_hand_to_take_it_back(monkeypatch: pytest.MonkeyPatch) -> None:
    assert lay_choice(strategy.FOLLOW, monkeypatch) in (Capture(card("3C"), ()), Capture(card("3B"), ()))


def test_without_the_follow_up_the_cheapest_safe_card_is_laid(monkeypatch: pytest.MonkeyPatch) -> None:
    """The previous test is decided by the follow-up alone: without it the 5 is laid."""
    assert lay_choice(0.0, monkeypatch) == Capture(card("5B"), ())


def test_the_follow_up_only_adds_what_the_seat_takes_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """Either 6 takes the 6 of coins, or the 2 and the 4. Leaving a 6 (or 2 + 4) for the other 6 in hand scores
    more with the follow-up than without it; no move scores less."""
    game, state = fishing_position(
        "scopa", ["6S 6B 10C", "1S 9D 8B"], "6D 2C 4S", stock="2S 7C 9S 10B 1C 3D"
    )
    scored = heuristics.scores(game, state, game.legal_moves(state).moves)
    moves = game.legal_moves(state).moves
    liked = dict(zip(moves, scored, strict=True))
    monkeypatch.setattr(strategy, "FOLLOW", 0.0)
    plain = dict(zip(moves, heuristics.scores(game, state, moves), strict=True))
    for move in moves:
        assert liked[move] >= plain[move]
    assert any(liked[move] > plain[move] for move in moves)
