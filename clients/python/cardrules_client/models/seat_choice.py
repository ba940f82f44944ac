from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.computer_choice import ComputerChoice





T = TypeVar("T", bound="SeatChoice")



@_attrs_define
class SeatChoice:
    """ One seat of a new table.

        Attributes:
            name (str | Unset): The player's name, shown to every token: normalized (Unicode NFC, outer spaces cut, inner
                runs of
                spaces made one); control, format and private-use characters are refused (400).
            computer (ComputerChoice | Unset): A computer player asked to choose the move of the seat to act
                ([docs/players.md](/docs/guide/players.md)).
     """

    name: str | Unset = UNSET
    computer: ComputerChoice | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.computer_choice import ComputerChoice # noqa: PLC0415
        name = self.name

        computer: dict[str, Any] | Unset = UNSET
        if not isinstance(self.computer, Unset):
            computer = self.computer.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if name is not UNSET:
            field_dict["name"] = name
        if computer is not UNSET:
            field_dict["computer"] = computer

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.computer_choice import ComputerChoice # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _computer = d.pop("computer", UNSET)
        computer: ComputerChoice | Unset
        if isinstance(_computer,  Unset):
            computer = UNSET
        else:
            computer = ComputerChoice.from_dict(_computer)




        seat_choice = cls(
            name=name,
            computer=computer,
        )

        return seat_choice

