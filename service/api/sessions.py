"""Server-side sessions (API.md, sessions): capabilities, not ids; optimistic concurrency through ETag / If-Match.

Creating a session returns an owner token and one token per seat (``Authorization: Bearer``). Tokens are
random secrets; the session record keeps only their SHA-256 digests, compared in constant time. The owner
reads the full state, replaces it, deletes the session, plays for the seat to act and issues a new token
for a seat (which revokes the old one). A seat token reads only its seat's view and legal moves and plays
only when its seat is to act (the checks live in ``session_access``). The security model is written down in
docs/sessions.md.

A sealed table (a session the service deals from a seed it draws, unless created ``"sealed": false``) keeps
the owner out of the hidden cards too: the owner sees the public view, may not replace the state, play a
card for a seat or deal a round from a seed of its own, and may ask a computer player to play for the seat to
act, seeing only the public result (docs/fairness.md, sealed tables).

Every check happens before anything is written: a refused request (401, 403, 412, 422, ...) changes nothing.
Writes are a compare-and-set on the version that was read, authorized and computed on.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Response

from .. import session_usecases
from ..engine.errors import FieldProblem, IllegalMove, MatchOver, Reason
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import GameState
from ..fairness import SERVER_SEED
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.reader import READER
from ..schemas.sessions import CREATE_SESSION, NEXT_ROUND, REPLACE_SESSION, SESSION_MOVE
from ..sessions import clock as clocks
from ..sessions import ending
from ..sessions import log as session_log
from ..sessions import seats as seating
from ..sessions.presence import STREAM_REFRESH_SECONDS
from ..sessions.record import TableFields
from ..sessions.runner import Moved, Runner
from ..usecases import checked_state, suggestion_for
from . import (
    session_events,
    session_seats,
    session_table,
    session_tokens,
    session_writes,
    thinking,
)
from .common import (
    deal_next_round,
    deal_session,
    game_for,
    move_written,
    opened_log,
    round_written,
    seat_view,
    session_move,
    stored_answer,
    with_fairness,
)
from .jsonio import Once, json_response, read_json
from .problems import ApiProblem
from .session_access import (
    RUNNER,
    WALL_CLOCK,
    creation_quota,
    etag,
    new_token,
    require_owner,
    require_player,
    runner,
)
from .session_records import (
    Loaded,
    answered,
    call,
    engine_state,
    kept_written,
    load,
    not_modified,
    owner_body,
    sealed_table,
    store,
    tagged_document,
)
from .session_seats import asked_seat, seat_for
from .session_table import computer_seat_move, table_shown, timed_out
from .session_writes import earlier_reply, retry_of, saved, table

blueprint = Blueprint("sessions", __name__, url_prefix="/v1/sessions")
log = logging.getLogger("service.sessions")


# -- endpoints ------------------------------------------------------------------------------------------------


@blueprint.after_request
def no_store(response: Response) -> Response:
    """Session answers hold secrets (tokens, hands): no cache, shared or private, may keep them."""
    response.headers["Cache-Control"] = "no-store"
    return session_seats.after_answer(response)


@blueprint.post("")
def create() -> Response:
    quota = creation_quota()
    data = schemas.load(CREATE_SESSION, read_json())
    game, alias_preset = game_for(data["game"])
    fairness, dealt = None, None
    if "deal" in data:
        state, fairness, dealt = deal_session(game, alias_preset, data["deal"])
    else:
        state = checked_state(READER, game, data["state"])
    sitting = TableFields(
        seats_asked(data.get("seats"), state.players), None, clocks.from_request(data.get("clock"))
    )
    sealed = fairness is not None and data.get("sealed", True)
    seats = [new_token() for _ in range(state.players)]
    return session_table.opened_table(quota, game, state, fairness, dealt, sitting, sealed, seats)


def seats_asked(asked: list[dict[str, Any]] | None, players: int) -> seating.Seats:
    """The seats of a new table: one entry a seat, or none at all (every seat unnamed, played by its token)."""
    if asked is None:
        return seating.unnamed(players)
    if len(asked) != players:
        raise RequestInvalid(
            [FieldProblem("/seats", f"this table has {players} seats: give one entry for each")]
        )
    return tuple(seating.Seat(entry.get("name"), entry.get("computer")) for entry in asked)


@blueprint.get("/<session_id>")
def show(session_id: str) -> Response:
    loaded = load(session_id)
    require_owner(loaded.caller)
    unchanged = not_modified(loaded)
    if unchanged is not None:
        return unchanged
    extra = with_fairness(
        table_shown(loaded.table), loaded.fairness, loaded.state.get("round_over") is True, loaded.sealed
    )
    if loaded.sealed:
        game, state = engine_state(loaded)
        return owner_body(loaded.snapshot, game, state, None, True, **extra)
    snapshot = loaded.snapshot
    shown = {"state": loaded.state}
    return answered(stored_answer(snapshot.id, snapshot.version, loaded.game, shown, extra))


@blueprint.put("/<session_id>")
def replace(session_id: str) -> Response:
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    if loaded.sealed:
        raise sealed_table("its state is the service's deal and cannot be replaced")
    version = loaded.version()
    data = schemas.load(REPLACE_SESSION, read_json())
    game, _ = game_for(data.get("game", loaded.game))
    state = session_usecases.replaced(READER, game, data["state"], len(loaded.auth["seats"]))
    dumped, events = opened_log(game, state, None)
    # A state the owner brings was not dealt here: whatever the session proved about its last deal ends.
    # A new state is a new match: a concession of the last one ends with it.
    sitting = runner().timed(dataclasses.replace(loaded.table, ended=None), state)
    record, tag = tagged_document(game.name, dumped, loaded.auth, replies=loaded.replies, table=sitting)
    runner().note_deadline(session_id, sitting)
    snapshot = call(store().replace, session_id, version, record, session_log.entry(events))
    kept_written(snapshot, game, state, dumped, loaded.auth, tag, replies=loaded.replies, table=sitting)
    runner().after_write(snapshot.id, snapshot.version, state, sitting)
    extra = with_fairness(table_shown(sitting), None, state.round_over, False)
    return owner_body(snapshot, game, state, dumped, False, **extra)


@blueprint.delete("/<session_id>")
def delete(session_id: str) -> Response:
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    call(store().delete, session_id, loaded.version())
    return Response(status=204)


def authorize_move(loaded: Loaded, state: GameState, data: dict[str, Any]) -> None:
    """A player (not a spectator) on turn; at a sealed table the owner plays no card itself."""
    caller = loaded.caller
    require_player(caller)
    if caller.seat is not None and not state.round_over and state.turn != caller.seat:
        raise ApiProblem(
            403,
            "not_your_turn",
            f"seat {state.turn} is to act; this token plays for seat {caller.seat}",
            {"seat": caller.seat, "turn": state.turn},
        )
    if "move" in data and caller.owner and loaded.sealed:
        raise sealed_table("the owner cannot play a card for a seat (a computer player can: 'computer')")
    if loaded.ended is not None:
        raise IllegalMove(
            Reason.MATCH_OVER, f"the match is over: seat {loaded.ended.seat}'s side conceded it"
        )


def chosen_move(game: Game, state: GameState, data: dict[str, Any]) -> tuple[Move, object]:
    """The move a body asks for, and its JSON as the log keeps it: the posted move, or a computer player's for
    the seat to act, thought within a thinking slot (or 429 / 503)."""
    if "move" in data:
        return schemas.load_move(game, data["move"]), data["move"]
    session_usecases.seat_to_act(state)
    with thinking.current().admitted() as pool:
        chosen = session_usecases.computer_move(game, state, pool.within_budget(data["computer"]), pool.think)
    return chosen, schemas.dump_move(chosen)


def move_body(raw: object) -> dict[str, Any]:
    """A move's body: ``{"move": {...}}`` is what the schema would give back as it is, so it is taken without it;
    anything else goes through the schema (``computer``, and every body to refuse with its field's message)."""
    if type(raw) is dict and raw.keys() == {"move"} and type(raw["move"]) is dict:
        return raw
    return schemas.load(SESSION_MOVE, raw)


@blueprint.post("/<session_id>/moves")
def move(session_id: str) -> Response:
    body = Once(lambda: move_body(read_json()))
    return session_writes.written(session_id, lambda loaded, held_here: moved(loaded, body, held_here))


def moved(loaded: Loaded, body: Once[dict[str, Any]], held_here: bool) -> Response:
    data = body()
    if held_here and "computer" in data:
        raise session_writes.Unheld("a computer player thinks once, on the stored record")
    retry = retry_of(loaded.caller, "moves", data)
    earlier = earlier_reply(loaded.replies, retry)
    if earlier is not None:
        if held_here:  # no write follows to prove the session and the token still as held: the store says
            raise session_writes.Unheld("an earlier answer is given again from the stored record")
        return earlier
    version = loaded.version()
    game, state = engine_state(loaded)
    authorize_move(loaded, state, data)
    on = table(loaded, version)
    sees = loaded.caller.audience(loaded.sealed).sees
    chosen, raw_move = chosen_move(game, state, data)
    made = session_move(game, state, chosen)
    written = move_written(game, on, loaded.caller.seat, made, raw_move, data, sees)
    return saved(loaded, retry, game, on, written)


@blueprint.get("/<session_id>/view")
def view(session_id: str) -> Response:
    """A seat token's view of its seat; the owner's: the public view, or (unsealed) ``?seat``'s."""
    loaded = load(session_id)
    seat = seat_for(loaded, len(loaded.auth["seats"]), public=True)
    unchanged = not_modified(loaded)
    if unchanged is not None:
        return unchanged
    game, state = engine_state(loaded)
    shown = seat_view(game, state, seat, loaded.fairness, loaded.sealed)
    over = ending.of_view(shown, loaded.ended)
    response = json_response({**shown, **table_shown(loaded.table), "match_over": over})
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


@blueprint.get("/<session_id>/legal-moves")
def legal_moves(session_id: str) -> Response:
    """The legal moves of the seat to act; a seat token not on turn gets an empty list."""
    loaded = load(session_id)
    chosen = seat_for(loaded, len(loaded.auth["seats"]), public=False)
    unchanged = not_modified(loaded)
    if unchanged is not None:
        return unchanged
    game, state = engine_state(loaded)
    answer = legal_moves_answer(game, state, chosen, loaded.sealed)
    response = json_response(answer)
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


def legal_moves_answer(game: Game, state: GameState, chosen: int | None, sealed: bool) -> dict[str, Any]:
    """The legal moves of ``chosen`` (default: the seat to act); a seat not on turn gets an empty list."""
    seat, found = session_usecases.legal_moves(game, state, chosen)
    answer: dict[str, Any] = {"seat": seat, "turn": state.turn, "moves": [], "total": 0, "truncated": False}
    if found is not None:
        answer.update(
            moves=[schemas.dump_move(item) for item in found.moves],
            total=found.total,
            truncated=len(found.moves) < found.total,
        )
    answer["sealed"] = sealed
    return answer


@blueprint.post("/<session_id>/suggest")
def suggest(session_id: str) -> Response:
    """A computer player's move for the token's seat (the owner of an unsealed table: ``?seat``, else the seat to
    act).

    The player sees only that seat's view of the stored state, so a seat token learns nothing from it that its
    own view does not show; it may be asked whether or not the seat is to act (400 ``not_to_act`` if not).
    """
    loaded = load(session_id)
    with thinking.current().admitted() as pool:
        data = pool.within_budget(schemas.load(schemas.SESSION_SUGGEST_REQUEST, read_json()))
        game, state = engine_state(loaded)
        seat, found = suggestion_for(game, state, asked_seat(loaded, state), data, pool.think)
    answer = thinking.dump_suggestion(found, seat, data["budget_ms"], data.get("explain", 0))
    response = json_response({**answer, "sealed": loaded.sealed})
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


@blueprint.post("/<session_id>/next-round")
def next_round(session_id: str) -> Response:
    """The next round of the match, dealt here from the finished one (owner only); ``"seed": "server"`` seals it;
    a sealed table takes no other seed."""
    loaded = load(session_id, write=True)
    require_owner(loaded.caller)
    data = schemas.load(NEXT_ROUND, read_json())
    retry = retry_of(loaded.caller, "next-round", data)
    earlier = earlier_reply(loaded.replies, retry)
    if earlier is not None:
        return earlier
    version = loaded.version()
    if loaded.sealed and data["seed"] != SERVER_SEED:
        raise sealed_table('its rounds are dealt from seeds the service draws ("seed": "server")')
    if loaded.ended is not None:
        raise MatchOver(f"the match is over: seat {loaded.ended.seat}'s side conceded it", {})
    game, _ = engine_state(loaded)
    state, fairness, dealt = deal_next_round(game, loaded.state, data)
    on = table(loaded, version)
    sees = loaded.caller.audience(loaded.sealed).sees
    written = round_written(game, state, fairness, dealt, on, sees)
    return saved(loaded, retry, game, on, written)


session_tokens.register(blueprint)
session_table.register(blueprint)
session_events.register(blueprint)


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
    app.extensions[RUNNER] = Runner(
        quietly(computer_seat_move),
        quietly(timed_out),
        store=lambda: app.extensions["session_store"],
        within=lambda: app.test_request_context(
            "/v1/sessions", method="POST", environ_base={"REMOTE_ADDR": "computer-seat"}
        ),
        wall_clock=lambda: float(app.extensions.get(WALL_CLOCK, time.time)()),
        poll_seconds=app.config["SETTINGS"].deadline_poll_seconds,
    )
    app.extensions[RUNNER].add_chore(session_seats.refresh_streams, STREAM_REFRESH_SECONDS)


def quietly(write: Callable[[str, Any], Moved]) -> Callable[[str, Any], Moved]:
    """A table's own write, refused as a client's would be: nothing to do (the table moved on, ended, or the
    seat went back to its player)."""

    def attempt(session_id: str, at: Any) -> Moved:
        try:
            return write(session_id, at)
        except ApiProblem as problem:
            if problem.status not in (400, 403, 404, 409, 412, 422):
                log.warning("a table's own move not played: %s", problem.code)
            return None

    return attempt


def start_polling(app: Flask) -> None:
    """Act on the deadlines of every table from now on (a gunicorn worker as it starts: after a restart, the
    deadlines of tables nobody reads are acted on too)."""
    found: Runner | None = app.extensions.get(RUNNER)
    if found is not None:
        found.start(polling=True)
