from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.table_event_type import TableEventType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match_over import MatchOver
  from ..models.seats_item import SeatsItem
  from ..models.table_clock import TableClock
  from ..models.view_record import ViewRecord





T = TypeVar("T", bound="TableEvent")



@_attrs_define
class TableEvent:
    """ The reader's whole view, the first event read from version 0: to its seat for a seat token, to all for a
    spectator or the owner.

        Attributes:
            type_ (TableEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            view (ViewRecord): The fields of a `View`, whose `names` only a `View` must carry: a session's `state_set` event
                holds the
                public view of the posted state without `names` (the reader's own view at that version has them).
                Each family of games carries its own fields and none of the others' (the `allOf` below, by `game`).
            seats (list[SeatsItem]): Who sits at the table, one entry a seat ([docs/sessions.md](/docs/guide/sessions.md),
                seats): every token reads the
                same list.
            match_over (MatchOver | None): The end of the match, or null while it goes on.
            version (int | Unset): In a session's log, the session version the event's write made.
            clock (TableClock | Unset): A clocked table's clock, on every answer about the table, its views, its `table`
                event and the public
                `clock` event of every write: when the seat to act runs out of time (RFC 3339, UTC, milliseconds), or
                null when no one is to move (a round over, a match ended).
                 Example: {'move_seconds': 30, 'on_timeout': 'computer', 'turn_deadline': '2026-12-05T18:00:30.250Z'}.
     """

    type_: TableEventType
    to: EventBaseToType0 | int
    view: ViewRecord
    seats: list[SeatsItem]
    match_over: MatchOver | None
    version: int | Unset = UNSET
    clock: TableClock | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view_record import ViewRecord # noqa: PLC0415
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        view = self.view.to_dict()

        seats = []
        for componentsschemas_seats_item_data in self.seats:
            componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
            seats.append(componentsschemas_seats_item)



        match_over: dict[str, Any] | None
        if isinstance(self.match_over, MatchOver):
            match_over = self.match_over.to_dict()
        else:
            match_over = self.match_over

        version = self.version

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "view": view,
            "seats": seats,
            "match_over": match_over,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_over import MatchOver # noqa: PLC0415
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        from ..models.table_clock import TableClock # noqa: PLC0415
        from ..models.view_record import ViewRecord # noqa: PLC0415
        d = dict(src_dict)
        type_ = TableEventType(d.pop("type"))




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


        view = ViewRecord.from_dict(d.pop("view"))




        seats = []
        _seats = d.pop("seats")
        for componentsschemas_seats_item_data in (_seats):
            componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



            seats.append(componentsschemas_seats_item)


        def _parse_match_over(data: object) -> MatchOver | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_nullable_match_over_type_0 = MatchOver.from_dict(data)



                return componentsschemas_nullable_match_over_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchOver | None, data)

        match_over = _parse_match_over(d.pop("match_over"))


        version = d.pop("version", UNSET)

        _clock = d.pop("clock", UNSET)
        clock: TableClock | Unset
        if isinstance(_clock,  Unset):
            clock = UNSET
        else:
            clock = TableClock.from_dict(_clock)




        table_event = cls(
            type_=type_,
            to=to,
            view=view,
            seats=seats,
            match_over=match_over,
            version=version,
            clock=clock,
        )


        table_event.additional_properties = d
        return table_event

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
