from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.accusi_declared_event_accusi_item_kind import AccusiDeclaredEventAccusiItemKind
from ..models.accusi_declared_event_accusi_item_missing import AccusiDeclaredEventAccusiItemMissing
from ..models.accusi_declared_event_accusi_item_rank import AccusiDeclaredEventAccusiItemRank
from ..models.accusi_declared_event_accusi_item_suit import AccusiDeclaredEventAccusiItemSuit
from ..types import UNSET, Unset






T = TypeVar("T", bound="AccusiDeclaredEventAccusiItem")



@_attrs_define
class AccusiDeclaredEventAccusiItem:
    """ 
        Attributes:
            kind (AccusiDeclaredEventAccusiItemKind): `napoletana`: the ace, 2 and 3 of a suit; `three`: three of the aces,
                2s or 3s; `four`: all four.
            points (int):
            suit (AccusiDeclaredEventAccusiItemSuit | Unset): `napoletana`: its suit.
            rank (AccusiDeclaredEventAccusiItemRank | Unset): `three` and `four`: the rank declared.
            missing (AccusiDeclaredEventAccusiItemMissing | Unset): `three`: the suit of the fourth card, the one the seat
                does not hold.
     """

    kind: AccusiDeclaredEventAccusiItemKind
    points: int
    suit: AccusiDeclaredEventAccusiItemSuit | Unset = UNSET
    rank: AccusiDeclaredEventAccusiItemRank | Unset = UNSET
    missing: AccusiDeclaredEventAccusiItemMissing | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        points = self.points

        suit: str | Unset = UNSET
        if not isinstance(self.suit, Unset):
            suit = self.suit.value


        rank: int | Unset = UNSET
        if not isinstance(self.rank, Unset):
            rank = self.rank.value


        missing: str | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "points": points,
        })
        if suit is not UNSET:
            field_dict["suit"] = suit
        if rank is not UNSET:
            field_dict["rank"] = rank
        if missing is not UNSET:
            field_dict["missing"] = missing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = AccusiDeclaredEventAccusiItemKind(d.pop("kind"))




        points = d.pop("points")

        _suit = d.pop("suit", UNSET)
        suit: AccusiDeclaredEventAccusiItemSuit | Unset
        if isinstance(_suit,  Unset):
            suit = UNSET
        else:
            suit = AccusiDeclaredEventAccusiItemSuit(_suit)




        _rank = d.pop("rank", UNSET)
        rank: AccusiDeclaredEventAccusiItemRank | Unset
        if isinstance(_rank,  Unset):
            rank = UNSET
        else:
            rank = AccusiDeclaredEventAccusiItemRank(_rank)




        _missing = d.pop("missing", UNSET)
        missing: AccusiDeclaredEventAccusiItemMissing | Unset
        if isinstance(_missing,  Unset):
            missing = UNSET
        else:
            missing = AccusiDeclaredEventAccusiItemMissing(_missing)




        accusi_declared_event_accusi_item = cls(
            kind=kind,
            points=points,
            suit=suit,
            rank=rank,
            missing=missing,
        )


        accusi_declared_event_accusi_item.additional_properties = d
        return accusi_declared_event_accusi_item

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
