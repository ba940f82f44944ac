"""Deal invariants over thousands of seeds (RULES.md 2-6, API.md Deterministic dealing)."""

from __future__ import annotations

import pytest

from service.engine.cards import DECK
from service.engine.fishing import FishingState, new_match
from service.engine.games import GAMES, resolve
from service.engine.state import GameState
from service.engine.tricks import BriscolaState

SEEDS = range(500)
SETUPS = [
    ("scopa", players, {}) for players in (2, 3, 4)
] + [
    ("scopone", 4, {"scopone_deal": "9+4"}),
    ("scopone", 4, {"scopone_deal": "10+0"}),
    ("scopa", 2, {"opening_kings_redeal": False}),
] + [("escoba", players, {}) for players in (2, 3, 4)] + [("briscola", players, {}) for players in (2, 3, 4)]


def cards_of(state: GameState) -> list[str]:
    cards = [c.code for hand in state.hands for c in hand] + [c.code for c in state.stock]
    cards += [c.code for pile in state.captures for c in pile]
    if isinstance(state, FishingState):
        cards += [c.code for c in state.table]
    else:
        cards.append(state.trump_card.code)
    return cards


@pytest.mark.parametrize(("game", "players", "overrides"), SETUPS, ids=[f"{g}-{p}p-{o}" for g, p, o in SETUPS])
def test_every_deal_is_a_valid_reproducible_state(game: str, players: int, overrides: dict[str, object]) -> None:
    engine, rules = GAMES[game], resolve(game, overrides=overrides)
    hand_size = {"9+4": 9, "10+0": 10}.get(str(overrides.get("scopone_deal")), 3 if game != "scopone" else 9)
    kings_on_table = 0
    for seed in SEEDS:
        dealer = seed % players
        state, events = engine.deal(rules, players, seed, dealer, new_match(rules, players))
        engine.validate(state)
        codes = cards_of(state)
        expected = 39 if game == "briscola" and players == 3 else 40
        assert len(codes) == len(set(codes)) == expected
        assert state.turn == (dealer + 1) % players
        assert all(len(hand) == hand_size for hand in state.hands)
        if isinstance(state, BriscolaState):
            assert state.trump_card not in state.stock and len(state.stock) == expected - 3 * players - 1
        elif game != "escoba":
            table_kings = sum(card.rank == 10 for card in state.table)
            kings_on_table = max(kings_on_table, table_kings)
            if rules["opening_kings_redeal"] and overrides.get("scopone_deal") != "10+0":
                assert table_kings < 3, seed  # the Danish guide's re-deal
                redeals = [event for event in events if event.type == "redeal"]
                assert all(sum(c.rank == 10 for c in event.data["table"]) >= 3 for event in redeals)
        assert engine.deal(rules, players, seed, dealer, new_match(rules, players))[0] == state
    if game == "scopa" and not rules["opening_kings_redeal"]:
        assert kings_on_table >= 2  # without the re-deal, king-heavy tables do occur in 500 deals


def test_integer_and_string_seed_deal_the_same() -> None:
    rules = resolve("scopa")
    first = GAMES["scopa"].deal(rules, 2, 77, 1, new_match(rules, 2))[0]
    assert first == GAMES["scopa"].deal(rules, 2, "77", 1, new_match(rules, 2))[0]
    assert sorted(c.code for c in DECK) == sorted(cards_of(first))
