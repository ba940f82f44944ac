from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.score_labels import ScoreLabels
  from ..models.score_match import ScoreMatch
  from ..models.score_sides_item import ScoreSidesItem





T = TypeVar("T", bound="Score")



@_attrs_define
class Score:
    """ 
        Attributes:
            sides (list[ScoreSidesItem]): One entry per side (Briscola chiamata, whose sides form in play, one per seat).
            match (ScoreMatch):
            labels (ScoreLabels | Unset): `score` only: the label of every category the sides' `points` name, in the game's
                own terms and the
                caller's language (the catalogue's `score_categories`); the codes in `points` stay as they are.
            winner (int | None | Unset): Briscola only, the round's winning side (null for a draw).
     """

    sides: list[ScoreSidesItem]
    match: ScoreMatch
    labels: ScoreLabels | Unset = UNSET
    winner: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_labels import ScoreLabels # noqa: PLC0415
        from ..models.score_match import ScoreMatch # noqa: PLC0415
        from ..models.score_sides_item import ScoreSidesItem # noqa: PLC0415
        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)



        match = self.match.to_dict()

        labels: dict[str, Any] | Unset = UNSET
        if not isinstance(self.labels, Unset):
            labels = self.labels.to_dict()

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "sides": sides,
            "match": match,
        })
        if labels is not UNSET:
            field_dict["labels"] = labels
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_labels import ScoreLabels # noqa: PLC0415
        from ..models.score_match import ScoreMatch # noqa: PLC0415
        from ..models.score_sides_item import ScoreSidesItem # noqa: PLC0415
        d = dict(src_dict)
        sides = []
        _sides = d.pop("sides")
        for sides_item_data in (_sides):
            sides_item = ScoreSidesItem.from_dict(sides_item_data)



            sides.append(sides_item)


        match = ScoreMatch.from_dict(d.pop("match"))




        _labels = d.pop("labels", UNSET)
        labels: ScoreLabels | Unset
        if isinstance(_labels,  Unset):
            labels = UNSET
        else:
            labels = ScoreLabels.from_dict(_labels)




        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))


        score = cls(
            sides=sides,
            match=match,
            labels=labels,
            winner=winner,
        )


        score.additional_properties = d
        return score

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
