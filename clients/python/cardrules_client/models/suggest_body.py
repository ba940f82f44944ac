from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_level import PlayerLevel
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.state import State





T = TypeVar("T", bound="SuggestBody")



@_attrs_define
class SuggestBody:
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
            level (PlayerLevel): `random`: any legal move; `greedy`: one-ply heuristics; `strong`: a search over sampled
                deals of the hidden cards.
            seat (int | Unset):
            seed (int | Unset): The seed of the player's sampling and choices; the same seed gives the same move when the
                search is complete.
            budget_ms (int | Unset): The most the player may think, in milliseconds: a safety cap. The level's work decides
                the move (the
                same seed, the same move on any machine); a budget that cuts it says so (`confident: false`).
            worlds (int | Unset): `strong` only: the sampled deals of the hidden cards each candidate move meets, instead of
                the game's default playouts; the search's work, not the clock, then decides the move (the budget still caps it).
                The search meets at least 4 (its floor); the answer's `worlds` says how many it met.
            explain (int | Unset): How many of the best moves the answer lists in `alternatives` (0: none, the answer as
                without it). `random` weighs no move, so it lists none.
     """

    state: State
    level: PlayerLevel
    seat: int | Unset = UNSET
    seed: int | Unset = UNSET
    budget_ms: int | Unset = UNSET
    worlds: int | Unset = UNSET
    explain: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.state import State # noqa: PLC0415
        state = self.state.to_dict()

        level = self.level.value

        seat = self.seat

        seed = self.seed

        budget_ms = self.budget_ms

        worlds = self.worlds

        explain = self.explain


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "state": state,
            "level": level,
        })
        if seat is not UNSET:
            field_dict["seat"] = seat
        if seed is not UNSET:
            field_dict["seed"] = seed
        if budget_ms is not UNSET:
            field_dict["budget_ms"] = budget_ms
        if worlds is not UNSET:
            field_dict["worlds"] = worlds
        if explain is not UNSET:
            field_dict["explain"] = explain

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))




        level = PlayerLevel(d.pop("level"))




        seat = d.pop("seat", UNSET)

        seed = d.pop("seed", UNSET)

        budget_ms = d.pop("budget_ms", UNSET)

        worlds = d.pop("worlds", UNSET)

        explain = d.pop("explain", UNSET)

        suggest_body = cls(
            state=state,
            level=level,
            seat=seat,
            seed=seed,
            budget_ms=budget_ms,
            worlds=worlds,
            explain=explain,
        )

        return suggest_body

