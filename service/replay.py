"""Replay verification (docs/fairness.md): a whole round or match from its seed and moves, checked move by move.

The answer is the final state, its score and a digest of every event, or the first move the rules refuse. A
sealed seed (from a ``"seed": "server"`` deal) is opened here, and its seed is given back only when the moves
have legally finished the round it was drawn for.
"""

from __future__ import annotations

import hashlib
from typing import Any, NamedTuple

import orjson

from .engine.errors import FieldProblem, IllegalMove, MatchOver, Reason
from .engine.game import Game
from .engine.scoring import RoundScore
from .engine.state import Event, GameState, Match, sides_of
from .fairness import SealBroken, SealedDeal, SeedSealer, commitment
from .schemas import requests as schemas
from .schemas.errors import RequestInvalid
from .schemas.state import dump_value
from .usecases import _first_round


class Refused(NamedTuple):
    """The first move the rules refuse: its index in ``moves`` (``at``), the round it was in, and why."""

    at: int
    round: int
    error: IllegalMove


class Replayed(NamedTuple):
    state: GameState
    score: RoundScore | None  # of the last round, when it is over
    rounds: int
    moves: int
    digest: str
    refused: Refused | None
    seed: str | None  # revealed: a sealed seed whose round the moves finished
    commitment: str | None  # of the seed this replay was dealt from, when it is a server-drawn one
    sealed: bool  # dealt from a sealed seed: nothing of it may be shown unless the round was finished


def event_line(event: Event) -> bytes:
    """One line of the event digest: the event as the API writes it, keys sorted, no spaces, then a newline."""
    return orjson.dumps({"type": event.type, **dump_value(event.data)}, option=orjson.OPT_SORT_KEYS) + b"\n"


def replay(game: Game, alias_preset: str | None, data: dict[str, Any], sealer: SeedSealer) -> Replayed:
    sealed: SealedDeal | None = None
    if "sealed_seed" in data:
        try:
            sealed = sealer.open(data["sealed_seed"])
        except SealBroken as error:
            raise RequestInvalid([FieldProblem("/sealed_seed", str(error))], "invalid_sealed_seed") from error
        if sealed.game != game.name:
            raise RequestInvalid([FieldProblem("/sealed_seed", f"was drawn for {sealed.game}")], "game_mismatch")
        rules = game.rulebook.resolve(overrides=sealed.rules)
        players, dealer, deck = sealed.players, sealed.dealer, sealed.deck
        match = Match((0,) * sides_of(players), rules.target, sealed.round)
        seed: int | str = sealed.dealt_seed
    else:
        rules, players, deck, dealer, match = _first_round(game, alias_preset, data)
        seed = data["seed"] if "salt" not in data else f"{data['seed']}.{data['salt']}"
    state, events = game.deal(rules, players, seed, dealer, match, deck)
    digest = hashlib.sha256()
    for event in events:
        digest.update(event_line(event))
    rounds, refused = 1, None
    for index, raw_move in enumerate(data["moves"]):
        if state.round_over:
            if sealed is not None:  # a sealed seed deals one round; the next has a seed of its own
                ended = IllegalMove(Reason.ROUND_OVER, "the round this sealed seed was drawn for is over")
                refused = Refused(index, state.match.round, ended)
                break
            try:
                following = game.next_round(state)
            except MatchOver as error:
                # Not a move the rules refuse but a log that goes on past its end: the request is wrong.
                problem = FieldProblem(f"/moves/{index}", f"{error.message}: no move may follow the last one")
                raise RequestInvalid([problem], "match_over") from error
            state, events = game.deal(
                following.rules, following.players, seed, following.dealer, following.match, following.deck
            )
            for event in events:
                digest.update(event_line(event))
            rounds += 1
        move = schemas.load_move(game, raw_move, f"/moves/{index}")
        try:
            state, events = game.play(state, move)
        except IllegalMove as error:
            refused = Refused(index, state.match.round, error)
            break
        for event in events:
            digest.update(event_line(event))
    over = refused is None and state.round_over
    revealed = sealed.seed if sealed is not None and over else None
    seed_commitment = sealed.commitment if sealed is not None else None
    if sealed is None and isinstance(data["seed"], str) and len(data["seed"]) == 64:
        seed_commitment = commitment(game.name, players, dealer, match.round, dict(rules), data["seed"])
    return Replayed(
        state=state,
        score=game.score(state) if state.round_over else None,
        rounds=rounds,
        moves=len(data["moves"]) if refused is None else refused.at,
        digest=digest.hexdigest(),
        refused=refused,
        seed=revealed,
        commitment=seed_commitment,
        sealed=sealed is not None,
    )
