from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="SessionMoveByPlayer")



@_attrs_define
class SessionMoveByPlayer:
    """ The caller's move (`POST /v1/sessions/{id}/moves`).

        Attributes:
            move (Move): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is
                a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
     """

    move: Move





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        move = self.move.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "move": move,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        move = Move.from_dict(d.pop("move"))




        session_move_by_player = cls(
            move=move,
        )

        return session_move_by_player

