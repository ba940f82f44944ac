"""Server-drawn seeds with commitments (docs/fairness.md): the seed stays sealed until its round is over, and the
revealed seed reproduces the deal and matches the commitment."""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.fairness import SealedDeal, SeedSealer, commitment, load_key

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "commitment-v1.json").read_text())


def play_out(client: FlaskClient, game: str, state: dict[str, Any], stop_before_end: int = 0) -> list[Any]:
    """First legal move each turn until the round is over (or ``stop_before_end`` moves before that)."""
    moves: list[Any] = []
    while not state["round_over"]:
        move = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"][0]
        moves.append(move)
        state = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move}).get_json()["state"]
    return moves[: len(moves) - stop_before_end] if stop_before_end else moves


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda vector: vector["name"])
def test_the_published_commitment_vectors(vector: dict[str, Any]) -> None:
    """The code and the encoding written out in docs/fairness.md agree, byte for byte."""
    assert (
        commitment(
            vector["game"],
            vector["players"],
            vector["dealer"],
            vector["round"],
            vector["rules"],
            vector["seed"],
        )
        == vector["commitment"]
    )
    assert hashlib.sha256(vector["encoding"].encode("utf-8")).hexdigest() == vector["commitment"]


@pytest.mark.parametrize(
    ("game", "players"), [("scopa", 2), ("scopone", 4), ("escoba", 3), ("briscola", 2), ("brisca", 4)]
)
def test_a_server_seed_is_revealed_only_by_a_finished_round_and_reproduces_the_deal(
    client: FlaskClient, game: str, players: int
) -> None:
    dealt = client.post(
        f"/v1/games/{game}/deal", json={"players": players, "seed": "server", "salt": "table-7"}
    )
    assert dealt.status_code == 200
    answer = dealt.get_json()
    sealed, promised = answer["sealed_seed"], answer["seed_commitment"]
    moves = play_out(client, game, answer["state"])
    # Every shorter replay, and one with a wrong move, is refused without a state or a verdict to probe with.
    for cut in (0, 1, len(moves) // 2, len(moves) - 1):
        early = client.post(f"/v1/games/{game}/replay", json={"sealed_seed": sealed, "moves": moves[:cut]})
        assert early.status_code == 422 and early.get_json()["code"] == "replay_not_finished"
        assert set(early.get_json()) <= {
            "type",
            "title",
            "status",
            "detail",
            "code",
            "instance",
            "errors_language",
        }
    finished = client.post(
        f"/v1/games/{game}/replay", json={"sealed_seed": sealed, "moves": moves, "seed_commitment": promised}
    )
    assert finished.status_code == 200, finished.get_json()
    result = finished.get_json()
    seed = result["seed"]
    assert result["valid"] and result["commitment_matches"] and result["state"]["round_over"]
    # Nothing answered before the end named the seed.
    assert seed not in dealt.get_data(as_text=True)
    # The revealed seed (with the salt) deals the same round, and the commitment is of that seed.
    again = client.post(
        f"/v1/games/{game}/deal", json={"players": players, "seed": f"{seed}.table-7"}
    ).get_json()
    assert again["state"] == answer["state"]
    state = answer["state"]
    assert commitment(state["game"], players, state["dealer"], 1, state["rules"], seed) == promised


def test_a_sealed_seed_cannot_be_forged_altered_or_used_for_another_game(client: FlaskClient) -> None:
    sealed = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": "server"}).get_json()[
        "sealed_seed"
    ]
    for token in (sealed[:-4] + ("AAAA" if not sealed.endswith("AAAA") else "BBBB"), "x" * 40, "not base64!"):
        answer = client.post("/v1/games/scopa/replay", json={"sealed_seed": token, "moves": []})
        assert answer.status_code == 400 and answer.get_json()["code"] == "invalid_sealed_seed"
    other = client.post("/v1/games/escoba/replay", json={"sealed_seed": sealed, "moves": []})
    assert other.status_code == 400 and other.get_json()["code"] == "game_mismatch"
    stranger = SeedSealer(bytes(32)).seal(SealedDeal("0" * 64, "scopa", 2, 1, 1, {}, "italian"))
    foreign = client.post("/v1/games/scopa/replay", json={"sealed_seed": stranger, "moves": []})
    assert foreign.status_code == 400 and foreign.get_json()["code"] == "invalid_sealed_seed"


def test_a_sealed_replay_names_nothing_but_the_seal(client: FlaskClient) -> None:
    sealed = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": "server"}).get_json()[
        "sealed_seed"
    ]
    answer = client.post("/v1/games/scopa/replay", json={"sealed_seed": sealed, "players": 2, "moves": []})
    assert answer.status_code == 400
    assert [error["pointer"] for error in answer.get_json()["errors"]] == ["/players"]


@pytest.mark.parametrize(
    "body",
    [
        {"players": 2, "seed": 4, "salt": "x"},
        {"players": 2, "seed": "server", "salt": "has space"},
        {"players": 2, "seed": "server", "salt": "s" * 64},
    ],
)
def test_a_salt_goes_only_with_a_server_seed_and_is_plain(client: FlaskClient, body: dict[str, Any]) -> None:
    answer = client.post("/v1/games/scopa/deal", json=body)
    assert answer.status_code == 400 and answer.get_json()["errors"][0]["pointer"] == "/salt"


def test_the_next_round_has_a_server_seed_and_commitment_of_its_own(client: FlaskClient) -> None:
    body = {"players": 2, "seed": "server", "rules": {"rounds_to_win": 2}}
    first = client.post("/v1/games/briscola/deal", json=body).get_json()
    state = first["state"]
    while not state["round_over"]:
        move = client.post("/v1/games/briscola/legal-moves", json={"state": state}).get_json()["moves"][0]
        state = client.post("/v1/games/briscola/play", json={"state": state, "move": move}).get_json()[
            "state"
        ]
    following = client.post("/v1/games/briscola/deal", json={"previous": state, "seed": "server"})
    assert following.status_code == 200, following.get_json()
    answer = following.get_json()
    assert answer["state"]["match"]["round"] == 2
    assert answer["seed_commitment"] != first["seed_commitment"]
    assert answer["sealed_seed"] != first["sealed_seed"]


def test_every_worker_of_a_host_gets_the_same_key(tmp_path: Path) -> None:
    where = str(tmp_path / "state" / "seed.key")
    keys: list[bytes] = []
    threads = [threading.Thread(target=lambda: keys.append(load_key(None, where))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(keys)) == 1 and len(keys[0]) == 32
    assert load_key(None, where) == keys[0]  # and after a restart
    assert oct(Path(where).stat().st_mode & 0o777) == "0o600"
    assert load_key("ab" * 32, where) == bytes.fromhex("ab" * 32)
    with pytest.raises(ValueError, match="64 hex digits"):
        load_key("short", where)


@pytest.mark.parametrize(("game", "players"), [("scopa", 2), ("briscola", 3)])
def test_no_stateless_answer_names_a_server_seed_before_its_replay_reveals_it(
    client: FlaskClient, game: str, players: int
) -> None:
    """Deal, legal moves, validate, play, every seat's view and the score: none of them carries the seed."""
    dealt = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": "server"})
    answers, state = [dealt.get_data(as_text=True)], dealt.get_json()["state"]
    moves = []
    while not state["round_over"]:
        listed = client.post(f"/v1/games/{game}/legal-moves", json={"state": state})
        move = listed.get_json()["moves"][0]
        checked = client.post(f"/v1/games/{game}/validate", json={"state": state, "move": move})
        views = [
            client.post(f"/v1/games/{game}/view", json={"state": state, "seat": seat})
            for seat in range(players)
        ]
        played = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move})
        answers += [r.get_data(as_text=True) for r in (listed, checked, played, *views)]
        moves.append(move)
        state = played.get_json()["state"]
    answers.append(client.post(f"/v1/games/{game}/score", json={"state": state}).get_data(as_text=True))
    revealed = client.post(
        f"/v1/games/{game}/replay", json={"sealed_seed": dealt.get_json()["sealed_seed"], "moves": moves}
    ).get_json()["seed"]
    assert len(answers) > 4 * len(moves) and not any(revealed in text for text in answers)
