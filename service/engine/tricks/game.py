"""The trick family's skeleton (``TrickGame``): what every trick game does the same way, so that a game of the
family (Briscola, Tressette) writes only what differs: its state, the moves a seat may make, its checks, its play
and its score. ``FishingGame`` is the fishing family's counterpart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import shuffle
from ..cards import Card
from ..checks import check_reported
from ..errors import RoundNotOver
from ..moves import LegalMoves, Move
from ..options import Rules
from ..scoring import RoundScore
from ..shape import Shape
from ..state import GameState, Hand, Match, playing_order
from ..view import common_view
from .common import TrickRound, last_trick


class TrickGame:
    """A trick-taking game; subclasses give its state type (``state_type``), the moves a seat may make
    (``moves_for``), the score of a finished round (``score_finished``), and the rest of ``Game``."""

    name = ""
    shape: Shape
    player_counts: tuple[int, ...] = ()
    scores_from_piles = False  # a round is scored from its finished state
    hand_size = 3
    state_type: type = tuple
    """The game's own state type: any other is a TypeError (the engine never mixes games)."""

    # -- hooks ---------------------------------------------------------------------------------------------------
    def moves_for(self, state: Any, seat: int) -> Sequence[Move]:
        """Every move ``seat`` may make now, in the order ``legal-moves`` lists them."""
        raise NotImplementedError

    def score_finished(self, state: Any) -> RoundScore:
        """The score of a finished round."""
        raise NotImplementedError

    # -- what every trick game does alike ------------------------------------------------------------------------
    def own(self, state: GameState) -> Any:
        if not isinstance(state, self.state_type):
            raise TypeError(f"{self.name} was given a {type(state).__name__}")
        return state

    def legal_moves(self, state: GameState, limit: int | None = None) -> LegalMoves:
        if not isinstance(state, self.state_type):  # written out: asked at every turn
            raise TypeError(f"{self.name} was given a {type(state).__name__}")
        seat = state.turn
        if seat is None:
            return LegalMoves(None, (), 0)
        moves = self.moves_for(state, seat)
        listed = moves if limit is None else moves[: max(limit, 0)]
        return LegalMoves(seat, tuple(listed), len(moves))

    def score(self, state: GameState) -> RoundScore:
        state = self.own(state)
        if not state.round_over:
            raise RoundNotOver("the round is not over: cards remain in hand, in the trick or in the stock")
        return self.score_finished(state)

    def check_reported(self, state: GameState, reported: Mapping[str, Any]) -> None:
        check_reported(state, reported)

    def trick_view(self, state: TrickRound, seat: int | None) -> dict[str, Any]:
        """The view every trick game shows: the trick in play and its leader."""
        seen = common_view(state, seat)
        seen.update(trick=[{"seat": played.seat, "card": played.card} for played in state.trick], leader=state.leader)
        return seen

    def public_piles(self, state: TrickRound) -> dict[str, Any]:
        """Every trick was played face up and its winner took it: the piles are public (docs/api.md)."""
        return {"captures": state.captures, "last_trick": last_trick(state)}

    def shuffled_deal(
        self, rules: Rules, deck: Sequence[Card], players: int, seed: int | str, dealer: int, match: Match
    ) -> tuple[tuple[Hand, ...], tuple[Card, ...], int]:
        """``hand_size`` cards each, one at a time from the seat after the dealer (RULES.md 2); the cards left,
        in order, and the seat that leads."""
        context = shuffle.deal_context(self.name, players, dealer, match.round, 0)
        cards = shuffle.shuffled(deck, seed, context)
        first = (dealer + 1) % players
        order = playing_order(first, players)
        hands: list[tuple[Card, ...]] = [() for _ in range(players)]
        dealt = self.hand_size * players
        for position in range(dealt):
            seat = order[position % players]
            hands[seat] = (*hands[seat], cards[position])
        return tuple(hands), tuple(cards[dealt:]), first
