"""A seat checks, on its own, that the service dealt its round fairly and played it as the table saw it.

A player holds only its own seat's token. At a sealed table (created here, every seat playing with its own
token), once the round is over it makes three calls, no other:

1. ``GET /v1/sessions/{id}/events`` - the round's moves, as the table saw them (each move event names its ``move``);
2. ``GET /v1/sessions/{id}/view``   - the revealed seed (``fairness``: seed, salt, commitment) and the table's setup;
3. ``POST /v1/games/{game}/replay`` - the service deals the round again from that seed and plays the moves.

``valid: true`` with ``commitment_matches: true`` says the seed is the one committed to before the first card, and
that the moves the seat saw make the round whose result it was told. Anyone can make the third call against another
copy of the service, or against an independent implementation of the rules.

    python examples/verify_round.py [game] [players]   game: scopa (default), scopone, escoba, briscola
    CARDRULES_URL=http://localhost:$PORT                where the service runs (make run; PORT 8000 unless set)
"""

from __future__ import annotations

import os
import sys
from typing import Any

import requests

BASE = os.environ.get("CARDRULES_URL", f"http://localhost:{os.environ.get('PORT', '8000')}")


def call(method: str, path: str, token: str | None = None, **extra: Any) -> requests.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    headers.update(extra.pop("headers", {}))
    response = requests.request(method, BASE + path, headers=headers, timeout=30, **extra)
    if not response.ok:
        sys.exit(f"{method} {path}: {response.status_code} {response.text}")
    return response


def replay_body(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The replay request of the round a seat's view shows, from its events: the round's moves, the seed."""
    started = max(index for index, event in enumerate(events) if event["type"] == "dealt")
    moves = [event["move"] for event in events[started:] if "move" in event]
    fairness = view["fairness"]
    body = {
        "players": view["players"],
        "dealer": view["dealer"],
        "round": view["match"]["round"],
        "scores": view["match"]["scores"],
        "deck": view["deck"],
        "rules": view["rules"],
        "seed": fairness["seed"],
        "seed_commitment": fairness["seed_commitment"],
        "moves": moves,
    }
    if "salt" in fairness:
        body["salt"] = fairness["salt"]
    return body


def main(game: str = "scopa", players: int = 2) -> None:
    created = call(
        "POST", "/v1/sessions", json={"game": game, "deal": {"players": players, "seed": "server"}}
    ).json()
    session, seats = created["id"], created["tokens"]["seats"]
    mine = seats[0]
    print(f"sealed table {game} for {players}: commitment {created['fairness']['seed_commitment'][:16]}...")
    while True:  # every player plays with its own token (here, the first legal move)
        view = call("GET", f"/v1/sessions/{session}/view", mine).json()
        if view["round_over"]:
            break
        turn = view["turn"]
        legal = call("GET", f"/v1/sessions/{session}/legal-moves", seats[turn])
        move = legal.json()["moves"][0]
        call(
            "POST",
            f"/v1/sessions/{session}/moves",
            seats[turn],
            json={"move": move},
            headers={"If-Match": legal.headers["ETag"]},
        )
    # The seat's three calls.
    events = call("GET", f"/v1/sessions/{session}/events", mine).json()["events"]
    view = call("GET", f"/v1/sessions/{session}/view", mine).json()
    verdict = call("POST", f"/v1/games/{game}/replay", json=replay_body(view, events)).json()
    print(f"seat 0 replayed {verdict['moves_played']} moves: valid {verdict['valid']}, ", end="")
    print(f"commitment matches {verdict['commitment_matches']}, score {verdict['score']['match']['scores']}")
    if not (verdict["valid"] and verdict["commitment_matches"]):
        sys.exit("the round does not replay as the table saw it")
    if verdict["state"]["captures"] != view["captures"]:
        sys.exit("the replayed piles differ from the ones the table saw")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "scopa", int(sys.argv[2]) if len(sys.argv) > 2 else 2)
