from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_names_decks_additional_property import CardNamesDecksAdditionalProperty





T = TypeVar("T", bound="CardNamesDecks")



@_attrs_define
class CardNamesDecks:
    

    additional_properties: dict[str, CardNamesDecksAdditionalProperty] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_names_decks_additional_property import CardNamesDecksAdditionalProperty # noqa: PLC0415
        
        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()


        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_names_decks_additional_property import CardNamesDecksAdditionalProperty # noqa: PLC0415
        d = dict(src_dict)
        card_names_decks = cls(
        )


        from ..models.card_names_decks_additional_property_cards import CardNamesDecksAdditionalPropertyCards # noqa: PLC0415
        from ..models.card_names_decks_additional_property_ranks import CardNamesDecksAdditionalPropertyRanks # noqa: PLC0415
        from ..models.card_names_decks_additional_property_suits import CardNamesDecksAdditionalPropertySuits # noqa: PLC0415
        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = CardNamesDecksAdditionalProperty.from_dict(prop_dict)



            additional_properties[prop_name] = additional_property

        card_names_decks.additional_properties = additional_properties
        return card_names_decks

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> CardNamesDecksAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: CardNamesDecksAdditionalProperty) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
