from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_names_language import CardNamesLanguage
from typing import cast

if TYPE_CHECKING:
  from ..models.card_names_decks import CardNamesDecks





T = TypeVar("T", bound="CardNames")



@_attrs_define
class CardNames:
    """ Every card's name (all 40), every rank's and every suit's, in each deck style, in the caller's language
    (`Accept-Language`; English otherwise): what a frontend labels a card with before it has seen it.

        Attributes:
            language (CardNamesLanguage):
            decks (CardNamesDecks):
     """

    language: CardNamesLanguage
    decks: CardNamesDecks
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_names_decks import CardNamesDecks # noqa: PLC0415
        language = self.language.value

        decks = self.decks.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "language": language,
            "decks": decks,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_names_decks import CardNamesDecks # noqa: PLC0415
        d = dict(src_dict)
        language = CardNamesLanguage(d.pop("language"))




        decks = CardNamesDecks.from_dict(d.pop("decks"))




        card_names = cls(
            language=language,
            decks=decks,
        )


        card_names.additional_properties = d
        return card_names

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
