"""The trick games' computer-player hooks: lead low and plain; follow by taking pointed tricks cheaply, else throw
the least; and what a seat has seen, for the search's sampled worlds.

The scores read only what the seat to act may know (its hand, the trick, the trump card), so they play fairly on
any determinized state, and the search uses them as its rollout policy. A game says what a trump is (if any), a
card's strength and points, and the round's other worth; the rest is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from ..cards import DECK, Card, Suit
from ..game import Line
from ..moves import Move
from ..scoring import RoundScore, margin
from ..state import GameState, side_of
from .common import TrickRound
from .state import ExchangeTrump, PlayCard, TrickCard


def trump_cost(card: Card, strength: int, points: int) -> float:
    """What spending a trump gives up: the power to take a trick later, the higher the trump the more. Its own
    points count too: a high trump wins them whenever it is played, so they are no reason to play it now."""
    return 3.0 + strength + points


def beats(card: Card, best: Card, trump: Suit | None, strength: Callable[[Card], int]) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
    if card.suit is best.suit:
        return strength(card) > strength(best)
    return card.suit is trump


def holding(trick: Sequence[TrickCard], trump: Suit | None, strength: Callable[[Card], int]) -> TrickCard:
    """The card of a trick begun that takes it so far."""
    best = trick[0]
    for played in trick[1:]:
        if beats(played.card, best.card, trump, strength):
            best = played
    return best


def trick_scores(
    state: TrickRound,
    moves: Sequence[Move],
    trump: Suit | None,
    strength: Callable[[Card], int],
    points: Callable[[Card], int],
) -> list[float]:
    """Each card's worth to the seat to act: lead low and plain; follow by taking pointed tricks cheaply (a trick
    not yet complete counts for half), else throw the least."""
    seat = state.turn
    assert seat is not None
    trick, players = state.trick, state.players
    scores = []
    if trick:
        best = holding(trick, trump, strength)
        pot = sum(points(played.card) for played in trick)
        last = len(trick) == players - 1
        ours_now = side_of(best.seat, players) == side_of(seat, players)
    for move in moves:
        card = cast(PlayCard | ExchangeTrump, move).card  # every move of a trick's play names its card
        worth, power = points(card), strength(card)
        spent = trump_cost(card, power, worth) if card.suit is trump else 0.0
        if not trick:
            scores.append(-worth - spent - 0.1 * power)
            continue
        takes = beats(card, best.card, trump, strength)
        ours = takes or ours_now
        stake = pot + worth
        # A trick not yet complete may still be taken over: what it holds counts for half.
        sure = 1.0 if last else 0.5
        value = stake * sure if ours else -stake
        if ours and not takes and not last:
            value = -worth * 0.5  # the partner holds it for now: add nothing valuable yet
        scores.append(value - spent - 0.1 * power)
    return scores


def trick_points(
    state: TrickRound,
    moves: Sequence[Move],
    trump: Suit | None,
    strength: Callable[[Card], int],
    points: Callable[[Card], int],
) -> list[float]:
    """What each move wins at once for the seat's side, in ``points``: the trick's points with the card played
    if its side then holds the trick, less them if another side does, half while the trick may still be taken
    over; a lead, a trump exchange or a move that plays no card wins nothing yet."""
    seat = state.turn
    assert seat is not None
    trick, players = state.trick, state.players
    if not trick:
        return [0.0] * len(moves)
    best = holding(trick, trump, strength)
    pot = sum(points(played.card) for played in trick)
    sure = 1.0 if len(trick) == players - 1 else 0.5
    ours_now = side_of(best.seat, players) == side_of(seat, players)
    found = []
    for move in moves:
        if not isinstance(move, PlayCard):
            found.append(0.0)
            continue
        card = move.card
        stake = (pot + points(card)) * sure
        found.append(stake if beats(card, best.card, trump, strength) or ours_now else -stake)
    return found


def trick_outcome(score: RoundScore, seat: int, win: float) -> float:
    """The round's margin for ``seat``'s side, and ``win`` more (or less) for the round won (or lost)."""
    points, mine, _ = margin(score, seat)
    won = score.winner
    return points + (win if won == mine.side else -win if won is not None else 0.0)


def trick_seen(state: TrickRound, seat: int) -> list[Card]:
    """The seat's hand, the piles and the trick: what it has seen of the cards (a game adds its face-up cards)."""
    seen = list(state.hands[seat])
    for pile in state.captures:
        seen.extend(pile)
    seen.extend(played.card for played in state.trick)
    return seen


class RolledOutTrickHooks:
    """The ``Strategy`` hooks every trick game without a search of its own shares (Tressette, Briscola chiamata):
    the players roll the round out through the engine, a seat has seen its hand, the piles and the trick, and the
    whole deck is in play."""

    def line_value(self, world: GameState, move: Move, seat: int, dice: int) -> Line | None:
        """No search of its own: the players roll the round out."""
        return None

    def seen(self, state: GameState, seat: int) -> list[Card]:
        return trick_seen(cast(TrickRound, state), seat)

    def deck(self, state: GameState) -> tuple[Card, ...]:
        return DECK
