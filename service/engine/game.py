"""What every game offers (python-chess's vocabulary, OpenSpiel's one module per game): the ``Game`` protocol.

The HTTP layer, the schemas and the sessions know a game only through this protocol and the registry
(``games.py``); nothing outside a game's own module asks which game it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from .cards import Card
from .errors import MatchOver, RoundNotOver
from .moves import LegalMoves, Move
from .options import RuleBook, Rules
from .scoring import RoundScore
from .state import BriscolaState, Event, FishingState, GameState, Match


class NextRound(NamedTuple):
    """What the next round of a match is dealt with (API.md, deal with ``previous``)."""

    rules: Rules
    players: int
    deck: str
    dealer: int
    match: Match


class Game(Protocol):
    """A card game as the service offers it: deal, list, check, play, score, view, validate, next round."""

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def rulebook(self) -> RuleBook: ...

    @property
    def state_type(self) -> type[FishingState] | type[BriscolaState]: ...

    @property
    def scores_from_piles(self) -> bool:
        """Whether a round can be scored from its piles alone, without a finished state."""
        ...

    def deal(
        self, rules: Rules, players: int, seed: int | str, dealer: int, match: Match, deck: str = "italian"
    ) -> tuple[GameState, list[Event]]: ...

    def legal_moves(self, state: GameState, limit: int | None = None) -> LegalMoves: ...

    def check(self, state: GameState, move: Move) -> Move:
        """The move as it will be played (an omitted capture filled in), or ``IllegalMove`` with the reason."""
        ...

    def play(self, state: GameState, move: Move) -> tuple[GameState, list[Event]]: ...

    def score(self, state: GameState) -> RoundScore: ...

    def score_piles(
        self,
        rules: Rules,
        players: int,
        captures: Sequence[Sequence[Card]],
        sweeps: Sequence[int],
        match: Match,
    ) -> RoundScore: ...

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see: never another hand or the stock order; ``None``: what every seat sees."""
        ...

    def validate(self, state: GameState) -> None:
        """``InvalidState`` naming the field when the state cannot occur (API.md, consistency checks)."""
        ...

    def next_round(self, previous: GameState) -> NextRound: ...


def next_round(game: Game, previous: GameState) -> NextRound:
    """The next round of a match: same rules, players and deck, the next dealer, the scores carried over."""
    if not previous.round_over:
        raise RoundNotOver("the previous round is not over")
    result = game.score(previous)
    if result.match.over:
        raise MatchOver(f"the match is over: side {result.match.winner} won", {"winner": result.match.winner})
    match = Match(result.match.scores, result.match.target, previous.match.round + 1)
    dealer = (previous.dealer + 1) % previous.players
    return NextRound(previous.rules, previous.players, previous.deck, dealer, match)
