from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.hint_reason import HintReason
  from ..models.move import Move





T = TypeVar("T", bound="Alternative")



@_attrs_define
class Alternative:
    """ 
        Attributes:
            move (Move): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is
                a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
            value (float): The move's estimated value, in the answer's `value_unit` (what the player ranks by).
            win_chance (float | None): The share of the weighed rounds the seat's side won after this move, a draw counting
                half (0 to 1;
                exact when `stopped_by` is `solved`; where `strong` searches a few tricks ahead, the likely share at
                its horizon). In Tressette, where the match adds up points, a round is won by the larger margin.
                null for a one-ply reading (`value_unit: one_ply`), which weighs no round.
            points (float): The margin the move is worth in the answer's `points_unit`, the seat's side against the best
                other:
                `strong`, the round's expected final margin over the weighed rounds; `one_ply`, what the move wins at
                once (a capture less the risk it leaves, a trick's points, half while the trick may still be taken
                over; a lead, an exchange, a bid, a pass or a call: 0). Same units at every level, so `greedy` and
                `strong` can be read side by side ([docs/players.md](/docs/guide/players.md), Hints a coach can trust).
            reasons (list[HintReason]): What the move does, the most telling first, read from what the seat may see alone.
     """

    move: Move
    value: float
    win_chance: float | None
    points: float
    reasons: list[HintReason]





    def to_dict(self) -> dict[str, Any]:
        from ..models.hint_reason import HintReason # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        move = self.move.to_dict()

        value = self.value

        win_chance: float | None
        win_chance = self.win_chance

        points = self.points

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "move": move,
            "value": value,
            "win_chance": win_chance,
            "points": points,
            "reasons": reasons,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hint_reason import HintReason # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        move = Move.from_dict(d.pop("move"))




        value = d.pop("value")

        def _parse_win_chance(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        win_chance = _parse_win_chance(d.pop("win_chance"))


        points = d.pop("points")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in (_reasons):
            reasons_item = HintReason.from_dict(reasons_item_data)



            reasons.append(reasons_item)


        alternative = cls(
            move=move,
            value=value,
            win_chance=win_chance,
            points=points,
            reasons=reasons,
        )

        return alternative

