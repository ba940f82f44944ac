from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match import Match
  from ..models.rules import Rules
  from ..models.state import State





T = TypeVar("T", bound="ScoreBody")



@_attrs_define
class ScoreBody:
    """ 
        Attributes:
            state (State | Unset): A round as the caller keeps it. Fishing games (scopa, scopone, escoba, cirulla) need
                `table` and `sweeps`
                (and `last_capturer` once a pile has cards; Cirulla's `declaration_points` defaults to none declared); Briscola
                needs `trump_card` and `leader` (`trick` defaults to
                empty); Tressette needs `leader` (`trick`, `accusi_points` and `shown_cards` default to empty); Briscola
                chiamata needs `leader` (`auction` and `trick` default to empty, `called_card` and `partner` to null).
                `turn`, `round_over` and Briscola's `trump_suit` are derived from the cards; when sent they must agree.
                Briscola chiamata's answers add `phase`, `caller` and `trump_suit`, read from the auction and the called
                card, which it ignores when they are sent back. Another game's field (a `table` in a Briscola state) is
                checked against its bounds here, then ignored; unknown fields are ignored.
            rules (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            players (int | Unset):
            captures (list[list[str]] | Unset):
            sweeps (list[int] | Unset):
            match (Match | Unset):
     """

    state: State | Unset = UNSET
    rules: Rules | Unset = UNSET
    players: int | Unset = UNSET
    captures: list[list[str]] | Unset = UNSET
    sweeps: list[int] | Unset = UNSET
    match: Match | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        players = self.players

        captures: list[list[str]] | Unset = UNSET
        if not isinstance(self.captures, Unset):
            captures = []
            for captures_item_data in self.captures:
                captures_item = captures_item_data


                captures.append(captures_item)



        sweeps: list[int] | Unset = UNSET
        if not isinstance(self.sweeps, Unset):
            sweeps = self.sweeps



        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if state is not UNSET:
            field_dict["state"] = state
        if rules is not UNSET:
            field_dict["rules"] = rules
        if players is not UNSET:
            field_dict["players"] = players
        if captures is not UNSET:
            field_dict["captures"] = captures
        if sweeps is not UNSET:
            field_dict["sweeps"] = sweeps
        if match is not UNSET:
            field_dict["match"] = match

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match import Match # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        _state = d.pop("state", UNSET)
        state: State | Unset
        if isinstance(_state,  Unset):
            state = UNSET
        else:
            state = State.from_dict(_state)




        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)




        players = d.pop("players", UNSET)

        _captures = d.pop("captures", UNSET)
        captures: list[list[str]] | Unset = UNSET
        if _captures is not UNSET:
            captures = []
            for captures_item_data in _captures:
                captures_item = cast(list[str], captures_item_data)

                captures.append(captures_item)


        sweeps = cast(list[int], d.pop("sweeps", UNSET))


        _match = d.pop("match", UNSET)
        match: Match | Unset
        if isinstance(_match,  Unset):
            match = UNSET
        else:
            match = Match.from_dict(_match)




        score_body = cls(
            state=state,
            rules=rules,
            players=players,
            captures=captures,
            sweeps=sweeps,
            match=match,
        )

        return score_body

