from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.table_clock_on_timeout import TableClockOnTimeout
from typing import cast
import datetime






T = TypeVar("T", bound="TableClock")



@_attrs_define
class TableClock:
    """ A clocked table's clock, on every answer about the table, its views, its `table` event and the public
    `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
    null when no one is to move (a round over, a match ended).

        Example:
            {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}

        Attributes:
            move_seconds (int):
            on_timeout (TableClockOnTimeout):
            turn_deadline (datetime.datetime | None):
     """

    move_seconds: int
    on_timeout: TableClockOnTimeout
    turn_deadline: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        move_seconds = self.move_seconds

        on_timeout = self.on_timeout.value

        turn_deadline: None | str
        if isinstance(self.turn_deadline, datetime.datetime):
            turn_deadline = self.turn_deadline.isoformat()
        else:
            turn_deadline = self.turn_deadline


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "move_seconds": move_seconds,
            "on_timeout": on_timeout,
            "turn_deadline": turn_deadline,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_seconds = d.pop("move_seconds")

        on_timeout = TableClockOnTimeout(d.pop("on_timeout"))




        def _parse_turn_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_deadline_type_0 = datetime.datetime.fromisoformat(data)



                return turn_deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_deadline = _parse_turn_deadline(d.pop("turn_deadline"))


        table_clock = cls(
            move_seconds=move_seconds,
            on_timeout=on_timeout,
            turn_deadline=turn_deadline,
        )


        table_clock.additional_properties = d
        return table_clock

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
