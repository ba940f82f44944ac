"""Whole matches replay right (docs/fairness.md, replay): after every round the replay's match totals are those of the
stateless ``deal`` / ``play`` / ``score`` chain, whether the rounds share one seed, have seeds of their own, or
were dealt from sealed server seeds; and a sealed seed of a later round, replayed alone, carries the totals on."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import GAMES

GAME_SETUPS = [(name, min(game.player_counts)) for name, game in GAMES.items()]


class Chain:
    """A match played through the stateless endpoints: each round's deal answer, moves and score."""

    def __init__(self, client: FlaskClient, game: str) -> None:
        self.client, self.game = client, game
        self.deals: list[dict[str, Any]] = []
        self.moves: list[list[Any]] = []
        self.scores: list[dict[str, Any]] = []

    def post(self, endpoint: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(f"/v1/games/{self.game}/{endpoint}", json=body)
        assert response.status_code == 200, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer

    def play_match(self, first: dict[str, Any], seed_of_round: Any) -> None:
        dealt = self.post("deal", first)
        while True:
            self.deals.append(dealt)
            state, moves = dealt["state"], []
            while not state["round_over"]:
                move = self.post("legal-moves", {"state": state})["moves"][-1]
                moves.append(move)
                state = self.post("play", {"state": state, "move": move})["state"]
            self.moves.append(moves)
            score = self.post("score", {"state": state})
            self.scores.append(score)
            if score["match"]["over"]:
                return
            dealt = self.post("deal", {"seed": seed_of_round(len(self.deals) + 1), "previous": state})

    def matches(self) -> list[dict[str, Any]]:
        return [score["match"] for score in self.scores]


def replayed(client: FlaskClient, game: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/replay", json=body)
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    assert answer["valid"] is True
    return answer


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_a_match_from_one_seed_carries_its_totals(client: FlaskClient, game: str, players: int) -> None:
    chain = Chain(client, game)
    chain.play_match({"players": players, "seed": 17}, lambda _: 17)
    moves = [move for round_moves in chain.moves for move in round_moves]
    answer = replayed(client, game, {"players": players, "seed": 17, "moves": moves})
    assert [result["score"]["match"] for result in answer["round_results"]] == chain.matches()
    assert answer["score"]["match"] == chain.matches()[-1] and answer["score"]["match"]["over"]


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_a_match_whose_rounds_have_their_own_seeds(client: FlaskClient, game: str, players: int) -> None:
    chain = Chain(client, game)
    chain.play_match({"players": players, "seed": "r1", "dealer": 0}, lambda number: f"r{number}")
    rounds = [{"seed": f"r{k + 1}", "moves": moves} for k, moves in enumerate(chain.moves)]
    answer = replayed(client, game, {"players": players, "dealer": 0, "rounds": rounds})
    assert [result["score"]["match"] for result in answer["round_results"]] == chain.matches()
    assert answer["rounds"] == len(chain.moves) and answer["state"]["round_over"]


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_a_match_of_sealed_rounds_and_each_sealed_round_alone(client: FlaskClient, game: str, players: int) -> None:
    chain = Chain(client, game)
    chain.play_match({"players": players, "seed": "server"}, lambda _: "server")
    sealed = [dealt["sealed_seed"] for dealt in chain.deals]
    rounds = [
        {"sealed_seed": seal, "moves": moves, "seed_commitment": dealt["seed_commitment"]}
        for seal, moves, dealt in zip(sealed, chain.moves, chain.deals, strict=True)
    ]
    answer = replayed(client, game, {"rounds": rounds})
    results = answer["round_results"]
    assert [result["score"]["match"] for result in results] == chain.matches()
    assert all(result["commitment_matches"] and len(result["seed"]) == 64 for result in results)
    for k, (seal, moves) in enumerate(zip(sealed, chain.moves, strict=True)):
        alone = replayed(client, game, {"sealed_seed": seal, "moves": moves})
        assert alone["score"]["match"] == chain.matches()[k], f"round {k + 1} alone"
        assert alone["state"]["match"] == chain.deals[k]["state"]["match"]


def test_a_plain_seed_replayed_from_a_later_round_takes_the_totals_before_it(client: FlaskClient) -> None:
    chain = Chain(client, "scopa")
    chain.play_match({"players": 2, "seed": 5}, lambda _: 5)
    assert len(chain.moves) >= 2
    second = chain.deals[1]["state"]
    body = {
        "players": 2,
        "seed": 5,
        "round": 2,
        "dealer": second["dealer"],
        "scores": second["match"]["scores"],
        "moves": chain.moves[1],
    }
    assert replayed(client, "scopa", body)["round_results"][0]["score"]["match"] == chain.matches()[1]


def test_rounds_out_of_order_or_past_the_match_are_refused(client: FlaskClient) -> None:
    chain = Chain(client, "briscola")
    chain.play_match({"players": 2, "seed": "server"}, lambda _: "server")
    seal, moves = chain.deals[0]["sealed_seed"], chain.moves[0]
    twice = client.post("/v1/games/briscola/replay", json={"rounds": [{"sealed_seed": seal, "moves": moves}] * 2})
    problem = twice.get_json()
    if chain.scores[0]["match"]["over"]:
        assert twice.status_code == 400 and problem["code"] == "match_over"
    else:  # a drawn round: the same seal cannot deal the next one
        assert twice.status_code == 400 and problem["code"] == "round_mismatch"
    assert problem["errors"][0]["pointer"].startswith("/rounds/1")
    unfinished = [{"seed": 1, "moves": []}, {"seed": 2, "moves": []}]
    refused = client.post("/v1/games/scopa/replay", json={"players": 2, "rounds": unfinished})
    assert refused.status_code == 400 and refused.get_json()["code"] == "round_not_over"
