"""What the session endpoints do, without HTTP: the checked engine state of a stored session in, the answer, the
state and the events to store out. The blueprint (``service/api/sessions.py``) loads the record, authorizes the
caller, parses the body, calls one of these and writes the result.

As ``usecases`` is handed a ``Reader``, these are handed a ``Writer``: engine values into the JSON of an answer
(states, views, events, moves, and what a sealed seed shows), so this module knows no schema, no JSON library and
no Flask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from .engine.errors import FieldProblem, IllegalMove, MatchOver, Reason
from .engine.game import Game
from .engine.moves import Move
from .engine.state import Event, GameState, hands_dealt
from .request_errors import RequestInvalid
from .sessions import ending
from .usecases import Played, Reader, checked_state


class Writer(Protocol):
    """Engine values into the JSON an answer and the session's log carry."""

    def state(self, state: GameState) -> dict[str, Any]: ...

    def value(self, value: Any) -> Any: ...

    def view(self, game: Game, state: GameState, seat: int | None) -> dict[str, Any]:
        """One seat's view (``None``: the public one) with the cards' names and, once the round is over, its
        score."""
        ...

    def events(
        self, events: list[Event], game: Game | None = None, after: GameState | None = None
    ) -> list[dict[str, Any]]: ...

    def move(self, move: Move) -> dict[str, Any]: ...

    def fairness(self, record: dict[str, str] | None, round_over: bool) -> dict[str, str] | None:
        """What an answer shows of a server-dealt round's sealed seed (``session_deals.fairness_answer``)."""
        ...


Player = Callable[[Game, GameState, object], Played]
"""Plays a posted move (read, checked, counted for the metrics)."""
Computer = Callable[[Game, GameState, dict[str, Any]], Move]
"""A computer player's move for the seat to act, from that seat's view (``{"level", ...}``)."""
Sees = Callable[[dict[str, Any]], bool]
"""Whether the caller may read an event (``session_log.Audience.sees``)."""


class Table(NamedTuple):
    """What a write keeps of the session it changes."""

    id: str
    version: int
    """The version the write replaces; the answer carries the next one."""
    sealed: bool
    fairness: dict[str, str] | None
    seats: list[dict[str, Any]] | None = None
    """Who sits at the table, as every token reads it (``sessions.seats.shown``)."""


class Written(NamedTuple):
    """A write's outcome: the answer, and what the record and the log keep."""

    answer: dict[str, Any]
    state: dict[str, Any]
    events: list[dict[str, Any]]
    fairness: dict[str, str] | None
    after: GameState
    """The state written, as the engine's value: what the worker keeps as the record's checked state."""


# -- the answers ----------------------------------------------------------------------------------------------


def with_fairness(
    answer: dict[str, Any], record: dict[str, str] | None, round_over: bool, sealed: bool, write: Writer
) -> dict[str, Any]:
    """Every answer says whether the table is ``sealed``; one about a server-dealt round carries ``fairness``:
    the commitment, and the seed once the round is over."""
    shown = write.fairness(record, round_over)
    if shown is not None:
        answer["fairness"] = shown
    answer["sealed"] = sealed
    return answer


def owner_answer(
    session_id: str,
    version: int,
    game: Game,
    state: GameState,
    dumped: dict[str, Any] | None,
    public_only: bool,
    write: Writer,
    **extra: Any,
) -> dict[str, Any]:
    """The session as its owner sees it: the whole state, or at a sealed table (``public_only``) the public view,
    a spectator's."""
    shown = {"view": write.view(game, state, None)} if public_only else {"state": dumped or write.state(state)}
    return stored_answer(session_id, version, game.name, shown, extra)


def stored_answer(
    session_id: str, version: int, game: str, shown: dict[str, Any], extra: dict[str, Any]
) -> dict[str, Any]:
    """The shape of every answer about the session itself: its id, version and game, what the caller sees of the
    table (``state`` or ``view``), then the rest."""
    return {"id": session_id, "version": version, "game": game, **shown, **extra}


# -- the writes -----------------------------------------------------------------------------------------------


def posted_events(game: Game, state: GameState, write: Writer) -> list[dict[str, Any]]:
    """A state posted rather than dealt here: the public view of it to all, and each seat's hand to that seat."""
    public = write.value(game.view(state, None))
    return [{"type": "state_set", "view": public, "to": "all"}, *write.events(hands_dealt(state.hands))]


def opened(
    game: Game, state: GameState, dealt: list[Event] | None, write: Writer
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new session's stored state and first log entry: the deal's events, or (``dealt`` None) a posted state's."""
    events = posted_events(game, state, write) if dealt is None else write.events(dealt, game, state)
    return write.state(state), events


def replaced(
    read: Reader, write: Writer, game: Game, raw: object, seats: int
) -> tuple[GameState, dict[str, Any], list[dict[str, Any]]]:
    """The owner's state for a session of ``seats`` seats: checked, dumped, and its log entry."""
    state = checked_state(read, game, raw)
    if state.players != seats:
        raise RequestInvalid([FieldProblem("/state/players", f"this session has {seats} seats")])
    return state, write.state(state), posted_events(game, state, write)


def move(
    game: Game,
    state: GameState,
    data: dict[str, Any],
    table: Table,
    seat: int | None,
    sees: Sees,
    write: Writer,
    play: Player,
    computer: Computer,
) -> Written:
    """Play the caller's move, or a computer player's for the seat to act (``data["computer"]``); ``seat`` is the
    caller's (None: the owner's, who is answered as ``owner_answer``). The caller is authorized already."""
    if "move" in data:
        raw_move = data["move"]
    else:
        if state.turn is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no seat is to act")
        raw_move = write.move(computer(game, state, data["computer"]))
    after, played_events = play(game, state, raw_move)
    dumped = write.state(after)
    events = write.events(played_events, game, after)
    events[0]["move"] = raw_move  # what replay takes: a seat verifies a dealt round from the log alone
    if "computer" in data:
        events[0]["by"] = "computer"
        if data.get("reason") is not None:
            events[0]["reason"] = data["reason"]
    events.extend(match_over_events(events))
    shown = [event for event in events if sees(event)]
    extra = with_fairness({"events": shown}, table.fairness, after.round_over, table.sealed, write)
    if table.seats is not None:
        extra["seats"] = table.seats
    if "computer" in data:
        extra["move"] = raw_move
    new_version = table.version + 1  # what the compare-and-set on ``table.version`` makes it
    if seat is None:
        answer = owner_answer(table.id, new_version, game, after, dumped, table.sealed, write, **extra)
    else:
        answer = stored_answer(table.id, new_version, game.name, {"view": write.view(game, after, seat)}, extra)
    return Written(answer, dumped, events, table.fairness, after)


def match_over_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A round whose score ends the match is followed by the public ``match_over`` event, ``played``."""
    for event in events:
        score = event.get("score") if event.get("type") == "round_over" else None
        if isinstance(score, dict) and score["match"]["over"]:
            return [ending.event("played", score["match"])]
    return []


def resign(
    game: Game, state: GameState, table: Table, seat: int, viewer: int | None, reason: str, sees: Sees,
    write: Writer,
) -> tuple[dict[str, Any], list[dict[str, Any]], ending.Conceded]:
    """``seat``'s side concedes the match (``reason``: ``resigned``, or ``forfeit`` when its clock ran out): the
    answer (``viewer``'s view: the public one for None), the log's events, and what the record keeps."""
    if played_out(game, state):
        raise MatchOver("the match is over already", {})
    ended = ending.conceded(game.shape, state, seat, reason)
    events = [ending.event(reason, ended.match, seat)]
    extra = with_fairness({"events": [e for e in events if sees(e)]}, table.fairness, state.round_over,
                          table.sealed, write)
    extra["match_over"] = ending.shown(ended)
    if table.seats is not None:
        extra["seats"] = table.seats
    new_version = table.version + 1
    answer = stored_answer(table.id, new_version, game.name, {"view": write.view(game, state, viewer)}, extra)
    return answer, events, ended


def played_out(game: Game, state: GameState) -> bool:
    """Whether the finished round ended the match."""
    return state.round_over and game.score(state).match.over


def phase(game: Game, state: GameState, ended: ending.Conceded | None) -> str:
    """``playing``, ``round_over`` or ``match_over``: where a table stands, for its host's list."""
    if ended is not None or played_out(game, state):
        return "match_over"
    return "round_over" if state.round_over else "playing"


def next_round(
    game: Game, state: GameState, fairness: dict[str, str] | None, dealt: list[Event], table: Table, sees: Sees,
    write: Writer,
) -> Written:
    """The answer to (and the record of) the next round, dealt as ``state`` with ``dealt``'s events and the
    sealed seed ``fairness``; answered as the owner sees it."""
    dumped = write.state(state)
    events = write.events(dealt, game, state)
    shown = [event for event in events if sees(event)]
    extra = with_fairness({"events": shown}, fairness, state.round_over, table.sealed, write)
    if table.seats is not None:
        extra["seats"] = table.seats
    answer = owner_answer(table.id, table.version + 1, game, state, dumped, table.sealed, write, **extra)
    return Written(answer, dumped, events, fairness, state)


# -- the reads ------------------------------------------------------------------------------------------------


def seat_view(
    game: Game, state: GameState, seat: int | None, fairness: dict[str, str] | None, sealed: bool, write: Writer
) -> dict[str, Any]:
    return with_fairness(write.view(game, state, seat), fairness, state.round_over, sealed, write)


def legal_moves(game: Game, state: GameState, chosen: int | None, sealed: bool, write: Writer) -> dict[str, Any]:
    """The legal moves of ``chosen`` (default: the seat to act); a seat not on turn gets an empty list."""
    seat = state.turn if chosen is None else chosen
    answer: dict[str, Any] = {"seat": seat, "turn": state.turn, "moves": [], "total": 0, "truncated": False}
    if seat is not None and seat == state.turn and not state.round_over:
        found = game.legal_moves(state, None)
        answer.update(
            moves=[write.move(item) for item in found.moves],
            total=found.total,
            truncated=len(found.moves) < found.total,
        )
    answer["sealed"] = sealed
    return answer
