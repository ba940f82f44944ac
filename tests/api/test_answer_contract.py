"""The contract describes every field of every answer (issue: a contract that describes every byte): real answers
of every operation, for every game of the registry, stateless and at session tables (every kind of token: owner,
seat, spectator, stream ticket, API key), success and problem alike, validate against their operation's response
in ``openapi.yaml`` with no property the spec does not name (``tests/api/contract_strict.py``). A field added to an
answer and not to the contract fails here; so does an operation none of these tests saw succeed."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from service.api.session_access import digest
from service.engine.games import ALIASES, GAMES, OPTIONS
from service.storage import SqliteStore
from tests.api.contract_strict import (
    SPEC,
    CheckingClient,
    pointer,
    problems_of,
    schema_validator,
    undescribed_statuses,
    validator_at,
)
from tests.sessions.conftest import make_app
from tests.suites import ROOT

SERVED = [*GAMES, *ALIASES]
"""Every name a game is served under: the registry's games and its aliases (``brisca``)."""

KEY = "contract-host-key"
LANGUAGES = json.loads((ROOT / "service" / "i18n" / "api.json").read_text())["languages"]
"""Every language the service answers in (its text data)."""
EVENT = schema_validator("Event")
STREAM_MESSAGE = validator_at(
    "paths/~1v1~1sessions~1{id}~1events/get/responses/200/content/text~1event-stream/schema"
)

STATELESS = {"showGame", "deal", "legalMoves", "validateMove", "play", "suggest", "replay", "score", "view"}
META = {"listGames", "healthz", "readyz", "openapi", "metrics"}
SESSIONS = {
    operation["operationId"]
    for path, item in SPEC["paths"].items()
    if path.startswith("/v1/sessions")
    for method, operation in item.items()
    if method in ("get", "put", "post", "delete")
}


def test_every_operation_of_the_spec_is_one_these_tests_see_succeed() -> None:
    """Each test below checks that it saw its operations answer 2xx; together they are every operation (``root``,
    a redirect, in the problems test): an operation added to the spec and to none of them fails here."""
    every = {
        operation["operationId"]
        for item in SPEC["paths"].values()
        for method, operation in item.items()
        if method in ("get", "put", "post", "delete", "patch")
    }
    assert sorted(every - (STATELESS | META | SESSIONS | {"root"})) == []


def test_the_closed_reading_refuses_a_field_the_spec_does_not_name(checking: CheckingClient) -> None:
    """The harness itself: a real answer passes, and the same answer with one field more anywhere in it (at the
    top, in an ``allOf`` branch's object, in an array's item, inside a ``oneOf``) does not; nor does a view with
    another family's field, or without one of its own family's."""
    dealt = checking.post("/v1/games/briscola/deal", json={"players": 2, "seed": "server"}).get_json()
    checker = schema_validator("Dealt")
    assert problems_of(checker, dealt) == []
    for where in ([], ["state"], ["state", "match"], ["events", 0], ["events", -1]):
        changed = orjson.loads(orjson.dumps(dealt))
        node = changed
        for key in where:
            node = node[key]
        node["undescribed"] = 1
        assert problems_of(checker, changed) != [], where
    view = checking.post("/v1/games/briscola/view", json={"state": dealt["state"], "seat": 0}).get_json()
    assert problems_of(schema_validator("View"), view) == []
    assert problems_of(schema_validator("View"), {**view, "undescribed": 1}) != []
    assert problems_of(schema_validator("View"), {**view, "table": []}) != []  # a fishing game's field
    assert problems_of(schema_validator("View"), {k: v for k, v in view.items() if k != "last_trick"}) != []
    over = {
        "reason": "resigned",
        "seat": 1,
        "match": {"scores": [0, 0], "target": 1, "over": True, "winner": 0},
    }
    assert problems_of(schema_validator("NullableMatchOver"), over) == []
    assert problems_of(schema_validator("NullableMatchOver"), {**over, "undescribed": 1}) != []


@pytest.mark.parametrize("game", ["briscola_chiamata", "cirulla"])
def test_the_compiled_validator_agrees_with_the_reference_one(store: SqliteStore, game: str) -> None:
    """The answers are checked by a compiled validator (``contract_strict.Checker``), the reference one reading
    only those it refuses: on a whole table of each family, and the harness's own faults, both give one verdict."""
    both = CheckingClient(make_app(store, api_keys=(digest(KEY),)).test_client(), cross_check=True)
    players = players_of(game)[0]
    table = create(both, {"game": game, "deal": {"players": players, "seed": "server"}})
    table.read_everything()
    table.play_to_the_end(random.Random(game), owner_plays=False)
    table.read_everything()
    dealt = both.post(f"/v1/games/{game}/deal", json={"players": players, "seed": 1}).get_json()
    for wrong in ({**dealt, "undescribed": 1}, {**dealt, "state": {**dealt["state"], "turn": "x"}}, {}):
        found = problems_of(schema_validator("Dealt"), wrong, cross_check=True)
        assert found and not any(problem.startswith("the validators") for problem in found), found
    assert sorted(both.problems) == []


def players_of(game: str) -> tuple[int, ...]:
    return GAMES[ALIASES[game][0] if game in ALIASES else game].player_counts


def long_match(game: str) -> dict[str, Any]:
    """Rules that make a match last more than a round: every number option (the target, the rounds to win) at
    its maximum."""
    options = OPTIONS[ALIASES[game][0] if game in ALIASES else game]
    return {option.name: option.maximum for option in options if option.kind == "number"}


def bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "sessions.sqlite3", 3600)
    yield opened
    opened.close()


@pytest.fixture
def checking(store: SqliteStore) -> CheckingClient:
    return CheckingClient(make_app(store, api_keys=(digest(KEY),)).test_client())


def finish(checking: CheckingClient, operations: set[str]) -> None:
    assert sorted(checking.problems) == []
    assert sorted(undescribed_statuses(checking.seen, operations)) == []


# --- stateless ---------------------------------------------------------------------------------------------------


def play_round(
    client: CheckingClient, game: str, state: dict[str, Any], choose: random.Random
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Plays a round to its end with moves drawn by ``choose``; answers the moves played and the last state."""
    moves = []
    while not state["round_over"]:
        listed = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()
        move = choose.choice(listed["moves"])
        moves.append(move)
        played = client.post(f"/v1/games/{game}/play", json={"state": state, "move": move})
        assert played.status_code == 200, played.get_json()
        state = played.get_json()["state"]
    return moves, state


@pytest.mark.parametrize(
    ("game", "players"), [(game, players) for game in SERVED for players in players_of(game)]
)
def test_every_stateless_answer_is_described(checking: CheckingClient, game: str, players: int) -> None:
    client, base, choose = checking, f"/v1/games/{game}", random.Random(f"{game}{players}")
    assert client.get(base).status_code == 200
    table = {"players": players, "seed": players, "rules": long_match(game)}  # a second round to deal
    first = client.post(f"{base}/deal", json=table).get_json()["state"]
    for level in ("random", "greedy"):
        hint = client.post(f"{base}/suggest", json={"state": first, "level": level, "explain": 3})
        assert hint.status_code == 200, hint.get_json()
    strong = client.post(f"{base}/suggest", json={"state": first, "level": "strong", "seed": 1, "worlds": 2})
    assert strong.status_code == 200, strong.get_json()
    assert client.post(f"{base}/legal-moves", json={"state": first, "limit": 1}).status_code == 200
    for seat in range(players):
        assert client.post(f"{base}/view", json={"state": first, "seat": seat}).status_code == 200
    move = client.post(f"{base}/legal-moves", json={"state": first}).get_json()["moves"][0]
    assert client.post(f"{base}/validate", json={"state": first, "move": move}).get_json()["legal"] is True
    not_held = {"card": next(c for c in ("1D", "2D", "3D", "4D") if c not in first["hands"][first["turn"]])}
    refused = client.post(f"{base}/validate", json={"state": first, "move": not_held})
    assert refused.get_json()["legal"] is False
    assert client.post(f"{base}/play", json={"state": first, "move": not_held}).status_code == 422

    moves, last = play_round(client, game, first, choose)
    assert client.post(f"{base}/view", json={"state": last, "seat": 0}).status_code == 200
    scored = client.post(f"{base}/score", json={"state": last})
    assert scored.status_code == 200, scored.get_json()
    if GAMES[ALIASES.get(game, (game, ""))[0]].scores_from_piles:  # its piles alone make its score
        piles = {"players": players, "captures": last["captures"], "sweeps": last["sweeps"]}
        assert client.post(f"{base}/score", json=piles).status_code == 200

    one_seed = {**table, "moves": moves}
    assert client.post(f"{base}/replay", json=one_seed).get_json()["valid"] is True
    wrong = client.post(f"{base}/replay", json={**one_seed, "moves": [not_held]})
    assert wrong.get_json()["valid"] is False
    unfinished = client.post(f"{base}/replay", json={**one_seed, "moves": moves[:1]})
    assert unfinished.status_code == 200

    again = client.post(f"{base}/deal", json={"seed": players + 1, "previous": last})
    assert again.status_code == 200, again.get_json()
    second_moves, _ = play_round(client, game, again.get_json()["state"], choose)
    rounds = [{"seed": players, "moves": moves}, {"seed": players + 1, "moves": second_moves}]
    answer = client.post(
        f"{base}/replay", json={"players": players, "rules": table["rules"], "rounds": rounds}
    )
    assert answer.status_code == 200 and answer.get_json()["rounds"] == 2, answer.get_json()

    sealed = client.post(f"{base}/deal", json={"players": players, "seed": "server", "salt": "s1"}).get_json()
    sealed_moves, _ = play_round(client, game, sealed["state"], choose)
    body = {"sealed_seed": sealed["sealed_seed"], "seed_commitment": sealed["seed_commitment"]}
    replayed = client.post(f"{base}/replay", json={**body, "moves": sealed_moves})
    assert replayed.status_code == 200, replayed.get_json()
    assert client.post(f"{base}/replay", json={**body, "moves": sealed_moves[:1]}).status_code == 422
    finish(checking, STATELESS)


def test_every_catalogue_and_operations_answer_is_described(checking: CheckingClient) -> None:
    client = checking
    for language in LANGUAGES:
        assert client.get("/v1/games", headers={"Accept-Language": language}).status_code == 200
        for game in SERVED:
            assert client.get(f"/v1/games/{game}", headers={"Accept-Language": language}).status_code == 200
    for url in ("/healthz", "/readyz", "/openapi.yaml", "/metrics"):
        assert client.get(url).status_code == 200, url
    finish(checking, META | {"showGame"})


def test_the_operators_answers_are_described(store: SqliteStore) -> None:
    """With a metrics token: ``/readyz`` with the operator's ``details`` (an open object on purpose: what it holds
    depends on the store), ``/metrics`` refused without the token and served with it."""
    checking = CheckingClient(make_app(store, metrics_token="operator-token").test_client())
    ready = checking.get("/readyz", headers=bearer("operator-token"))
    assert ready.status_code == 200 and "details" in ready.get_json()["sessions"], ready.get_json()
    assert checking.get("/metrics").status_code == 401
    assert checking.get("/metrics", headers=bearer("operator-token")).status_code == 200
    finish(checking, {"readyz", "metrics"})


# --- sessions ----------------------------------------------------------------------------------------------------


def stream_messages(checking: CheckingClient, url: str, version: int, **headers: str) -> int:
    """Reads a stream of the events until the message of ``version``, checking each message and its event; answers
    how many messages it read."""
    opened = checking.get(url, headers={"Accept": "text/event-stream", **headers}, buffered=False)
    assert opened.status_code == 200 and opened.mimetype == "text/event-stream"
    count, chunks = 0, iter(opened.response)
    try:
        while True:
            for block in next(chunks).decode().split("\n\n"):
                lines = [line for line in block.split("\n") if line and not line.startswith(":")]
                if not lines:
                    continue
                message: dict[str, Any] = dict(line.split(": ", 1) for line in lines)
                if "retry" in message:  # the field's digits are an integer (WHATWG HTML, server-sent events)
                    message["retry"] = (
                        int(message["retry"]) if message["retry"].isdigit() else message["retry"]
                    )
                checking.problems.update(f"stream {p}" for p in problems_of(STREAM_MESSAGE, message))
                count += 1
                if "data" in message:
                    event = orjson.loads(message["data"])
                    checking.problems.update(f"stream event {p}" for p in problems_of(EVENT, event))
                    assert message.get("event") == event["type"], message
                if message.get("id") == str(version):
                    return count
    finally:
        opened.close()


class Seated:
    """One session table through the checking client, with every token it handed out."""

    def __init__(self, checking: CheckingClient, created: dict[str, Any]) -> None:
        self.checking, self.created = checking, created
        self.path = f"/v1/sessions/{created['id']}"
        self.owner: str = created["tokens"]["owner"]
        self.seats: list[str] = list(created["tokens"]["seats"])
        self.spectator: str = created["tokens"]["spectator"]

    @property
    def tokens(self) -> list[str]:
        return [self.owner, *self.seats, self.spectator]

    def view(self, token: str) -> dict[str, Any]:
        answer = self.checking.get(f"{self.path}/view", headers=bearer(token))
        assert answer.status_code == 200, answer.get_json()
        seen: dict[str, Any] = answer.get_json()
        return seen

    def etag(self) -> str:
        return str(self.checking.get(self.path, headers=bearer(self.owner)).headers["ETag"])

    def owner_write(self, method: str, suffix: str, **kwargs: Any) -> Any:
        headers = bearer(self.owner, **{"If-Match": self.etag(), "X-API-Key": KEY})
        answer = self.checking.open(method, f"{self.path}{suffix}", headers=headers, **kwargs)
        assert answer.status_code < 300, (suffix, answer.get_json())
        return answer.get_json() if answer.data else None

    def read_everything(self) -> None:
        """Every read with every token: the session (the owner; a seat is refused), its 304, the view, legal moves
        (a spectator's is a problem, checked as well), a page of events from the start and one from the last
        version, a stream ticket; a stream for the owner and a seat, and one opened with a spectator's ticket."""
        client = self.checking
        full = client.get(self.path, headers=bearer(self.owner))
        assert full.status_code == 200, full.get_json()
        version = full.get_json()["version"]
        unchanged = client.get(
            self.path, headers=bearer(self.owner, **{"If-None-Match": full.headers["ETag"]})
        )
        assert unchanged.status_code == 304
        assert client.get(self.path, headers=bearer(self.seats[0])).status_code == 403
        for token in self.tokens:
            self.view(token)
            client.get(f"{self.path}/legal-moves", headers=bearer(token))
            for after in (0, version - 1):
                page = client.get(f"{self.path}/events?after={after}", headers=bearer(token))
                assert page.status_code == 200, page.get_json()
            ticket = client.post(f"{self.path}/stream-tickets", headers=bearer(token))
            assert ticket.status_code == 201, ticket.get_json()
        for token in (self.owner, self.seats[0]):
            stream_messages(client, f"{self.path}/events", version, **bearer(token))
        ticket = client.post(f"{self.path}/stream-tickets", headers=bearer(self.spectator)).get_json()
        stream_messages(client, f"{self.path}/events?ticket={ticket['ticket']}", version)

    def play_to_the_end(self, choose: random.Random, owner_plays: bool) -> None:
        """Plays the round out: each seat with its token, a computer move now and then, and the owner for a seat
        (at a sealed table only by asking a computer player)."""
        client = self.checking
        while not (view := self.view(self.owner))["round_over"]:
            token = self.seats[view["turn"]]
            listed = client.get(f"{self.path}/legal-moves", headers=bearer(token))
            body: dict[str, Any] = {"move": choose.choice(listed.get_json()["moves"])}
            if choose.random() < 0.2:
                body = {"computer": {"level": "greedy", "seed": 1}}
            if choose.random() < 0.3 and (owner_plays or "computer" in body):
                token = self.owner
            moved = client.post(
                f"{self.path}/moves", json=body, headers=bearer(token, **{"If-Match": self.etag()})
            )
            assert moved.status_code == 200, moved.get_json()


def create(checking: CheckingClient, body: dict[str, Any]) -> Seated:
    made = checking.post("/v1/sessions", json=body, headers={"X-API-Key": KEY})
    assert made.status_code == 201, made.get_json()
    return Seated(checking, made.get_json())


@pytest.mark.parametrize("game", SERVED)
def test_every_session_answer_is_described(checking: CheckingClient, game: str) -> None:
    client, choose = checking, random.Random(game)
    players = players_of(game)[0]
    clock = {"move_seconds": 60, "on_timeout": "none"}
    names = [{"name": f"P{seat}"} for seat in range(players)]
    rules = long_match(game)
    server = {"players": players, "seed": "server", "rules": rules}
    sealed = create(checking, {"game": game, "deal": server, "seats": names})
    clocked = create(checking, {"game": game, "deal": {**server, "seed": 3}, "clock": clock})
    state = client.post(f"/v1/games/{game}/deal", json={**server, "seed": 4}).get_json()["state"]
    posted = create(checking, {"game": game, "state": state})
    quitting = create(checking, {"game": game, "deal": server, "clock": clock})
    for table in (sealed, clocked, posted):
        table.read_everything()
        for token in (
            table.seats[table.view(table.owner)["turn"]],
            table.owner,
        ):  # a sealed table's owner: 403
            asked = client.post(
                f"{table.path}/suggest", json={"level": "greedy", "explain": 2}, headers=bearer(token)
            )
            assert asked.status_code == 200 or token == table.owner, asked.get_json()
        table.owner_write("POST", "/seats/1/computer", json={"computer": {"level": "random"}})
        table.owner_write("DELETE", "/seats/1/computer")
        table.seats[1] = table.owner_write("POST", "/seats/1/token")["token"]
        spectator = table.owner_write("POST", "/spectators")
        table.owner_write("DELETE", f"/spectators/{spectator['spectator']}")
    posted.owner_write("PUT", "", json={"state": state})

    for table in (sealed, clocked, posted):
        table.play_to_the_end(choose, owner_plays=table is not sealed)
        table.read_everything()
        if not table.view(table.owner)["match_over"]:
            table.owner_write("POST", "/next-round", json={"seed": "server" if table is sealed else 9})
            table.read_everything()
    resigned = client.post(
        f"{quitting.path}/resign", headers=bearer(quitting.seats[0], **{"If-Match": quitting.etag()})
    )
    assert resigned.status_code == 200, resigned.get_json()
    for table in (sealed, clocked, quitting):
        again = table.owner_write("POST", "/rematch")
        assert again["previous"] == table.created["id"]
        table.read_everything()  # each seat reads its token at the new table in a private rematch event
        assert (
            client.get(f"/v1/sessions/{again['id']}", headers=bearer(again["tokens"]["owner"])).status_code
            == 200
        )

    listed = client.get("/v1/sessions?limit=2", headers={"X-API-Key": KEY})
    assert listed.status_code == 200, listed.get_json()
    if listed.get_json()["next"]:
        assert client.get(f"/v1/sessions?cursor={listed.get_json()['next']}", headers={"X-API-Key": KEY})
    posted.owner_write("DELETE", "")
    finish(checking, SESSIONS)


# --- problems ----------------------------------------------------------------------------------------------------

PROBLEM = schema_validator("Problem")


def ambiguous(client: CheckingClient) -> tuple[str, dict[str, Any], str]:
    """A fishing position where a card has several capture sets, found from seeded deals of the registry's
    fishing games: the game, the state and the card."""
    for game in GAMES:
        for seed in range(200):
            state = client.post(f"/v1/games/{game}/deal", json={"players": 4, "seed": seed}).get_json()[
                "state"
            ]
            if "table" not in state:
                break
            moves = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).get_json()["moves"]
            captures = Counter(move["card"] for move in moves if move.get("capture"))
            several = [card for card, count in captures.items() if count > 1]
            if several:
                return game, state, several[0]
    raise AssertionError("no position with an ambiguous capture")


def test_every_problem_answer_is_described(store: SqliteStore) -> None:
    """Problems of every kind the service writes, each checked against its operation's answer (and the 404 and
    405 of a path or method the spec has no operation for against ``Problem``): malformed and refused bodies,
    illegal moves, tokens missing, wrong or stale, rate limits and session quotas, a store gone."""
    checking = CheckingClient(
        make_app(store, api_keys=(digest(KEY),), rate_limit="1000/minute").test_client()
    )
    client = checking
    expected: list[tuple[Any, int]] = []

    def expect(response: Any, status: int) -> None:
        expected.append((response.get_json().get("code") if response.data else None, response.status_code))
        assert response.status_code == status, response.get_data(as_text=True)[:300]

    expect(client.post("/v1/games/scopa/deal", data=b"{", content_type="application/json"), 400)
    expect(client.post("/v1/games/scopa/deal", json={"players": 9, "seed": -1, "nope": 1}), 400)
    expect(client.post("/v1/games/scopa/deal", data=b"{}", content_type="text/plain"), 415)
    expect(client.post("/v1/games/scopa/deal", json={"players": 2, "seed": "x" * 300_000}), 413)
    expect(client.get("/v1/games/nope"), 404)
    game, state, card = ambiguous(client)
    assert (
        client.post(f"/v1/games/{game}/validate", json={"state": state, "move": {"card": card}}).status_code
        == 200
    )
    refused = client.post(f"/v1/games/{game}/play", json={"state": state, "move": {"card": card}})
    expect(refused, 422)
    assert refused.get_json()["reason"] == "ambiguous_capture" and refused.get_json()["options"]
    broken = {**state, "hands": [state["hands"][0], *state["hands"][1:-1], []]}
    expect(client.post(f"/v1/games/{game}/legal-moves", json={"state": broken}), 400)

    made = client.post(
        "/v1/sessions", json={"game": game, "state": state}, headers={"X-API-Key": KEY}
    ).get_json()
    path, owner, seats = f"/v1/sessions/{made['id']}", made["tokens"]["owner"], made["tokens"]["seats"]
    expect(client.get(path), 401)
    expect(client.get(path, headers=bearer("x" * 43)), 403)
    expect(client.get(path, headers=bearer(seats[0])), 403)
    expect(client.get("/v1/sessions/" + "a" * 32, headers=bearer(owner)), 403)  # no session: no oracle either
    expect(client.put(path, json={"state": state}, headers=bearer(owner)), 428)
    expect(client.put(path, json={"state": state}, headers=bearer(owner, **{"If-Match": '"99"'})), 412)
    etag = client.get(path, headers=bearer(owner)).headers["ETag"]
    turn = state["turn"]
    wrong = seats[(turn + 1) % len(seats)]
    expect(
        client.post(
            f"{path}/moves", json={"move": {"card": card}}, headers=bearer(wrong, **{"If-Match": etag})
        ),
        403,
    )
    move = {"move": {"card": card}}
    expect(client.post(f"{path}/moves", json=move, headers=bearer(seats[turn], **{"If-Match": etag})), 422)
    keyed = bearer(seats[turn], **{"If-Match": etag, "Idempotency-Key": "k1"})
    listed = client.get(f"{path}/legal-moves", headers=bearer(seats[turn])).get_json()["moves"]
    first = client.post(f"{path}/moves", json={"move": listed[0]}, headers=keyed)
    assert first.status_code == 200, first.get_json()
    expect(client.post(f"{path}/moves", json={"move": listed[-1]}, headers=keyed), 422)
    expect(client.get(f"{path}/events?ticket=nothing", headers={"Accept": "text/event-stream"}), 401)
    expect(client.get("/v1/sessions"), 401)
    expect(client.get("/v1/sessions", headers={"X-API-Key": "wrong"}), 403)

    limited = CheckingClient(make_app(store, rate_limit="2/minute").test_client())
    for _ in range(2):
        limited.get("/v1/games/scopa")
    expect(limited.get("/v1/games/scopa"), 429)
    checking.problems |= limited.problems
    quota = CheckingClient(make_app(store, session_quota_creates=1).test_client())
    table = {"game": game, "deal": {"players": 4, "seed": 1}}
    assert quota.post("/v1/sessions", json=table).status_code == 201
    expect(quota.post("/v1/sessions", json=table), 429)
    checking.problems |= quota.problems

    for url, method, status in (("/nope", "GET", 404), ("/v1/games/scopa/deal", "GET", 405)):
        answer = client.client.open(url, method=method)
        assert answer.status_code == status and answer.mimetype == "application/problem+json"
        checking.problems.update(f"{url} {p}" for p in problems_of(PROBLEM, answer.get_json()))
    assert client.get("/").status_code == 302
    store.close()  # the store gone: the session routes answer 503 store_unavailable, described as well
    expect(client.post("/v1/sessions", json={"game": game, "state": state}, headers={"X-API-Key": KEY}), 503)
    expect(client.get(path, headers=bearer(owner)), 503)
    assert sorted(checking.problems) == []


# --- the spec's own examples -------------------------------------------------------------------------------------


def test_every_example_of_an_answer_is_described() -> None:
    """The examples the spec shows of its answers (each response's, and each schema's) hold to the same closed
    reading: an example with a field the schema lacks, or without one it requires, misleads a reader of /docs."""
    problems, count = [], 0
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method not in ("get", "put", "post", "delete"):
                continue
            for status, response in operation["responses"].items():
                base = pointer("paths", path, method, "responses", status)
                if "$ref" in response:
                    name = response["$ref"].rsplit("/", 1)[1]
                    base, response = (
                        pointer("components", "responses", name),
                        SPEC["components"]["responses"][name],
                    )
                for media_type, media in (response.get("content") or {}).items():
                    if not media_type.endswith("json"):
                        continue
                    shown = [("example", media["example"])] if "example" in media else []
                    for key, example in (media.get("examples") or {}).items():
                        if "$ref" in example:
                            example = SPEC["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
                        shown.append((key, example["value"]))
                    checker = validator_at(f"{base}/{pointer('content', media_type, 'schema')}")
                    for key, value in shown:
                        count += 1
                        where = f"{operation['operationId']} {status} {key}"
                        problems += [f"{where}: {problem}" for problem in problems_of(checker, value)]
    for name, schema in SPEC["components"]["schemas"].items():
        for value in ([schema["example"]] if "example" in schema else []) + list(schema.get("examples", [])):
            count += 1
            problems += [
                f"{name} example: {problem}" for problem in problems_of(schema_validator(name), value)
            ]
    assert count > 100
    assert problems == []
