from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ReplayedRefused")



@_attrs_define
class ReplayedRefused:
    """ 
        Attributes:
            move_index (int): The index in `moves`, or with `rounds` in that round's `moves`.
            round_ (int):
            reason (str):
            message (str):
     """

    move_index: int
    round_: int
    reason: str
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        move_index = self.move_index

        round_ = self.round_

        reason = self.reason

        message = self.message


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "move_index": move_index,
            "round": round_,
            "reason": reason,
            "message": message,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_index = d.pop("move_index")

        round_ = d.pop("round")

        reason = d.pop("reason")

        message = d.pop("message")

        replayed_refused = cls(
            move_index=move_index,
            round_=round_,
            reason=reason,
            message=message,
        )


        replayed_refused.additional_properties = d
        return replayed_refused

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
