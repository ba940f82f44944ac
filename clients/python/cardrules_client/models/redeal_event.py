from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.redeal_event_reason import RedealEventReason
from ..models.redeal_event_type import RedealEventType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RedealEvent")



@_attrs_define
class RedealEvent:
    """ The opening table could not stand and was dealt again: too many kings (Scopa with `opening_kings_redeal`,
    `reason` `opening_kings`) or two aces (Cirulla with `redeal_two_aces`, `reason` `two_aces`).

        Attributes:
            type_ (RedealEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            attempt (int): The deal's attempt (0 the round's first deal), each from a stream of its own.
            table (list[str]):
            reason (RedealEventReason): Why the cards were dealt again.
            version (int | Unset): In a session's log, the session version the event's write made.
     """

    type_: RedealEventType
    to: EventBaseToType0 | int
    attempt: int
    table: list[str]
    reason: RedealEventReason
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        attempt = self.attempt

        table = self.table



        reason = self.reason.value

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "attempt": attempt,
            "table": table,
            "reason": reason,
        })
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = RedealEventType(d.pop("type"))




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


        attempt = d.pop("attempt")

        table = cast(list[str], d.pop("table"))


        reason = RedealEventReason(d.pop("reason"))




        version = d.pop("version", UNSET)

        redeal_event = cls(
            type_=type_,
            to=to,
            attempt=attempt,
            table=table,
            reason=reason,
            version=version,
        )


        redeal_event.additional_properties = d
        return redeal_event

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
