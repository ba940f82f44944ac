from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.hint_reason_code import HintReasonCode
from typing import cast

if TYPE_CHECKING:
  from ..models.hint_reason_params import HintReasonParams





T = TypeVar("T", bound="HintReason")



@_attrs_define
class HintReason:
    """ What a move does, as a player says it; `text` is in the caller's language (`Accept-Language`).

        Attributes:
            code (HintReasonCode): A stable code. Fishing games: `sweep`, `takes_settebello`, `takes_sevens` (count),
                `takes_coins`
                (count), `takes_cards` (count), `leaves_sweep` (a card of `rank`, which the seat has not seen all of,
                would take the whole table left, which adds up to `total`), `leaves_no_sweep`, `leaves_settebello`,
                `keeps_settebello`, `lays_seven`, `lays_coin`, `lays_card_without_points`. Trick games:
                `exchanges_trump` (the trump of `rank` given for the face-up one), `wins_trick` (the last card of the
                trick, `points` in it), `wins_last_trick` (Tressette: the round's last trick, `points` more for it),
                `takes_lead` (not the last card: `points` in the trick so far),
                `leaves_trick_to_partner`, `gives_points`, `throws_without_points`, `leads_without_points`,
                `leads_points`, `leads_trump`, `spends_trump`, `saves_trumps`. Briscola chiamata's auction:
                `bids_rank` (`rank`), `bids_points` (`rank`, `points`), `passes`, `calls_suit` (the called `card`, and
                the `count` of its suit in the hand).
            params (HintReasonParams): The numbers the text shows: `count`, `rank`, `total`, `points` (Tressette: thirds as
                `1 2/3`).
            text (str):
     """

    code: HintReasonCode
    params: HintReasonParams
    text: str





    def to_dict(self) -> dict[str, Any]:
        from ..models.hint_reason_params import HintReasonParams # noqa: PLC0415
        code = self.code.value

        params = self.params.to_dict()

        text = self.text


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "code": code,
            "params": params,
            "text": text,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hint_reason_params import HintReasonParams # noqa: PLC0415
        d = dict(src_dict)
        code = HintReasonCode(d.pop("code"))




        params = HintReasonParams.from_dict(d.pop("params"))




        text = d.pop("text")

        hint_reason = cls(
            code=code,
            params=params,
            text=text,
        )

        return hint_reason

