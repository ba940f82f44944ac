from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reason import Reason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="ValidateMoveResponse200")



@_attrs_define
class ValidateMoveResponse200:
    """ 
        Attributes:
            legal (bool):
            move (Move | Unset): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set
                exists and is a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
            reason (Reason | Unset): Why the rules forbid a move. Briscola chiamata: `wrong_phase` (a move of another part
                of the hand: a card
                during the auction, a bid after it, ...), `bid_too_low` (a bid that does not beat the standing one),
                `points_need_two` (with `auction` `ranks_then_points`, points bid with a rank other than 2),
                `bid_needs_points` (a bid without points with `auction` `points_only`).
            message (str | Unset):
            options (list[list[str]] | Unset):
     """

    legal: bool
    move: Move | Unset = UNSET
    reason: Reason | Unset = UNSET
    message: str | Unset = UNSET
    options: list[list[str]] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        legal = self.legal

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value


        message = self.message

        options: list[list[str]] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item = options_item_data


                options.append(options_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "legal": legal,
        })
        if move is not UNSET:
            field_dict["move"] = move
        if reason is not UNSET:
            field_dict["reason"] = reason
        if message is not UNSET:
            field_dict["message"] = message
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        legal = d.pop("legal")

        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move,  Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)




        _reason = d.pop("reason", UNSET)
        reason: Reason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = Reason(_reason)




        message = d.pop("message", UNSET)

        _options = d.pop("options", UNSET)
        options: list[list[str]] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = cast(list[str], options_item_data)

                options.append(options_item)


        validate_move_response_200 = cls(
            legal=legal,
            move=move,
            reason=reason,
            message=message,
            options=options,
        )


        validate_move_response_200.additional_properties = d
        return validate_move_response_200

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
