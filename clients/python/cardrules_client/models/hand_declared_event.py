from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.hand_declared_event_kind import HandDeclaredEventKind
from ..models.hand_declared_event_points import HandDeclaredEventPoints
from ..models.hand_declared_event_type import HandDeclaredEventType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="HandDeclaredEvent")



@_attrs_define
class HandDeclaredEvent:
    """ Cirulla, a hand just dealt that declares, shown to every seat: three cards adding up to at most 9 score 3
    (`under_ten`), three of one rank 10 (`three_of_a_kind`); with `matta` the seven of cups stands for any rank.

        Attributes:
            type_ (HandDeclaredEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            seat (int):
            cards (list[str]): The declared hand, face up for all.
            kind (HandDeclaredEventKind):
            points (HandDeclaredEventPoints):
            version (int | Unset): In a session's log, the session version the event's write made.
     """

    type_: HandDeclaredEventType
    to: EventBaseToType0 | int
    seat: int
    cards: list[str]
    kind: HandDeclaredEventKind
    points: HandDeclaredEventPoints
    version: int | Unset = UNSET
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



        kind = self.kind.value

        points = self.points.value

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "seat": seat,
            "cards": cards,
            "kind": kind,
            "points": points,
        })
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = HandDeclaredEventType(d.pop("type"))




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


        kind = HandDeclaredEventKind(d.pop("kind"))




        points = HandDeclaredEventPoints(d.pop("points"))




        version = d.pop("version", UNSET)

        hand_declared_event = cls(
            type_=type_,
            to=to,
            seat=seat,
            cards=cards,
            kind=kind,
            points=points,
            version=version,
        )


        hand_declared_event.additional_properties = d
        return hand_declared_event

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
