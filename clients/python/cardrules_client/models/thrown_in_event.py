from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.thrown_in_event_type import ThrownInEventType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ThrownInEvent")



@_attrs_define
class ThrownInEvent:
    """ Briscola chiamata, every seat passed: the hand is thrown in, nobody scores, and the next dealer deals.
    Follows the last `passed`; a `round_over` follows it.

        Attributes:
            type_ (ThrownInEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            dealer (int):
            version (int | Unset): In a session's log, the session version the event's write made.
     """

    type_: ThrownInEventType
    to: EventBaseToType0 | int
    dealer: int
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        dealer = self.dealer

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "dealer": dealer,
        })
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = ThrownInEventType(d.pop("type"))




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


        dealer = d.pop("dealer")

        version = d.pop("version", UNSET)

        thrown_in_event = cls(
            type_=type_,
            to=to,
            dealer=dealer,
            version=version,
        )


        thrown_in_event.additional_properties = d
        return thrown_in_event

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
