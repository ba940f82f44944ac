from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.readyz_response_200_sessions import ReadyzResponse200Sessions





T = TypeVar("T", bound="ReadyzResponse200")



@_attrs_define
class ReadyzResponse200:
    """ 
        Attributes:
            status (str):
            sessions (ReadyzResponse200Sessions):
     """

    status: str
    sessions: ReadyzResponse200Sessions
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.readyz_response_200_sessions import ReadyzResponse200Sessions # noqa: PLC0415
        status = self.status

        sessions = self.sessions.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "status": status,
            "sessions": sessions,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readyz_response_200_sessions import ReadyzResponse200Sessions # noqa: PLC0415
        d = dict(src_dict)
        status = d.pop("status")

        sessions = ReadyzResponse200Sessions.from_dict(d.pop("sessions"))




        readyz_response_200 = cls(
            status=status,
            sessions=sessions,
        )


        readyz_response_200.additional_properties = d
        return readyz_response_200

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
