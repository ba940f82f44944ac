from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deal_request_preset import DealRequestPreset
from ..models.deck_style import DeckStyle
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rules import Rules
  from ..models.state import State





T = TypeVar("T", bound="DealRequest")



@_attrs_define
class DealRequest:
    """ A new round needs `players`; the next round of a match needs `previous` (the finished state).

        Attributes:
            seed (int | str): Integer n and string "n" are the same seed. In `deal`, the string `server` asks the service to
                draw
                256 bits itself and answer a commitment to them ([docs/fairness.md](/docs/guide/fairness.md)).
            players (int | Unset):
            dealer (int | Unset):
            deck (DeckStyle | Unset):
            preset (DealRequestPreset | Unset):
            rules (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            previous (State | Unset): A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need
                `table` and `sweeps`
                (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
                needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
                chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
                `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
                Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
                card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
                checked against its bounds here, then ignored; unknown fields are ignored.
            salt (str | Unset): Mixed into a seed the service draws (`"seed": "server"` only); public, not committed.
     """

    seed: int | str
    players: int | Unset = UNSET
    dealer: int | Unset = UNSET
    deck: DeckStyle | Unset = UNSET
    preset: DealRequestPreset | Unset = UNSET
    rules: Rules | Unset = UNSET
    previous: State | Unset = UNSET
    salt: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        seed: int | str
        seed = self.seed

        players = self.players

        dealer = self.dealer

        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck.value


        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value


        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        previous: dict[str, Any] | Unset = UNSET
        if not isinstance(self.previous, Unset):
            previous = self.previous.to_dict()

        salt = self.salt


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seed": seed,
        })
        if players is not UNSET:
            field_dict["players"] = players
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if deck is not UNSET:
            field_dict["deck"] = deck
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if previous is not UNSET:
            field_dict["previous"] = previous
        if salt is not UNSET:
            field_dict["salt"] = salt

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))


        players = d.pop("players", UNSET)

        dealer = d.pop("dealer", UNSET)

        _deck = d.pop("deck", UNSET)
        deck: DeckStyle | Unset
        if isinstance(_deck,  Unset):
            deck = UNSET
        else:
            deck = DeckStyle(_deck)




        _preset = d.pop("preset", UNSET)
        preset: DealRequestPreset | Unset
        if isinstance(_preset,  Unset):
            preset = UNSET
        else:
            preset = DealRequestPreset(_preset)




        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)




        _previous = d.pop("previous", UNSET)
        previous: State | Unset
        if isinstance(_previous,  Unset):
            previous = UNSET
        else:
            previous = State.from_dict(_previous)




        salt = d.pop("salt", UNSET)

        deal_request = cls(
            seed=seed,
            players=players,
            dealer=dealer,
            deck=deck,
            preset=preset,
            rules=rules,
            previous=previous,
            salt=salt,
        )

        return deal_request

