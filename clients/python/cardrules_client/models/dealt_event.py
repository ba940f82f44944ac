from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.dealt_event_type import DealtEventType
from ..models.event_base_to_type_0 import EventBaseToType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DealtEvent")



@_attrs_define
class DealtEvent:
    """ A round was dealt (every deal, a session's creation and `next-round`).

        Attributes:
            type_ (DealtEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            dealer (int):
            round_ (int): The round of the match it deals (1 the first).
            stock (int): How many cards the stock holds after the deal.
            version (int | Unset): In a session's log, the session version the event's write made.
            attempt (int | Unset): Fishing games: 0 for a round's first deal, then 1, 2, ... for each deal again (Scopa's
                opening
                kings), each from a stream of its own ([docs/api.md](/docs/guide/api.md), deterministic dealing).
            table (list[str] | Unset):
            trump_card (str | Unset):
     """

    type_: DealtEventType
    to: EventBaseToType0 | int
    dealer: int
    round_: int
    stock: int
    version: int | Unset = UNSET
    attempt: int | Unset = UNSET
    table: list[str] | Unset = UNSET
    trump_card: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        dealer = self.dealer

        round_ = self.round_

        stock = self.stock

        version = self.version

        attempt = self.attempt

        table: list[str] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table



        trump_card = self.trump_card


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "dealer": dealer,
            "round": round_,
            "stock": stock,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if attempt is not UNSET:
            field_dict["attempt"] = attempt
        if table is not UNSET:
            field_dict["table"] = table
        if trump_card is not UNSET:
            field_dict["trump_card"] = trump_card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = DealtEventType(d.pop("type"))




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

        round_ = d.pop("round")

        stock = d.pop("stock")

        version = d.pop("version", UNSET)

        attempt = d.pop("attempt", UNSET)

        table = cast(list[str], d.pop("table", UNSET))


        trump_card = d.pop("trump_card", UNSET)

        dealt_event = cls(
            type_=type_,
            to=to,
            dealer=dealer,
            round_=round_,
            stock=stock,
            version=version,
            attempt=attempt,
            table=table,
            trump_card=trump_card,
        )


        dealt_event.additional_properties = d
        return dealt_event

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
