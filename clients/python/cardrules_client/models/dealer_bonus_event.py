from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dealer_bonus_event_type import DealerBonusEventType
from ..models.event_base_to_type_0 import EventBaseToType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DealerBonusEvent")



@_attrs_define
class DealerBonusEvent:
    """ The dealer's opening sweeps, the table going to its pile: Escoba with `dealer_bonus` (`escobas`), Cirulla
    with `dealer_table` (`sweeps`).

        Attributes:
            type_ (DealerBonusEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            seat (int):
            cards (list[str]): The table cards going to the dealer's pile.
            version (int | Unset): In a session's log, the session version the event's write made.
            escobas (int | Unset): Escoba, the sweeps the dealer scores for the opening table.
            sweeps (int | Unset): Cirulla, the sweeps the dealer scores for the opening table (one for 15, two for 30).
     """

    type_: DealerBonusEventType
    to: EventBaseToType0 | int
    seat: int
    cards: list[str]
    version: int | Unset = UNSET
    escobas: int | Unset = UNSET
    sweeps: int | Unset = UNSET
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

        escobas = self.escobas

        sweeps = self.sweeps


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
        if escobas is not UNSET:
            field_dict["escobas"] = escobas
        if sweeps is not UNSET:
            field_dict["sweeps"] = sweeps

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DealerBonusEventType(d.pop("type"))




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

        escobas = d.pop("escobas", UNSET)

        sweeps = d.pop("sweeps", UNSET)

        dealer_bonus_event = cls(
            type_=type_,
            to=to,
            seat=seat,
            cards=cards,
            version=version,
            escobas=escobas,
            sweeps=sweeps,
        )


        dealer_bonus_event.additional_properties = d
        return dealer_bonus_event

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
