from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ScoreSidesItemDetails")



@_attrs_define
class ScoreSidesItemDetails:
    """ The counts behind the points: `cards` in every game; the fishing games (scopa, scopone, escoba, cirulla)
    add `coins`, `sevens`, `primiera`, `primiera_suits` and `sweeps`, the trick games (briscola,
    tressette) `tricks`, and Tressette `thirds`.

        Attributes:
            cards (int): The cards in the side's piles.
            coins (int | Unset): Fishing games: the coins (denari, oros) among them.
            sevens (int | Unset): Fishing games: the sevens among them.
            primiera (int | Unset): Fishing games: the primiera value of the piles (the best card of each suit, by the
                primiera table of [docs/rules.md](/docs/guide/rules.md)).
            primiera_suits (int | Unset): Fishing games: how many suits the piles hold.
            sweeps (int | Unset): Fishing games: the side's sweeps (scope, escobas) this round.
            tricks (int | Unset): Trick games: the tricks the side took.
            thirds (int | Unset): Tressette: the card points of the piles in thirds of a point, before they are made whole
                (the last trick apart).
     """

    cards: int
    coins: int | Unset = UNSET
    sevens: int | Unset = UNSET
    primiera: int | Unset = UNSET
    primiera_suits: int | Unset = UNSET
    sweeps: int | Unset = UNSET
    tricks: int | Unset = UNSET
    thirds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        coins = self.coins

        sevens = self.sevens

        primiera = self.primiera

        primiera_suits = self.primiera_suits

        sweeps = self.sweeps

        tricks = self.tricks

        thirds = self.thirds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cards": cards,
        })
        if coins is not UNSET:
            field_dict["coins"] = coins
        if sevens is not UNSET:
            field_dict["sevens"] = sevens
        if primiera is not UNSET:
            field_dict["primiera"] = primiera
        if primiera_suits is not UNSET:
            field_dict["primiera_suits"] = primiera_suits
        if sweeps is not UNSET:
            field_dict["sweeps"] = sweeps
        if tricks is not UNSET:
            field_dict["tricks"] = tricks
        if thirds is not UNSET:
            field_dict["thirds"] = thirds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = d.pop("cards")

        coins = d.pop("coins", UNSET)

        sevens = d.pop("sevens", UNSET)

        primiera = d.pop("primiera", UNSET)

        primiera_suits = d.pop("primiera_suits", UNSET)

        sweeps = d.pop("sweeps", UNSET)

        tricks = d.pop("tricks", UNSET)

        thirds = d.pop("thirds", UNSET)

        score_sides_item_details = cls(
            cards=cards,
            coins=coins,
            sevens=sevens,
            primiera=primiera,
            primiera_suits=primiera_suits,
            sweeps=sweeps,
            tricks=tricks,
            thirds=thirds,
        )


        score_sides_item_details.additional_properties = d
        return score_sides_item_details

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
