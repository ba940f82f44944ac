from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.game_shape_moves_item import GameShapeMovesItem
  from ..models.game_shape_phases_item import GameShapePhasesItem
  from ..models.game_shape_seats_item import GameShapeSeatsItem





T = TypeVar("T", bound="GameShape")



@_attrs_define
class GameShape:
    """ The game's shape as data: at each seat count how the sides form (`alone`: every seat a side; `fixed`:
    partners from the deal, seats across from each other; `hidden`: decided during play and secret until
    revealed), the phases of a round with the move kinds each takes, and each move kind's fields (`plays_card`:
    whether the move puts a card into play; a bid or a pass does not).

        Example:
            {'seats': [{'players': 2, 'sides': 'alone', 'seats_by_side': [[0], [1]]}, {'players': 4, 'sides': 'fixed',
                'seats_by_side': [[0, 2], [1, 3]]}], 'phases': [{'phase': 'play', 'moves': ['card'], 'description': 'the seats
                play in turn'}], 'moves': [{'kind': 'card', 'required': ['card'], 'optional': [], 'plays_card': True,
                'description': 'a card from hand to the trick'}]}

        Attributes:
            seats (list[GameShapeSeatsItem]):
            phases (list[GameShapePhasesItem]):
            moves (list[GameShapeMovesItem]):
     """

    seats: list[GameShapeSeatsItem]
    phases: list[GameShapePhasesItem]
    moves: list[GameShapeMovesItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_shape_moves_item import GameShapeMovesItem # noqa: PLC0415
        from ..models.game_shape_phases_item import GameShapePhasesItem # noqa: PLC0415
        from ..models.game_shape_seats_item import GameShapeSeatsItem # noqa: PLC0415
        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        phases = []
        for phases_item_data in self.phases:
            phases_item = phases_item_data.to_dict()
            phases.append(phases_item)



        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seats": seats,
            "phases": phases,
            "moves": moves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_shape_moves_item import GameShapeMovesItem # noqa: PLC0415
        from ..models.game_shape_phases_item import GameShapePhasesItem # noqa: PLC0415
        from ..models.game_shape_seats_item import GameShapeSeatsItem # noqa: PLC0415
        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = GameShapeSeatsItem.from_dict(seats_item_data)



            seats.append(seats_item)


        phases = []
        _phases = d.pop("phases")
        for phases_item_data in (_phases):
            phases_item = GameShapePhasesItem.from_dict(phases_item_data)



            phases.append(phases_item)


        moves = []
        _moves = d.pop("moves")
        for moves_item_data in (_moves):
            moves_item = GameShapeMovesItem.from_dict(moves_item_data)



            moves.append(moves_item)


        game_shape = cls(
            seats=seats,
            phases=phases,
            moves=moves,
        )

        return game_shape

