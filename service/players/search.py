"""The strong player: determinized Monte Carlo over the hands the seat cannot see.

For each of a fixed number of sampled worlds (the unseen cards dealt at random, ``determinize``), every candidate
move is played and the round finished by a fast greedy rollout; the move with the best average result for the
seat's side wins. Every candidate meets the same worlds and the same rollout dice (common random numbers), so the
comparison is between moves, not between lucky deals. A long list of moves is first cut to the greedy player's
favourites, and in the fishing games its one-ply estimate joins the mean as a prior.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import NamedTuple

from service.engine.game import Game
from service.engine.moves import Move
from service.engine.state import BriscolaState, FishingState, GameState, side_of

from .heuristics import greedy_move, scores
from .observation import Observation, determinize

PLAYOUTS = {"scopa": 160, "scopone": 140, "escoba": 130, "briscola": 290}
"""Rollouts per decision by default, shared among the candidate moves: about 120-140 ms of pure Python from a
two-player opening on one idle core (a Briscola rollout is the cheapest); the budget cuts it short on slower
or busier machines."""
OTHER_GAME_PLAYOUTS = 200
MIN_WORLDS = 4
MAX_CANDIDATES = 5
"""Only the greedy player's favourite few are searched: more sampled worlds each, and the rest are rarely best
(in Escoba, free to lay any card, a hand has up to a dozen moves)."""
EPSILON = 0.1
"""Share of rollout plays made at random: the seats do not all play the one greedy line."""
CARDS_TIEBREAK = 0.02
"""Fishing: round points decide; captured cards only break ties (and thin out the noise of near-even deals)."""
FISHING_PRIOR = 0.5
"""Fishing: the greedy player's one-ply estimate (in round points) joins the sampled mean, so that moves the
samples cannot tell apart are told apart by judgement rather than by noise."""
BRISCOLA_WIN = 20.0
"""Briscola: winning the round (more than 60 points) is what counts; the margin only refines it."""


class SearchResult(NamedTuple):
    """The move found, what was weighed to find it (playouts, or lines of an exact endgame), whether in full."""

    move: Move
    considered: int
    complete: bool


def default_playouts(game: str) -> int:
    return PLAYOUTS.get(game, OTHER_GAME_PLAYOUTS)


def worlds_for(candidates: int, playouts: int) -> int:
    """How many sampled worlds each candidate meets: ``playouts`` shared out, down to a floor when there are
    many candidates."""
    return max(MIN_WORLDS, -(-playouts // max(candidates, 1)))


def outcome(game: Game, final: GameState, seat: int) -> float:
    """The finished round from ``seat``'s side: its result less the best other side's."""
    score = game.score(final)
    mine = side_of(seat, final.players)
    others = [side for side in score.sides if side.side != mine]
    best = max(others, key=lambda side: side.total)
    margin = float(score.sides[mine].total - best.total)
    if isinstance(final, BriscolaState):
        won = score.winner
        return margin + (BRISCOLA_WIN if won == mine else -BRISCOLA_WIN if won is not None else 0.0)
    cards = int(score.sides[mine].details["cards"]) - max(int(side.details["cards"]) for side in others)
    return margin + CARDS_TIEBREAK * cards


def rollout(game: Game, state: GameState, rng: random.Random, epsilon: float = EPSILON) -> GameState:
    """The round played out from ``state``: every seat greedy, now and then a random legal move."""
    while not state.round_over:
        moves = game.legal_moves(state).moves
        if len(moves) == 1:
            move = moves[0]
        elif rng.random() < epsilon:
            move = moves[rng.randrange(len(moves))]
        else:
            move = greedy_move(game, state, moves)
        state, _ = game.play(state, move)
    return state


def search(
    game: Game,
    observation: Observation,
    moves: Sequence[Move],
    seed: int,
    deadline: float,
    playouts: int,
) -> SearchResult:
    """The candidate with the best mean outcome over the sampled worlds; stops before ``deadline``
    (``time.perf_counter()``) rather than run a playout it has no time for.

    Only whole worlds count (every candidate played in them), so a cut search still compares like with like.
    With no world complete the greedy choice stands.
    """
    seat = observation.seat
    if len(moves) > MAX_CANDIDATES:
        moves = favourites(game, observation, moves, seed)
    worlds = worlds_for(len(moves), playouts)
    dealer = random.Random(seed)
    totals = [0.0] * len(moves)
    done = 0
    slowest = 0.0
    complete = True
    for _ in range(worlds):
        world = determinize(observation, dealer)
        dice = dealer.getrandbits(64)
        results = []
        for move in moves:
            began = time.perf_counter()
            if began + slowest > deadline:
                complete = False
                break
            after, _ = game.play(world, move)
            results.append(outcome(game, rollout(game, after, random.Random(dice)), seat))
            slowest = max(slowest, time.perf_counter() - began)
        if not complete:
            break
        for index, result in enumerate(results):
            totals[index] += result
        done += 1
    if not done:
        fallback = determinize(observation, random.Random(seed))
        return SearchResult(greedy_move(game, fallback, moves), 0, False)
    values = [total / done for total in totals]
    if isinstance(observation.masked, FishingState) and FISHING_PRIOR:
        liked = scores(game, determinize(observation, random.Random(seed)), moves)
        values = [value + FISHING_PRIOR * prior for value, prior in zip(values, liked, strict=True)]
    return SearchResult(pick(game, observation, moves, values, seed), done * len(moves), complete)


def favourites(game: Game, observation: Observation, moves: Sequence[Move], seed: int) -> list[Move]:
    """The ``MAX_CANDIDATES`` moves the greedy player likes best, in their listed order."""
    liked = scores(game, determinize(observation, random.Random(seed)), moves)
    ranked = sorted(range(len(moves)), key=lambda index: (-liked[index], index))[:MAX_CANDIDATES]
    return [moves[index] for index in sorted(ranked)]


def pick(
    game: Game, observation: Observation, moves: Sequence[Move], values: Sequence[float], seed: int
) -> Move:
    """The best-valued move; a dead heat goes to the greedy player's taste, else to the first listed."""
    best = max(values)
    leaders = [move for move, value in zip(moves, values, strict=True) if value == best]
    if len(leaders) == 1:
        return leaders[0]
    liked = greedy_move(game, determinize(observation, random.Random(seed)), moves)
    return liked if liked in leaders else leaders[0]
