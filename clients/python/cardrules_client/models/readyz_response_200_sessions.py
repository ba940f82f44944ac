from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.readyz_response_200_sessions_backend import ReadyzResponse200SessionsBackend
from ..models.readyz_response_200_sessions_reason import ReadyzResponse200SessionsReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.readyz_response_200_sessions_details import ReadyzResponse200SessionsDetails





T = TypeVar("T", bound="ReadyzResponse200Sessions")



@_attrs_define
class ReadyzResponse200Sessions:
    """ 
        Attributes:
            backend (ReadyzResponse200SessionsBackend):
            ok (bool): false when session requests would be refused now (see `reason`)
            full (bool): true when new sessions are refused (507 `store_full`); existing ones still work
            reason (ReadyzResponse200SessionsReason | Unset): Present when `ok` is false: the problem code a session request
                gets now.
            details (ReadyzResponse200SessionsDetails | Unset): Only with `Authorization: Bearer <METRICS_TOKEN>`: the
                operator's view (file, counts, limits, memory, latency, breakers). Never shown to the public.
     """

    backend: ReadyzResponse200SessionsBackend
    ok: bool
    full: bool
    reason: ReadyzResponse200SessionsReason | Unset = UNSET
    details: ReadyzResponse200SessionsDetails | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.readyz_response_200_sessions_details import ReadyzResponse200SessionsDetails # noqa: PLC0415
        backend = self.backend.value

        ok = self.ok

        full = self.full

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value


        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "backend": backend,
            "ok": ok,
            "full": full,
        })
        if reason is not UNSET:
            field_dict["reason"] = reason
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readyz_response_200_sessions_details import ReadyzResponse200SessionsDetails # noqa: PLC0415
        d = dict(src_dict)
        backend = ReadyzResponse200SessionsBackend(d.pop("backend"))




        ok = d.pop("ok")

        full = d.pop("full")

        _reason = d.pop("reason", UNSET)
        reason: ReadyzResponse200SessionsReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = ReadyzResponse200SessionsReason(_reason)




        _details = d.pop("details", UNSET)
        details: ReadyzResponse200SessionsDetails | Unset
        if isinstance(_details,  Unset):
            details = UNSET
        else:
            details = ReadyzResponse200SessionsDetails.from_dict(_details)




        readyz_response_200_sessions = cls(
            backend=backend,
            ok=ok,
            full=full,
            reason=reason,
            details=details,
        )

        return readyz_response_200_sessions

