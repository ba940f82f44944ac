"""Plays one whole round of every game and player count through the Python client of clients/python (the package
``cardrules_client`` that openapi-python-client generated from openapi.yaml, installed with
``pip install ./clients/python``), and prints the scores as JSON.

    python tests/live/python_client_round.py http://127.0.0.1:8000
"""

from __future__ import annotations

import json
import sys
from typing import Any

from cardrules_client import Client
from cardrules_client.api.games import deal, legal_moves, list_games, play, score
from cardrules_client.models import (
    DealRequest,
    Dealt,
    GameId,
    LegalMovesBody,
    LegalMovesResponse200,
    ListGamesResponse200,
    MoveRequest,
    Score,
    ScoreBody,
    StateWithEvents,
)


def play_round(client: Client, game: GameId, players: int, seed: int) -> dict[str, Any]:
    dealt = deal.sync(client=client, game=game, body=DealRequest(players=players, seed=seed))
    assert isinstance(dealt, Dealt), dealt
    state = dealt.state
    while not state.round_over:
        legal = legal_moves.sync(client=client, game=game, body=LegalMovesBody(state=state))
        assert isinstance(legal, LegalMovesResponse200), legal
        # The first card; where none is offered (Briscola chiamata's auction and call), the last move: a pass, a call.
        move = next((move for move in legal.moves if isinstance(move.card, str)), legal.moves[-1])
        played = play.sync(client=client, game=game, body=MoveRequest(state=state, move=move))
        assert isinstance(played, StateWithEvents), played
        state = played.state
    scored = score.sync(client=client, game=game, body=ScoreBody(state=state))
    assert isinstance(scored, Score), scored
    return scored.to_dict()


def main(base: str) -> None:
    client = Client(base_url=base, raise_on_unexpected_status=True)
    catalogue = list_games.sync(client=client)
    assert isinstance(catalogue, ListGamesResponse200), catalogue
    results = {}
    for entry in catalogue.games:
        for players in entry.players:
            results[f"{entry.id}/{players}"] = play_round(client, GameId(entry.id), players, 42)
    print(json.dumps(results))


if __name__ == "__main__":
    main(sys.argv[1])
