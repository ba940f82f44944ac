"""Sessions the service deals itself (docs/fairness.md, sessions): the seed sealed inside the session record,
its commitment shown from the start, the seed itself shown only once the round is over.

A session made from a posted state has nothing to prove: its caller chose the cards. A session made with
``"deal": {"seed": "server", ...}`` keeps the sealed seed in its record; nobody, the owner included, learns the
seed before the round's last card is played, and every answer then carries it so that any player can check
the commitment and deal the round again.
"""

from __future__ import annotations

from typing import Any

from .. import usecases
from ..engine.errors import FieldProblem
from ..engine.game import Game
from ..engine.state import Event, GameState
from ..schemas import requests as schemas
from ..schemas.errors import RequestInvalid
from ..schemas.reader import READER
from .common import seed_sealer

Dealt = tuple[GameState, dict[str, str] | None, list[Event]]
"""A session's round: the state, what the record keeps of a server-drawn seed, and the deal's events."""


def deal_session(game: Game, alias_preset: str | None, raw: object) -> Dealt:
    """A first round from ``{players, seed, dealer?, deck?, preset?, rules?, salt?}``, with its sealed seed."""
    data = schemas.load(schemas.DEAL_REQUEST, raw, "/deal")
    if "previous" in data:
        raise RequestInvalid(
            [
                FieldProblem(
                    "/deal/previous", "a session's next round is dealt by POST /v1/sessions/{id}/next-round"
                )
            ]
        )
    dealt = usecases.deal(READER, game, alias_preset, data)
    return dealt.state, sealed_record(dealt), dealt.events


def deal_next_round(game: Game, previous: dict[str, Any], raw: dict[str, Any]) -> Dealt:
    """The next round of a session's match, dealt from its finished state and ``{seed, salt?}``."""
    dealt = usecases.deal(READER, game, None, {**raw, "previous": previous})
    return dealt.state, sealed_record(dealt), dealt.events


def sealed_record(dealt: usecases.Dealt) -> dict[str, str] | None:
    """What the session record keeps of a server-drawn seed: the commitment, and the seed sealed (never plain)."""
    if dealt.sealed is None:
        return None
    return {"commitment": dealt.sealed.commitment, "sealed": seed_sealer().seal(dealt.sealed)}


def fairness_answer(record: dict[str, str] | None, round_over: bool) -> dict[str, str] | None:
    """``{seed_commitment}``, and once the round is over the seed (and salt) that the commitment binds."""
    if record is None:
        return None
    answer = {"seed_commitment": record["commitment"]}
    if round_over:
        opened = seed_sealer().open(record["sealed"])
        answer["seed"] = opened.seed
        if opened.salt is not None:
            answer["salt"] = opened.salt
    return answer
