from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rules import Rules





T = TypeVar("T", bound="GameEntryPresetsItem")



@_attrs_define
class GameEntryPresetsItem:
    """ 
        Attributes:
            name (str):
            rules (Rules): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`); unknown names
                or values are a 400.
            description (str | Unset):
            deck (str | Unset):
     """

    name: str
    rules: Rules
    description: str | Unset = UNSET
    deck: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules # noqa: PLC0415
        name = self.name

        rules = self.rules.to_dict()

        description = self.description

        deck = self.deck


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "rules": rules,
        })
        if description is not UNSET:
            field_dict["description"] = description
        if deck is not UNSET:
            field_dict["deck"] = deck

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules import Rules # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        rules = Rules.from_dict(d.pop("rules"))




        description = d.pop("description", UNSET)

        deck = d.pop("deck", UNSET)

        game_entry_presets_item = cls(
            name=name,
            rules=rules,
            description=description,
            deck=deck,
        )


        game_entry_presets_item.additional_properties = d
        return game_entry_presets_item

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
