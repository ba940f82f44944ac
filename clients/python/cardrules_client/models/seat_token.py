from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SeatToken")



@_attrs_define
class SeatToken:
    """ 
        Example:
            {'id': '5kWyCGEHLw8PpEHxyzL7J3kyPuOm36Bs', 'version': 3, 'seat': 1, 'token': '7mNqwGEtNqDMQ8Zxqxq74fFjlyQ6hz-
                cHPZ2qTlwnIM'}

        Attributes:
            id (str):
            version (int):
            seat (int):
            token (str):
     """

    id: str
    version: int
    seat: int
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        seat = self.seat

        token = self.token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "version": version,
            "seat": seat,
            "token": token,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        seat = d.pop("seat")

        token = d.pop("token")

        seat_token = cls(
            id=id,
            version=version,
            seat=seat,
            token=token,
        )


        seat_token.additional_properties = d
        return seat_token

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
