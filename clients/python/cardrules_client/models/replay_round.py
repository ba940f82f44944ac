from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="ReplayRound")



@_attrs_define
class ReplayRound:
    """ One round: exactly one of `seed` (with `salt` when the deal mixed one in) or `sealed_seed`.

        Attributes:
            moves (list[Move]):
            seed (int | str | Unset): Integer n and string "n" are the same seed. In `deal`, the string `server` asks the
                service to draw
                256 bits itself and answer a commitment to them ([docs/fairness.md](/docs/guide/fairness.md)).
            sealed_seed (str | Unset):
            salt (str | Unset):
            seed_commitment (str | Unset):
     """

    moves: list[Move]
    seed: int | str | Unset = UNSET
    sealed_seed: str | Unset = UNSET
    salt: str | Unset = UNSET
    seed_commitment: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)



        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        sealed_seed = self.sealed_seed

        salt = self.salt

        seed_commitment = self.seed_commitment


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "moves": moves,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if sealed_seed is not UNSET:
            field_dict["sealed_seed"] = sealed_seed
        if salt is not UNSET:
            field_dict["salt"] = salt
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = Move.from_dict(moves_item_data)



            moves.append(moves_item)


        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        sealed_seed = d.pop("sealed_seed", UNSET)

        salt = d.pop("salt", UNSET)

        seed_commitment = d.pop("seed_commitment", UNSET)

        replay_round = cls(
            moves=moves,
            seed=seed,
            sealed_seed=sealed_seed,
            salt=salt,
            seed_commitment=seed_commitment,
        )

        return replay_round

