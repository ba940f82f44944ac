from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.player_level import PlayerLevel
from ..models.points_unit import PointsUnit
from ..models.stopped_by import StoppedBy
from ..models.value_unit import ValueUnit
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.alternative import Alternative
  from ..models.move import Move





T = TypeVar("T", bound="Suggestion")



@_attrs_define
class Suggestion:
    """ 
        Attributes:
            seat (int):
            move (Move): Fishing games: `{card, capture?}`; an omitted `capture` captures when exactly one set exists and is
                a
                422 `ambiguous_capture` when several do; `[]` lays the card. Briscola: `{card}`, or `{exchange}` for the
                trump exchange. Tressette: `{card}`. Briscola chiamata, exactly one of: in the auction a bid, `{"bid":
                "3"}` (a rank) or `{"bid": "2", "points": 70}`, or `{"pass": true}`; then the caller's `{"call": "D"}`
                (the trump suit); then `{"card": "1D"}`. A move of another phase is a 422 `wrong_phase`.
            level (PlayerLevel): `random`: any legal move; `greedy`: one-ply heuristics; `strong`: a search over sampled
                deals of the hidden cards.
            considered (int): `random` and `greedy`: the legal moves chosen among; `strong`: the playouts weighed (0 with a
                single legal move).
            complete (bool): false when the time budget cut the search short (the move is then the best found so far).
            confident (bool): Whether the advice rests on all the work the level was given: false when the budget cut it
                short
                (`stopped_by: time`), and the move and its values come from a thinner search than the level's. A coach
                screen shows such a hint as a guess, or asks again with more `budget_ms` or fewer `worlds`.
            stopped_by (StoppedBy): What ended the thinking. `strong`: `work` (every sampled deal it was given, by `worlds`
                or by default), `time` (the budget cut it: the move is the best so far, `complete: false`) or `solved` (the rest
                of a two-player round searched exactly); any level: `single_move` (one legal move); `greedy`: `one_ply`;
                `random`: `random`. The same state, seat, level, seed and `worlds` give the same move whenever it is not `time`.
            elapsed_ms (float):
            worlds (int | Unset): `strong` by sampling (not `solved`, not `single_move`): the sampled deals each candidate
                met.
            value_unit (None | Unset | ValueUnit): With `explain` only; null when there are no alternatives (`random`).
            points_unit (None | PointsUnit | Unset): With `explain` only; what the alternatives' `points` count; null with
                no alternatives.
            alternatives (list[Alternative] | Unset): With `explain` only; the best moves, best first, the first being
                `move`.
            budget_ms (int | Unset): The budget the player was given: the `budget_ms` asked (or the default, 1000), cut to
                the operator's `SUGGEST_MAX_BUDGET_MS` when that is lower.
            sealed (bool | Unset): Whether the table is sealed: no token, the owner's included, can read a card before it is
                played face up
                ([docs/fairness.md](/docs/guide/fairness.md), sealed tables). `false`: the host could see every card.
     """

    seat: int
    move: Move
    level: PlayerLevel
    considered: int
    complete: bool
    confident: bool
    stopped_by: StoppedBy
    elapsed_ms: float
    worlds: int | Unset = UNSET
    value_unit: None | Unset | ValueUnit = UNSET
    points_unit: None | PointsUnit | Unset = UNSET
    alternatives: list[Alternative] | Unset = UNSET
    budget_ms: int | Unset = UNSET
    sealed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.alternative import Alternative # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        seat = self.seat

        move = self.move.to_dict()

        level = self.level.value

        considered = self.considered

        complete = self.complete

        confident = self.confident

        stopped_by = self.stopped_by.value

        elapsed_ms = self.elapsed_ms

        worlds = self.worlds

        value_unit: None | str | Unset
        if isinstance(self.value_unit, Unset):
            value_unit = UNSET
        elif isinstance(self.value_unit, ValueUnit):
            value_unit = self.value_unit.value
        else:
            value_unit = self.value_unit

        points_unit: None | str | Unset
        if isinstance(self.points_unit, Unset):
            points_unit = UNSET
        elif isinstance(self.points_unit, PointsUnit):
            points_unit = self.points_unit.value
        else:
            points_unit = self.points_unit

        alternatives: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = []
            for alternatives_item_data in self.alternatives:
                alternatives_item = alternatives_item_data.to_dict()
                alternatives.append(alternatives_item)



        budget_ms = self.budget_ms

        sealed = self.sealed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seat": seat,
            "move": move,
            "level": level,
            "considered": considered,
            "complete": complete,
            "confident": confident,
            "stopped_by": stopped_by,
            "elapsed_ms": elapsed_ms,
        })
        if worlds is not UNSET:
            field_dict["worlds"] = worlds
        if value_unit is not UNSET:
            field_dict["value_unit"] = value_unit
        if points_unit is not UNSET:
            field_dict["points_unit"] = points_unit
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives
        if budget_ms is not UNSET:
            field_dict["budget_ms"] = budget_ms
        if sealed is not UNSET:
            field_dict["sealed"] = sealed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alternative import Alternative # noqa: PLC0415
        from ..models.move import Move # noqa: PLC0415
        d = dict(src_dict)
        seat = d.pop("seat")

        move = Move.from_dict(d.pop("move"))




        level = PlayerLevel(d.pop("level"))




        considered = d.pop("considered")

        complete = d.pop("complete")

        confident = d.pop("confident")

        stopped_by = StoppedBy(d.pop("stopped_by"))




        elapsed_ms = d.pop("elapsed_ms")

        worlds = d.pop("worlds", UNSET)

        def _parse_value_unit(data: object) -> None | Unset | ValueUnit:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                value_unit_type_0 = ValueUnit(data)



                return value_unit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ValueUnit, data)

        value_unit = _parse_value_unit(d.pop("value_unit", UNSET))


        def _parse_points_unit(data: object) -> None | PointsUnit | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                points_unit_type_0 = PointsUnit(data)



                return points_unit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PointsUnit | Unset, data)

        points_unit = _parse_points_unit(d.pop("points_unit", UNSET))


        _alternatives = d.pop("alternatives", UNSET)
        alternatives: list[Alternative] | Unset = UNSET
        if _alternatives is not UNSET:
            alternatives = []
            for alternatives_item_data in _alternatives:
                alternatives_item = Alternative.from_dict(alternatives_item_data)



                alternatives.append(alternatives_item)


        budget_ms = d.pop("budget_ms", UNSET)

        sealed = d.pop("sealed", UNSET)

        suggestion = cls(
            seat=seat,
            move=move,
            level=level,
            considered=considered,
            complete=complete,
            confident=confident,
            stopped_by=stopped_by,
            elapsed_ms=elapsed_ms,
            worlds=worlds,
            value_unit=value_unit,
            points_unit=points_unit,
            alternatives=alternatives,
            budget_ms=budget_ms,
            sealed=sealed,
        )


        suggestion.additional_properties = d
        return suggestion

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
