"""A sealed seed is no oracle for the hidden cards (docs/fairness.md, threat model: "a player holding a sealed seed").

The attack these tests replay was real: a replay of ``[legal prefix..., guess, {"card": "ZZ"}]`` answered a 400
naming the last move when the guess was legal and a 422 when it was not, so 33 requests named an opponent's
hand in Scopa and a few hundred rebuilt a Briscola round and its seed. Every answer to a replay that does not
legally finish a sealed round must now be the same (status, code, body), and cost the same work.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import DECK
from service.engine.games import GAMES

GAME_SETUPS = [(name, min(game.player_counts)) for name, game in GAMES.items()]


def server_deal(client: FlaskClient, game: str, players: int) -> dict[str, Any]:
    answer = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": "server"}).get_json()
    assert "sealed_seed" in answer, answer
    return dict(answer)


def first_legal(client: FlaskClient, game: str, state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first legal move of the seat to act (which that seat can work out from its own view) and the state after."""
    move = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"][0]
    after = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
    return move, after


def answer_of(client: FlaskClient, game: str, sealed: str, moves: list[Any]) -> tuple[int, bytes]:
    response = client.post(f"/v1/games/{game}/replay", json={"sealed_seed": sealed, "moves": moves})
    return response.status_code, response.data


def hidden_from_seat(state: dict[str, Any], seat: int) -> list[str]:
    """The cards that seat 0 cannot see: every other hand and the stock (what the attacker wants)."""
    seen = set(state["hands"][seat]) | set(state.get("table", [])) | {state.get("trump_card")}
    return [card.code for card in DECK if card.code not in seen]


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_guessing_the_next_seat_s_card_learns_nothing(client: FlaskClient, game: str, players: int) -> None:
    """Seat 0 plays, then guesses every card it cannot see as seat 1's reply, in the two forms of the old attack:
    every answer is the same, so the guesses single out no card (a random guesser does as well)."""
    dealt = server_deal(client, game, players)
    state, sealed = dealt["state"], dealt["sealed_seed"]
    assert state["turn"] == 0
    own_move, after = first_legal(client, game, state)
    hidden = hidden_from_seat(state, 0)  # the capture omitted below: legal exactly when seat 1 holds the card
    truly_held = set(after["hands"][1])
    for form, tail in (("guess, then a malformed move", [{"card": "ZZ"}]), ("guess alone", [])):
        answers = {card: answer_of(client, game, sealed, [own_move, {"card": card}, *tail]) for card in hidden}
        (common, _), = Counter(answers.values()).most_common(1)
        singled_out = {card for card, answer in answers.items() if answer != common}
        assert not singled_out, f"{form}: {sorted(singled_out)} singled out; seat 1 holds {sorted(truly_held)}"
        assert common[0] == (400 if tail else 422)


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_a_malformed_move_after_a_guess_is_refused_before_anything_is_played(
    client: FlaskClient, game: str, players: int
) -> None:
    """The old oracle's probe: a malformed move after the guess. It is read before any move is played, so its
    400 names it whether the guess was legal or not."""
    dealt = server_deal(client, game, players)
    state, sealed = dealt["state"], dealt["sealed_seed"]
    own_move, after = first_legal(client, game, state)
    held, not_held = after["hands"][1][0], next(c for c in hidden_from_seat(state, 0) if c not in after["hands"][1])
    bodies = set()
    for guess in (held, not_held):
        response = client.post(
            f"/v1/games/{game}/replay",
            json={"sealed_seed": sealed, "moves": [own_move, {"card": guess}, {"card": "ZZ"}]},
        )
        assert response.status_code == 400 and response.get_json()["errors"][0]["pointer"] == "/moves/2/card"
        bodies.add(response.data)
    assert len(bodies) == 1


@pytest.mark.parametrize(("game", "players"), GAME_SETUPS)
def test_a_refused_sealed_replay_plays_as_many_moves_as_it_was_sent(
    client: FlaskClient, game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Timing: whether the moves were legal for 1 play or for 30, the service plays as many times as moves were
    sent (the unplayed ones on a public round), so the work, and so the time, does not grow with the prefix."""
    engine = GAMES[game]
    dealt = server_deal(client, game, players)
    state, sealed = dealt["state"], dealt["sealed_seed"]
    legal: list[Any] = []
    while len(legal) < 30 and not state["round_over"]:
        move, state = first_legal(client, game, state)
        legal.append(move)
    # Played at the first move: refused at once after it, or soon at the start (a bid: the same bid again is low).
    wrong = {"card": legal[0]["card"]} if "card" in legal[0] else legal[0]
    total = len(legal) + 1
    answer_of(client, game, sealed, [wrong] * 3)  # the public round is worked out once, then kept
    plays = Counter[str]()
    original = type(engine).play

    def counted(self: Any, position: Any, move: Any) -> Any:
        plays["play"] += 1
        return original(self, position, move)

    monkeypatch.setattr(type(engine), "play", counted)
    for prefix in (0, 1, 10, len(legal)):
        moves = legal[:prefix] + [wrong] * (total - prefix)
        plays.clear()
        assert answer_of(client, game, sealed, moves)[0] == 422
        assert plays["play"] == total, prefix


def test_every_form_of_unfinished_sealed_replay_gets_the_same_body(client: FlaskClient) -> None:
    """No moves, a legal prefix, an illegal move, moves past the round's end, a match of sealed rounds whose second
    is unfinished: one body."""
    dealt = server_deal(client, "scopa", 2)
    state, sealed = dealt["state"], dealt["sealed_seed"]
    moves: list[Any] = []
    while not state["round_over"]:
        move, state = first_legal(client, "scopa", state)
        moves.append(move)
    nxt = client.post("/v1/games/scopa/deal", json={"seed": "server", "previous": state}).get_json()
    second, second_state = nxt["sealed_seed"], nxt["state"]
    second_moves = [first_legal(client, "scopa", second_state)[0]]
    bodies = {
        answer_of(client, "scopa", sealed, []),
        answer_of(client, "scopa", sealed, moves[:5]),
        answer_of(client, "scopa", sealed, [*moves[:5], {"card": "7D", "capture": ["3C", "4C"]}]),
        answer_of(client, "scopa", sealed, [*moves, moves[0]]),
    }
    rounds = [{"sealed_seed": sealed, "moves": moves}, {"sealed_seed": second, "moves": second_moves}]
    response = client.post("/v1/games/scopa/replay", json={"rounds": rounds})
    bodies.add((response.status_code, response.data))
    assert len(bodies) == 1 and next(iter(bodies))[0] == 422
    finished = client.post("/v1/games/scopa/replay", json={"sealed_seed": sealed, "moves": moves})
    assert finished.status_code == 200 and finished.get_json()["valid"] is True
