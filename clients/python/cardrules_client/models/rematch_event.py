from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.rematch_event_type import RematchEventType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RematchEvent")



@_attrs_define
class RematchEvent:
    """ The new table of a rematch (`id`) to all, and to each seat its own token there (the owner of an unsealed
    table reads these without it).

        Attributes:
            type_ (RematchEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            id (str): The new table.
            version (int | Unset): In a session's log, the session version the event's write made.
            token (str | Unset): To its seat only: that seat's token at the new table.
     """

    type_: RematchEventType
    to: EventBaseToType0 | int
    id: str
    version: int | Unset = UNSET
    token: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        id = self.id

        version = self.version

        token = self.token


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "id": id,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = RematchEventType(d.pop("type"))




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


        id = d.pop("id")

        version = d.pop("version", UNSET)

        token = d.pop("token", UNSET)

        rematch_event = cls(
            type_=type_,
            to=to,
            id=id,
            version=version,
            token=token,
        )


        rematch_event.additional_properties = d
        return rematch_event

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
