from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bid_rank import BidRank
from ..types import UNSET, Unset






T = TypeVar("T", bound="AuctionEntryType0")



@_attrs_define
class AuctionEntryType0:
    """ 
        Attributes:
            seat (int):
            bid (BidRank): Briscola chiamata, the rank a bid names (as in a card code, a string): the rank of the card the
                bidder
                will call. With `auction` `ranks_then_points` (the default) a bid beats the standing one with a lower rank,
                in the order 1 (ace), 3, 10, 9, 8, 7, 6, 5, 4, 2, then, once a 2 is named, as a 2 with `points`, from 61
                and each more than the last (points before a 2 stands, or with another rank: 422 `points_need_two`); with
                `points_only` by its `points` alone. A bid that does not beat the standing one is a 422 `bid_too_low`.
            points (int | Unset): Briscola chiamata, the card points a bid promises its side will take (at least 61 of the
                120).
     """

    seat: int
    bid: BidRank
    points: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        bid = self.bid.value

        points = self.points


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "bid": bid,
        })
        if points is not UNSET:
            field_dict["points"] = points

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        bid = BidRank(d.pop("bid"))




        points = d.pop("points", UNSET)

        auction_entry_type_0 = cls(
            seat=seat,
            bid=bid,
            points=points,
        )

        return auction_entry_type_0

