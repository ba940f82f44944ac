"""Greedy play beats random play: a short seeded tournament, every deal played from both seats."""

from __future__ import annotations

import pytest

from service.engine.state import GameState
from service.players import observe, suggest

from .positions import deal


def round_points(name: str, seed: int, seats: tuple[str, str]) -> tuple[int, int]:
    """The round's points (card points in Briscola) of seat 0 and seat 1, each seat played at its level."""
    game, state = deal(name, 2, seed)
    played: GameState = state
    ply = 0
    while not played.round_over:
        seat = played.turn
        assert seat is not None
        found = suggest(game, observe(game, played, seat), seats[seat], seed * 100 + ply)
        played, _ = game.play(played, found.move)
        ply += 1
    sides = game.score(played).sides
    return sides[0].total, sides[1].total


@pytest.mark.parametrize(("name", "deals"), [("scopa", 20), ("briscola", 10)])
def test_greedy_beats_random(name: str, deals: int) -> None:
    wins = {"greedy": 0, "random": 0}
    points = {"greedy": 0, "random": 0}
    for seed in range(deals):
        for seats in (("greedy", "random"), ("random", "greedy")):
            scored = round_points(name, seed, seats)
            for seat, level in enumerate(seats):
                points[level] += scored[seat]
            if scored[0] != scored[1]:
                wins[seats[0] if scored[0] > scored[1] else seats[1]] += 1
    assert wins["greedy"] > 1.5 * wins["random"]
    assert points["greedy"] > points["random"]
