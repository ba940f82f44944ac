"""What one seat knows, and the full states consistent with it: the only way a player reaches a game.

A computer player is given an ``Observation``, never a state. The observation keeps a copy of the state with
every other hand and the stock emptied, the sizes they had, and the cards the seat has not seen; the search plays
only on ``determinize``d states, where those unseen cards are dealt at random. So a player cannot peek at another
hand or the stock order: nothing it is handed holds them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.engine.cards import Card
from service.engine.errors import FieldProblem, InvalidState
from service.engine.game import Game
from service.engine.games import GAMES
from service.engine.options import Rules
from service.engine.state import GameState, Hand, Match


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` may know of a round, and nothing else.

    ``masked`` is the state with every other hand and the stock replaced by ``()``: its own hand, the table or
    trick, the face-up trump card, the captured piles (taken face up, so the play so far is public), sweeps,
    dealer, rules and match. Its derived properties (``turn``, ``round_over``) read the emptied hands, so the
    observation carries the true ones. ``unseen`` lists, in deck order, the cards the seat cannot see: those in
    the other hands and in the stock (the game's ``Strategy.seen`` says what it has seen).
    """

    seat: int
    turn: int | None
    round_over: bool
    masked: GameState
    hand_sizes: tuple[int, ...]
    stock_count: int
    unseen: tuple[Card, ...]

    @property
    def game(self) -> str:
        return self.masked.game

    @property
    def players(self) -> int:
        return self.masked.players

    @property
    def hand(self) -> Hand:
        return self.masked.hands[self.seat]

    @property
    def dealer(self) -> int:
        return self.masked.dealer

    @property
    def rules(self) -> Rules:
        return self.masked.rules

    @property
    def match(self) -> Match:
        return self.masked.match


def observe(game: Game, state: GameState, seat: int) -> Observation:
    """What ``seat`` knows of ``state``; the state is validated first, so the hidden sizes add up."""
    if not 0 <= seat < state.players:
        raise InvalidState(
            "invalid_seat",
            f"seat {seat} does not exist",
            [FieldProblem("/seat", f"must be 0..{state.players - 1}")],
        )
    if state.game != game.name:
        raise TypeError(f"{game.name} was given a {state.game} state")
    game.validate(state)
    strategy = game.strategy
    seen = set(strategy.seen(state, seat))
    # Deck order, not set order: cards hash by identity, and the search must not depend on memory addresses.
    unseen = tuple(card for card in strategy.deck(state) if card not in seen)
    hands = tuple(hand if other == seat else () for other, hand in enumerate(state.hands))
    masked = strategy.with_hidden(state, hands, ())
    return Observation(
        seat=seat,
        turn=state.turn,
        round_over=state.round_over,
        masked=masked,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock_count=len(state.stock),
        unseen=unseen,
    )


def determinize(observation: Observation, rng: random.Random) -> GameState:
    """A full state consistent with ``observation``: the unseen cards dealt at random to the other hands and
    the stock, each with the size it has in the real state."""
    pool = list(observation.unseen)
    rng.shuffle(pool)
    hands = list(observation.masked.hands)
    at = 0
    for seat, size in enumerate(observation.hand_sizes):
        if seat != observation.seat:
            hands[seat] = tuple(pool[at : at + size])
            at += size
    stock = tuple(pool[at : at + observation.stock_count])
    if at + observation.stock_count != len(pool):
        raise InvalidState(
            "invalid_observation",
            "the unseen cards do not fill the other hands and the stock",
            [FieldProblem("/unseen", f"holds {len(pool)} cards for {at + observation.stock_count} places")],
        )
    return GAMES[observation.game].strategy.with_hidden(observation.masked, tuple(hands), stock)
