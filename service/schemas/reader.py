"""The schemas as the use cases' reader (``usecases.Reader``): posted JSON into engine values."""

from __future__ import annotations

from typing import Any

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.options import Rules
from ..engine.state import GameState, Match
from .piles import load_piles
from .requests import load_move
from .state import load_rules, load_state


class SchemaReader:
    def state(self, game: Game, raw: object, prefix: str) -> tuple[GameState, dict[str, Any]]:
        return load_state(game, raw, prefix)

    def rules(self, game: Game, raw: dict[str, Any] | None, prefix: str) -> Rules:
        return load_rules(game, raw, prefix)

    def move(self, game: Game, raw: object) -> Move:
        return load_move(game, raw)

    def piles(self, game: Game, data: dict[str, Any]) -> tuple[Rules, int, list[list[Card]], list[int], Match]:
        return load_piles(game, data)


READER = SchemaReader()
