from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.game_entry_levels_item_label import GameEntryLevelsItemLabel
from ..models.player_level import PlayerLevel






T = TypeVar("T", bound="GameEntryLevelsItem")



@_attrs_define
class GameEntryLevelsItem:
    """ 
        Attributes:
            level (PlayerLevel): `random`: any legal move; `greedy`: one-ply heuristics; `strong`: a search over sampled
                deals of the hidden cards.
            label (GameEntryLevelsItemLabel):
            title (str):
     """

    level: PlayerLevel
    label: GameEntryLevelsItemLabel
    title: str





    def to_dict(self) -> dict[str, Any]:
        level = self.level.value

        label = self.label.value

        title = self.title


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "level": level,
            "label": label,
            "title": title,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level = PlayerLevel(d.pop("level"))




        label = GameEntryLevelsItemLabel(d.pop("label"))




        title = d.pop("title")

        game_entry_levels_item = cls(
            level=level,
            label=label,
            title=title,
        )

        return game_entry_levels_item

