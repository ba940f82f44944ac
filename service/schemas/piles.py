"""The piles-only form of ``score``: ``{rules, players, captures, sweeps, match?}``."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

from ..engine.cards import Card
from ..engine.errors import FieldProblem, pointer
from ..engine.game import Game
from ..engine.options import Rules
from ..engine.state import Match
from .errors import RequestInvalid
from .requests import load
from .state import MatchSchema, load_rules


def load_piles(game: Game, data: dict[str, Any]) -> tuple[Rules, int, list[list[Card]], list[int], Match]:
    rules = load_rules(game, data.get("rules"), "")
    players = data["players"]
    problems: list[FieldProblem] = []
    if players not in game.player_counts:
        problems.append(FieldProblem("/players", "must be " + ", ".join(map(str, game.player_counts))))
    captures = [list(pile) for pile in data["captures"]]
    sweeps = list(data.get("sweeps", [0] * players))
    for name, value in (("captures", captures), ("sweeps", sweeps)):
        if len(value) != players:
            problems.append(FieldProblem(f"/{name}", f"must have {players} entries"))
    seen: set[Card] = set()
    for seat, pile in enumerate(captures):
        for index, card in enumerate(pile):
            if card in seen:
                problems.append(FieldProblem(pointer("captures", seat, index), f"{card.code} appears twice"))
            seen.add(card)
    if problems:
        raise RequestInvalid(problems)
    if "match" in data:
        try:
            raw = MatchSchema().load(load(MatchSchema(), data["match"], "/match"))
        except ValidationError as error:
            raise RequestInvalid.from_marshmallow(error, "/match") from error
        match = Match(tuple(raw["scores"]), raw["target"], raw["round"])
        sides = game.shape.side_count(players)
        if len(match.scores) != sides:
            raise RequestInvalid([FieldProblem("/match/scores", f"must have {sides} entries")], "invalid_match")
        if match.target != rules.target:
            raise RequestInvalid([FieldProblem("/match/target", f"must be {rules.target}")], "invalid_match")
    else:
        match = Match((0,) * game.shape.side_count(players), rules.target, 1)
    return rules, players, captures, sweeps, match
