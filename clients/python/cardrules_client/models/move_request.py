from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move
  from ..models.state import State





T = TypeVar("T", bound="MoveRequest")



@_attrs_define
class MoveRequest:
    """ 
        Attributes:
            state (State): A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need `table` and
                `sweeps`
                (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
                needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
                chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
                `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
                Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
                card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
                checked against its bounds here, then ignored; unknown fields are ignored.
            move (Move): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is
                a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
     """

    state: State
    move: Move





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        state = self.state.to_dict()

        move = self.move.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "state": state,
            "move": move,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))




        move = Move.from_dict(d.pop("move"))




        move_request = cls(
            state=state,
            move=move,
        )

        return move_request

