from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="AuctionEntryType1")



@_attrs_define
class AuctionEntryType1:
    """ 
        Attributes:
            seat (int):
            pass_ (bool):
     """

    seat: int
    pass_: bool





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        pass_ = self.pass_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "pass": pass_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        pass_ = d.pop("pass")

        auction_entry_type_1 = cls(
            seat=seat,
            pass_=pass_,
        )

        return auction_entry_type_1

