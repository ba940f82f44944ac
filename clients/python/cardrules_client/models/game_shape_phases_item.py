from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameShapePhasesItem")



@_attrs_define
class GameShapePhasesItem:
    """ 
        Attributes:
            phase (str):
            moves (list[str]): The move kinds (`moves[].kind`) the phase takes.
            description (str | Unset):
     """

    phase: str
    moves: list[str]
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        phase = self.phase

        moves = self.moves



        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "phase": phase,
            "moves": moves,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        phase = d.pop("phase")

        moves = cast(list[str], d.pop("moves"))


        description = d.pop("description", UNSET)

        game_shape_phases_item = cls(
            phase=phase,
            moves=moves,
            description=description,
        )

        return game_shape_phases_item

