"""The replay's ``events_digest`` recomputed from ``docs/fairness.md`` alone (issue: the digest rule stated once and
tested by recomputing it): for every game of the registry (and every alias), 100 seeded games played with random
legal moves through ``deal`` and ``play``, some of two rounds, some stopped mid-round, some dealt from a seed the
service drew, then replayed; the digest of the events ``deal`` and ``play`` answered, computed here by the
documented rule and nothing else (the service's own function is not imported), is the replay's, 100 times of 100.
And a seat at a session table recomputes it from its own log of two rounds, by the same paragraph."""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.games import ALIASES, GAMES, OPTIONS
from tests.suites import ROOT

SERVED = [*GAMES, *ALIASES]
REPLAYS = 100


def documented_digest(events: list[dict[str, Any]]) -> str:
    """docs/fairness.md, ``events_digest``: SHA-256, in lowercase hex, over one line per event whose ``to`` is
    ``all``, in the order ``deal`` and ``play`` wrote them; each line the event without its ``to`` (a
    ``round_over`` without its ``score`` too), as JSON in UTF-8 with the keys of every object sorted and no spaces,
    then a newline."""
    digest = hashlib.sha256()
    for event in events:
        if event["to"] != "all":
            continue
        left_out = {"to", "score"} if event["type"] == "round_over" else {"to"}
        line = {key: value for key, value in event.items() if key not in left_out}
        text = json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest.update(text.encode("utf-8") + b"\n")
    return digest.hexdigest()


def post(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(url, json=body)
    assert answer.status_code == 200, (url, answer.get_json())
    found: dict[str, Any] = answer.get_json()
    return found


def played_game(
    client: FlaskClient, game: str, index: int
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """One game of the hundred: its replay request (less the moves), the moves and every event ``deal`` and
    ``play`` answered. Index by index: a round, two rounds of a match (one seed, the next round dealt with
    ``previous``), a round stopped after a few moves, a round dealt from a seed the service drew (replayed
    sealed)."""
    name = ALIASES[game][0] if game in ALIASES else game
    counts = GAMES[name].player_counts
    players, seed = counts[index % len(counts)], 1000 + index
    choose = random.Random(f"{game}/{index}")
    kind = index % 4
    base = f"/v1/games/{game}"
    if kind == 3:
        dealt = post(client, f"{base}/deal", {"players": players, "seed": "server"})
        request: dict[str, Any] = {
            "sealed_seed": dealt["sealed_seed"],
            "seed_commitment": dealt["seed_commitment"],
        }
    else:
        request = {"players": players, "seed": seed}
        if kind == 1:  # a match that lasts: every number option (target, rounds to win) at its maximum
            request["rules"] = {o.name: o.maximum for o in OPTIONS[name] if o.kind == "number"}
        dealt = post(client, f"{base}/deal", request)
    state, events, moves = dealt["state"], list(dealt["events"]), []
    stop_after = choose.randrange(1, 12) if kind == 2 else None
    for round_index in range(2 if kind == 1 else 1):
        if round_index:
            again = post(client, f"{base}/deal", {"seed": seed, "previous": state})
            state, events = again["state"], events + again["events"]
        while not state["round_over"] and len(moves) != stop_after:
            listed = post(client, f"{base}/legal-moves", {"state": state})
            move = choose.choice(listed["moves"])
            played = post(client, f"{base}/play", {"state": state, "move": move})
            moves.append(move)
            state, events = played["state"], events + played["events"]
    return request, moves, events


@pytest.mark.parametrize("game", SERVED)
def test_the_documented_digest_is_every_replays_digest(client: FlaskClient, game: str) -> None:
    matched, mismatched = 0, []
    for index in range(REPLAYS):
        request, moves, events = played_game(client, game, index)
        replayed = post(client, f"/v1/games/{game}/replay", {**request, "moves": moves})
        assert replayed["valid"] is True, replayed
        if replayed["events_digest"] == documented_digest(events):
            matched += 1
        else:
            mismatched.append(index)
    assert (matched, mismatched[:10]) == (REPLAYS, [])


def session_only_events() -> set[str]:
    """The event types a session writes of its own (docs/api.md, events and their audience: written by ``a
    session``), which no replay plays."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text.split("\n## Events and their audience\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \|[^|]+\|[^|]+\| ([^|]+?) \|", section, re.MULTILINE)
    assert rows
    return {kind for kind, written_by in rows if written_by.startswith("a session")}


def from_the_log(log: list[dict[str, Any]], session_only: set[str]) -> list[dict[str, Any]]:
    """docs/fairness.md, from a session's log: the game's events, each as ``deal`` and ``play`` write it, without
    the ``version`` the log adds to every event, nor the ``move`` (with its ``by`` and ``reason``) it adds to the
    first event of a move."""
    events = []
    for event in log:
        if event["type"] in session_only:
            continue
        added = {"version", "move", "by", "reason"} if "move" in event else {"version"}
        events.append({key: value for key, value in event.items() if key not in added})
    return events


@pytest.mark.parametrize("game", SERVED)
def test_a_seat_recomputes_the_digest_from_its_session_log(client: FlaskClient, game: str) -> None:
    """A seat at a session table reads its log, keeps the game's events by the documented rule and finds the
    digest the replay of the log's moves answers, over two rounds of a match."""
    session_only = session_only_events()
    name = ALIASES[game][0] if game in ALIASES else game
    players = GAMES[name].player_counts[0]
    rules = {o.name: o.maximum for o in OPTIONS[name] if o.kind == "number"}
    deal = {"players": players, "seed": 77, "rules": rules}
    made = client.post("/v1/sessions", json={"game": game, "deal": deal})
    assert made.status_code == 201, made.get_json()
    path, tokens = f"/v1/sessions/{made.get_json()['id']}", made.get_json()["tokens"]
    choose = random.Random(game)
    for round_index in range(2):
        if round_index:
            etag = client.get(path, headers={"Authorization": f"Bearer {tokens['owner']}"}).headers["ETag"]
            again = client.post(
                f"{path}/next-round",
                json={"seed": 77},
                headers={"Authorization": f"Bearer {tokens['owner']}", "If-Match": etag},
            )
            assert again.status_code == 200, again.get_json()
        while True:
            view = client.get(
                f"{path}/view", headers={"Authorization": f"Bearer {tokens['owner']}"}
            ).get_json()
            if view["round_over"]:
                break
            seat = {"Authorization": f"Bearer {tokens['seats'][view['turn']]}"}
            listed = client.get(f"{path}/legal-moves", headers=seat)
            move = {"move": choose.choice(listed.get_json()["moves"])}
            moved = client.post(
                f"{path}/moves", json=move, headers={**seat, "If-Match": listed.headers["ETag"]}
            )
            assert moved.status_code == 200, moved.get_json()
    log = client.get(f"{path}/events?after=0", headers={"Authorization": f"Bearer {tokens['seats'][0]}"})
    events = log.get_json()["events"]
    moves = [event["move"] for event in events if "move" in event]
    replayed = post(client, f"/v1/games/{game}/replay", {**deal, "moves": moves})
    assert replayed["valid"] is True and replayed["rounds"] == 2, replayed
    assert replayed["events_digest"] == documented_digest(from_the_log(events, session_only))
