from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.auction_won_event_type import AuctionWonEventType
from ..models.bid_rank import BidRank
from ..models.event_base_to_type_0 import EventBaseToType0
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AuctionWonEvent")



@_attrs_define
class AuctionWonEvent:
    """ Briscola chiamata, all but one seat have passed: the seat of the standing bid won the auction with it
    and is the caller, to name the trump suit (`call`). Follows the last `passed`.

        Attributes:
            type_ (AuctionWonEventType): The event's type, which says which of `Event`'s schemas it is.
            to (EventBaseToType0 | int): `all`, or the seat the event is private to.
            seat (int):
            bid (BidRank): Briscola chiamata, the rank a bid names (as in a card code, a string): the rank of the card the
                bidder
                will call. With `auction` `ranks_then_points` (the default) a bid beats the standing one with a lower rank,
                in the order 1 (ace), 3, 10, 9, 8, 7, 6, 5, 4, 2, then, once a 2 is named, as a 2 with `points`, from 61
                and each more than the last (points before a 2 stands, or with another rank: 422 `points_need_two`); with
                `points_only` by its `points` alone. A bid that does not beat the standing one is a 422 `bid_too_low`.
            version (int | Unset): In a session's log, the session version the event's write made.
            points (int | Unset): Briscola chiamata, the card points a bid promises its side will take (at least 61 of the
                120).
     """

    type_: AuctionWonEventType
    to: EventBaseToType0 | int
    seat: int
    bid: BidRank
    version: int | Unset = UNSET
    points: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        to: int | str
        if isinstance(self.to, EventBaseToType0):
            to = self.to.value
        else:
            to = self.to

        seat = self.seat

        bid = self.bid.value

        version = self.version

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
        if points is not UNSET:
            field_dict["points"] = points

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = AuctionWonEventType(d.pop("type"))




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

        points = d.pop("points", UNSET)

        auction_won_event = cls(
            type_=type_,
            to=to,
            seat=seat,
            bid=bid,
            version=version,
            points=points,
        )


        auction_won_event.additional_properties = d
        return auction_won_event

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
