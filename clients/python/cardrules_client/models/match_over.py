from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_over_reason import MatchOverReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match import Match





T = TypeVar("T", bound="MatchOver")



@_attrs_define
class MatchOver:
    """ How the match ended: `played` to its target (the last round's score says so), `resigned` by `seat`'s
    side, or `forfeit` by `seat`'s side when its clock ran out; `match` holds the totals, `over` true and
    the `winner` side (null when no single side wins: two others tied when one of three resigns).

        Example:
            {'reason': 'resigned', 'seat': 1, 'match': {'scores': [4, 9], 'target': 11, 'round': 2, 'over': True, 'winner':
                0}}

        Attributes:
            reason (MatchOverReason):
            match (Match):
            seat (int | Unset):
     """

    reason: MatchOverReason
    match: Match
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match import Match # noqa: PLC0415
        reason = self.reason.value

        match = self.match.to_dict()

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "reason": reason,
            "match": match,
        })
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match import Match # noqa: PLC0415
        d = dict(src_dict)
        reason = MatchOverReason(d.pop("reason"))




        match = Match.from_dict(d.pop("match"))




        seat = d.pop("seat", UNSET)

        match_over = cls(
            reason=reason,
            match=match,
            seat=seat,
        )


        match_over.additional_properties = d
        return match_over

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
