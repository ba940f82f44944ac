from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SessionCreatedTokens")



@_attrs_define
class SessionCreatedTokens:
    """ 
        Attributes:
            owner (str): The owner's bearer token (full access).
            seats (list[str]): One bearer token per seat, in seat order.
            spectator (str | Unset): A spectator's bearer token, number 0 (the public view only).
     """

    owner: str
    seats: list[str]
    spectator: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        owner = self.owner

        seats = self.seats



        spectator = self.spectator


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "owner": owner,
            "seats": seats,
        })
        if spectator is not UNSET:
            field_dict["spectator"] = spectator

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        owner = d.pop("owner")

        seats = cast(list[str], d.pop("seats"))


        spectator = d.pop("spectator", UNSET)

        session_created_tokens = cls(
            owner=owner,
            seats=seats,
            spectator=spectator,
        )


        session_created_tokens.additional_properties = d
        return session_created_tokens

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
