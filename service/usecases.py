"""What the endpoints do, without HTTP: read a request's fields into engine values, ask the game, return engine
values. The blueprints parse the body, call one of these and serialize the answer (Flask's "sans-I/O core").

The posted states, rules, moves and piles are read by a ``Reader`` the caller hands in (the schemas,
``service/schemas/reader.py``), so this module knows no schema and no JSON library.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from .engine.cards import Card
from .engine.errors import FieldProblem, IllegalMove, InvalidState
from .engine.game import Game, NextRound
from .engine.moves import LegalMoves, Move
from .engine.options import Rules
from .engine.scoring import RoundScore
from .engine.state import Event, GameState, Match
from .fairness import SERVER_SEED, SealedDeal, draw_seed
from .players import DEFAULT_BUDGET_MS, Observation, Suggestion, observe, suggest
from .request_errors import RequestInvalid


class Reader(Protocol):
    """Posted JSON into engine values; each raises ``RequestInvalid`` naming every bad field."""

    def state(self, game: Game, raw: object, prefix: str) -> tuple[GameState, dict[str, Any]]:
        """The engine state and the derived fields the caller reported (``Codec.reported``)."""
        ...

    def rules(self, game: Game, raw: dict[str, Any] | None, prefix: str) -> Rules: ...

    def move(self, game: Game, raw: object) -> Move: ...

    def piles(self, game: Game, data: dict[str, Any]) -> tuple[Rules, int, list[list[Card]], list[int], Match]:
        """The piles-only form of ``score``: rules, players, captures, sweeps and match."""
        ...


class Played(NamedTuple):
    state: GameState
    events: list[Event]


class Dealt(NamedTuple):
    state: GameState
    events: list[Event]
    sealed: SealedDeal | None = None
    """Set when the service drew the seed: the caller gets its commitment and the sealed seed, never the seed."""


def checked_state(read: Reader, game: Game, raw: object, prefix: str = "/state") -> GameState:
    """Load and validate a posted state; every consistency failure names its field under ``prefix``."""
    state, reported = read.state(game, raw, prefix)
    try:
        game.validate(state)
        game.check_reported(state, reported)
    except InvalidState as error:
        problems = [FieldProblem(prefix + problem.pointer, problem.message) for problem in error.problems]
        raise InvalidState(error.code, error.message, problems) from error
    return state


def deal(read: Reader, game: Game, alias_preset: str | None, data: dict[str, Any]) -> Dealt:
    """A new round from ``{players, seed, dealer?, deck?, preset?, rules?}``, or the next one from ``previous``.

    ``"seed": "server"`` deals from 256 bits the service draws (``salt`` mixed in when given).
    """
    if "previous" in data:
        rules, players, deck, dealer, match = _next_round(read, game, data)
    else:
        rules, players, deck, dealer, match = first_round(read, game, alias_preset, data)
    sealed = None
    seed: int | str = data["seed"]
    if seed == SERVER_SEED:
        sealed = SealedDeal(
            draw_seed(), game.name, players, dealer, match.round, dict(rules), deck, data.get("salt"), match.scores
        )
        seed = sealed.dealt_seed
    return Dealt(*game.deal(rules, players, seed, dealer, match, deck), sealed)


def first_round(read: Reader, game: Game, alias_preset: str | None, data: dict[str, Any]) -> NextRound:
    preset_name = data.get("preset", alias_preset)
    book = game.rulebook
    preset = None if preset_name is None else book.preset(preset_name)
    rules = book.resolve(preset_name, {})
    if "rules" in data:
        rules = read.rules(game, {**dict(rules), **data["rules"]}, "")
    players = data["players"]
    if players not in game.player_counts:
        allowed = ", ".join(map(str, game.player_counts))
        raise RequestInvalid([FieldProblem("/players", f"{game.name} is played by {allowed} players")])
    dealer = data.get("dealer", players - 1)
    if dealer >= players:
        raise RequestInvalid([FieldProblem("/dealer", f"must be 0..{players - 1}")])
    deck = data.get("deck") or (preset.deck if preset and preset.deck else "italian")
    round_number = data.get("round", 1)
    match = Match((0,) * game.shape.side_count(players), rules.target, round_number)
    return NextRound(rules, players, deck, dealer, match)


def _next_round(read: Reader, game: Game, data: dict[str, Any]) -> NextRound:
    """Players, rules and deck come from the finished round; a request that names other values is refused."""
    previous = checked_state(read, game, data["previous"], "/previous")
    following = game.next_round(previous)
    repeated = {"players": following.players, "deck": following.deck, "dealer": following.dealer}
    clashes = [name for name, value in repeated.items() if name in data and data[name] != value]
    clashes += [
        f"rules/{name}" for name, value in data.get("rules", {}).items() if following.rules.get(name) != value
    ]
    clashes += ["preset"] if "preset" in data else []
    if clashes:
        raise RequestInvalid(
            [FieldProblem("/" + name, "the next round takes this from 'previous'") for name in clashes]
        )
    return following


def legal_moves(read: Reader, game: Game, data: dict[str, Any]) -> LegalMoves:
    return game.legal_moves(checked_state(read, game, data["state"]), data.get("limit"))


def verdict(read: Reader, game: Game, data: dict[str, Any]) -> Move | IllegalMove:
    """The move as it would be played, or the refusal (``validate`` never changes anything)."""
    state = checked_state(read, game, data["state"])
    move = read.move(game, data["move"])
    try:
        return game.check(state, move)
    except IllegalMove as error:
        return error


def play(game: Game, state: GameState, move: Move) -> Played:
    """The next state and its events; an illegal move raises ``IllegalMove`` and nothing changes."""
    return Played(*game.play(state, move))


class Thinker(Protocol):
    """Runs ``players.suggest``: here, or where the serving layer puts it."""

    def __call__(
        self,
        game: Game,
        observation: Observation,
        level: str,
        seed: int,
        budget_ms: float,
        /,
        *,
        worlds: int | None = None,
        explain: int = 0,
    ) -> Suggestion: ...


def suggestion(
    read: Reader, game: Game, data: dict[str, Any], think: Thinker = suggest
) -> tuple[int, Suggestion]:
    """A computer player's move for ``seat`` (default: the seat to act) of a posted state, and that seat."""
    state = checked_state(read, game, data["state"])
    return suggestion_for(game, state, data.get("seat", state.turn), data, think)


def suggestion_for(
    game: Game, state: GameState, seat: int | None, data: dict[str, Any], think: Thinker = suggest
) -> tuple[int, Suggestion]:
    """The seat and its player's move; the player is handed only what the seat may see (``observe``), never
    another hand or the stock order. No seat (the round is over) asks for the dealer, who has nothing to do."""
    if seat is None:
        seat = state.dealer
    if not 0 <= seat < state.players:
        raise RequestInvalid([FieldProblem("/seat", f"must be 0..{state.players - 1}")])
    seen = observe(game, state, seat)
    budget = data.get("budget_ms", DEFAULT_BUDGET_MS)
    asked = {"worlds": data.get("worlds"), "explain": data.get("explain", 0)}
    return seat, think(game, seen, data["level"], data.get("seed", 0), budget, **asked)


def score(read: Reader, game: Game, data: dict[str, Any]) -> RoundScore:
    """A finished round's score, from its state or (where ``Game.scores_from_piles``) from the piles alone."""
    if "state" in data:
        return game.score(checked_state(read, game, data["state"]))
    if not game.scores_from_piles:
        raise RequestInvalid([FieldProblem("/state", f"{game.name.capitalize()} is scored from a finished state")])
    rules, players, captures, sweeps, match = read.piles(game, data)
    return game.score_piles(rules, players, captures, sweeps, match)
