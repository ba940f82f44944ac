from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.state import State





T = TypeVar("T", bound="LegalMovesBody")



@_attrs_define
class LegalMovesBody:
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
            limit (int | Unset):
     """

    state: State
    limit: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.state import State # noqa: PLC0415
        state = self.state.to_dict()

        limit = self.limit


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "state": state,
        })
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))




        limit = d.pop("limit", UNSET)

        legal_moves_body = cls(
            state=state,
            limit=limit,
        )

        return legal_moves_body

