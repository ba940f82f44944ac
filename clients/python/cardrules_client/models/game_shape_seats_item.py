from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_shape_seats_item_sides import GameShapeSeatsItemSides
from typing import cast






T = TypeVar("T", bound="GameShapeSeatsItem")



@_attrs_define
class GameShapeSeatsItem:
    """ 
        Attributes:
            players (int):
            sides (GameShapeSeatsItemSides):
            seats_by_side (list[list[int]]): The seats of each side from the deal (hidden sides show each seat alone).
     """

    players: int
    sides: GameShapeSeatsItemSides
    seats_by_side: list[list[int]]





    def to_dict(self) -> dict[str, Any]:
        players = self.players

        sides = self.sides.value

        seats_by_side = []
        for seats_by_side_item_data in self.seats_by_side:
            seats_by_side_item = seats_by_side_item_data


            seats_by_side.append(seats_by_side_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "players": players,
            "sides": sides,
            "seats_by_side": seats_by_side,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = d.pop("players")

        sides = GameShapeSeatsItemSides(d.pop("sides"))




        seats_by_side = []
        _seats_by_side = d.pop("seats_by_side")
        for seats_by_side_item_data in (_seats_by_side):
            seats_by_side_item = cast(list[int], seats_by_side_item_data)

            seats_by_side.append(seats_by_side_item)


        game_shape_seats_item = cls(
            players=players,
            sides=sides,
            seats_by_side=seats_by_side,
        )

        return game_shape_seats_item

