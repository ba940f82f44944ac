from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_entry_options_item_type import GameEntryOptionsItemType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameEntryOptionsItem")



@_attrs_define
class GameEntryOptionsItem:
    """ 
        Attributes:
            name (str):
            type_ (GameEntryOptionsItemType):
            default (Any):
            description (str):
            values (list[bool | str] | Unset):
            minimum (int | Unset):
            maximum (int | Unset):
     """

    name: str
    type_: GameEntryOptionsItemType
    default: Any
    description: str
    values: list[bool | str] | Unset = UNSET
    minimum: int | Unset = UNSET
    maximum: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_.value

        default = self.default

        description = self.description

        values: list[bool | str] | Unset = UNSET
        if not isinstance(self.values, Unset):
            values = []
            for values_item_data in self.values:
                values_item: bool | str
                values_item = values_item_data
                values.append(values_item)



        minimum = self.minimum

        maximum = self.maximum


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "type": type_,
            "default": default,
            "description": description,
        })
        if values is not UNSET:
            field_dict["values"] = values
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if maximum is not UNSET:
            field_dict["maximum"] = maximum

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        type_ = GameEntryOptionsItemType(d.pop("type"))




        default = d.pop("default")

        description = d.pop("description")

        _values = d.pop("values", UNSET)
        values: list[bool | str] | Unset = UNSET
        if _values is not UNSET:
            values = []
            for values_item_data in _values:
                def _parse_values_item(data: object) -> bool | str:
                    return cast(bool | str, data)

                values_item = _parse_values_item(values_item_data)

                values.append(values_item)


        minimum = d.pop("minimum", UNSET)

        maximum = d.pop("maximum", UNSET)

        game_entry_options_item = cls(
            name=name,
            type_=type_,
            default=default,
            description=description,
            values=values,
            minimum=minimum,
            maximum=maximum,
        )


        game_entry_options_item.additional_properties = d
        return game_entry_options_item

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
