"""Plays one whole round of every game and player count through the Python client that openapi-python-client
generated from openapi.yaml (importable as ``cardrules_client``), and prints the scores as JSON.

    python tests/live/python_client_round.py http://127.0.0.1:8000
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardrules_client import Client  # type: ignore[import-not-found]
from cardrules_client.api.games import deal, legal_moves, list_games, play, score  # type: ignore[import-not-found]
from cardrules_client.models import (  # type: ignore[import-not-found]
    DealRequest,
    GameId,
    LegalMovesBody,
    MoveRequest,
    ScoreBody,
)


def play_round(client: Any, game: Any, players: int, seed: int) -> dict[str, Any]:
    state = deal.sync(client=client, game=game, body=DealRequest(players=players, seed=seed)).state
    while not state.round_over:
        moves = legal_moves.sync(client=client, game=game, body=LegalMovesBody(state=state)).moves
        move = next(move for move in moves if isinstance(move.card, str))
        state = play.sync(client=client, game=game, body=MoveRequest(state=state, move=move)).state
    result: dict[str, Any] = score.sync(client=client, game=game, body=ScoreBody(state=state)).to_dict()
    return result


def main(base: str) -> None:
    client = Client(base_url=base, raise_on_unexpected_status=True)
    results = {}
    for entry in list_games.sync(client=client).games:
        for players in entry.players:
            results[f"{entry.id}/{players}"] = play_round(client, GameId(entry.id), players, 42)
    print(json.dumps(results))


if __name__ == "__main__":
    main(sys.argv[1])
