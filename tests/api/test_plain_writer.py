"""The answers' fast writers write exactly what ``dump_value`` writes.

``plain`` (``service/api/common.py``) takes short cuts (a container of cards or of leaves converted in C, JSON's
leaves passed as they are), and an answer's view is written with its engine values left in it
(``schemas.fastpath.dumps`` names each card by its code); ``dump_value`` is the schemas' general writer. Every
view and every event of random rounds of every registered game, and arbitrary nestings of cards, leaves and
containers, must come out the same, type for type and byte for byte. A view's ``names`` list its cards in the
order the view shows them, the trick's last.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.common import plain, view_body
from service.app import create_app
from service.engine.cards import DECK, Card
from service.engine.game import Game
from service.engine.games import GAMES
from service.engine.state import GameState, Match
from service.schemas.fastpath import dumps
from service.schemas.state import dump_value


def first_state(game: Game, players: int, seed: int) -> GameState:
    rules = game.rulebook.resolve(None, {})
    match = Match((0,) * game.shape.side_count(players), rules.target, 1)
    return game.deal(rules, players, seed, players - 1, match)[0]


def same(value: Any) -> None:
    written, expected = plain(value), dump_value(value)
    assert written == expected
    assert orjson.dumps(written) == orjson.dumps(expected)
    # An answer's view keeps the engine's values: its writer must give the same bytes as the plain copy.
    assert dumps(value) == orjson.dumps(expected)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_view_and_event_of_random_rounds(name: str) -> None:
    game = GAMES[name]
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = rng.choice(sorted(game.player_counts))
        state = first_state(game, players, seed)
        while True:
            for seat in (None, *range(players)):
                same(game.view(state, seat))
                checked += 1
            if state.round_over:
                break
            state, events = game.play(state, rng.choice(game.legal_moves(state, None).moves))
            for event in events:
                same(event.data)
    assert checked > 4 * players


cards = st.sampled_from(DECK)
leaves = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=4) | st.floats(allow_nan=False)
values = st.recursive(
    leaves | cards,
    lambda inner: st.lists(inner, max_size=5)
    | st.lists(inner, max_size=5).map(tuple)
    | st.lists(cards, max_size=5).map(tuple)
    | st.dictionaries(st.text(max_size=4), inner, max_size=5)
    | st.dictionaries(st.text(max_size=4), leaves, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_any_nesting_of_cards_leaves_and_containers(value: Any) -> None:
    same(value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_names_its_cards_in_the_order_it_shows_them_the_tricks_last(name: str) -> None:
    game = GAMES[name]
    state = first_state(game, min(game.player_counts), 7)
    for _ in range(3):  # into the round: a trick or a table with cards, piles
        if state.round_over:
            break
        state, _ = game.play(state, game.legal_moves(state, None).moves[0])
    with create_app({"TESTING": True}).test_request_context("/"):
        for seat in (None, *range(state.players)):
            seen = game.view(state, seat)
            shown: list[Card] = []
            for value in seen.values():
                items = value if isinstance(value, tuple | list) else [value]
                shown += [card for card in items if isinstance(card, Card)]
            shown += [play["card"] for play in seen.get("trick", [])]
            names = view_body(game, state, seat)["names"]
            assert list(names) == list(dict.fromkeys(card.code for card in shown))
