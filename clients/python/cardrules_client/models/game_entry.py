from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.game_entry_levels_item import GameEntryLevelsItem
  from ..models.game_entry_options_item import GameEntryOptionsItem
  from ..models.game_entry_presets_item import GameEntryPresetsItem
  from ..models.game_entry_score_categories_item import GameEntryScoreCategoriesItem
  from ..models.game_shape import GameShape
  from ..models.rules import Rules





T = TypeVar("T", bound="GameEntry")



@_attrs_define
class GameEntry:
    """ 
        Attributes:
            id (str):
            game (str):
            players (list[int]):
            shape (GameShape): The game's shape as data: at each seat count how the sides form (`alone`: every seat a side;
                `fixed`:
                partners from the deal, seats across from each other; `hidden`: decided during play and secret until
                revealed), the phases of a round with the move kinds each takes, and each move kind's fields (`plays_card`:
                whether the move puts a card into play; a bid or a pass does not).
                 Example: {'seats': [{'players': 2, 'sides': 'alone', 'seats_by_side': [[0], [1]]}, {'players': 4, 'sides':
                'fixed', 'seats_by_side': [[0, 2], [1, 3]]}], 'phases': [{'phase': 'play', 'moves': ['card'], 'description':
                'the seats play in turn'}], 'moves': [{'kind': 'card', 'required': ['card'], 'optional': [], 'plays_card': True,
                'description': 'a card from hand to the trick'}]}.
            options (list[GameEntryOptionsItem]):
            presets (list[GameEntryPresetsItem]):
            levels (list[GameEntryLevelsItem]): The computer players' levels, weakest first, each with what a frontend shows
                for it: a stable `label`
                (`beginner`, `casual`, `expert`) and its `title` in the caller's language. The order is the measured
                ladder's ([docs/players.md](/docs/guide/players.md), the ladder).
                 Example: [{'level': 'random', 'label': 'beginner', 'title': 'Beginner'}, {'level': 'greedy', 'label': 'casual',
                'title': 'Casual'}, {'level': 'strong', 'label': 'expert', 'title': 'Expert'}].
            title (str | Unset):
            defaults (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            aliases (list[str] | Unset):
            preset (str | Unset): An alias only (`brisca`): the preset its deals take. Its states name the game they are
                played by,
                `briscola`, and carry the preset's rules, so they play alike at `/v1/games/brisca` and
                `/v1/games/briscola`.
            score_categories (list[GameEntryScoreCategoriesItem] | Unset): The categories of `points` in the score answers:
                the stable `code` and the `label` in the game's own
                terms and the caller's language (Escoba's `settebello` is the velo, its `primiera` the fourth point).
     """

    id: str
    game: str
    players: list[int]
    shape: GameShape
    options: list[GameEntryOptionsItem]
    presets: list[GameEntryPresetsItem]
    levels: list[GameEntryLevelsItem]
    title: str | Unset = UNSET
    defaults: Rules | Unset = UNSET
    aliases: list[str] | Unset = UNSET
    preset: str | Unset = UNSET
    score_categories: list[GameEntryScoreCategoriesItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.game_entry_levels_item import GameEntryLevelsItem # noqa: PLC0415
        from ..models.game_entry_options_item import GameEntryOptionsItem # noqa: PLC0415
        from ..models.game_entry_presets_item import GameEntryPresetsItem # noqa: PLC0415
        from ..models.game_entry_score_categories_item import GameEntryScoreCategoriesItem # noqa: PLC0415
        from ..models.game_shape import GameShape # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        id = self.id

        game = self.game

        players = self.players



        shape = self.shape.to_dict()

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)



        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)



        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.to_dict()
            levels.append(levels_item)



        title = self.title

        defaults: dict[str, Any] | Unset = UNSET
        if not isinstance(self.defaults, Unset):
            defaults = self.defaults.to_dict()

        aliases: list[str] | Unset = UNSET
        if not isinstance(self.aliases, Unset):
            aliases = self.aliases



        preset = self.preset

        score_categories: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.score_categories, Unset):
            score_categories = []
            for score_categories_item_data in self.score_categories:
                score_categories_item = score_categories_item_data.to_dict()
                score_categories.append(score_categories_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "game": game,
            "players": players,
            "shape": shape,
            "options": options,
            "presets": presets,
            "levels": levels,
        })
        if title is not UNSET:
            field_dict["title"] = title
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if aliases is not UNSET:
            field_dict["aliases"] = aliases
        if preset is not UNSET:
            field_dict["preset"] = preset
        if score_categories is not UNSET:
            field_dict["score_categories"] = score_categories

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_entry_levels_item import GameEntryLevelsItem # noqa: PLC0415
        from ..models.game_entry_options_item import GameEntryOptionsItem # noqa: PLC0415
        from ..models.game_entry_presets_item import GameEntryPresetsItem # noqa: PLC0415
        from ..models.game_entry_score_categories_item import GameEntryScoreCategoriesItem # noqa: PLC0415
        from ..models.game_shape import GameShape # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        game = d.pop("game")

        players = cast(list[int], d.pop("players"))


        shape = GameShape.from_dict(d.pop("shape"))




        options = []
        _options = d.pop("options")
        for options_item_data in (_options):
            options_item = GameEntryOptionsItem.from_dict(options_item_data)



            options.append(options_item)


        presets = []
        _presets = d.pop("presets")
        for presets_item_data in (_presets):
            presets_item = GameEntryPresetsItem.from_dict(presets_item_data)



            presets.append(presets_item)


        levels = []
        _levels = d.pop("levels")
        for levels_item_data in (_levels):
            levels_item = GameEntryLevelsItem.from_dict(levels_item_data)



            levels.append(levels_item)


        title = d.pop("title", UNSET)

        _defaults = d.pop("defaults", UNSET)
        defaults: Rules | Unset
        if isinstance(_defaults,  Unset):
            defaults = UNSET
        else:
            defaults = Rules.from_dict(_defaults)




        aliases = cast(list[str], d.pop("aliases", UNSET))


        preset = d.pop("preset", UNSET)

        _score_categories = d.pop("score_categories", UNSET)
        score_categories: list[GameEntryScoreCategoriesItem] | Unset = UNSET
        if _score_categories is not UNSET:
            score_categories = []
            for score_categories_item_data in _score_categories:
                score_categories_item = GameEntryScoreCategoriesItem.from_dict(score_categories_item_data)



                score_categories.append(score_categories_item)


        game_entry = cls(
            id=id,
            game=game,
            players=players,
            shape=shape,
            options=options,
            presets=presets,
            levels=levels,
            title=title,
            defaults=defaults,
            aliases=aliases,
            preset=preset,
            score_categories=score_categories,
        )


        game_entry.additional_properties = d
        return game_entry

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
