"""Every game's shape (API.md: "a game's shape (seat counts, how sides form, phases, move kinds) is in its catalogue
entry") agrees with how the game really plays: its seat counts are the ones it deals, a round's score has exactly the
shape's sides, and every legal move is one of its move kinds with the fields that kind names. The game list comes
from the registry."""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES, resolve
from service.engine.shape import ALONE, FIXED, HIDDEN, Shape
from service.engine.state import GameState, Match, sides_of
from service.schemas.requests import dump_move

TABLES = [(name, players) for name, game in GAMES.items() for players in game.player_counts]


def play_round(name: str, players: int, seed: int) -> tuple[GameState, list[dict[str, object]]]:
    """A seeded random round; the JSON of every legal move met on the way."""
    game, rules, chance = GAMES[name], resolve(name), random.Random(seed)
    state, _ = game.deal(rules, players, seed, players - 1, Match((0,) * sides_of(players), rules.target))
    seen: list[dict[str, object]] = []
    while not state.round_over:
        legal = list(game.legal_moves(state).moves)
        seen += [dump_move(move) for move in legal]
        state, _ = game.play(state, chance.choice(legal))
    return state, seen


@pytest.mark.parametrize("name", GAMES)
def test_the_shape_names_the_seat_counts_the_game_deals(name: str) -> None:
    shape: Shape = GAMES[name].shape
    assert shape.seats == GAMES[name].player_counts
    for players in shape.seats:
        sides = shape.sides(players)
        assert sorted(seat for side in sides for seat in side) == list(range(players))  # every seat in one side
        if players in shape.hidden:  # decided during play: every seat stands alone until revealed
            assert shape.form(players) == HIDDEN and len(sides) == players
        else:
            assert shape.form(players) == (FIXED if len(sides) < players else ALONE)
        assert shape.side_count(players) == len(sides)  # what a match keeps one total for
        by_seat = shape.side_by_seat(players)
        assert all(by_seat[seat] == index for index, side in enumerate(sides) for seat in side)
    kinds = {kind.name for kind in shape.moves}
    assert {move for phase in shape.phases for move in phase.moves} == kinds  # each kind is played in a phase


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_rounds_sides_and_moves_are_the_shapes(name: str, players: int) -> None:
    shape = GAMES[name].shape
    finished, moves = play_round(name, players, seed=11)
    score = GAMES[name].score(finished)
    assert [tuple(side.seats) for side in score.sides] == list(shape.sides(players))
    kinds = {kind.name: kind for kind in shape.moves}
    for move in moves:
        fitting = [
            kind
            for kind in kinds.values()
            if set(kind.required) <= set(move) <= set(kind.required) | set(kind.optional)
        ]
        assert len(fitting) == 1, (move, list(kinds))
        assert ("card" in move) == fitting[0].plays_card


def test_the_catalogue_lists_every_shape(client: FlaskClient) -> None:
    games = {entry["id"]: entry for entry in client.get("/v1/games").get_json()["games"]}
    for name, game in GAMES.items():
        listed = games[name]["shape"]
        assert [row["players"] for row in listed["seats"]] == list(game.player_counts)
        assert listed == game.shape.describe()
    assert games["scopone"]["shape"]["seats"] == [{"players": 4, "sides": "fixed", "seats_by_side": [[0, 2], [1, 3]]}]
