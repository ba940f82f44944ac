from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_names import CardNames
  from ..models.game_entry import GameEntry





T = TypeVar("T", bound="ListGamesResponse200")



@_attrs_define
class ListGamesResponse200:
    """ 
        Attributes:
            games (list[GameEntry]):
            cards (CardNames): Every card's name (all 40), every rank's and every suit's, in each deck style, in the
                caller's language
                (`Accept-Language`; English otherwise): what a frontend labels a card with before it has seen it.
     """

    games: list[GameEntry]
    cards: CardNames
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_names import CardNames # noqa: PLC0415
        from ..models.game_entry import GameEntry # noqa: PLC0415
        games = []
        for games_item_data in self.games:
            games_item = games_item_data.to_dict()
            games.append(games_item)



        cards = self.cards.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "games": games,
            "cards": cards,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_names import CardNames # noqa: PLC0415
        from ..models.game_entry import GameEntry # noqa: PLC0415
        d = dict(src_dict)
        games = []
        _games = d.pop("games")
        for games_item_data in (_games):
            games_item = GameEntry.from_dict(games_item_data)



            games.append(games_item)


        cards = CardNames.from_dict(d.pop("cards"))




        list_games_response_200 = cls(
            games=games,
            cards=cards,
        )


        list_games_response_200.additional_properties = d
        return list_games_response_200

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
