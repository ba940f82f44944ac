from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="LegalMovesResponse200")



@_attrs_define
class LegalMovesResponse200:
    """ 
        Attributes:
            seat (int | None):
            moves (list[Move]):
            total (int):
            truncated (bool): true when `moves` lists fewer than `total` (a `limit`, or the 2000-move ceiling).
     """

    seat: int | None
    moves: list[Move]
    total: int
    truncated: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        seat: int | None
        seat = self.seat

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)



        total = self.total

        truncated = self.truncated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "moves": moves,
            "total": total,
            "truncated": truncated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = Move.from_dict(moves_item_data)



            moves.append(moves_item)


        total = d.pop("total")

        truncated = d.pop("truncated")

        legal_moves_response_200 = cls(
            seat=seat,
            moves=moves,
            total=total,
            truncated=truncated,
        )


        legal_moves_response_200.additional_properties = d
        return legal_moves_response_200

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
