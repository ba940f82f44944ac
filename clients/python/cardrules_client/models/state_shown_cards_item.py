from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="StateShownCardsItem")



@_attrs_define
class StateShownCardsItem:
    """ 
        Attributes:
            seat (int):
            card (str):
     """

    seat: int
    card: str





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = d.pop("card")

        state_shown_cards_item = cls(
            seat=seat,
            card=card,
        )

        return state_shown_cards_item

