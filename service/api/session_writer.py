"""The session use cases' writer (``session_usecases.Writer``): engine values into the JSON of the answers, in the
caller's language, and what an answer shows of a sealed seed."""

from __future__ import annotations

from typing import Any

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.state import Event, GameState
from ..schemas import requests as schemas
from ..schemas.state import dump_state, dump_value
from .common import dump_events, view_body
from .session_deals import fairness_answer


class JsonWriter:
    def state(self, state: GameState) -> dict[str, Any]:
        return dump_state(state)

    def value(self, value: Any) -> Any:
        return dump_value(value)

    def view(self, game: Game, state: GameState, seat: int | None) -> dict[str, Any]:
        return view_body(game, state, seat)

    def events(
        self, events: list[Event], game: Game | None = None, after: GameState | None = None
    ) -> list[dict[str, Any]]:
        return dump_events(events, game, after)

    def move(self, move: Move) -> dict[str, Any]:
        return schemas.dump_move(move)

    def fairness(self, record: dict[str, str] | None, round_over: bool) -> dict[str, str] | None:
        return fairness_answer(record, round_over)


WRITER = JsonWriter()
