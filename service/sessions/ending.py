"""How a table's match ends (API.md, tables, "The end of a match"): played to its target, or conceded by a side
(a seat's resignation, or its clock's forfeit).

No HTTP and no store here. A played match ends with the round whose score says so: nothing is kept but the
state. A conceded one is kept in the session record under ``ended`` (``to_record``), since the state alone (a
round in play) cannot say it; every later move or round is refused, and every view shows ``match_over``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.shape import Shape
from ..engine.state import GameState


@dataclass(frozen=True)
class Conceded:
    reason: str
    """``resigned`` or ``forfeit``."""
    seat: int
    """The seat whose side conceded."""
    match: dict[str, Any]
    """The match totals as they stood, with ``over`` true and the ``winner`` side (null: no single one)."""


def conceded(shape: Shape, state: GameState, seat: int, reason: str) -> Conceded:
    """``seat``'s side concedes the match: every other side wins over it; of two or more others, the one ahead in
    the match totals wins, and a tie among the leaders names no winner (a three-player game's resignation)."""
    match = state.match
    losing = shape.side_by_seat(state.players)[seat]
    others = [side for side in range(shape.side_count(state.players)) if side != losing]
    best = max(match.scores[side] for side in others)
    leaders = [side for side in others if match.scores[side] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    totals = {
        "scores": list(match.scores),
        "target": match.target,
        "round": match.round,
        "over": True,
        "winner": winner,
    }
    return Conceded(reason, seat, totals)


def event(reason: str, match: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The public ``match_over`` event: why, the totals, and the conceding seat (resigned, forfeit)."""
    out: dict[str, Any] = {"type": "match_over", "to": "all", "reason": reason, "match": match}
    if seat is not None:
        out["seat"] = seat
    return out


def shown(ended: Conceded) -> dict[str, Any]:
    """What a view says of a conceded match: the ``match_over`` event's fields."""
    return {"reason": ended.reason, "seat": ended.seat, "match": ended.match}


def played_out(view: dict[str, Any]) -> dict[str, Any] | None:
    """What a view says of a match played to its end, read from the finished round's score in the view."""
    score = view.get("score")
    if not view.get("round_over") or not isinstance(score, dict):
        return None
    match = score.get("match")
    if not isinstance(match, dict) or match.get("over") is not True:
        return None
    return {"reason": "played", "match": match}


def of_view(view: dict[str, Any], ended: Conceded | None) -> dict[str, Any] | None:
    """A view's ``match_over``: the conceded match, the match played to its end, or None while it goes on."""
    return shown(ended) if ended is not None else played_out(view)


def to_record(ended: Conceded) -> dict[str, Any]:
    return {"reason": ended.reason, "seat": ended.seat, "match": ended.match}


def from_record(value: object) -> Conceded | None:
    """The record's ``ended`` (absent: the match is not conceded); ``TypeError`` for one no release wrote."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("ended field")
    reason, seat, match = value.get("reason"), value.get("seat"), value.get("match")
    if reason not in ("resigned", "forfeit") or type(seat) is not int or not isinstance(match, dict):
        raise TypeError("ended field")
    return Conceded(str(reason), seat, match)
