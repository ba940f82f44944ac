from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_names_decks_additional_property_cards import CardNamesDecksAdditionalPropertyCards
  from ..models.card_names_decks_additional_property_ranks import CardNamesDecksAdditionalPropertyRanks
  from ..models.card_names_decks_additional_property_suits import CardNamesDecksAdditionalPropertySuits





T = TypeVar("T", bound="CardNamesDecksAdditionalProperty")



@_attrs_define
class CardNamesDecksAdditionalProperty:
    """ 
        Attributes:
            cards (CardNamesDecksAdditionalPropertyCards): By card code, in the deck's canonical order (coins, cups, swords,
                batons; ace to king).
            ranks (CardNamesDecksAdditionalPropertyRanks): By rank, "1" .. "10".
            suits (CardNamesDecksAdditionalPropertySuits): By suit letter, D C S B.
     """

    cards: CardNamesDecksAdditionalPropertyCards
    ranks: CardNamesDecksAdditionalPropertyRanks
    suits: CardNamesDecksAdditionalPropertySuits
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_names_decks_additional_property_cards import CardNamesDecksAdditionalPropertyCards # noqa: PLC0415
        from ..models.card_names_decks_additional_property_ranks import CardNamesDecksAdditionalPropertyRanks # noqa: PLC0415
        from ..models.card_names_decks_additional_property_suits import CardNamesDecksAdditionalPropertySuits # noqa: PLC0415
        cards = self.cards.to_dict()

        ranks = self.ranks.to_dict()

        suits = self.suits.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cards": cards,
            "ranks": ranks,
            "suits": suits,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_names_decks_additional_property_cards import CardNamesDecksAdditionalPropertyCards # noqa: PLC0415
        from ..models.card_names_decks_additional_property_ranks import CardNamesDecksAdditionalPropertyRanks # noqa: PLC0415
        from ..models.card_names_decks_additional_property_suits import CardNamesDecksAdditionalPropertySuits # noqa: PLC0415
        d = dict(src_dict)
        cards = CardNamesDecksAdditionalPropertyCards.from_dict(d.pop("cards"))




        ranks = CardNamesDecksAdditionalPropertyRanks.from_dict(d.pop("ranks"))




        suits = CardNamesDecksAdditionalPropertySuits.from_dict(d.pop("suits"))




        card_names_decks_additional_property = cls(
            cards=cards,
            ranks=ranks,
            suits=suits,
        )


        card_names_decks_additional_property.additional_properties = d
        return card_names_decks_additional_property

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
