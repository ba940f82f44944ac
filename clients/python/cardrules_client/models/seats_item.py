from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_level import PlayerLevel
from typing import cast






T = TypeVar("T", bound="SeatsItem")



@_attrs_define
class SeatsItem:
    """ 
        Attributes:
            seat (int):
            name (None | str):
            computer (None | PlayerLevel): The level the computer plays this seat at, or null for a seat its player plays.
            connected (bool | None): Whether the seat's player is at the table: true while it holds a stream or has called
                with its token
                within the last 30 s (`PRESENCE_SECONDS`), false after that much silence (announced 30 to 35 s after
                its last call) and before it first calls; always true for a seat the computer plays; null where the
                service keeps no presence (`PRESENCE_SECONDS=0`). Changes come as public `presence` events.
            reissued (int): How many times the owner gave this seat a new token. At a sealed table each reissue means the
                host
                could have looked at that hand ([docs/fairness.md](/docs/guide/fairness.md), a lost seat).
     """

    seat: int
    name: None | str
    computer: None | PlayerLevel
    connected: bool | None
    reissued: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        name: None | str
        name = self.name

        computer: None | str
        if isinstance(self.computer, PlayerLevel):
            computer = self.computer.value
        else:
            computer = self.computer

        connected: bool | None
        connected = self.connected

        reissued = self.reissued


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "name": name,
            "computer": computer,
            "connected": connected,
            "reissued": reissued,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))


        def _parse_computer(data: object) -> None | PlayerLevel:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                computer_type_0 = PlayerLevel(data)



                return computer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerLevel, data)

        computer = _parse_computer(d.pop("computer"))


        def _parse_connected(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        connected = _parse_connected(d.pop("connected"))


        reissued = d.pop("reissued")

        seats_item = cls(
            seat=seat,
            name=name,
            computer=computer,
            connected=connected,
            reissued=reissued,
        )


        seats_item.additional_properties = d
        return seats_item

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
