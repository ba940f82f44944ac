from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.deck_style import DeckStyle
from ..models.replay_request_preset import ReplayRequestPreset
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.move import Move
  from ..models.replay_round import ReplayRound
  from ..models.rules import Rules





T = TypeVar("T", bound="ReplayRequest")



@_attrs_define
class ReplayRequest:
    """ One seed and its `moves`, or `rounds` (one seed each). Exactly one of `seed` (with `players`) or
    `sealed_seed` (alone with `moves` and `seed_commitment`); with `rounds`, none of `seed`, `sealed_seed`,
    `salt`, `seed_commitment` or `moves` at the top. The first round is dealt with `players`, `dealer`,
    `round`, `deck`, `preset`, `rules` and `scores` (the match totals before it), or with the context sealed in
    its sealed seed; each later round follows from the one before, as `deal` with `previous` does.

        Attributes:
            seed (int | str | Unset): Integer n and string "n" are the same seed. In `deal`, the string `server` asks the
                service to draw
                256 bits itself and answer a commitment to them ([docs/fairness.md](/docs/guide/fairness.md)).
            sealed_seed (str | Unset):
            salt (str | Unset):
            seed_commitment (str | Unset):
            players (int | Unset):
            dealer (int | Unset):
            round_ (int | Unset):
            deck (DeckStyle | Unset):
            preset (ReplayRequestPreset | Unset):
            rules (Rules | Unset): Rule options by name ([docs/rules.md](/docs/guide/rules.md), and `GET /v1/games`);
                unknown names or values are a 400.
            scores (list[int] | Unset): The match totals per side before the first round (default 0 each; below 0 only in a
                zero-sum match, Briscola chiamata); a sealed seed carries its own.
            moves (list[Move] | Unset):
            rounds (list[ReplayRound] | Unset): One entry per round of the match, in order; at most 1500 moves in all.
     """

    seed: int | str | Unset = UNSET
    sealed_seed: str | Unset = UNSET
    salt: str | Unset = UNSET
    seed_commitment: str | Unset = UNSET
    players: int | Unset = UNSET
    dealer: int | Unset = UNSET
    round_: int | Unset = UNSET
    deck: DeckStyle | Unset = UNSET
    preset: ReplayRequestPreset | Unset = UNSET
    rules: Rules | Unset = UNSET
    scores: list[int] | Unset = UNSET
    moves: list[Move] | Unset = UNSET
    rounds: list[ReplayRound] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.move import Move # noqa: PLC0415
        from ..models.replay_round import ReplayRound # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        sealed_seed = self.sealed_seed

        salt = self.salt

        seed_commitment = self.seed_commitment

        players = self.players

        dealer = self.dealer

        round_ = self.round_

        deck: str | Unset = UNSET
        if not isinstance(self.deck, Unset):
            deck = self.deck.value


        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value


        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores



        moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = []
            for moves_item_data in self.moves:
                moves_item = moves_item_data.to_dict()
                moves.append(moves_item)



        rounds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rounds, Unset):
            rounds = []
            for rounds_item_data in self.rounds:
                rounds_item = rounds_item_data.to_dict()
                rounds.append(rounds_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if sealed_seed is not UNSET:
            field_dict["sealed_seed"] = sealed_seed
        if salt is not UNSET:
            field_dict["salt"] = salt
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if players is not UNSET:
            field_dict["players"] = players
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if round_ is not UNSET:
            field_dict["round"] = round_
        if deck is not UNSET:
            field_dict["deck"] = deck
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rules is not UNSET:
            field_dict["rules"] = rules
        if scores is not UNSET:
            field_dict["scores"] = scores
        if moves is not UNSET:
            field_dict["moves"] = moves
        if rounds is not UNSET:
            field_dict["rounds"] = rounds

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move # noqa: PLC0415
        from ..models.replay_round import ReplayRound # noqa: PLC0415
        from ..models.rules import Rules # noqa: PLC0415
        d = dict(src_dict)
        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))


        sealed_seed = d.pop("sealed_seed", UNSET)

        salt = d.pop("salt", UNSET)

        seed_commitment = d.pop("seed_commitment", UNSET)

        players = d.pop("players", UNSET)

        dealer = d.pop("dealer", UNSET)

        round_ = d.pop("round", UNSET)

        _deck = d.pop("deck", UNSET)
        deck: DeckStyle | Unset
        if isinstance(_deck,  Unset):
            deck = UNSET
        else:
            deck = DeckStyle(_deck)




        _preset = d.pop("preset", UNSET)
        preset: ReplayRequestPreset | Unset
        if isinstance(_preset,  Unset):
            preset = UNSET
        else:
            preset = ReplayRequestPreset(_preset)




        _rules = d.pop("rules", UNSET)
        rules: Rules | Unset
        if isinstance(_rules,  Unset):
            rules = UNSET
        else:
            rules = Rules.from_dict(_rules)




        scores = cast(list[int], d.pop("scores", UNSET))


        _moves = d.pop("moves", UNSET)
        moves: list[Move] | Unset = UNSET
        if _moves is not UNSET:
            moves = []
            for moves_item_data in _moves:
                moves_item = Move.from_dict(moves_item_data)



                moves.append(moves_item)


        _rounds = d.pop("rounds", UNSET)
        rounds: list[ReplayRound] | Unset = UNSET
        if _rounds is not UNSET:
            rounds = []
            for rounds_item_data in _rounds:
                rounds_item = ReplayRound.from_dict(rounds_item_data)



                rounds.append(rounds_item)


        replay_request = cls(
            seed=seed,
            sealed_seed=sealed_seed,
            salt=salt,
            seed_commitment=seed_commitment,
            players=players,
            dealer=dealer,
            round_=round_,
            deck=deck,
            preset=preset,
            rules=rules,
            scores=scores,
            moves=moves,
            rounds=rounds,
        )

        return replay_request

