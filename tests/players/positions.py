"""Deals, seeded positions and hand-built states shared by the players' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from service.engine.cards import DECK, Card, cards
from service.engine.fishing import FishingState
from service.engine.game import Game
from service.engine.games import GAMES
from service.engine.state import GameState, Match, sides_of
from service.engine.tricks import BriscolaState, TrickCard

SETUPS = tuple((name, players) for name, game in GAMES.items() for players in game.player_counts)
"""Every game with every number of players it is played by."""

EXCHANGE = {"trump_exchange": "seven_and_two"}


def deal(
    name: str, players: int, seed: int | str, overrides: Mapping[str, Any] | None = None
) -> tuple[Game, GameState]:
    game = GAMES[name]
    rules = game.rulebook.resolve(None, overrides or {})
    state, _ = game.deal(rules, players, seed, players - 1, Match((0,) * sides_of(players), rules.target))
    return game, state


def advance(game: Game, state: GameState, plies: int, rng: random.Random) -> GameState:
    """``plies`` random legal moves on, stopping one short of the end of the round."""
    for _ in range(plies):
        moves = game.legal_moves(state).moves
        after, _ = game.play(state, rng.choice(moves))
        if after.round_over:
            break
        state = after
    return state


def play_out(game: Game, state: GameState, rng: random.Random) -> GameState:
    """The round finished by random legal moves."""
    while not state.round_over:
        state, _ = game.play(state, rng.choice(game.legal_moves(state).moves))
    return state


def positions(name: str, players: int, count: int, seed: int = 0) -> Iterator[tuple[Game, GameState]]:
    """``count`` positions from seeded deals: openings, mid-round and late in the round."""
    rng = random.Random(f"{name}-{players}-{seed}")
    for index in range(count):
        game, state = deal(name, players, f"{seed}-{index}")
        yield game, advance(game, state, rng.randrange(0, 40), rng)


def hidden_cards(state: GameState, seat: int) -> list[Card]:
    """The cards ``seat`` may not see: every other hand and the stock."""
    found = [card for other, hand in enumerate(state.hands) if other != seat for card in hand]
    return found + list(state.stock)


def reshuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position for ``seat`` with the hidden cards dealt again: swapped between the other hands and
    the stock, the stock order permuted; every size kept. A card the table saw drawn stays in its hand."""
    shown = shown_cards(state)
    pool = [card for card in hidden_cards(state, seat) if card not in shown]
    rng.shuffle(pool)
    dealt = iter(pool)
    hands = list(state.hands)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hands[other] = tuple(card if card in shown else next(dealt) for card in hand)
    changed: GameState = state._replace(hands=tuple(hands), stock=tuple(dealt))
    return changed


def shown_cards(state: GameState) -> set[Card]:
    """The cards in hands that were drawn face up (Tressette for two): public, though their hands are not."""
    return {item.card for item in getattr(state, "shown_cards", ())}


def fishing_position(
    name: str, hands: Sequence[str], table: str, stock: str = "", rules: Mapping[str, Any] | None = None
) -> tuple[Game, FishingState]:
    """Two players, seat 0 to act, ``stock`` (0, 6, ... cards) still to deal; every other card in seat 1's pile."""
    game = GAMES[name]
    resolved = game.rulebook.resolve(None, rules or {})
    held = tuple(cards(hand.split()) for hand in hands)
    laid = cards(table.split())
    left = cards(stock.split())
    used = {card for hand in held for card in hand} | set(laid) | set(left)
    pile = tuple(card for card in DECK if card not in used)
    state = FishingState(
        game=name,
        rules=resolved,
        players=2,
        dealer=1,
        hands=held,
        table=laid,
        stock=left,
        captures=((), pile),
        sweeps=(0, 0),
        last_capturer=1 if pile else None,
        match=Match((0, 0), resolved.target),
    )
    game.validate(state)
    return game, state


def briscola_position(
    hands: Sequence[str], trick: str, trump: str, rules: Mapping[str, Any] | None = None
) -> tuple[Game, BriscolaState]:
    """Two players, an empty stock, seat 0 led ``trick`` (or leads, when it is empty); the rest in seat 1's pile.

    ``trump`` must be one of the cards in the hands or the trick: with the stock empty it has been drawn.
    """
    game = GAMES["briscola"]
    resolved = game.rulebook.resolve(None, rules or {})
    held = tuple(cards(hand.split()) for hand in hands)
    led = cards(trick.split())
    used = {card for hand in held for card in hand} | set(led)
    pile = tuple(card for card in DECK if card not in used)
    state = BriscolaState(
        game="briscola",
        rules=resolved,
        players=2,
        dealer=1,
        hands=held,
        stock=(),
        trump_card=cards([trump])[0],
        trick=tuple(TrickCard(0, card) for card in led),
        leader=0,
        captures=((), pile),
        match=Match((0, 0), resolved.target),
    )
    game.validate(state)
    return game, state
