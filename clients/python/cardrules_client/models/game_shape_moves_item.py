from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GameShapeMovesItem")



@_attrs_define
class GameShapeMovesItem:
    """ 
        Attributes:
            kind (str):
            required (list[str]): The fields of a move of this kind.
            optional (list[str]): Fields it may carry.
            plays_card (bool):
            description (str | Unset):
     """

    kind: str
    required: list[str]
    optional: list[str]
    plays_card: bool
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        required = self.required



        optional = self.optional



        plays_card = self.plays_card

        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "required": required,
            "optional": optional,
            "plays_card": plays_card,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = d.pop("kind")

        required = cast(list[str], d.pop("required"))


        optional = cast(list[str], d.pop("optional"))


        plays_card = d.pop("plays_card")

        description = d.pop("description", UNSET)

        game_shape_moves_item = cls(
            kind=kind,
            required=required,
            optional=optional,
            plays_card=plays_card,
            description=description,
        )

        return game_shape_moves_item

