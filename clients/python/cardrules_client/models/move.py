from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Move")



@_attrs_define
class Move:
    """ Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is a
    422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
    trump exchange. Tressette: `{card}`.

        Attributes:
            card (str | Unset):
            capture (list[str] | None | Unset): The table cards taken; `[]` lays the card; omitted or null captures if
                exactly one set exists.
            exchange (str | Unset):
     """

    card: str | Unset = UNSET
    capture: list[str] | None | Unset = UNSET
    exchange: str | Unset = UNSET





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


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if card is not UNSET:
            field_dict["card"] = card
        if capture is not UNSET:
            field_dict["capture"] = capture
        if exchange is not UNSET:
            field_dict["exchange"] = exchange

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

        move = cls(
            card=card,
            capture=capture,
            exchange=exchange,
        )

        return move

