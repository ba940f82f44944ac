"""What a seat has seen is in its view (docs/api.md, what is public): every capture pile's contents, Briscola's last
completed trick, and once the round is over its score, the match totals and the result, for every game."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES

SETUPS = [(name, min(game.player_counts)) for name, game in GAMES.items()]


def post(client: FlaskClient, game: str, endpoint: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/{endpoint}", json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_every_view_shows_the_piles_and_at_the_end_the_score(
    client: FlaskClient, game: str, players: int
) -> None:
    state = post(client, game, "deal", {"players": players, "seed": 12})["state"]
    last_won: dict[str, Any] | None = None
    while True:
        for seat in range(players):
            seen = post(client, game, "view", {"state": state, "seat": seat})
            assert seen["captures"] == state["captures"]
            if "trick" in state:
                expected = (
                    None if last_won is None else {"seat": last_won["seat"], "cards": last_won["cards"]}
                )
                assert seen["last_trick"] == expected
            assert ("score" in seen) is state["round_over"]
        if state["round_over"]:
            break
        move = post(client, game, "legal-moves", {"state": state})["moves"][0]
        played = post(client, game, "play", {"state": state, "move": move})
        state = played["state"]
        last_won = next((e for e in reversed(played["events"]) if e["type"] == "trick_won"), last_won)
    score = post(client, game, "score", {"state": state})
    assert seen["score"] == score and "over" in seen["score"]["match"]


def test_a_briscola_session_names_the_winner_to_every_seat(client: FlaskClient) -> None:
    made = client.post(
        "/v1/sessions", json={"game": "briscola", "deal": {"players": 2, "seed": 4}}
    ).get_json()
    path, seats = f"/v1/sessions/{made['id']}", made["tokens"]["seats"]
    while True:
        views = [
            client.get(f"{path}/view", headers={"Authorization": f"Bearer {t}"}).get_json() for t in seats
        ]
        if views[0]["round_over"]:
            break
        turn = views[0]["turn"]
        auth = {"Authorization": f"Bearer {seats[turn]}"}
        legal = client.get(f"{path}/legal-moves", headers=auth)
        played = client.post(
            f"{path}/moves",
            json={"move": legal.get_json()["moves"][0]},
            headers={**auth, "If-Match": legal.headers["ETag"]},
        )
        assert played.status_code == 200
    results = [view["score"] for view in views]
    assert (
        results[0] == results[1] and "winner" in results[0] and results[0]["match"]["over"] in (True, False)
    )
