"""What a table does, without HTTP: the checked engine state of a stored session and engine values in, engine
values out. The blueprints (``service/api/``) load the record, authorize the caller, parse the body into engine
values, call one of these, and write what comes back as the answer, the stored state and the log's entry.

Like ``usecases``, this module knows no schema, no JSON and no Flask, and is handed nothing of the HTTP layer:
posted JSON is read by the ``Reader`` the caller hands in, and a computer player thinks through the ``Thinker``
(``usecases.suggestion_for``), as a stateless suggestion does.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .engine.errors import FieldProblem, IllegalMove, MatchOver, Reason
from .engine.game import Game
from .engine.moves import LegalMoves, Move
from .engine.scoring import RoundScore
from .engine.state import Event, GameState, hands_dealt
from .request_errors import RequestInvalid
from .sessions import ending
from .usecases import Reader, Thinker, checked_state, suggestion_for


class Moved(NamedTuple):
    """A move made at a table: what was played, the state after it and the engine's events."""

    move: Move
    after: GameState
    events: list[Event]
    score: RoundScore | None
    """The round's score when the move ended the round (its ``match.over``: whether the match ended with it)."""


def round_score(game: Game, state: GameState) -> RoundScore | None:
    """A finished round's score (every view and ``round_over`` event shows it); None while the round goes on."""
    return game.score(state) if state.round_over else None


def move(game: Game, state: GameState, chosen: Move) -> Moved:
    """Play ``chosen`` for the seat to act (the caller is authorized already); ``IllegalMove`` says why not."""
    after, events = game.play(state, chosen)
    return Moved(chosen, after, events, round_score(game, after))


def seat_to_act(state: GameState) -> int:
    """The seat a computer player would play for: the seat to act, or ``IllegalMove`` once the round is over."""
    if state.turn is None:
        raise IllegalMove(Reason.ROUND_OVER, "the round is over: no seat is to act")
    return state.turn


def computer_move(game: Game, state: GameState, choice: dict[str, Any], think: Thinker) -> Move:
    """A computer player's move for the seat to act (``choice``: ``{"level", ...}``), from that seat's view."""
    _, found = suggestion_for(game, state, seat_to_act(state), choice, think)
    return found.move


def resign(game: Game, state: GameState, seat: int, reason: str) -> ending.Conceded:
    """``seat``'s side concedes the match (``reason``: ``resigned``, or ``forfeit`` when its clock ran out);
    a match played to its end cannot be conceded."""
    if played_out(game, state):
        raise MatchOver("the match is over already", {})
    return ending.conceded(game.shape, state, seat, reason)


def played_out(game: Game, state: GameState) -> bool:
    """Whether the finished round ended the match."""
    return state.round_over and game.score(state).match.over


def phase(game: Game, state: GameState, ended: ending.Conceded | None) -> str:
    """``playing``, ``round_over`` or ``match_over``: where a table stands, for its host's list."""
    if ended is not None or played_out(game, state):
        return "match_over"
    return "round_over" if state.round_over else "playing"


def replaced(read: Reader, game: Game, raw: object, seats: int) -> GameState:
    """The owner's state for a session of ``seats`` seats, checked."""
    state = checked_state(read, game, raw)
    if state.players != seats:
        raise RequestInvalid([FieldProblem("/state/players", f"this session has {seats} seats")])
    return state


def posted(game: Game, state: GameState) -> tuple[dict[str, Any], list[Event]]:
    """What a state posted rather than dealt here tells the table: its public view to all, and each seat its own
    hand."""
    return game.view(state, None), hands_dealt(state.hands)


def legal_moves(game: Game, state: GameState, chosen: int | None) -> tuple[int | None, LegalMoves | None]:
    """The seat asked about (default: the seat to act) and its legal moves; None for a seat not on turn, which
    has none."""
    seat = state.turn if chosen is None else chosen
    if seat is None or seat != state.turn or state.round_over:
        return seat, None
    return seat, game.legal_moves(state, None)
