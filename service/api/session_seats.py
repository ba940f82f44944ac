"""Which seat a session read is about: a seat token's own, or the owner's ``?seat`` (never at a sealed table)."""

from __future__ import annotations

from flask import request

from ..engine.errors import FieldProblem
from ..engine.state import GameState
from ..schemas.errors import RequestInvalid
from .problems import ApiProblem
from .session_access import NUMBER_PARAM, require_player
from .session_records import Loaded, sealed_table


def seat_param() -> int | None:
    raw = request.args.get("seat")
    if raw is None:
        return None
    if not NUMBER_PARAM.fullmatch(raw):
        raise ApiProblem(
            400,
            "validation_error",
            "seat must be a seat number",
            problems=[FieldProblem("/seat", "must be an integer 0..3")],
        )
    return int(raw)


def seat_for(loaded: Loaded, players: int, public: bool) -> int | None:
    """The seat a read is about: a seat token's own (``?seat`` may only repeat it), or the owner's ``?seat``.

    Without ``?seat`` the owner reads the public view (``public``) or the seat to act's; at a sealed table the
    owner may read no seat at all.
    """
    caller, seat = loaded.caller, seat_param()
    if caller.spectator:
        if seat is not None or not public:
            require_player(caller)
        return None
    if caller.seat is not None:
        if seat is not None and seat != caller.seat:
            raise ApiProblem(
                403,
                "forbidden_seat",
                f"this token is for seat {caller.seat}; it cannot read seat {seat}",
                {"seat": caller.seat},
            )
        return caller.seat
    if loaded.sealed and (seat is not None or not public):
        raise sealed_table("the owner reads the public view, not a seat's hand")
    if seat is not None and not 0 <= seat < players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{players - 1}")])
    return seat


def asked_seat(loaded: Loaded, state: GameState) -> int | None:
    """The seat a turn-related read is about: a seat token's own, the owner's ``?seat``, else the seat to act."""
    seat = seat_for(loaded, state.players, public=False)
    return state.turn if seat is None else seat
