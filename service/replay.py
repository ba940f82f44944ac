"""Replay verification (docs/fairness.md): a whole round or match from its seeds and moves, checked move by move.

A replay is a list of rounds, each dealt from a seed (given, or sealed by a ``"seed": "server"`` deal) and played
with its moves; the match totals carry from round to round as ``deal`` with ``previous`` carries them. The answer
is the final state, every finished round's score and a digest of every event, or the first move the rules refuse.

A sealed seed hides the cards of its round, so a replay that holds one answers in detail only when every sealed
round in it was played legally to its end: then every card it dealt has been played face up. Any other such replay
gets one answer, the same whatever its moves were (``SealedReplayUnfinished``), and costs the same work: the moves
left unplayed after a refusal are matched by as many plays of a public round (``shadow_plays``), so neither the
answer nor the time it takes tells how far the moves were legal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, NamedTuple

import orjson

from .engine.errors import FieldProblem, IllegalMove, MatchOver, Reason
from .engine.game import Game, NextRound
from .engine.moves import Move
from .engine.options import Rules
from .engine.scoring import RoundScore
from .engine.state import Event, GameState, Match
from .fairness import SealBroken, SealedDeal, SeedSealer, commitment
from .schemas import requests as schemas
from .schemas.errors import RequestInvalid
from .schemas.reader import READER
from .schemas.state import dump_value
from .usecases import first_round


class SealedReplayUnfinished(Exception):
    """A replay holding a sealed seed whose round its moves did not legally finish: one answer for all of them."""


class Refused(NamedTuple):
    """The first move the rules refuse: its index in its round's ``moves`` (``at``), the round, and why."""

    at: int
    round: int
    error: IllegalMove


class RoundResult(NamedTuple):
    """A finished round of the replay: its score (the match totals after it) and what proves its seed."""

    round: int
    score: RoundScore
    seed: str | None  # revealed: a sealed seed whose round the moves finished
    salt: str | None
    commitment: str | None  # of a server-drawn seed (sealed, or a 64-hex seed given in the clear)
    commitment_matches: bool | None  # when the request gave a commitment for this round


class Replayed(NamedTuple):
    state: GameState
    score: RoundScore | None  # of the last round, when it is over
    rounds: int
    moves: int
    digest: str
    refused: Refused | None
    results: list[RoundResult]
    commitment: str | None  # of the first round's seed, when it is a server-drawn one


class Entry(NamedTuple):
    """One round of the request, read and checked before anything is played."""

    seed: int | str | None  # the seed in the clear (with its salt mixed in), or None for a sealed one
    sealed: SealedDeal | None
    commitment: str | None  # given by the caller, to compare
    moves: list[Move]
    pointer: str  # where the round sits in the request: "" (the one-round form) or "/rounds/<k>"
    repeats: bool  # the one-round form with a seed in the clear: a match goes on from the same seed


def event_line(event: Event) -> bytes:
    """One line of the event digest: the event as the API writes it, keys sorted, no spaces, then a newline."""
    return orjson.dumps({"type": event.type, **dump_value(event.data)}, option=orjson.OPT_SORT_KEYS) + b"\n"


def replay(game: Game, alias_preset: str | None, data: dict[str, Any], sealer: SeedSealer) -> Replayed:
    """Replay ``data`` (a ``ReplayRequest``); ``SealedReplayUnfinished`` when a sealed round is not finished."""
    entries = read_entries(game, data, sealer)
    run = Run(game, entries)
    try:
        run.play_all(first_context(game, alias_preset, data, entries[0]))
    finally:
        if run.hides_cards():
            shadow_plays(game, run.context, run.unplayed())
    if run.hides_cards():
        raise SealedReplayUnfinished
    state = run.state
    assert state is not None
    return Replayed(
        state=state,
        score=game.score(state) if state.round_over else None,
        rounds=run.rounds,
        moves=run.played,
        digest=run.digest.hexdigest(),
        refused=run.refused,
        results=run.results,
        commitment=run.first_commitment,
    )


# -- reading the request --------------------------------------------------------------------------------------


def read_entries(game: Game, data: dict[str, Any], sealer: SeedSealer) -> list[Entry]:
    """Every round of the request with its seed opened and its moves read: nothing here depends on a deal."""
    if "rounds" not in data:
        return [read_entry(game, data, "", sealer, repeats="seed" in data)]
    return [read_entry(game, raw, f"/rounds/{k}", sealer, repeats=False) for k, raw in enumerate(data["rounds"])]


def read_entry(game: Game, raw: dict[str, Any], pointer: str, sealer: SeedSealer, repeats: bool) -> Entry:
    sealed = None
    seed: int | str | None = None
    if "sealed_seed" in raw:
        try:
            sealed = sealer.open(raw["sealed_seed"])
        except SealBroken as error:
            raise RequestInvalid([FieldProblem(f"{pointer}/sealed_seed", str(error))], "invalid_sealed_seed") from error
        if sealed.game != game.name:
            problem = FieldProblem(f"{pointer}/sealed_seed", f"was drawn for {sealed.game}")
            raise RequestInvalid([problem], "game_mismatch")
    else:
        seed = raw["seed"] if "salt" not in raw else f"{raw['seed']}.{raw['salt']}"
    moves = [schemas.load_move(game, move, f"{pointer}/moves/{index}") for index, move in enumerate(raw["moves"])]
    return Entry(seed, sealed, raw.get("seed_commitment"), moves, pointer, repeats)


def first_context(game: Game, alias_preset: str | None, data: dict[str, Any], entry: Entry) -> NextRound:
    """What the first round is dealt with: the sealed seed's own context, or the request's fields."""
    if entry.sealed is not None:
        return sealed_context(game, entry.sealed)
    context = first_round(READER, game, alias_preset, data)
    if "scores" in data:
        scores = tuple(data["scores"])
        if len(scores) != len(context.match.scores):
            problem = FieldProblem("/scores", f"one score per side: {len(context.match.scores)}")
            raise RequestInvalid([problem])
        context = context._replace(match=Match(scores, context.match.target, context.match.round))
    return context


def sealed_context(game: Game, sealed: SealedDeal) -> NextRound:
    rules = game.rulebook.resolve(overrides=sealed.rules)
    scores = tuple(sealed.scores) if sealed.scores is not None else (0,) * game.shape.side_count(sealed.players)
    return NextRound(rules, sealed.players, sealed.deck, sealed.dealer, Match(scores, rules.target, sealed.round))


def same_context(expected: NextRound, sealed: SealedDeal) -> bool:
    """Whether a sealed seed was drawn for exactly the round that comes next in this match."""
    return (
        sealed.players == expected.players
        and sealed.dealer == expected.dealer
        and sealed.round == expected.match.round
        and sealed.deck == expected.deck
        and sealed.rules == dict(expected.rules)
        and (sealed.scores is None or tuple(sealed.scores) == expected.match.scores)
    )


# -- playing it -----------------------------------------------------------------------------------------------


class Run:
    """The replay as it goes: the state, the digest, the finished rounds, and where it stopped."""

    def __init__(self, game: Game, entries: list[Entry]) -> None:
        self.game, self.entries = game, entries
        self.state: GameState | None = None
        self.context: NextRound | None = None
        self.digest = hashlib.sha256()
        self.rounds = self.played = 0
        self.refused: Refused | None = None
        self.results: list[RoundResult] = []
        self.sealed_finished = 0  # sealed rounds played legally to their end
        self.first_commitment: str | None = None

    def hides_cards(self) -> bool:
        sealed = sum(entry.sealed is not None for entry in self.entries)
        return sealed > 0 and (self.refused is not None or self.sealed_finished < sealed)

    def unplayed(self) -> int:
        """The moves sent but not played, less the refused one (the rules looked at it: a play's work)."""
        sent = sum(len(entry.moves) for entry in self.entries)
        return sent - self.played - (self.refused is not None)

    def play_all(self, context: NextRound) -> None:
        for index, entry in enumerate(self.entries):
            if index > 0:
                context = self.next_context(entry)
            self.deal(context, entry)
            if not self.play_round(entry):
                return
            self.finish(entry)

    def next_context(self, entry: Entry) -> NextRound:
        state = self.state
        assert state is not None
        if not state.round_over:
            if self.hides_cards():
                raise SealedReplayUnfinished
            problem = FieldProblem(entry.pointer, "follows a round that its moves did not finish")
            raise RequestInvalid([problem], "round_not_over")
        try:
            following = self.game.next_round(state)
        except MatchOver as error:
            problem = FieldProblem(entry.pointer, f"{error.message}: no round may follow the last one")
            raise RequestInvalid([problem], "match_over") from error
        if entry.sealed is not None and not same_context(following, entry.sealed):
            # Every earlier round is finished and face up: naming the mismatch tells nothing hidden.
            problem = FieldProblem(
                f"{entry.pointer}/sealed_seed", f"was drawn for another deal than round {following.match.round}"
            )
            raise RequestInvalid([problem], "round_mismatch")
        return following

    def deal(self, context: NextRound, entry: Entry) -> None:
        seed = entry.sealed.dealt_seed if entry.sealed is not None else entry.seed
        assert seed is not None
        self.context = context
        self.state, events = self.game.deal(
            context.rules, context.players, seed, context.dealer, context.match, context.deck
        )
        if self.rounds == 0:
            self.first_commitment = self.commitment_of(entry)
        self.rounds += 1
        self.add(events)

    def play_round(self, entry: Entry) -> bool:
        """Play the entry's moves; False when the rules refuse one (the one-round form may span a match)."""
        game = self.game
        for index, move in enumerate(entry.moves):
            state = self.state
            assert state is not None and self.context is not None
            if state.round_over:
                if not entry.repeats:
                    ended = IllegalMove(Reason.ROUND_OVER, "this round is over: its moves end here")
                    self.refused = Refused(index, state.match.round, ended)
                    return False
                self.record(entry, state)
                try:
                    following = game.next_round(state)
                except MatchOver as error:
                    # Not a move the rules refuse but a log that goes on past its end: the request is wrong.
                    problem = FieldProblem(f"/moves/{index}", f"{error.message}: no move may follow the last one")
                    raise RequestInvalid([problem], "match_over") from error
                self.deal(following, entry)
                state = self.state
                assert state is not None
            try:
                self.state, events = game.play(state, move)
            except IllegalMove as error:
                self.refused = Refused(index, state.match.round, error)
                return False
            self.played += 1
            self.add(events)
        return True

    def finish(self, entry: Entry) -> None:
        """Record the entry's round when its moves finished it (an unfinished one may only be the last)."""
        state = self.state
        assert state is not None
        if state.round_over:
            self.record(entry, state)
            self.sealed_finished += entry.sealed is not None

    def record(self, entry: Entry, state: GameState) -> None:
        sealed = entry.sealed
        promised = self.commitment_of(entry)
        self.results.append(
            RoundResult(
                round=state.match.round,
                score=self.game.score(state),
                seed=sealed.seed if sealed is not None else None,
                salt=sealed.salt if sealed is not None else None,
                commitment=promised,
                commitment_matches=None if entry.commitment is None else entry.commitment == promised,
            )
        )

    def commitment_of(self, entry: Entry) -> str | None:
        if entry.sealed is not None:
            return entry.sealed.commitment
        return clear_commitment(self.game, self.context, entry)

    def add(self, events: Sequence[Event]) -> None:
        """Only public events are digested: any seat can recompute the digest from what it was shown."""
        for event in events:
            if event.to is None:
                self.digest.update(event_line(event))


def clear_commitment(game: Game, context: NextRound | None, entry: Entry) -> str | None:
    """The commitment of a seed given in the clear, when it has the form of a server-drawn one (64 hex digits)."""
    seed = entry.seed
    if context is None or not isinstance(seed, str):
        return None
    hex_part = seed.split(".", 1)[0]
    if len(hex_part) != 64:
        return None
    rules = dict(context.rules)
    return commitment(game.name, context.players, context.dealer, context.match.round, rules, hex_part)


# -- the same work whatever the moves were ---------------------------------------------------------------------


def shadow_plays(game: Game, context: NextRound | None, count: int) -> None:
    """``count`` plays of a public round of the same game and rules, so that a refused sealed replay costs what
    playing every submitted move would have cost."""
    if context is None or count <= 0:
        return
    positions = public_round(game, context.rules, context.players, context.deck)
    digest = hashlib.sha256()  # a real play's events go into the digest: these cost the same, and are dropped
    for index in range(count):
        state, move = positions[index % len(positions)]
        for event in game.play(state, move)[1]:
            digest.update(event_line(event))


PUBLIC_ROUNDS_KEPT = 64
_public_rounds: dict[tuple[str, Rules, int, str], tuple[tuple[GameState, Move], ...]] = {}


def public_round(game: Game, rules: Rules, players: int, deck: str) -> tuple[tuple[GameState, Move], ...]:
    """A round dealt from a fixed, public seed and played with the first legal move each turn (kept per game,
    rules and table: a refused replay then costs its plays and nothing more)."""
    key = (game.name, rules, players, deck)
    found = _public_rounds.get(key)
    if found is not None:
        return found
    match = Match((0,) * game.shape.side_count(players), rules.target, 1)
    state, _ = game.deal(rules, players, "cardrules-shadow-round", players - 1, match)
    positions: list[tuple[GameState, Move]] = []
    while not state.round_over:
        move = game.legal_moves(state, 1).moves[0]
        positions.append((state, move))
        state, _ = game.play(state, move)
    if len(_public_rounds) >= PUBLIC_ROUNDS_KEPT:
        _public_rounds.clear()
    _public_rounds[key] = found = tuple(positions)
    return found
