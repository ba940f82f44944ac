"""Schemathesis hooks shared by the in-process contract tests and the live CLI run (SCHEMATHESIS_HOOKS)."""

from __future__ import annotations

import zlib
from typing import Any

import schemathesis

from service.app import create_app
from service.engine.games import GAMES as REGISTRY
from service.storage import MemoryStore

GAMES = tuple(REGISTRY)
_DEALER = create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=60)}).test_client()
#: The owner token of every session a run created, by session id (sessions are reached by capability).
OWNER_TOKENS: dict[str, str] = {}
#: Sent for sessions this run did not create: well-formed, gives access to nothing.
STRANGER_TOKEN = "s" * 43


def dealt_state(game: str, seed: int) -> dict[str, Any]:
    name = "briscola" if game == "brisca" else game
    counts = REGISTRY[name].player_counts
    players = counts[seed % len(counts)]
    body = _DEALER.post(f"/v1/games/{name}/deal", json={"players": players, "seed": seed}).get_json()
    state: dict[str, Any] = body["state"]
    return state


def dealt_session_body(seed: int) -> dict[str, Any]:
    """A session body that can occur in a game: random data can hardly build a consistent state."""
    game = GAMES[seed % len(GAMES)]
    return {"game": game, "state": dealt_state(game, seed)}


MAX_QUERY_VALUES = 4
"""Repeats of one query parameter a generated case keeps: gunicorn answers a request line over 4,094 bytes itself
(414, text/html) before the service sees it (docs/deployment.md), so the run keeps its URLs short of that."""
MAX_QUERY_TEXT = 256


def shortened(value: Any) -> Any:
    if isinstance(value, list):
        return [shortened(item) for item in value[:MAX_QUERY_VALUES]]
    if isinstance(value, str):
        return value[:MAX_QUERY_TEXT]
    return value


@schemathesis.hook
def map_case(context: schemathesis.HookContext, case: schemathesis.Case) -> schemathesis.Case:
    """Positive bodies get a dealt state (and every other one a legal move), so the 2xx answers are exercised
    too; negative bodies keep the schema violation they were made for. Every query stays short enough for the
    server's request line (``MAX_QUERY_VALUES``)."""
    if case.query:
        case.query = {name: shortened(value) for name, value in case.query.items()}
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    if not positive or not isinstance(case.body, dict):
        return case
    seed = zlib.crc32(repr(sorted(case.body)).encode()) % 1000
    if case.operation.label == "POST /v1/sessions":
        case.body = dealt_session_body(seed)
        return case
    game = (case.path_parameters or {}).get("game")
    if game in (*GAMES, "brisca") and "state" in case.body:
        case.body["state"] = dealt_state(game, seed)
        if "move" in case.body and seed % 2:
            legal = _DEALER.post(f"/v1/games/{game}/legal-moves", json={"state": case.body["state"]}).get_json()
            case.body["move"] = legal["moves"][seed % len(legal["moves"])]
    return case


@schemathesis.hook
def after_call(context: schemathesis.HookContext, case: schemathesis.Case, response: Any) -> None:
    """Keep the owner token of each session created, so later calls on it (stateful links) are authorized."""
    if case.operation.label == "POST /v1/sessions" and response.status_code == 201:
        body = response.json()
        OWNER_TOKENS[body["id"]] = body["tokens"]["owner"]


@schemathesis.auth(refresh_interval=None).apply_to(path_regex="^/v1/sessions/")
class SessionToken:
    """Session operations carry the owner token of their session (a stranger's token for ids never created)."""

    def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
        session_id = str((case.path_parameters or {}).get("id"))
        return OWNER_TOKENS.get(session_id, STRANGER_TOKEN)

    def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}
