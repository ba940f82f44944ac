"""A whole match through a server-side session, as a host backend and its players would play it.

The backend creates the session and keeps the owner token; each player holds only the token of their own seat,
reads their own view, asks for their legal moves and plays when it is their turn. Between rounds the backend
scores the finished round and has the service deal the next one into the session. Nobody but the backend ever
holds the state; with the seed "server" nobody, the backend included, knows a round's seed before it is over.

    python examples/session_match.py [game] [seed] [players]   game: scopa (default), scopone, escoba, briscola
                                                                seed: a number, a word, or server
    CARDRULES_URL=http://localhost:$PORT                         where the service runs (make run; PORT 8000 unless set)
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import requests

BASE = os.environ.get("CARDRULES_URL", f"http://localhost:{os.environ.get('PORT', '8000')}")
MAX_ROUNDS = 30  # a match that has not ended by then is reported as it stands


def call(method: str, path: str, token: str | None = None, etag: str | None = None, **body: Any) -> Any:
    """One request; a problem (4xx, 5xx) is printed and ends the script."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if etag:
        headers["If-Match"] = etag
    response = requests.request(method, BASE + path, json=body or None, headers=headers, timeout=10)
    if not response.ok:
        sys.exit(f"{method} {path}: {response.status_code} {response.text}")
    return response


def play_round(session: str, seats: list[str]) -> int:
    """Every player acts with their own token until the round is over; returns the number of moves."""
    moves = 0
    while True:
        # Any seat may look: the view says whose turn it is (and never shows another hand or the stock).
        view = call("GET", f"/v1/sessions/{session}/view", seats[0]).json()
        if view["round_over"]:
            return moves
        seat = view["turn"]
        mine = call("GET", f"/v1/sessions/{session}/legal-moves", seats[seat])
        move = next(move for move in mine.json()["moves"] if "card" in move)
        # If-Match: the version the player decided on; a move made meanwhile by anyone else would be a 412.
        call("POST", f"/v1/sessions/{session}/moves", seats[seat], mine.headers["ETag"], move=move)
        moves += 1


def play_match(game: str, seed: int | str, players: int) -> dict[str, Any]:
    # The backend asks the service to deal into a new session, and keeps the owner token. With seed "server" the
    # service draws the seed and shows only its commitment until the round is over.
    created = call("POST", "/v1/sessions", game=game, deal={"players": players, "seed": seed})
    session, tokens = created.json()["id"], created.json()["tokens"]
    owner, seats = tokens["owner"], tokens["seats"]
    print(f"session for {players} players of {game}: each player gets tokens.seats[i]", file=sys.stderr)
    rounds = []
    for number in range(1, MAX_ROUNDS + 1):
        moves = play_round(session, seats)
        finished = call("GET", f"/v1/sessions/{session}", owner)
        if "state" in finished.json():
            score = call("POST", f"/v1/games/{game}/score", state=finished.json()["state"]).json()
        else:
            # A sealed table (seed "server") shows its state to nobody, the backend included; the public view of
            # a finished round carries its score.
            score = finished.json()["view"]["score"]
        played = {"round": number, "moves": moves, "totals": [side["total"] for side in score["sides"]]}
        if "fairness" in finished.json():  # a server-drawn seed: now revealed, with the commitment to check
            played["fairness"] = finished.json()["fairness"]
        rounds.append(played)
        print(f"round {number} over after {moves} moves: match {score['match']['scores']}", file=sys.stderr)
        if score["match"]["over"]:
            break
        # The next round of the match (the dealer moves on, the scores carry over), dealt in the session.
        following = "server" if seed == "server" else f"{seed}-{number + 1}"
        call("POST", f"/v1/sessions/{session}/next-round", owner, finished.headers["ETag"], seed=following)
    last = call("GET", f"/v1/sessions/{session}", owner)
    call("DELETE", f"/v1/sessions/{session}", owner, last.headers["ETag"])
    return {"game": game, "players": players, "rounds": rounds, "match": score["match"]}


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "scopa"
    seed = sys.argv[2] if len(sys.argv) > 2 else 42
    players = int(sys.argv[3]) if len(sys.argv) > 3 else (4 if game == "scopone" else 2)
    print(json.dumps(play_match(game, seed, players), indent=2))
