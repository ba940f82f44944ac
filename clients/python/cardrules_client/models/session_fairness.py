from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="SessionFairness")



@_attrs_define
class SessionFairness:
    """ Only for a round the service dealt from a seed it drew (`"seed": "server"`): the commitment from the
    start, the seed (and the salt mixed into it) once the round is over ([docs/fairness.md](/docs/guide/fairness.md)).

        Attributes:
            seed_commitment (str):
            seed (str | Unset):
            salt (str | Unset):
     """

    seed_commitment: str
    seed: str | Unset = UNSET
    salt: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seed_commitment = self.seed_commitment

        seed = self.seed

        salt = self.salt


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seed_commitment": seed_commitment,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if salt is not UNSET:
            field_dict["salt"] = salt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seed_commitment = d.pop("seed_commitment")

        seed = d.pop("seed", UNSET)

        salt = d.pop("salt", UNSET)

        session_fairness = cls(
            seed_commitment=seed_commitment,
            seed=seed,
            salt=salt,
        )

        return session_fairness

