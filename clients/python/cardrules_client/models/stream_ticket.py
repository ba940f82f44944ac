from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="StreamTicket")



@_attrs_define
class StreamTicket:
    """ 
        Example:
            {'ticket': 't1.SlAtU1FLOVBhNjF3NDBhMGVETm1QWmhjaGUyaHZCM1QAAAAAaUBvRC1uhFz2U0tbGgUPmHnAtMn0MHtKRNSJXWkLHkbIR6QK.
                6nQpWTVdyQoN2WmIt5rFjw', 'expires_in': 60}

        Attributes:
            ticket (str): Opaque; pass it as `?ticket=` on the session's events.
            expires_in (int): Seconds within which it must be used.
     """

    ticket: str
    expires_in: int





    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        expires_in = self.expires_in


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ticket": ticket,
            "expires_in": expires_in,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        expires_in = d.pop("expires_in")

        stream_ticket = cls(
            ticket=ticket,
            expires_in=expires_in,
        )

        return stream_ticket

