"""Schemathesis hooks shared by the in-process contract tests and the live CLI run (SCHEMATHESIS_HOOKS)."""

from __future__ import annotations

import zlib
from typing import Any

import schemathesis

from service.app import create_app

GAMES = ("scopa", "scopone", "escoba", "briscola")
_DEALER = create_app({"TESTING": True}).test_client()


def dealt_state(game: str, seed: int) -> dict[str, Any]:
    name = "briscola" if game == "brisca" else game
    players = 4 if name == "scopone" else 2 + seed % 3
    body = _DEALER.post(f"/v1/games/{name}/deal", json={"players": players, "seed": seed}).get_json()
    state: dict[str, Any] = body["state"]
    return state


def dealt_session_body(seed: int) -> dict[str, Any]:
    """A session body that can occur in a game: random data can hardly build a consistent state."""
    game = GAMES[seed % len(GAMES)]
    return {"game": game, "state": dealt_state(game, seed)}


@schemathesis.hook
def map_case(context: schemathesis.HookContext, case: schemathesis.Case) -> schemathesis.Case:
    """Positive bodies get a dealt state (and every other one a legal move), so the 2xx answers are exercised
    too; negative bodies keep the schema violation they were made for."""
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
