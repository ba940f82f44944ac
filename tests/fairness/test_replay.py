"""Replay verification (docs/fairness.md): replays agree with playing move by move, name the first illegal move,
and refuse hostile input quickly."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import DECK
from service.engine.errors import MatchOver
from service.engine.games import GAMES, resolve
from service.engine.state import GameState, Match, sides_of
from service.fairness import SeedSealer
from service.replay import replay
from service.schemas.requests import dump_move, load_move
from service.schemas.state import dump_state
from tests.work import lines_executed

SEALER = SeedSealer(bytes(range(32)))
MATCHES = 1000


def random_match(game: str, players: int, seed: int) -> tuple[list[dict[str, Any]], GameState, int]:
    """A whole match with random legal moves from one seed, as the deal endpoint plays it round after round."""
    engine, rules, rng = GAMES[game], resolve(game), random.Random(seed)
    state, _ = engine.deal(rules, players, seed, players - 1, Match((0,) * sides_of(players), rules.target, 1))
    moves, rounds = [], 1
    while True:
        while not state.round_over:
            move = rng.choice(engine.legal_moves(state).moves)
            moves.append(dump_move(move))
            state, _ = engine.play(state, move)
        try:
            following = engine.next_round(state)
        except MatchOver:
            return moves, state, rounds
        state, _ = engine.deal(following.rules, players, seed, following.dealer, following.match, following.deck)
        rounds += 1


@pytest.mark.parametrize(("game", "players"), [("scopa", 2), ("scopone", 4), ("escoba", 2), ("briscola", 2)])
def test_replays_of_random_matches_agree_with_playing_them_move_by_move(game: str, players: int) -> None:
    engine = GAMES[game]
    for seed in range(MATCHES):
        moves, final, rounds = random_match(game, players, seed)
        done = replay(engine, None, {"players": players, "seed": seed, "moves": moves}, SEALER)
        assert done.refused is None and done.state == final and done.rounds == rounds, seed
        assert done.score == engine.score(final) and done.score is not None and done.score.match.over


def state_before(game: str, seed: int, moves: list[dict[str, Any]], at: int) -> GameState:
    """The position the move ``at`` of a one-round replay was played in."""
    engine, rules = GAMES[game], resolve(game)
    state, _ = engine.deal(rules, 2, seed, 1, Match((0, 0), rules.target, 1))
    for move in moves[:at]:
        state, _ = engine.play(state, load_move(engine, move))
    return state


@pytest.mark.parametrize("game", ["scopa", "escoba", "briscola"])
def test_one_altered_move_is_reported_exactly(client: FlaskClient, game: str) -> None:
    moves, _, _ = random_match(game, 2, 11)
    first_round = moves[: 40 if game == "briscola" else 36]
    for at in random.Random(5).sample(range(len(first_round)), 8):
        before = state_before(game, 11, moves, at)
        assert before.turn is not None
        foreign = next(card for card in DECK if card not in before.hands[before.turn])
        altered = [*moves[:at], {"card": foreign.code, **({} if game == "briscola" else {"capture": []})},
                   *moves[at + 1:]]
        answer = client.post(f"/v1/games/{game}/replay", json={"players": 2, "seed": 11, "moves": altered})
        result = answer.get_json()
        assert answer.status_code == 200 and not result["valid"]
        assert result["refused"]["move_index"] == at and result["refused"]["reason"] == "card_not_in_hand"
        assert result["moves_played"] == at


def test_a_replay_answers_the_final_state_score_and_event_digest(client: FlaskClient) -> None:
    moves, final, rounds = random_match("scopa", 2, 21)
    answer = client.post("/v1/games/scopa/replay", json={"players": 2, "seed": 21, "moves": moves}).get_json()
    assert answer["valid"] and answer["rounds"] == rounds and answer["moves_played"] == len(moves)
    assert answer["state"] == dump_state(final)
    assert answer["score"]["match"]["over"] and answer["state"]["round_over"]
    again = client.post("/v1/games/scopa/replay", json={"players": 2, "seed": 21, "moves": moves}).get_json()
    assert again["events_digest"] == answer["events_digest"] and len(answer["events_digest"]) == 64
    other = client.post("/v1/games/scopa/replay", json={"players": 2, "seed": 22, "moves": []}).get_json()
    assert other["events_digest"] != answer["events_digest"] and other["score"] is None


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"players": 2, "seed": 1, "moves": [{"card": "1D"}] * 10_000}, 400, None),
    ({"players": 2, "seed": "server", "moves": []}, 400, None),
    ({"players": 2, "moves": []}, 400, None),
    ({"seed": 1, "moves": []}, 400, None),
    ({"players": 2, "seed": 1, "sealed_seed": "abc", "moves": []}, 400, None),
    ({"players": 2, "seed": 1, "moves": [{"card": "XX"}]}, 400, None),
    ({"players": 2, "seed": 1, "moves": "all of them"}, 400, None),
    ({"players": 5, "seed": 1, "moves": []}, 400, None),
])
def test_hostile_replays_get_a_clear_4xx_quickly(
    client: FlaskClient, body: dict[str, Any], status: int, code: str | None
) -> None:
    answer, lines = lines_executed(lambda: client.post("/v1/games/scopa/replay", json=body))
    assert answer.status_code == status and answer.mimetype == "application/problem+json"
    assert lines < 10_000  # refused before any move is played: about 3,000 lines of Python, counted, not timed


def test_moves_after_the_match_is_over_are_refused_at_the_first_of_them(client: FlaskClient) -> None:
    moves, final, _ = random_match("briscola", 2, 8)
    extra = [{"card": final.trump_card.code}]
    answer = client.post("/v1/games/briscola/replay", json={"players": 2, "seed": 8, "moves": moves + extra})
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"
    assert answer.get_json()["code"] == "match_over"
    assert [error["pointer"] for error in answer.get_json()["errors"]] == [f"/moves/{len(moves)}"]


def test_an_unknown_game_is_a_404(client: FlaskClient) -> None:
    assert client.post("/v1/games/poker/replay", json={"players": 2, "seed": 1, "moves": []}).status_code == 404


def test_the_longest_replay_costs_a_bounded_work_per_move(client: FlaskClient) -> None:
    """Near the worst case the bound allows: one long Scopa match to 100 points, up to 1500 legal moves, at
    under 1,000 lines of Python a move (about 300 today, some 0.4 s in all on a loaded core; counted, not
    timed, so that the machine's load cannot fail it)."""
    engine, rules, rng = GAMES["scopa"], resolve("scopa", overrides={"target": 100}), random.Random(3)
    state, _ = engine.deal(rules, 2, 3, 1, Match((0, 0), rules.target, 1))
    moves: list[dict[str, Any]] = []
    while len(moves) < 1500:
        if state.round_over:
            try:
                following = engine.next_round(state)
            except MatchOver:
                break
            state, _ = engine.deal(rules, 2, 3, following.dealer, following.match, following.deck)
        move = rng.choice(engine.legal_moves(state).moves)
        moves.append(dump_move(move))
        state, _ = engine.play(state, move)
    body = {"players": 2, "seed": 3, "rules": {"target": 100}, "moves": moves}
    answer, lines = lines_executed(lambda: client.post("/v1/games/scopa/replay", json=body))
    assert answer.status_code == 200 and answer.get_json()["valid"]
    assert answer.get_json()["moves_played"] == len(moves) >= 500
    assert lines < 1_000 * len(moves)
