from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.replayed_refused import ReplayedRefused
  from ..models.round_result import RoundResult
  from ..models.score import Score
  from ..models.state import State





T = TypeVar("T", bound="Replayed")



@_attrs_define
class Replayed:
    """ 
        Attributes:
            valid (bool):
            rounds (int):
            moves_played (int):
            events_digest (str): The SHA-256, in lowercase hex, of the replay's public events (those `to` all, every round's
                deal
                included) by the one rule of [docs/fairness.md, replay verification](/docs/guide/fairness.md#replay-
                verification),
                which any seat can recompute from what it was shown.
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
            score (None | Score):
            round_results (list[RoundResult]): Every round the moves finished, in order, each with the match totals after
                it.
            refused (ReplayedRefused | Unset):
            seed_commitment (str | Unset):
            commitment_matches (bool | Unset):
            seed (str | Unset): The revealed seed of a sealed deal whose round the moves finished.
     """

    valid: bool
    rounds: int
    moves_played: int
    events_digest: str
    state: State
    score: None | Score
    round_results: list[RoundResult]
    refused: ReplayedRefused | Unset = UNSET
    seed_commitment: str | Unset = UNSET
    commitment_matches: bool | Unset = UNSET
    seed: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.replayed_refused import ReplayedRefused # noqa: PLC0415
        from ..models.round_result import RoundResult # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        valid = self.valid

        rounds = self.rounds

        moves_played = self.moves_played

        events_digest = self.events_digest

        state = self.state.to_dict()

        score: dict[str, Any] | None
        if isinstance(self.score, Score):
            score = self.score.to_dict()
        else:
            score = self.score

        round_results = []
        for round_results_item_data in self.round_results:
            round_results_item = round_results_item_data.to_dict()
            round_results.append(round_results_item)



        refused: dict[str, Any] | Unset = UNSET
        if not isinstance(self.refused, Unset):
            refused = self.refused.to_dict()

        seed_commitment = self.seed_commitment

        commitment_matches = self.commitment_matches

        seed = self.seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "valid": valid,
            "rounds": rounds,
            "moves_played": moves_played,
            "events_digest": events_digest,
            "state": state,
            "score": score,
            "round_results": round_results,
        })
        if refused is not UNSET:
            field_dict["refused"] = refused
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if commitment_matches is not UNSET:
            field_dict["commitment_matches"] = commitment_matches
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.replayed_refused import ReplayedRefused # noqa: PLC0415
        from ..models.round_result import RoundResult # noqa: PLC0415
        from ..models.score import Score # noqa: PLC0415
        from ..models.state import State # noqa: PLC0415
        d = dict(src_dict)
        valid = d.pop("valid")

        rounds = d.pop("rounds")

        moves_played = d.pop("moves_played")

        events_digest = d.pop("events_digest")

        state = State.from_dict(d.pop("state"))




        def _parse_score(data: object) -> None | Score:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                score_type_0 = Score.from_dict(data)



                return score_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Score, data)

        score = _parse_score(d.pop("score"))


        round_results = []
        _round_results = d.pop("round_results")
        for round_results_item_data in (_round_results):
            round_results_item = RoundResult.from_dict(round_results_item_data)



            round_results.append(round_results_item)


        _refused = d.pop("refused", UNSET)
        refused: ReplayedRefused | Unset
        if isinstance(_refused,  Unset):
            refused = UNSET
        else:
            refused = ReplayedRefused.from_dict(_refused)




        seed_commitment = d.pop("seed_commitment", UNSET)

        commitment_matches = d.pop("commitment_matches", UNSET)

        seed = d.pop("seed", UNSET)

        replayed = cls(
            valid=valid,
            rounds=rounds,
            moves_played=moves_played,
            events_digest=events_digest,
            state=state,
            score=score,
            round_results=round_results,
            refused=refused,
            seed_commitment=seed_commitment,
            commitment_matches=commitment_matches,
            seed=seed,
        )


        replayed.additional_properties = d
        return replayed

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
