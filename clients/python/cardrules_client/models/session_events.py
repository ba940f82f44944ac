from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event import Event
  from ..models.session_fairness import SessionFairness





T = TypeVar("T", bound="SessionEvents")



@_attrs_define
class SessionEvents:
    """ 
        Attributes:
            id (str):
            version (int): The session's version; read on with `after` set to it.
            first_version (int): The oldest version the log still holds (1 unless a very long session had its oldest entries
                dropped:
                the log keeps the last 2,000 versions); an `after` below `first_version - 1` missed events, so read
                the view again.
            events (list[Event]):
            sealed (bool): Whether the table is sealed: no token, the owner's included, can read a card before it is played
                face up
                ([docs/fairness.md](/docs/guide/fairness.md), sealed tables). `false`: the host could see every card.
            fairness (SessionFairness | Unset): Only for a round the service dealt from a seed it drew (`"seed": "server"`):
                the commitment from the
                start, the seed (and the salt mixed into it) once the round is over
                ([docs/fairness.md](/docs/guide/fairness.md)).
     """

    id: str
    version: int
    first_version: int
    events: list[Event]
    sealed: bool
    fairness: SessionFairness | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event import Event # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        id = self.id

        version = self.version

        first_version = self.first_version

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        sealed = self.sealed

        fairness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "version": version,
            "first_version": first_version,
            "events": events,
            "sealed": sealed,
        })
        if fairness is not UNSET:
            field_dict["fairness"] = fairness

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event # noqa: PLC0415
        from ..models.session_fairness import SessionFairness # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        first_version = d.pop("first_version")

        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = Event.from_dict(events_item_data)



            events.append(events_item)


        sealed = d.pop("sealed")

        _fairness = d.pop("fairness", UNSET)
        fairness: SessionFairness | Unset
        if isinstance(_fairness,  Unset):
            fairness = UNSET
        else:
            fairness = SessionFairness.from_dict(_fairness)




        session_events = cls(
            id=id,
            version=version,
            first_version=first_version,
            events=events,
            sealed=sealed,
            fairness=fairness,
        )


        session_events.additional_properties = d
        return session_events

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
