from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.seats_item import SeatsItem





T = TypeVar("T", bound="SeatsChanged")



@_attrs_define
class SeatsChanged:
    """ 
        Example:
            {'id': '5kWyCGEHLw8PpEHxyzL7J3kyPuOm36Bs', 'version': 7, 'seats': [{'seat': 0, 'name': 'Anna', 'computer': None,
                'connected': None, 'reissued': 0}, {'seat': 1, 'name': 'Bruno', 'computer': 'greedy', 'connected': True,
                'reissued': 0}]}

        Attributes:
            id (str):
            version (int):
            seats (list[SeatsItem]): Who sits at the table, one entry a seat ([docs/sessions.md](/docs/guide/sessions.md),
                seats): every token reads the
                same list.
     """

    id: str
    version: int
    seats: list[SeatsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        id = self.id

        version = self.version

        seats = []
        for componentsschemas_seats_item_data in self.seats:
            componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
            seats.append(componentsschemas_seats_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "version": version,
            "seats": seats,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        seats = []
        _seats = d.pop("seats")
        for componentsschemas_seats_item_data in (_seats):
            componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



            seats.append(componentsschemas_seats_item)


        seats_changed = cls(
            id=id,
            version=version,
            seats=seats,
        )


        seats_changed.additional_properties = d
        return seats_changed

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
