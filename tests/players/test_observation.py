"""An observation holds only what its seat may know, and determinized states agree with it."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import Card
from service.engine.errors import InvalidState
from service.engine.fishing import FishingState
from service.engine.tricks import BriscolaState
from service.engine.tricks.chiamata_state import ChiamataState
from service.engine.tricks.tressette_state import TressetteState
from service.players import Observation, determinize, observe

from .positions import EXCHANGE, SETUPS, advance, deal, hidden_cards, positions, reshuffle_hidden, shown_cards


def cards_in(value: Any) -> Iterator[Card]:
    """Every card reachable from ``value``: through dataclasses, named tuples, tuples, lists and mappings."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)


def test_an_observation_has_exactly_the_known_fields() -> None:
    names = [field.name for field in dataclasses.fields(Observation)]
    assert names == ["seat", "turn", "round_over", "masked", "hand_sizes", "stock_count", "unseen"]


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_no_hidden_card_is_kept_outside_the_unseen_list(name: str, players: int) -> None:
    for game, state in positions(name, players, 6):
        for seat in range(players):
            seen = observe(game, state, seat)
            hidden = set(hidden_cards(state, seat))
            if isinstance(state, BriscolaState):
                hidden.discard(state.trump_card)  # face up, then drawn: public, though its hand is not
            if isinstance(state, ChiamataState) and state.called_card is not None:
                hidden.discard(state.called_card)  # named to all by the call, though its holder is not
            hidden -= shown_cards(state)
            kept = {field.name: getattr(seen, field.name) for field in dataclasses.fields(seen)}
            del kept["unseen"]
            leaked = [card for card in cards_in(kept) if card in hidden]
            assert leaked == []
            assert all(not hand for other, hand in enumerate(seen.masked.hands) if other != seat)
            assert seen.masked.stock == ()
            assert set(seen.unseen) == set(hidden_cards(state, seat))
            assert [card.index for card in seen.unseen] == sorted(card.index for card in seen.unseen)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_states_that_differ_only_in_hidden_cards_look_the_same(name: str, players: int) -> None:
    rng = random.Random(name)
    for game, state in positions(name, players, 5, seed=1):
        for seat in range(players):
            other = reshuffle_hidden(state, seat, rng)
            game.validate(other)
            assert observe(game, other, seat) == observe(game, state, seat)


@pytest.mark.parametrize(("name", "players"), SETUPS)
def test_a_determinized_state_is_consistent_with_the_observation(name: str, players: int) -> None:
    for game, state in positions(name, players, 5, seed=2):
        seat = state.turn
        assert seat is not None
        seen = observe(game, state, seat)
        world = determinize(seen, random.Random(7))
        game.validate(world)
        assert world.hands[seat] == state.hands[seat]
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in state.hands]
        assert len(world.stock) == len(state.stock)
        assert set(hidden_cards(world, seat)) == set(hidden_cards(state, seat))
        assert world.captures == state.captures and world.turn == state.turn
        if isinstance(state, FishingState):
            assert isinstance(world, FishingState) and world.table == state.table
        elif isinstance(state, BriscolaState):
            assert isinstance(world, BriscolaState)
            assert (world.trick, world.trump_card) == (state.trick, state.trump_card)
        elif isinstance(state, ChiamataState):
            assert isinstance(world, ChiamataState)
            assert (world.auction, world.called_card, world.partner, world.trick) == (
                state.auction, state.called_card, state.partner, state.trick
            )
        else:
            assert isinstance(state, TressetteState) and isinstance(world, TressetteState)
            assert (world.trick, world.accusi_points) == (state.trick, state.accusi_points)
            for item in state.shown_cards:  # a card seen drawn stays in its hand
                assert item.card in world.hands[item.seat]
        assert game.legal_moves(world) == game.legal_moves(state)


def test_determinizations_differ_between_seeds_and_repeat_for_one() -> None:
    game, state = deal("scopa", 2, 3)
    seen = observe(game, state, 0)
    worlds = [determinize(seen, random.Random(seed)) for seed in range(5)]
    assert len({world.stock for world in worlds}) == 5
    assert determinize(seen, random.Random(2)) == worlds[2]


def test_the_true_turn_and_round_over_are_kept() -> None:
    """The masked state's own properties read the emptied hands; the observation's come from the real state."""
    game, state = deal("scopa", 2, 11)
    seen = observe(game, state, 1)
    assert (seen.turn, seen.round_over, seen.stock_count) == (0, False, 30)
    assert seen.hand_sizes == (3, 3)
    game, dealt = deal("briscola", 2, 11)
    seen = observe(game, dealt, 1)
    assert (
        dealt.trump_under_stock and isinstance(seen.masked, BriscolaState) and isinstance(dealt, BriscolaState)
    )
    assert seen.masked.trump_card is dealt.trump_card and dealt.trump_card not in seen.unseen


def test_observing_a_seat_that_does_not_exist_is_refused() -> None:
    game, state = deal("briscola", 2, 1)
    with pytest.raises(InvalidState) as refused:
        observe(game, state, 2)
    assert refused.value.code == "invalid_seat"


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 45), exchange=st.booleans())
def test_briscola_hides_the_hands_under_any_rules(seed: int, plies: int, exchange: bool) -> None:
    game, state = deal("briscola", 2, seed, EXCHANGE if exchange else None)
    state = advance(game, state, plies, random.Random(seed))
    seat = 0
    seen = observe(game, state, seat)
    other = reshuffle_hidden(state, seat, random.Random(seed + 1))
    assert observe(game, other, seat) == seen
    assert len(seen.unseen) == len(state.hands[1]) + len(state.stock)
