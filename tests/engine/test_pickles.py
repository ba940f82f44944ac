"""Engine values survive a pickle (``tests/engine/pickles.py``): a computer player's answer crosses processes."""

from __future__ import annotations

from tests.engine.pickles import problems


def test_every_games_state_moves_and_suggestion_come_back_from_a_pickle() -> None:
    assert problems() == []
