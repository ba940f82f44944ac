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
  from ..models.state import State





T = TypeVar("T", bound="Dealt")



@_attrs_define
class Dealt:
    """ 
        Attributes:
            state (State): A round as the caller keeps it. Fishing games (scopa, scopone, escoba) need `table` and `sweeps`
                (and `last_capturer` once a pile has cards); Briscola needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty). `turn`,
                `round_over` and `trump_suit` are derived from the cards; when sent they must agree. Unknown fields are
                ignored.
            events (list[Event]):
            seed_commitment (str | Unset): SHA-256 of the commitment encoding of [docs/fairness.md](/docs/guide/fairness.md)
                (`"seed": "server"` only).
            sealed_seed (str | Unset): The seed, encrypted and authenticated by the service; opened only by `replay`.
     """

    state: State
    events: list[Event]
    seed_commitment: str | Unset = UNSET
    sealed_seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.event import Event # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        state = self.state.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        seed_commitment = self.seed_commitment

        sealed_seed = self.sealed_seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "state": state,
            "events": events,
        })
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if sealed_seed is not UNSET:
            field_dict["sealed_seed"] = sealed_seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))




        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = Event.from_dict(events_item_data)



            events.append(events_item)


        seed_commitment = d.pop("seed_commitment", UNSET)

        sealed_seed = d.pop("sealed_seed", UNSET)

        dealt = cls(
            state=state,
            events=events,
            seed_commitment=seed_commitment,
            sealed_seed=sealed_seed,
        )


        dealt.additional_properties = d
        return dealt

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
