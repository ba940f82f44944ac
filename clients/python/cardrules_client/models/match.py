from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Match")



@_attrs_define
class Match:
    """ 
        Attributes:
            scores (list[int]): Per side, before this round's points (Briscola counts rounds won). Only a zero-sum match
                (Briscola
                chiamata, one side a seat, its totals adding up to 0) goes below zero; in every other game a negative
                score is a 400 `invalid_match`.
            target (int):
            round_ (int | Unset):
            over (bool | None | Unset):
            winner (int | None | Unset):
     """

    scores: list[int]
    target: int
    round_: int | Unset = UNSET
    over: bool | None | Unset = UNSET
    winner: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        scores = self.scores



        target = self.target

        round_ = self.round_

        over: bool | None | Unset
        if isinstance(self.over, Unset):
            over = UNSET
        else:
            over = self.over

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "scores": scores,
            "target": target,
        })
        if round_ is not UNSET:
            field_dict["round"] = round_
        if over is not UNSET:
            field_dict["over"] = over
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))


        target = d.pop("target")

        round_ = d.pop("round", UNSET)

        def _parse_over(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        over = _parse_over(d.pop("over", UNSET))


        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))


        match = cls(
            scores=scores,
            target=target,
            round_=round_,
            over=over,
            winner=winner,
        )

        return match

