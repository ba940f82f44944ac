from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.match_over_event_reason import MatchOverEventReason
from ..models.match_over_event_type import MatchOverEventType
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match import Match





T = TypeVar("T", bound="MatchOverEvent")



@_attrs_define
class MatchOverEvent:
    """ How the match ended (the last round, a resignation, a forfeit).

        Attributes:
            type_ (MatchOverEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            reason (MatchOverEventReason):
            match (Match):
            version (int | Unset): In a session's log, the session version the event's write made.
            seat (int | Unset):
     """

    type_: MatchOverEventType
    to: EventBaseToType0 | int
    reason: MatchOverEventReason
    match: Match
    version: int | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match import Match # noqa: PLC0415
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        reason = self.reason.value

        match = self.match.to_dict()

        version = self.version

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "reason": reason,
            "match": match,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match import Match # noqa: PLC0415
        d = dict(src_dict)
        type_ = MatchOverEventType(d.pop("type"))




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


        reason = MatchOverEventReason(d.pop("reason"))




        match = Match.from_dict(d.pop("match"))




        version = d.pop("version", UNSET)

        seat = d.pop("seat", UNSET)

        match_over_event = cls(
            type_=type_,
            to=to,
            reason=reason,
            match=match,
            version=version,
            seat=seat,
        )


        match_over_event.additional_properties = d
        return match_over_event

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
