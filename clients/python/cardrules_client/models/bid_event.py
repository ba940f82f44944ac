from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bid_event_type import BidEventType
from ..models.bid_rank import BidRank
from ..models.event_base_to_type_0 import EventBaseToType0
from ..models.event_move_by import EventMoveBy
from ..models.event_move_reason import EventMoveReason
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move





T = TypeVar("T", bound="BidEvent")



@_attrs_define
class BidEvent:
    """ Briscola chiamata, a seat's bid in the auction, public (it stands until a seat bids higher).

        Attributes:
            type_ (BidEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            seat (int):
            bid (BidRank): Briscola chiamata, the rank a bid names (as in a card code, a string): the rank of the card the
                bidder
                will call. With `auction` `ranks_then_points` (the default) a bid beats the standing one with a lower rank,
                in the order 1 (ace), 3, 10, 9, 8, 7, 6, 5, 4, 2, then, once a 2 is named, as a 2 with `points`, from 61
                and each more than the last (points before a 2 stands, or with another rank: 422 `points_need_two`); with
                `points_only` by its `points` alone. A bid that does not beat the standing one is a 422 `bid_too_low`.
            version (int | Unset): In a session's log, the session version the event's write made.
            move (Move | Unset): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set
                exists and is a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
            by (EventMoveBy | Unset): When a computer player chose the move (a computer seat's, or one asked for with
                `computer`).
            reason (EventMoveReason | Unset): When the table's clock played the move.
            points (int | Unset): Briscola chiamata, the card points a bid promises its side will take (at least 61 of the
                120).
     """

    type_: BidEventType
    to: EventBaseToType0 | int
    seat: int
    bid: BidRank
    version: int | Unset = UNSET
    move: Move | Unset = UNSET
    by: EventMoveBy | Unset = UNSET
    reason: EventMoveReason | Unset = UNSET
    points: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        seat = self.seat

        bid = self.bid.value

        version = self.version

        move: dict[str, Any] | Unset = UNSET
        if not isinstance(self.move, Unset):
            move = self.move.to_dict()

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by.value


        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value


        points = self.points


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "type": type_,
            "to": to,
            "seat": seat,
            "bid": bid,
        })
        if version is not UNSET:
            field_dict["version"] = version
        if move is not UNSET:
            field_dict["move"] = move
        if by is not UNSET:
            field_dict["by"] = by
        if reason is not UNSET:
            field_dict["reason"] = reason
        if points is not UNSET:
            field_dict["points"] = points

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        type_ = BidEventType(d.pop("type"))




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

        bid = BidRank(d.pop("bid"))




        version = d.pop("version", UNSET)

        _move = d.pop("move", UNSET)
        move: Move | Unset
        if isinstance(_move,  Unset):
            move = UNSET
        else:
            move = Move.from_dict(_move)




        _by = d.pop("by", UNSET)
        by: EventMoveBy | Unset
        if isinstance(_by,  Unset):
            by = UNSET
        else:
            by = EventMoveBy(_by)




        _reason = d.pop("reason", UNSET)
        reason: EventMoveReason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = EventMoveReason(_reason)




        points = d.pop("points", UNSET)

        bid_event = cls(
            type_=type_,
            to=to,
            seat=seat,
            bid=bid,
            version=version,
            move=move,
            by=by,
            reason=reason,
            points=points,
        )


        bid_event.additional_properties = d
        return bid_event

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
