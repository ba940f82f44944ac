from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NextRoundInSessionBody")



@_attrs_define
class NextRoundInSessionBody:
    """ 
        Attributes:
            seed (int | str): Integer n and string "n" are the same seed. In `deal`, the string `server` asks the service to
                draw
                256 bits itself and answer a commitment to them ([docs/fairness.md](/docs/guide/fairness.md)).
            salt (str | Unset): Mixed into a seed the service draws (`"seed": "server"` only).
     """

    seed: int | str
    salt: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seed: int | str
        seed = self.seed

        salt = self.salt


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seed": seed,
        })
        if salt is not UNSET:
            field_dict["salt"] = salt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))


        salt = d.pop("salt", UNSET)

        next_round_in_session_body = cls(
            seed=seed,
            salt=salt,
        )

        return next_round_in_session_body

