from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.computer_choice import ComputerChoice





T = TypeVar("T", bound="SessionMoveByComputer")



@_attrs_define
class SessionMoveByComputer:
    """ A computer player's move for the seat to act (`POST /v1/sessions/{id}/moves`).

        Attributes:
            computer (ComputerChoice): A computer player asked to choose the move of the seat to act
                ([docs/players.md](/docs/guide/players.md)).
     """

    computer: ComputerChoice





    def to_dict(self) -> dict[str, Any]:
        from ..models.computer_choice import ComputerChoice # noqa: PLC0415
        computer = self.computer.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "computer": computer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.computer_choice import ComputerChoice # noqa: PLC0415
        d = dict(src_dict)
        computer = ComputerChoice.from_dict(d.pop("computer"))




        session_move_by_computer = cls(
            computer=computer,
        )

        return session_move_by_computer

