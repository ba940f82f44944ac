from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ScoreMatch")



@_attrs_define
class ScoreMatch:
    """ 
        Attributes:
            scores (list[int]):
            target (int):
            over (bool):
            winner (int | None):
            round_ (int | Unset):
     """

    scores: list[int]
    target: int
    over: bool
    winner: int | None
    round_: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        scores = self.scores



        target = self.target

        over = self.over

        winner: int | None
        winner = self.winner

        round_ = self.round_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "scores": scores,
            "target": target,
            "over": over,
            "winner": winner,
        })
        if round_ is not UNSET:
            field_dict["round"] = round_

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))


        target = d.pop("target")

        over = d.pop("over")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))


        round_ = d.pop("round", UNSET)

        score_match = cls(
            scores=scores,
            target=target,
            over=over,
            winner=winner,
            round_=round_,
        )


        score_match.additional_properties = d
        return score_match

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
