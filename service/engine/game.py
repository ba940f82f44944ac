"""What every game offers (python-chess's vocabulary, OpenSpiel's one module per game): the ``Game`` protocol.

The HTTP layer, the schemas, the sessions and the computer players know a game only through this protocol and the
registry (``games.py``): a family (``fishing``, ``tricks``) describes its state, its moves and its player hooks
here, and nothing outside the families asks which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from .cards import Card
from .errors import MatchOver, RoundNotOver
from .moves import LegalMoves, Move
from .options import RuleBook, Rules
from .reading import FieldSpec
from .scoring import RoundScore
from .shape import Shape
from .state import Event, GameState, Hand, Match


class Line(NamedTuple):
    """A line of play valued for the computer players: to the round's end, or to a search's horizon.

    ``value`` is in the units of ``Strategy.outcome`` (what the strong player maximises); ``won`` is the share of
    the round won by the seat's side (1, a tie 0.5, lost 0; in between where a horizon estimates it); ``points``
    its margin over the best other side in the game's points (``Strategy.points_unit``). A hint reports the last
    two apart, so a player reads a chance and a margin, never a blend of both."""

    value: float
    won: float
    points: float


POINTS_UNITS = ("round_points", "card_points", "points")
"""What a hint's ``points`` count: the round points of a fishing game, the card points of a trick taken (Briscola,
Briscola chiamata), or a Tressette match's points."""


def won_share(margin: float) -> float:
    """A finished round's result from its margin: won 1, tied 0.5, lost 0."""
    return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5


class NextRound(NamedTuple):
    """What the next round of a match is dealt with (API.md, deal with ``previous``)."""

    rules: Rules
    players: int
    deck: str
    dealer: int
    match: Match


class Common(NamedTuple):
    """The fields every state has, read from JSON: a family's codec builds its state from them and its own."""

    game: str
    rules: Rules
    players: int
    dealer: int
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    captures: tuple[tuple[Card, ...], ...]
    match: Match
    deck: str


class Codec(Protocol):
    """A family's state and moves as JSON (API.md, State and Moves): its fields, the fast reader, the writer.

    ``fields`` and ``move_fields`` describe for the schemas what ``read`` and ``read_move`` accept: the schemas
    read what the fast readers are unsure of, and name every bad field.
    """

    @property
    def fields(self) -> tuple[FieldSpec, ...]:
        """The state's own fields beyond the common ones, in the order the schemas check them."""
        ...

    @property
    def reported(self) -> tuple[str, ...]:
        """The fields a caller may send back that the cards decide (``turn``, ``round_over``, ...)."""
        ...

    @property
    def written(self) -> tuple[str, ...]:
        """Fields the family writes for the caller's reading and ignores when they come back (no check)."""
        ...

    @property
    def move_fields(self) -> tuple[FieldSpec, ...]: ...

    @property
    def move_one_of(self) -> tuple[str, ...]:
        """Move fields of which a move has exactly one (none: no such rule)."""
        ...

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        """The family's fields of ``raw`` into ``data``, as the schemas would load them; ``Unsure`` to let them."""
        ...

    def build(self, common: Common, data: dict[str, Any]) -> GameState: ...

    def read_move(self, raw: object) -> Move | None:
        """A well-formed move read without the schemas, or None to let them say what is wrong."""
        ...

    def move(self, data: dict[str, Any]) -> Move | tuple[str, str]:
        """The move of the fields the schemas loaded, or (field, why) when the fields cannot make one."""
        ...


class MoveReason(NamedTuple):
    """Why a move is worth playing (or not), as a player would say it: a stable ``code`` and its ``params``
    (counts, points, ranks); the API words it in the caller's language."""

    code: str
    params: tuple[tuple[str, int | str], ...] = ()


class Strategy(Protocol):
    """A family's hooks for the computer players (``players/``): the generic search plays through these alone."""

    @property
    def playouts(self) -> int:
        """Rollouts per decision of the strong player by default (tuned per game for a comparable time)."""
        ...

    @property
    def prior(self) -> float:
        """How much the one-ply estimate of ``move_scores`` joins the sampled mean (0: not at all)."""
        ...

    def move_scores(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """How much the seat to act likes each move (higher is better), from what it may know alone."""
        ...

    def outcome(self, score: RoundScore, seat: int) -> float:
        """A finished round's worth to ``seat``'s side: its margin over the best other side, and what else counts."""
        ...

    @property
    def points_unit(self) -> str:
        """What ``Line.points`` and ``move_points`` count (one of ``POINTS_UNITS``)."""
        ...

    def judged(self, score: RoundScore, seat: int) -> Line:
        """A finished round for ``seat``'s side: ``outcome``, the round won (``won_share``) and the margin."""
        ...

    def move_points(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """What each move wins (or, negative, gives away) at once in ``points_unit``: the greedy player's reading,
        without the judgement ``move_scores`` adds (the cost of a trump spent, a lead kept low)."""
        ...

    def reasons(self, state: GameState, move: Move) -> tuple[MoveReason, ...]:
        """What ``move`` does for the seat to act, most telling first, in the family's words (a hint's reasons).

        ``state`` may be a sampled world: the reasons read only what the seat may know (its hand, the table or
        trick, the piles, the counts), never another hand or the stock, so they cannot give a hidden card away.
        """
        ...

    def line_value(self, world: GameState, move: Move, seat: int, dice: int) -> Line | None:
        """What ``move`` (legal for the seat to act) is worth to ``seat``'s side in ``world``, a fully known
        state (a sampled world), by the family's own fast search or playout (``dice`` seeds any chance in it; the
        same dice, the same value): the line found, its value an estimate of the finished round's ``outcome``.
        None: the family has none for this state, and the players roll the round out through the engine."""
        ...

    def seen(self, state: GameState, seat: int) -> list[Card]:
        """The cards ``seat`` has seen: its own hand and the public record (table, trick, piles, trump card)."""
        ...

    def deck(self, state: GameState) -> tuple[Card, ...]:
        """The cards in play, in deck order."""
        ...

    def with_hidden(self, state: GameState, hands: tuple[Hand, ...], stock: tuple[Card, ...]) -> GameState:
        """The state with other hands and the stock replaced: masked for an observation, or a sampled world."""
        ...


class Game(Protocol):
    """A card game as the service offers it: deal, list, check, play, score, view, validate, next round."""

    @property
    def name(self) -> str: ...

    @property
    def player_counts(self) -> tuple[int, ...]: ...

    @property
    def shape(self) -> Shape:
        """Seat counts, how sides form, phases and move kinds, as data (``shape.Shape``)."""
        ...

    @property
    def rulebook(self) -> RuleBook: ...

    @property
    def codec(self) -> Codec: ...

    @property
    def strategy(self) -> Strategy: ...

    @property
    def score_categories(self) -> tuple[str, ...]:
        """The stable codes of the round score's ``points``, in the order the catalogue lists them."""
        ...

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

    def check_reported(self, state: GameState, reported: Mapping[str, Any]) -> None:
        """``InvalidState`` when a derived field the caller sent (``Codec.reported``) disagrees with the cards."""
        ...

    def next_round(self, previous: GameState) -> NextRound: ...


def next_round(game: Game, previous: GameState) -> NextRound:
    """The next round of a match: same rules, players and deck, the next dealer, the scores carried over."""
    if not previous.round_over:
        raise RoundNotOver("the previous round is not over")
    result = game.score(previous)
    if result.match.over:
        won = "a draw" if result.match.winner is None else f"side {result.match.winner} won"
        raise MatchOver(f"the match is over: {won}", {"winner": result.match.winner})
    match = Match(result.match.scores, result.match.target, previous.match.round + 1)
    dealer = (previous.dealer + 1) % previous.players
    return NextRound(previous.rules, previous.players, previous.deck, dealer, match)
