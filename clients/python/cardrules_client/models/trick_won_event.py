from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.trick_won_event_type import TrickWonEventType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="TrickWonEvent")



@_attrs_define
class TrickWonEvent:
    """ Trick games, who took the trick and its cards.

        Attributes:
            type_ (TrickWonEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            seat (int):
            cards (list[str]): The trick's cards.
            version (int | Unset): In a session's log, the session version the event's write made.
            points (int | Unset): Briscola and Briscola chiamata: the card points of the trick.
            thirds (int | Unset): Tressette: the card points of the trick in thirds of a point.
     """

    type_: TrickWonEventType
    to: EventBaseToType0 | int
    seat: int
    cards: list[str]
    version: int | Unset = UNSET
    points: int | Unset = UNSET
    thirds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        seat = self.seat

        cards = self.cards



        version = self.version

        points = self.points

        thirds = self.thirds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "seat": seat,
            "cards": cards,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if points is not UNSET:
            field_dict["points"] = points
        if thirds is not UNSET:
            field_dict["thirds"] = thirds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = TrickWonEventType(d.pop("type"))




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


        seat = d.pop("seat")

        cards = cast(list[str], d.pop("cards"))


        version = d.pop("version", UNSET)

        points = d.pop("points", UNSET)

        thirds = d.pop("thirds", UNSET)

        trick_won_event = cls(
            type_=type_,
            to=to,
            seat=seat,
            cards=cards,
            version=version,
            points=points,
            thirds=thirds,
        )


        trick_won_event.additional_properties = d
        return trick_won_event

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
