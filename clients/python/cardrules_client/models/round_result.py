from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.score import Score





T = TypeVar("T", bound="RoundResult")



@_attrs_define
class RoundResult:
    """ A round the replay finished, the match totals after it, and what proves its seed.

        Attributes:
            round_ (int):
            score (Score):
            seed_commitment (str | Unset):
            commitment_matches (bool | Unset):
            seed (str | Unset): The revealed seed of a sealed round.
            salt (str | Unset):
     """

    round_: int
    score: Score
    seed_commitment: str | Unset = UNSET
    commitment_matches: bool | Unset = UNSET
    seed: str | Unset = UNSET
    salt: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.score import Score # noqa: PLC0415
        round_ = self.round_

        score = self.score.to_dict()

        seed_commitment = self.seed_commitment

        commitment_matches = self.commitment_matches

        seed = self.seed

        salt = self.salt


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "round": round_,
            "score": score,
        })
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if commitment_matches is not UNSET:
            field_dict["commitment_matches"] = commitment_matches
        if seed is not UNSET:
            field_dict["seed"] = seed
        if salt is not UNSET:
            field_dict["salt"] = salt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score import Score # noqa: PLC0415
        d = dict(src_dict)
        round_ = d.pop("round")

        score = Score.from_dict(d.pop("score"))




        seed_commitment = d.pop("seed_commitment", UNSET)

        commitment_matches = d.pop("commitment_matches", UNSET)

        seed = d.pop("seed", UNSET)

        salt = d.pop("salt", UNSET)

        round_result = cls(
            round_=round_,
            score=score,
            seed_commitment=seed_commitment,
            commitment_matches=commitment_matches,
            seed=seed,
            salt=salt,
        )


        round_result.additional_properties = d
        return round_result

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
