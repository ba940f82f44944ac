"""Round and match results shared by every game (API.md, Scores and matches)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .state import Match, seats_of, sides_of


@dataclass(frozen=True)
class SideScore:
    side: int
    seats: tuple[int, ...]
    points: dict[str, int]
    total: int
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchResult:
    scores: tuple[int, ...]
    target: int
    round: int
    over: bool
    winner: int | None


@dataclass(frozen=True)
class RoundScore:
    sides: tuple[SideScore, ...]
    match: MatchResult
    winner: int | None = None  # the round's winner where a game has one (Briscola); None for a draw


def unique_best(values: Sequence[int | tuple[int, ...]]) -> int | None:
    """Index of the single highest value, or None when the best is tied: a tied category scores for nobody."""
    best = max(values)
    leaders = [index for index, value in enumerate(values) if value == best]
    return leaders[0] if len(leaders) == 1 else None


def side_seats(players: int) -> list[tuple[int, ...]]:
    return [seats_of(side, players) for side in range(sides_of(players))]


def settle_match(match: Match, round_totals: Sequence[int]) -> MatchResult:
    """Add a round to the match. A side wins at or above the target when strictly ahead of every other side;
    best sides tied at or above the target play another round (RULES.md 3, Match)."""
    scores = tuple(before + now for before, now in zip(match.scores, round_totals, strict=True))
    leader = unique_best(scores)
    over = leader is not None and scores[leader] >= match.target
    return MatchResult(scores, match.target, match.round, over, leader if over else None)


def margin(score: RoundScore, seat: int) -> tuple[float, SideScore, list[SideScore]]:
    """A finished round from ``seat``'s side: its total less the best other side's, its side and the others."""
    mine = next(side for side in score.sides if seat in side.seats)
    others = [side for side in score.sides if side is not mine]
    best = max(others, key=lambda side: side.total)
    return float(mine.total - best.total), mine, others
