from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_level import PlayerLevel
from ..types import UNSET, Unset






T = TypeVar("T", bound="ComputerChoice")



@_attrs_define
class ComputerChoice:
    """ A computer player asked to choose the move of the seat to act ([docs/players.md](/docs/guide/players.md)).

        Attributes:
            level (PlayerLevel): `random`: any legal move; `greedy`: one-ply heuristics; `strong`: a search over sampled
                deals of the hidden cards.
            seed (int | Unset): The seed of the player's sampling and choices; the same seed gives the same move when the
                search is complete.
            budget_ms (int | Unset): The most the player may think, in milliseconds: a safety cap. The level's work decides
                the move (the
                same seed, the same move on any machine); a budget that cuts it says so (`confident: false`).
            worlds (int | Unset): `strong` only: the sampled deals of the hidden cards each candidate move meets, instead of
                the game's default playouts; the search's work, not the clock, then decides the move (the budget still caps it).
                The search meets at least 4 (its floor); the answer's `worlds` says how many it met.
     """

    level: PlayerLevel
    seed: int | Unset = UNSET
    budget_ms: int | Unset = UNSET
    worlds: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        seed = self.seed

        budget_ms = self.budget_ms

        worlds = self.worlds


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "level": level,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if budget_ms is not UNSET:
            field_dict["budget_ms"] = budget_ms
        if worlds is not UNSET:
            field_dict["worlds"] = worlds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = PlayerLevel(d.pop("level"))




        seed = d.pop("seed", UNSET)

        budget_ms = d.pop("budget_ms", UNSET)

        worlds = d.pop("worlds", UNSET)

        computer_choice = cls(
            level=level,
            seed=seed,
            budget_ms=budget_ms,
            worlds=worlds,
        )

        return computer_choice

