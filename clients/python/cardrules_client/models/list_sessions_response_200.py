from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.list_sessions_response_200_sessions_item import ListSessionsResponse200SessionsItem





T = TypeVar("T", bound="ListSessionsResponse200")



@_attrs_define
class ListSessionsResponse200:
    """ 
        Attributes:
            sessions (list[ListSessionsResponse200SessionsItem]):
            next_ (None | str):
     """

    sessions: list[ListSessionsResponse200SessionsItem]
    next_: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.list_sessions_response_200_sessions_item import ListSessionsResponse200SessionsItem # noqa: PLC0415
        sessions = []
        for sessions_item_data in self.sessions:
            sessions_item = sessions_item_data.to_dict()
            sessions.append(sessions_item)



        next_: None | str
        next_ = self.next_


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sessions": sessions,
            "next": next_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_sessions_response_200_sessions_item import ListSessionsResponse200SessionsItem # noqa: PLC0415
        d = dict(src_dict)
        sessions = []
        _sessions = d.pop("sessions")
        for sessions_item_data in (_sessions):
            sessions_item = ListSessionsResponse200SessionsItem.from_dict(sessions_item_data)



            sessions.append(sessions_item)


        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))


        list_sessions_response_200 = cls(
            sessions=sessions,
            next_=next_,
        )


        list_sessions_response_200.additional_properties = d
        return list_sessions_response_200

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
