from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bid_rank import BidRank
from ..models.move_call import MoveCall
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Move")



@_attrs_define
class Move:
    """ Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is a
    422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
    trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
    "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
    (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.

        Attributes:
            card (str | Unset):
            capture (list[str] | None | Unset): The table cards taken; `[]` lays the card; omitted or null captures if
                exactly one set exists.
            exchange (str | Unset):
            bid (BidRank | Unset): Briscola chiamata, the rank a bid names (as in a card code, a string): the rank of the
                card the bidder
                will call. With `auction` `ranks_then_points` (the default) a bid beats the standing one with a lower rank,
                in the order 1 (ace), 3, 10, 9, 8, 7, 6, 5, 4, 2, then, once a 2 is named, as a 2 with `points`, from 61
                and each more than the last (points before a 2 stands, or with another rank: 422 `points_need_two`); with
                `points_only` by its `points` alone. A bid that does not beat the standing one is a 422 `bid_too_low`.
            points (int | Unset): Briscola chiamata, the card points a bid promises its side will take (at least 61 of the
                120).
            pass_ (bool | Unset): Briscola chiamata: out of the auction for this hand.
            call (MoveCall | Unset): Briscola chiamata: the auction's winner names the trump suit, and with the rank won the
                called card.
     """

    card: str | Unset = UNSET
    capture: list[str] | None | Unset = UNSET
    exchange: str | Unset = UNSET
    bid: BidRank | Unset = UNSET
    points: int | Unset = UNSET
    pass_: bool | Unset = UNSET
    call: MoveCall | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        capture: list[str] | None | Unset
        if isinstance(self.capture, Unset):
            capture = UNSET
        elif isinstance(self.capture, list):
            capture = self.capture


        else:
            capture = self.capture

        exchange = self.exchange

        bid: str | Unset = UNSET
        if not isinstance(self.bid, Unset):
            bid = self.bid.value


        points = self.points

        pass_ = self.pass_

        call: str | Unset = UNSET
        if not isinstance(self.call, Unset):
            call = self.call.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if card is not UNSET:
            field_dict["card"] = card
        if capture is not UNSET:
            field_dict["capture"] = capture
        if exchange is not UNSET:
            field_dict["exchange"] = exchange
        if bid is not UNSET:
            field_dict["bid"] = bid
        if points is not UNSET:
            field_dict["points"] = points
        if pass_ is not UNSET:
            field_dict["pass"] = pass_
        if call is not UNSET:
            field_dict["call"] = call

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card", UNSET)

        def _parse_capture(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                capture_type_0 = cast(list[str], data)

                return capture_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        capture = _parse_capture(d.pop("capture", UNSET))


        exchange = d.pop("exchange", UNSET)

        _bid = d.pop("bid", UNSET)
        bid: BidRank | Unset
        if isinstance(_bid,  Unset):
            bid = UNSET
        else:
            bid = BidRank(_bid)




        points = d.pop("points", UNSET)

        pass_ = d.pop("pass", UNSET)

        _call = d.pop("call", UNSET)
        call: MoveCall | Unset
        if isinstance(_call,  Unset):
            call = UNSET
        else:
            call = MoveCall(_call)




        move = cls(
            card=card,
            capture=capture,
            exchange=exchange,
            bid=bid,
            points=points,
            pass_=pass_,
            call=call,
        )

        return move

