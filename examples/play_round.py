"""One whole round against the service with requests: deal, list the legal moves and play one until the round
is over, then score it. The state lives here, in a variable: the service keeps nothing.

    python examples/play_round.py [game] [seed]     game: scopa (default), scopone, escoba, briscola, brisca
    CARDRULES_URL=http://localhost:$PORT              where the service runs (make run; PORT 8000 unless set)
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import requests

BASE = os.environ.get("CARDRULES_URL", f"http://localhost:{os.environ.get('PORT', '8000')}")


def post(game: str, operation: str, body: dict[str, Any]) -> Any:
    """POST to /v1/games/{game}/{operation}; a problem (4xx, 5xx) is printed and raised."""
    response = requests.post(f"{BASE}/v1/games/{game}/{operation}", json=body, timeout=10)
    if not response.ok:
        sys.exit(f"{operation}: {response.status_code} {response.text}")
    return response.json()


def play_round(game: str, seed: int | str) -> dict[str, Any]:
    # The catalogue says how many play: the fewest it lists (Scopone 4, Briscola chiamata 5, most games 2).
    players = requests.get(f"{BASE}/v1/games/{game}", timeout=10).json()["players"][0]
    # 1. Deal: the seed makes the deal reproducible.
    state = post(game, "deal", {"players": players, "seed": seed})["state"]
    print(f"dealt {game} for {players}, seed {seed}: seat {state['turn']} plays first", file=sys.stderr)
    # 2. Play: the seat to act plays its first legal card (a Briscola trump exchange is a move too; skipped here);
    # where no move plays a card (Briscola chiamata's auction and call), the last one listed (a pass, a call).
    moves = 0
    while not state["round_over"]:
        legal = post(game, "legal-moves", {"state": state})["moves"]
        move = next((move for move in legal if "card" in move), legal[-1])
        state = post(game, "play", {"state": state, "move": move})["state"]
        moves += 1
    print(f"round over after {moves} moves", file=sys.stderr)
    # 3. Score the finished round: points per side and the match after it.
    score: dict[str, Any] = post(game, "score", {"state": state})
    return {
        "sides": [
            {key: side[key] for key in ("side", "seats", "points", "total")} for side in score["sides"]
        ],
        "match": score["match"],
    }


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "scopa"
    seed = sys.argv[2] if len(sys.argv) > 2 else 42
    print(json.dumps(play_round(game, seed), indent=2))
