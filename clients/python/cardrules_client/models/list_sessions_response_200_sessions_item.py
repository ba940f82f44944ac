from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.list_sessions_response_200_sessions_item_phase import ListSessionsResponse200SessionsItemPhase
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.seats_item import SeatsItem





T = TypeVar("T", bound="ListSessionsResponse200SessionsItem")



@_attrs_define
class ListSessionsResponse200SessionsItem:
    """ 
        Attributes:
            id (str):
            game (str):
            version (int):
            phase (ListSessionsResponse200SessionsItemPhase):
            seats (list[SeatsItem]): Who sits at the table, one entry a seat ([docs/sessions.md](/docs/guide/sessions.md),
                seats): every token reads the
                same list.
            created (datetime.datetime):
            updated (datetime.datetime):
     """

    id: str
    game: str
    version: int
    phase: ListSessionsResponse200SessionsItemPhase
    seats: list[SeatsItem]
    created: datetime.datetime
    updated: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        id = self.id

        game = self.game

        version = self.version

        phase = self.phase.value

        seats = []
        for componentsschemas_seats_item_data in self.seats:
            componentsschemas_seats_item = componentsschemas_seats_item_data.to_dict()
            seats.append(componentsschemas_seats_item)



        created = self.created.isoformat()

        updated = self.updated.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "game": game,
            "version": version,
            "phase": phase,
            "seats": seats,
            "created": created,
            "updated": updated,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seats_item import SeatsItem # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        version = d.pop("version")

        phase = ListSessionsResponse200SessionsItemPhase(d.pop("phase"))




        seats = []
        _seats = d.pop("seats")
        for componentsschemas_seats_item_data in (_seats):
            componentsschemas_seats_item = SeatsItem.from_dict(componentsschemas_seats_item_data)



            seats.append(componentsschemas_seats_item)


        created = datetime.datetime.fromisoformat(d.pop("created"))




        updated = datetime.datetime.fromisoformat(d.pop("updated"))




        list_sessions_response_200_sessions_item = cls(
            id=id,
            game=game,
            version=version,
            phase=phase,
            seats=seats,
            created=created,
            updated=updated,
        )


        list_sessions_response_200_sessions_item.additional_properties = d
        return list_sessions_response_200_sessions_item

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
