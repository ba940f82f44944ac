"""What one seat may see (STYLE.md habit 3: hidden information leaves only through a player view).

Own hand, the table or trick, the trump card, how many cards every other hand and the stock hold, pile sizes
and sweeps; never another hand, the stock order or the contents of a face-down pile.
"""

from __future__ import annotations

from typing import Any

from .errors import FieldProblem, InvalidState
from .state import GameState


def common_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """What every game shows a seat; each game adds its table, trick or trump card (``Game.view``).

    ``seat`` None is the public view: what a spectator at the table sees, every hand face down.
    """
    if seat is not None and not 0 <= seat < state.players:
        raise InvalidState(
            "invalid_seat",
            f"seat {seat} does not exist",
            [FieldProblem("/seat", f"must be 0..{state.players - 1}")],
        )
    view: dict[str, Any] = {
        "game": state.game,
        "seat": seat,
        "players": state.players,
        "dealer": state.dealer,
        "turn": state.turn,
        "round_over": state.round_over,
        "deck": state.deck,
        "rules": dict(state.rules.by_name),
        "hand": state.hands[seat] if seat is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "stock_count": len(state.stock),
        "pile_sizes": [len(pile) for pile in state.captures],
        "match": {
            "scores": list(state.match.scores),
            "target": state.match.target,
            "round": state.match.round,
        },
    }
    return view
