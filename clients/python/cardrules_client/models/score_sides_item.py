from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.score_sides_item_points import ScoreSidesItemPoints





T = TypeVar("T", bound="ScoreSidesItem")



@_attrs_define
class ScoreSidesItem:
    """ 
        Attributes:
            side (int):
            seats (list[int]):
            points (ScoreSidesItemPoints): cards, coins, settebello, primiera, sevens, sweeps, re_bello, rosmarino, napola;
                card_points for
                Briscola; card_points, last_trick and accusi for Tressette; Cirulla adds grande, piccola and
                declarations; Briscola chiamata `contract`, the seat's points for the hand, zero-sum: made, the
                caller 2, the partner 1, each defender -1 (the caller alone 4); lost, the same reversed; doubled by
                `cappotto`; 0 each when the hand was thrown in.
            total (int):
            details (Any | Unset): The counts behind the points: `cards` in every game but Briscola chiamata; the fishing
                games (scopa,
                scopone, escoba, cirulla) add `coins`, `sevens`, `primiera`, `primiera_suits` and `sweeps`, the
                trick games (briscola, tressette) `tricks`, and Tressette `thirds`. Briscola chiamata gives each seat
                its `role` with `card_points`, `needed`, `made` and `cappotto`, or `role` `none` with `thrown_in`
                when every seat passed.
     """

    side: int
    seats: list[int]
    points: ScoreSidesItemPoints
    total: int
    details: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_sides_item_points import ScoreSidesItemPoints # noqa: PLC0415
        side = self.side

        seats = self.seats



        points = self.points.to_dict()

        total = self.total

        details: Any | Unset
        if isinstance(self.details, Unset):
            details = UNSET
        else:
            details = self.details


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "side": side,
            "seats": seats,
            "points": points,
            "total": total,
        })
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_sides_item_points import ScoreSidesItemPoints # noqa: PLC0415
        d = dict(src_dict)
        side = d.pop("side")

        seats = cast(list[int], d.pop("seats"))


        points = ScoreSidesItemPoints.from_dict(d.pop("points"))




        total = d.pop("total")

        def _parse_details(data: object) -> Any | Unset:
            if isinstance(data, Unset):
                return data
            return cast(Any | Unset, data)

        details = _parse_details(d.pop("details", UNSET))


        score_sides_item = cls(
            side=side,
            seats=seats,
            points=points,
            total=total,
            details=details,
        )


        score_sides_item.additional_properties = d
        return score_sides_item

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
