from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.clock_event_type import ClockEventType
from ..models.event_base_to_type_0 import EventBaseToType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.table_clock import TableClock





T = TypeVar("T", bound="ClockEvent")



@_attrs_define
class ClockEvent:
    """ The new turn deadline at a clocked table, as the last event of every write.

        Attributes:
            type_ (ClockEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            clock (TableClock): A clocked table's clock, on every answer about the table, its views, its `table` event and
                the public
                `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
                null when no one is to move (a round over, a match ended).
                 Example: {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}.
            version (int | Unset): In a session's log, the session version the event's write made.
     """

    type_: ClockEventType
    to: EventBaseToType0 | int
    clock: TableClock
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.table_clock import TableClock # noqa: PLC0415
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        clock = self.clock.to_dict()

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "clock": clock,
        })
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_clock import TableClock # noqa: PLC0415
        d = dict(src_dict)
        type_ = ClockEventType(d.pop("type"))




        def _parse_to(data: object) -> EventBaseToType0 | int:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_type_0 = EventBaseToType0(data)



                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventBaseToType0 | int, data)

        to = _parse_to(d.pop("to"))


        clock = TableClock.from_dict(d.pop("clock"))




        version = d.pop("version", UNSET)

        clock_event = cls(
            type_=type_,
            to=to,
            clock=clock,
            version=version,
        )


        clock_event.additional_properties = d
        return clock_event

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
