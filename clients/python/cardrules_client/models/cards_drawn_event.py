from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cards_drawn_event_type import CardsDrawnEventType
from ..models.event_base_to_type_0 import EventBaseToType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CardsDrawnEvent")



@_attrs_define
class CardsDrawnEvent:
    """ Trick games, the seats that drew after a trick.

        Attributes:
            type_ (CardsDrawnEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            order (list[int]): The seats that drew, in the order they drew, one card each (the winner of the trick first).
            stock (int): How many cards the stock holds after it.
            version (int | Unset): In a session's log, the session version the event's write made.
     """

    type_: CardsDrawnEventType
    to: EventBaseToType0 | int
    order: list[int]
    stock: int
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        order = self.order



        stock = self.stock

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "order": order,
            "stock": stock,
        })
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = CardsDrawnEventType(d.pop("type"))




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


        order = cast(list[int], d.pop("order"))


        stock = d.pop("stock")

        version = d.pop("version", UNSET)

        cards_drawn_event = cls(
            type_=type_,
            to=to,
            order=order,
            stock=stock,
            version=version,
        )


        cards_drawn_event.additional_properties = d
        return cards_drawn_event

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
