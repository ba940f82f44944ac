from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_move_by import EventMoveBy
from ..models.event_move_reason import EventMoveReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="EventMove")



@_attrs_define
class EventMove:
    """ What a session's log adds to the first event a move writes (`card_played`, `accusi_declared` when a
    Tressette seat declares as it plays its first card, `trump_exchanged`, or Briscola chiamata's `bid`,
    `passed` and `card_called`): the move as it was played.

        Attributes:
            move (Move | Unset): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set
                exists and is a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
            by (EventMoveBy | Unset): When a computer player chose the move (a computer seat's, or one asked for with
                `computer`).
            reason (EventMoveReason | Unset): When the table's clock played the move.
     """

    move: Move | Unset = UNSET
    by: EventMoveBy | Unset = UNSET
    reason: EventMoveReason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by.value


        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if move is not UNSET:
            field_dict["move"] = move
        if by is not UNSET:
            field_dict["by"] = by
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move,  Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)




        _by = d.pop("by", UNSET)
        by: EventMoveBy | Unset
        if isinstance(_by,  Unset):
            by = UNSET
        else:
            by = EventMoveBy(_by)




        _reason = d.pop("reason", UNSET)
        reason: EventMoveReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = EventMoveReason(_reason)




        event_move = cls(
            move=move,
            by=by,
            reason=reason,
        )


        event_move.additional_properties = d
        return event_move

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
