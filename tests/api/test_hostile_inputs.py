"""Hostile and malformed requests: every one is a 4xx problem+json with a stable code, never a 5xx.

Each row names the request, the status and code expected, and (for field errors) the JSON Pointer that must be
among ``errors[*].pointer``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.app import create_app
from service.engine.limits import MAX_PLAYERS, MAX_SEAT
from service.storage import MemoryStore
from tests.work import lines_executed

ALL_CARDS = [f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)]
PROBLEM = "application/problem+json"


def fishing(game: str = "scopa") -> dict[str, Any]:
    """2 players, seat 0 to play 7D 5C 1S on 3C 4S 2B 5D, a stock of 30."""
    hands = [["7D", "5C", "1S"], ["9D", "9C", "9S"]]
    table = ["3C", "4S", "2B", "5D"]
    named = {*hands[0], *hands[1], *table}
    return {
        "game": game,
        "players": 2,
        "dealer": 1,
        "turn": 0,
        "hands": hands,
        "table": table,
        "stock": [card for card in ALL_CARDS if card not in named],
        "captures": [[], []],
        "sweeps": [0, 0],
        "last_capturer": None,
        "match": {"scores": [0, 0], "target": 11 if game != "escoba" else 21, "round": 1},
    }


def briscola() -> dict[str, Any]:
    """2 players, seat 1 has led 6D to the trick; seat 0 to play; 7D face up under a stock of 31."""
    hands = [["1D", "2D", "3D"], ["4D", "5D"]]
    named = {*hands[0], *hands[1], "6D", "7D"}
    return {
        "game": "briscola",
        "rules": {"trump_exchange": "seven_and_two"},
        "players": 2,
        "dealer": 0,
        "turn": 0,
        "hands": hands,
        "stock": [card for card in ALL_CARDS if card not in named][:31],
        "trump_card": "7D",
        "trump_suit": "D",
        "trick": [{"seat": 1, "card": "6D"}],
        "leader": 1,
        "captures": [[], [card for card in ALL_CARDS if card not in named][31:]],
    }


SCOPA = fishing()
BRISCOLA = briscola()


def at(base: dict[str, Any], pointer: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``base`` with ``value`` at ``pointer`` (a list index one past the end appends)."""
    result = copy.deepcopy(base)
    *parents, last = pointer.strip("/").split("/")
    node: Any = result
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        index = int(last)
        if index == len(node):
            node.append(value)
        else:
            node[index] = value
    else:
        node[last] = value
    return result


def without(base: dict[str, Any], key: str) -> dict[str, Any]:
    result = copy.deepcopy(base)
    del result[key]
    return result


@dataclass(frozen=True)
class Case:
    id: str
    path: str
    body: Any = None
    raw: bytes | None = None
    status: int = 400
    code: str | None = None
    pointer: str | None = None
    method: str = "POST"
    content_type: str | None = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    bug: str | None = None  # a known defect: the case is expected to fail until it is fixed


LEGAL = "/v1/games/scopa/legal-moves"
PLAY = "/v1/games/scopa/play"
DEAL = "/v1/games/scopa/deal"
B_PLAY = "/v1/games/briscola/play"
B_LEGAL = "/v1/games/briscola/legal-moves"
VIEW = "/v1/games/scopa/view"
SCORE = "/v1/games/scopa/score"
GOOD = json.dumps({"state": SCOPA}).encode()
V = "validation_error"


def malformed() -> Iterator[Case]:
    yield Case("truncated", LEGAL, raw=GOOD[:-7], code="invalid_json")
    yield Case("truncated-mid-string", LEGAL, raw=b'{"state": {"game": "sco', code="invalid_json")
    yield Case("trailing-garbage", LEGAL, raw=GOOD + b"}", code="invalid_json")
    yield Case("two-documents", LEGAL, raw=GOOD + b" " + GOOD, code="invalid_json")
    yield Case("nan", LEGAL, raw=b'{"state": {}, "limit": NaN}', code="invalid_json")
    yield Case("infinity", LEGAL, raw=b'{"state": {}, "limit": Infinity}', code="invalid_json")
    yield Case("single-quotes", LEGAL, raw=b"{'state': {}}", code="invalid_json")
    yield Case("comment", LEGAL, raw=b'{"state": {} /* hi */}', code="invalid_json")
    yield Case("trailing-comma", LEGAL, raw=b'{"state": {},}', code="invalid_json")
    yield Case("bare-string", LEGAL, raw=b'"state"', code="bad_request")
    yield Case("bare-array", LEGAL, raw=b"[]", code="bad_request")
    yield Case("bare-number", LEGAL, raw=b"42", code="bad_request")
    yield Case("bare-null", LEGAL, raw=b"null", code="bad_request")
    yield Case("bare-true", LEGAL, raw=b"true", code="bad_request")
    yield Case("invalid-utf8", LEGAL, raw=b'{"state": "\xff\xfe"}', code="invalid_json")
    yield Case("lone-surrogate", LEGAL, raw=b'{"state": "\\ud800"}', code="invalid_json")
    yield Case("overlong-utf8", LEGAL, raw=b'{"state": "\xc0\xaf"}', code="invalid_json")
    yield Case("bom", LEGAL, raw=b"\xef\xbb\xbf" + GOOD, code="invalid_json")
    yield Case("utf16", LEGAL, raw=GOOD.decode().encode("utf-16"), code="invalid_json")
    yield Case("nul-byte", LEGAL, raw=b'{"state": {}}\x00', code="invalid_json")
    yield Case("empty-body", LEGAL, raw=b"", code="invalid_json")
    yield Case("whitespace-body", LEGAL, raw=b"  \n ", code="invalid_json")
    yield Case("empty-object", LEGAL, raw=b"{}", code=V, pointer="/state")
    yield Case("huge-exponent", LEGAL, raw=b'{"state": {}, "limit": 1e400}', code="invalid_json")
    yield Case("huge-integer-literal", DEAL, raw=b'{"players": 1' + b"0" * 400 + b', "seed": 1}', code="invalid_json")
    yield Case("session-create-bad-json", "/v1/sessions", raw=b'{"game": ', code="invalid_json")


def media_types() -> Iterator[Case]:
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "application/xml", "application/jsonx",
                         "multipart/form-data; boundary=x", "text/json", None):
        yield Case(f"content-type-{content_type}", LEGAL, raw=GOOD, content_type=content_type, status=415,
                   code="unsupported_media_type")
    yield Case("content-type-on-sessions", "/v1/sessions", raw=b"{}", content_type="text/plain", status=415,
               code="unsupported_media_type")


CARD_SPOTS = [
    ("hand", LEGAL, SCOPA, "/hands/0/1", "/state/hands/0/1"),
    ("table", LEGAL, SCOPA, "/table/0", "/state/table/0"),
    ("stock", LEGAL, SCOPA, "/stock/3", "/state/stock/3"),
    ("pile", LEGAL, at(SCOPA, "/last_capturer", 1), "/captures/1/0", "/state/captures/1/0"),
    ("trump", B_LEGAL, BRISCOLA, "/trump_card", "/state/trump_card"),
    ("trick", B_LEGAL, BRISCOLA, "/trick/0/card", "/state/trick/0/card"),
]
BAD_CARDS: list[Any] = ["11D", "7d", "", 7, None, "7D ", " 7D", "0D", "07D", "7X", "D7", "1 0D", "10", "7DD",
                        True, [], {}, ["7D"], "\uff17D", "7\u0000D"]


def cards() -> Iterator[Case]:
    for name, path, base, where, pointer in CARD_SPOTS:
        for bad in BAD_CARDS:
            yield Case(f"card-{name}-{bad!r}", path, {"state": at(base, where, bad)}, code=V, pointer=pointer)
    for bad in ("11D", "7d", "", 7, None, "7D "):
        yield Case(f"move-card-{bad!r}", PLAY, {"state": SCOPA, "move": {"card": bad}}, code=V, pointer="/move/card")
        yield Case(f"move-capture-{bad!r}", PLAY, {"state": SCOPA, "move": {"card": "7D", "capture": ["3C", bad]}},
                   code=V, pointer="/move/capture/1")
        yield Case(f"move-exchange-{bad!r}", B_PLAY, {"state": BRISCOLA, "move": {"exchange": bad}}, code=V,
                   pointer="/move/exchange")
        yield Case(f"piles-{bad!r}", SCORE, {"players": 2, "captures": [["7D", bad], []]}, code=V,
                   pointer="/captures/0/1")
    yield Case("capture-not-a-list", PLAY, {"state": SCOPA, "move": {"card": "7D", "capture": "3C"}}, code=V,
               pointer="/move/capture")
    yield Case("hand-not-a-list", LEGAL, {"state": at(SCOPA, "/hands/0", "7D 5C 1S")}, code=V,
               pointer="/state/hands/0")
    yield Case("hand-of-eleven", LEGAL, {"state": at(SCOPA, "/hands/0", ALL_CARDS[:11])}, code=V,
               pointer="/state/hands/0")
    yield Case("removed-card-for-three", B_LEGAL, {"state": {**BRISCOLA, "players": 3}}, status=400)


def duplicates() -> Iterator[Case]:
    rows = [
        ("hand-and-table", LEGAL, SCOPA, "/table/0", "7D", "/state/table/0"),
        ("two-hands", LEGAL, SCOPA, "/hands/1/0", "7D", "/state/hands/1/0"),
        ("same-hand", LEGAL, SCOPA, "/hands/0/1", "7D", "/state/hands/0/1"),
        ("hand-and-stock", LEGAL, SCOPA, "/stock/0", "5C", "/state/stock/0"),
        ("table-and-pile", LEGAL, at(SCOPA, "/last_capturer", 0), "/captures/0/0", "3C", "/state/captures/0/0"),
        ("trick-and-hand", B_LEGAL, BRISCOLA, "/hands/0/0", "6D", "/state/trick/0/card"),
        ("trump-and-hand", B_LEGAL, BRISCOLA, "/hands/0/0", "7D", "/state/trump_card"),
        ("trump-and-stock", B_LEGAL, BRISCOLA, "/stock/0", "7D", "/state/stock/0"),
    ]
    for name, path, base, where, card, pointer in rows:
        # The card replaced goes missing too: the duplicate is what must be reported.
        yield Case(f"duplicate-{name}", path, {"state": at(base, where, card)}, code="duplicate_card",
                   pointer=pointer)
    yield Case("duplicate-in-piles-form", SCORE, {"players": 2, "captures": [["7D"], ["7D"]]}, code=V,
               pointer="/captures/1/0")
    yield Case("missing-card", LEGAL, {"state": at(SCOPA, "/stock", SCOPA["stock"][1:])}, code="missing_cards")


def seats() -> Iterator[Case]:
    fields = [
        ("dealer", LEGAL, SCOPA, "/dealer"),
        ("turn", LEGAL, SCOPA, "/turn"),
        ("last_capturer", LEGAL, SCOPA, "/last_capturer"),
        ("leader", B_LEGAL, BRISCOLA, "/leader"),
        ("trick-seat", B_LEGAL, BRISCOLA, "/trick/0/seat"),
    ]
    for name, path, base, where in fields:
        for bad in (-1, MAX_SEAT + 1, 1.5, "1", True, False, [], 2**64, -(2**64)):
            yield Case(f"seat-{name}-{bad!r}", path, {"state": at(base, where, bad)}, code=V, pointer="/state" + where)
    for bad in (-1, MAX_SEAT + 1, 1.5, "1", True, None, 2**64):
        yield Case(f"view-seat-{bad!r}", VIEW, {"state": SCOPA, "seat": bad}, code=V, pointer="/seat")
        yield Case(f"deal-dealer-{bad!r}", DEAL, {"players": 2, "seed": 1, "dealer": bad}, code=V, pointer="/dealer")
    # In range for the schema, out of range for the table.
    yield Case("dealer-2-of-2", LEGAL, {"state": at(SCOPA, "/dealer", 2)}, code="invalid_seat", pointer="/state/dealer")
    yield Case("dealer-3-of-2", LEGAL, {"state": at(SCOPA, "/dealer", 3)}, code="invalid_seat", pointer="/state/dealer")
    yield Case("leader-2-of-2", B_LEGAL, {"state": at(BRISCOLA, "/leader", 2)}, code="invalid_seat",
               pointer="/state/leader")
    yield Case("last-capturer-3-of-2", LEGAL, {"state": at(SCOPA, "/last_capturer", 3)}, code="invalid_seat",
               pointer="/state/last_capturer")
    yield Case("turn-3-of-2", LEGAL, {"state": at(SCOPA, "/turn", 3)}, code="invalid_turn", pointer="/state/turn")
    yield Case("deal-dealer-2-of-2", DEAL, {"players": 2, "seed": 1, "dealer": 2}, code=V, pointer="/dealer")
    yield Case("hands-for-three", LEGAL, {"state": at(SCOPA, "/hands/2", [])}, pointer="/state/hands")
    yield Case("hands-for-four-of-2", LEGAL, {"state": at(SCOPA, "/hands", [[], [], [], []])}, code="invalid_seat",
               pointer="/state/hands")
    yield Case("hand-for-one-of-2", LEGAL, {"state": at(SCOPA, "/hands", [["7D"]])}, code="invalid_seat",
               pointer="/state/hands")
    yield Case("briscola-players-3-with-2-hands", B_LEGAL, {"state": at(BRISCOLA, "/players", 3)},
               code="invalid_seat", pointer="/state/hands")
    yield from fewer_hands_than_players()
    yield Case("players-6", LEGAL, {"state": at(SCOPA, "/players", MAX_PLAYERS + 1)}, code=V, pointer="/state/players")
    # Five seats are a state's bound (Briscola chiamata), not Scopa's: the game's own check names the field.
    yield Case("scopa-players-5", LEGAL, {"state": at(SCOPA, "/players", 5)}, code="invalid_seat",
               pointer="/state/players")
    yield Case("scopone-with-2", "/v1/games/scopone/legal-moves", {"state": fishing("scopone")},
               pointer="/state/players")


FEWER_HANDS = (
    "FishingState.turn indexes hands[seat] (IndexError) or takes max() of no hands (ValueError) before the "
    "seat checks run: checked_state() in service/api/games.py evaluates state.turn eagerly as the default of "
    "reported.get('turn', ...) ahead of game.validate(), so a fishing state with fewer hands than players is a 500"
)


def fewer_hands_than_players() -> Iterator[Case]:
    three = at(SCOPA, "/players", 3)
    no_turn = without(three, "turn")
    no_hands = at(SCOPA, "/hands", [])
    escoba = {**at(fishing("escoba"), "/players", 4), "match": {"scores": [0, 0], "target": 21}}
    rows = [
        ("legal-moves-3-of-2", LEGAL, {"state": three}, "/state/hands"),
        ("legal-moves-3-of-2-no-turn", LEGAL, {"state": no_turn}, "/state/hands"),
        ("legal-moves-no-hands", LEGAL, {"state": no_hands}, "/state/hands"),
        ("legal-moves-no-hands-no-stock", LEGAL, {"state": at(no_hands, "/stock", [])}, "/state/hands"),
        ("escoba-4-with-2-hands", "/v1/games/escoba/legal-moves", {"state": escoba}, "/state/hands"),
        ("validate-3-of-2", "/v1/games/scopa/validate", {"state": three, "move": {"card": "7D"}}, "/state/hands"),
        ("play-3-of-2", PLAY, {"state": three, "move": {"card": "7D"}}, "/state/hands"),
        ("view-3-of-2", VIEW, {"state": three, "seat": 0}, "/state/hands"),
        ("score-3-of-2", SCORE, {"state": three}, "/state/hands"),
        ("session-3-of-2", "/v1/sessions", {"game": "scopa", "state": three}, "/state/hands"),
        ("previous-3-of-2", DEAL, {"seed": 1, "previous": three}, "/previous/hands"),
    ]
    for name, path, body, pointer in rows:
        yield Case(f"fewer-hands-{name}", path, body, code="invalid_seat", pointer=pointer)


def types() -> Iterator[Case]:
    # Booleans where integers are expected.
    rows: list[tuple[str, str, Any, str]] = [
        ("players", LEGAL, {"state": at(SCOPA, "/players", True)}, "/state/players"),
        ("sweeps", LEGAL, {"state": at(SCOPA, "/sweeps/0", True)}, "/state/sweeps/0"),
        ("scores", LEGAL, {"state": at(SCOPA, "/match/scores/0", False)}, "/state/match/scores/0"),
        ("match-target", LEGAL, {"state": at(SCOPA, "/match/target", True)}, "/state/match/target"),
        ("match-round", LEGAL, {"state": at(SCOPA, "/match/round", True)}, "/state/match/round"),
        ("deal-players", DEAL, {"players": True, "seed": 1}, "/players"),
        ("deal-seed", DEAL, {"players": 2, "seed": True}, "/seed"),
        ("limit", LEGAL, {"state": SCOPA, "limit": True}, "/limit"),
        ("piles-players", SCORE, {"players": True, "captures": [[], []]}, "/players"),
        ("piles-sweeps", SCORE, {"players": 2, "captures": [[], []], "sweeps": [True, 0]}, "/sweeps/0"),
    ]
    for name, path, body, pointer in rows:
        yield Case(f"bool-for-int-{name}", path, body, code=V, pointer=pointer)
    yield Case("bool-for-int-rules-target", DEAL, {"players": 2, "seed": 1, "rules": {"target": True}},
               code="invalid_rules", pointer="/rules/target")
    yield Case("bool-for-int-state-rules-target", LEGAL, {"state": at(SCOPA, "/rules", {"target": True})},
               code="invalid_rules", pointer="/state/rules/target")
    # Integers where booleans are expected.
    yield Case("int-for-bool-round-over", LEGAL, {"state": at(SCOPA, "/round_over", 0)}, code=V,
               pointer="/state/round_over")
    yield Case("int-for-bool-rules", DEAL, {"players": 2, "seed": 1, "rules": {"re_bello": 1}}, code="invalid_rules",
               pointer="/rules/re_bello")
    yield Case("string-for-bool-rules", LEGAL, {"state": at(SCOPA, "/rules", {"last_play_sweep_counts": "false"})},
               code="invalid_rules", pointer="/state/rules/last_play_sweep_counts")
    yield Case("int-for-bool-match-over", LEGAL, {"state": at(SCOPA, "/match/over", 1)}, code=V,
               pointer="/state/match/over")
    # Other wrong types.
    for key, bad, pointer in [
        ("hands", {}, "/state/hands"),
        ("stock", "7D", "/state/stock"),
        ("captures", None, "/state/captures"),
        ("table", 3, "/state/table"),
        ("sweeps", "0", "/state/sweeps"),
        ("match", [], "/state/match"),
        ("rules", "traditional", "/state/rules"),
        ("deck", 1, "/state/deck"),
        ("deck", "german", "/state/deck"),
        ("game", ["scopa"], "/state/game"),
        ("game", "escoba", "/state/game"),
    ]:
        code = "game_mismatch" if bad == "escoba" else V
        yield Case(f"wrong-type-{key}-{bad!r}", LEGAL, {"state": at(SCOPA, "/" + key, bad)}, code=code,
                   pointer=pointer)
    for key in ("players", "dealer", "hands", "stock", "captures", "table", "sweeps"):
        yield Case(f"missing-{key}", LEGAL, {"state": without(SCOPA, key)}, code=V, pointer=f"/state/{key}")
    for key in ("trump_card", "leader"):
        yield Case(f"missing-{key}", B_LEGAL, {"state": without(BRISCOLA, key)}, code=V, pointer=f"/state/{key}")
    yield Case("state-not-object", LEGAL, {"state": []}, code=V, pointer="/state")
    yield Case("state-null", LEGAL, {"state": None}, code=V, pointer="/state")
    yield Case("move-not-object", PLAY, {"state": SCOPA, "move": "7D"}, code=V, pointer="/move")
    yield Case("trick-item-not-object", B_LEGAL, {"state": at(BRISCOLA, "/trick/0", "6D")}, code=V,
               pointer="/state/trick/0")
    yield Case("trump-suit-bad", B_LEGAL, {"state": at(BRISCOLA, "/trump_suit", "X")}, code=V,
               pointer="/state/trump_suit")
    yield Case("rules-unknown-in-state", LEGAL, {"state": at(SCOPA, "/rules", {"dealer_bonus": "off"})},
               code="invalid_rules", pointer="/state/rules/dealer_bonus")


def huge_numbers() -> Iterator[Case]:
    for value in (2**64, -(2**64), 2**63, 10**30):
        yield Case(f"players-{value}", DEAL, {"players": value, "seed": 1}, code=V, pointer="/players")
        yield Case(f"limit-{value}", LEGAL, {"state": SCOPA, "limit": value}, code=V, pointer="/limit")
        yield Case(f"scores-{value}", LEGAL, {"state": at(SCOPA, "/match/scores/0", value)}, code=V,
                   pointer="/state/match/scores/0")
        yield Case(f"sweeps-{value}", LEGAL, {"state": at(SCOPA, "/sweeps/1", value)}, code=V,
                   pointer="/state/sweeps/1")
        yield Case(f"rules-target-{value}", DEAL, {"players": 2, "seed": 1, "rules": {"target": value}},
                   code="invalid_rules", pointer="/rules/target")
    yield Case("seed-2**64", DEAL, {"players": 2, "seed": 2**64}, code=V, pointer="/seed")
    yield Case("seed-negative", DEAL, {"players": 2, "seed": -1}, code=V, pointer="/seed")
    yield Case("seed-fraction", DEAL, {"players": 2, "seed": 0.5}, code=V, pointer="/seed")
    yield Case("seed-1e300", DEAL, raw=b'{"players": 2, "seed": 1e300}', code=V, pointer="/seed")
    yield Case("players-1e300", DEAL, raw=b'{"players": 1e300, "seed": 1}', code=V, pointer="/players")
    yield Case("seed-1e400", DEAL, raw=b'{"players": 2, "seed": 1e400}', code="invalid_json")
    yield Case("round-huge", LEGAL, {"state": at(SCOPA, "/match/round", 2**64)}, code=V, pointer="/state/match/round")


KB100 = "x" * 100_000


def long_strings() -> Iterator[Case]:
    yield Case("seed-100KB", DEAL, {"players": 2, "seed": KB100}, code=V, pointer="/seed")
    yield Case("seed-129", DEAL, {"players": 2, "seed": "s" * 129}, code=V, pointer="/seed")
    yield Case("seed-empty", DEAL, {"players": 2, "seed": ""}, code=V, pointer="/seed")
    yield Case("preset-100KB", DEAL, {"players": 2, "seed": 1, "preset": KB100}, code=V, pointer="/preset")
    yield Case("deck-100KB", DEAL, {"players": 2, "seed": 1, "deck": KB100}, code=V, pointer="/deck")
    yield Case("rules-value-100KB", DEAL, {"players": 2, "seed": 1, "rules": {"napola": KB100}}, code="invalid_rules",
               pointer="/rules/napola")
    yield Case("card-100KB", LEGAL, {"state": at(SCOPA, "/hands/0/0", KB100)}, code=V, pointer="/state/hands/0/0")
    yield Case("game-100KB", LEGAL, {"state": at(SCOPA, "/game", KB100)}, code=V, pointer="/state/game")
    yield Case("session-game-100KB", "/v1/sessions", {"game": KB100, "state": SCOPA}, code=V, pointer="/game")
    yield Case("unknown-field-100KB-name", LEGAL, {"state": SCOPA, KB100: 1}, code=V)


def unknown_fields() -> Iterator[Case]:
    bodies = [
        ("deal", DEAL, {"players": 2, "seed": 1}),
        ("legal-moves", LEGAL, {"state": SCOPA}),
        ("validate", "/v1/games/scopa/validate", {"state": SCOPA, "move": {"card": "7D", "capture": ["3C", "4S"]}}),
        ("play", PLAY, {"state": SCOPA, "move": {"card": "7D", "capture": ["3C", "4S"]}}),
        ("score-piles", SCORE, {"players": 2, "captures": [[], []]}),
        ("view", VIEW, {"state": SCOPA, "seat": 0}),
        ("sessions", "/v1/sessions", {"game": "scopa", "state": SCOPA}),
    ]
    for name, path, body in bodies:
        yield Case(f"unknown-top-level-{name}", path, {**body, "extra": 1}, code=V, pointer="/extra")
        yield Case(f"unknown-top-level-{name}-dunder", path, {**body, "__proto__": {}}, code=V, pointer="/__proto__")
    yield Case("unknown-move-field", PLAY, {"state": SCOPA, "move": {"card": "7D", "take": ["3C"]}}, code=V,
               pointer="/move/take")
    yield Case("unknown-match-field", LEGAL, {"state": at(SCOPA, "/match/bonus", 1)}, code=V,
               pointer="/state/match/bonus")
    yield Case("score-state-and-piles", SCORE, {"state": SCOPA, "players": 2}, code=V)
    yield Case("score-neither", SCORE, {}, code=V, pointer="/players")
    yield Case("deal-neither-players-nor-previous", DEAL, {"seed": 1}, code=V, pointer="/players")
    yield Case("deal-no-seed", DEAL, {"players": 2}, code=V, pointer="/seed")
    yield Case("move-missing", PLAY, {"state": SCOPA}, code=V, pointer="/move")


def games_and_paths() -> Iterator[Case]:
    for game in ("poker", "SCOPA", "scopa ", "brisca2", "x" * 1000, "%00"):
        for action in ("deal", "legal-moves", "validate", "play", "score", "view"):
            yield Case(f"unknown-game-{game[:10]}-{action}", f"/v1/games/{game}/{action}", {"players": 2, "seed": 1},
                       status=404, code="unknown_game")
        yield Case(f"unknown-game-{game[:10]}-get", f"/v1/games/{game}", method="GET", status=404, code="unknown_game")
    yield Case("session-unknown-game", "/v1/sessions", {"game": "poker", "state": SCOPA}, status=404,
               code="unknown_game")
    for path in ("/v1", "/v1/", "/v2/games", "/v1/games/scopa/deal/more", "/v1/games/scopa/shuffle",
                 "/v1/sessions/a/b", "/v1/sessions/a/moves/b", "/healthz/x", "/" + "x" * 5000, "/.env",
                 "/v1/games/scopa/../../etc/passwd"):
        yield Case(f"unknown-path-{path[:30]}", path, method="GET", status=404, code="not_found")
    yield Case("unknown-session", "/v1/sessions/nope", method="GET", status=404, code="session_not_found")
    yield Case("unknown-session-long", "/v1/sessions/" + "a" * 4000, method="GET", status=404,
               code="session_not_found")


def moves_of_the_wrong_kind() -> Iterator[Case]:
    card = BRISCOLA["hands"][0][0]
    yield Case("capture-to-briscola", B_PLAY, {"state": BRISCOLA, "move": {"card": card, "capture": []}}, code=V,
               pointer="/move/capture")
    yield Case("exchange-to-scopa", PLAY, {"state": SCOPA, "move": {"exchange": "7D"}}, code=V,
               pointer="/move/exchange")
    yield Case("exchange-to-escoba-validate", "/v1/games/escoba/validate",
               {"state": fishing("escoba"), "move": {"exchange": "7D"}}, code=V, pointer="/move/exchange")
    yield Case("card-and-exchange", B_PLAY, {"state": BRISCOLA, "move": {"card": card, "exchange": "7D"}}, code=V,
               pointer="/move")
    yield Case("empty-briscola-move", B_PLAY, {"state": BRISCOLA, "move": {}}, code=V, pointer="/move")
    yield Case("empty-scopa-move", PLAY, {"state": SCOPA, "move": {}}, code=V, pointer="/move/card")
    yield Case("briscola-state-to-scopa", LEGAL, {"state": BRISCOLA}, code=V)
    yield Case("scopa-state-to-briscola", B_LEGAL, {"state": SCOPA}, code=V)
    yield Case("capture-not-a-list", PLAY, {"state": SCOPA, "move": {"card": "7D", "capture": "3C"}}, code=V,
               pointer="/move/capture")


def limits() -> Iterator[Case]:
    for value in (-1, 10001, "5", 1.5, True, None, [], {}, "", 2**64):
        yield Case(f"limit-{value!r}", LEGAL, {"state": SCOPA, "limit": value}, code=V, pointer="/limit")


CASES = [
    *malformed(),
    *media_types(),
    *cards(),
    *duplicates(),
    *seats(),
    *types(),
    *huge_numbers(),
    *long_strings(),
    *unknown_fields(),
    *games_and_paths(),
    *moves_of_the_wrong_kind(),
    *limits(),
]


def request(client: FlaskClient, case: Case) -> TestResponse:
    data = case.raw if case.raw is not None else (None if case.body is None else json.dumps(case.body).encode())
    kwargs: dict[str, Any] = {"method": case.method, "headers": case.headers}
    if data is not None:
        kwargs["data"] = data
        if case.content_type is not None:
            kwargs["content_type"] = case.content_type
    return client.open(case.path, **kwargs)


def assert_problem(response: TestResponse, status: int, code: str | None) -> dict[str, Any]:
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    if status < 400:
        return {}
    assert response.mimetype == PROBLEM
    body: dict[str, Any] = response.get_json()
    for key in ("type", "title", "status", "code"):
        assert key in body and body[key] not in ("", None), body
    assert body["status"] == status
    assert isinstance(body["code"], str) and body["code"].isidentifier()
    if code is not None:
        assert body["code"] == code, body
    for error in body.get("errors", []):
        assert isinstance(error["pointer"], str) and isinstance(error["message"], str)
        assert error["detail"] == error["message"]  # RFC 9457's name for it, and the one clients had before
        assert error["pointer"] == "" or error["pointer"].startswith("/")
    text = response.get_data(as_text=True)
    assert "Traceback" not in text and 'File "' not in text
    return body


PARAMS = [
    pytest.param(case, id=case.id, marks=[pytest.mark.xfail(strict=True, reason=case.bug)] if case.bug else [])
    for case in CASES
]


@pytest.fixture(scope="module")
def api() -> FlaskClient:
    """One app for the table: the requests are stateless and hundreds of apps would only cost time."""
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=3600)}).test_client()


@pytest.mark.parametrize("case", PARAMS)
def test_hostile_request_is_a_problem(api: FlaskClient, case: Case) -> None:
    body = assert_problem(request(api, case), case.status, case.code)
    if case.pointer is not None:
        assert case.pointer in [error["pointer"] for error in body.get("errors", [])], body


# -- integral floats are integers ------------------------------------------------------------------------------

ACCEPTED = [
    ("deal-players-2.0", DEAL, {"players": 2.0, "seed": 1}),
    ("deal-dealer-0.0", DEAL, {"players": 2, "seed": 1, "dealer": 0.0}),
    ("deal-seed-7.0", DEAL, {"players": 2, "seed": 7.0}),
    ("limit-5.0", LEGAL, {"state": SCOPA, "limit": 5.0}),
    ("view-seat-1.0", VIEW, {"state": SCOPA, "seat": 1.0}),
    ("state-players-2.0", LEGAL, {"state": at(SCOPA, "/players", 2.0)}),
    ("state-dealer-1.0", LEGAL, {"state": at(SCOPA, "/dealer", 1.0)}),
    ("state-turn-0.0", LEGAL, {"state": at(SCOPA, "/turn", 0.0)}),
    ("state-sweeps", LEGAL, {"state": at(SCOPA, "/sweeps", [0.0, 3.0])}),
    ("state-match", LEGAL, {"state": at(SCOPA, "/match", {"scores": [1.0, 0.0], "target": 11.0, "round": 2.0})}),
    ("briscola-leader-1.0", B_LEGAL, {"state": at(BRISCOLA, "/leader", 1.0)}),
    ("briscola-trick-seat-1.0", B_LEGAL, {"state": at(BRISCOLA, "/trick/0/seat", 1.0)}),
    ("piles-players-2.0", SCORE, {"players": 2.0, "captures": [["7D"], []], "sweeps": [1.0, 0]}),
]


@pytest.mark.parametrize(("path", "body"), [(p, b) for _, p, b in ACCEPTED], ids=[i for i, _, _ in ACCEPTED])
def test_integral_floats_are_accepted_as_integers(client: FlaskClient, path: str, body: dict[str, Any]) -> None:
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.get_json()


def test_integral_floats_give_the_same_answer(client: FlaskClient) -> None:
    whole = client.post(DEAL, json={"players": 2, "seed": 7, "dealer": 0}).get_json()
    floats = client.post(DEAL, data=json.dumps({"players": 2.0, "seed": 7.0, "dealer": 0.0}),
                         content_type="application/json").get_json()
    assert whole == floats


@pytest.mark.parametrize(("path", "body"), [
    (DEAL, {"players": 2, "seed": 1, "rules": {"target": 15.0}}),
    ("/v1/games/briscola/deal", {"players": 2, "seed": 1, "rules": {"rounds_to_win": 2.0}}),
    (LEGAL, {"state": at(SCOPA, "/rules", {"target": 11.0})}),
])
def test_integral_floats_in_rules(client: FlaskClient, path: str, body: dict[str, Any]) -> None:
    assert client.post(path, data=json.dumps(body), content_type="application/json").status_code == 200


# -- body size and nesting -------------------------------------------------------------------------------------


@pytest.fixture
def small_app() -> Flask:
    return create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000,
                       "SESSION_STORE": MemoryStore(ttl_seconds=3600)})


def padded(size: int) -> bytes:
    body = json.dumps({"players": 2, "seed": 1}).encode()
    return body[:-1] + b" " * (size - len(body)) + b"}"


@pytest.mark.parametrize("path", [DEAL, LEGAL, PLAY, SCORE, VIEW, "/v1/sessions"])
@pytest.mark.parametrize("size", [1001, 5000, 300_000])
def test_body_over_the_limit_is_413(small_app: Flask, path: str, size: int) -> None:
    body = assert_problem(small_app.test_client().post(path, data=padded(size), content_type="application/json"),
                          413, "payload_too_large")
    assert "1000" in body["detail"]


def test_body_at_the_limit_is_read(small_app: Flask) -> None:
    response = small_app.test_client().post(DEAL, data=padded(1000), content_type="application/json")
    assert response.status_code == 200


def test_default_limit_is_413(client: FlaskClient) -> None:
    assert_problem(client.post(DEAL, data=padded(262_145), content_type="application/json"), 413,
                   "payload_too_large")


def test_session_moves_over_the_limit(small_app: Flask) -> None:
    client = small_app.test_client()
    response = client.post("/v1/sessions/abc/moves", data=padded(2000), content_type="application/json",
                           headers={"If-Match": '"1"'})
    assert response.status_code in (404, 413)
    assert_problem(response, response.status_code, None)


def nest(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return '[{"a":' * (depth // 2) + "1" + "}]" * (depth // 2)


@pytest.mark.parametrize("kind", ["array", "object", "mixed"])
@pytest.mark.parametrize(("depth", "where"), [(33, "top"), (33, "state"), (33, "move"), (100, "state"),
                                              (100_000, "top"), (100_000, "state")])
def test_deep_nesting_is_refused_fast(client: FlaskClient, kind: str, depth: int, where: str) -> None:
    inner = nest(depth, kind)
    raw = {"top": inner, "state": '{"state": ' + inner + "}",
           "move": '{"state": ' + json.dumps(SCOPA) + ', "move": {"card": "7D", "capture": ' + inner + "}}"}[where]
    response, lines = lines_executed(
        lambda: client.post(PLAY if where == "move" else LEGAL, data=raw, content_type="application/json")
    )
    expected = 413 if len(raw) > 262_144 else 400
    assert_problem(response, expected, None)
    # Refused before any work that grows with the depth: under 3,000 lines of Python at depth 33 and at depth
    # 100,000 alike (counted, so that a busy machine cannot fail it).
    assert lines < 10_000


@pytest.mark.parametrize("depth", [31, 32])
def test_nesting_up_to_the_limit_is_parsed(client: FlaskClient, depth: int) -> None:
    # The body object is level 1 and the state object level 2: the ignored field fills levels 3..depth.
    filler: Any = 0
    for _ in range(depth - 2):
        filler = [filler]
    response = client.post(LEGAL, json={"state": {**SCOPA, "bookkeeping": filler}})
    assert response.status_code == 200, response.get_json()


def test_nesting_one_past_the_limit_is_refused(client: FlaskClient) -> None:
    filler: Any = 0
    for _ in range(31):
        filler = [filler]
    body = assert_problem(client.post(LEGAL, json={"state": {**SCOPA, "bookkeeping": filler}}), 400, "bad_request")
    assert "32" in body["detail"]


# -- methods ---------------------------------------------------------------------------------------------------

METHODS = [
    ("GET", DEAL, "POST"),
    ("PUT", LEGAL, "POST"),
    ("DELETE", "/v1/games/scopa/play", "POST"),
    ("PATCH", "/v1/games/scopa/view", "POST"),
    ("POST", "/v1/games", "GET"),
    ("DELETE", "/v1/games/scopa", "GET"),
    ("PUT", "/v1/sessions", "POST"),
    ("POST", "/v1/sessions/abc", "GET"),
    ("PATCH", "/v1/sessions/abc", "PUT"),
    ("GET", "/v1/sessions/abc/moves", "POST"),
    ("POST", "/v1/sessions/abc/view", "GET"),
    ("POST", "/healthz", "GET"),
    ("PUT", "/readyz", "GET"),
    ("POST", "/metrics", "GET"),
    ("DELETE", "/openapi.yaml", "GET"),
]


@pytest.mark.parametrize(("method", "path", "allowed"), METHODS)
def test_wrong_method_is_405_with_allow(client: FlaskClient, method: str, path: str, allowed: str) -> None:
    response = client.open(path, method=method, data="{}", content_type="application/json")
    body = assert_problem(response, 405, "method_not_allowed")
    allow = {item.strip() for item in response.headers["Allow"].split(",")}
    assert allowed in allow and method not in allow
    assert method in body["detail"]


# -- headers ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["*;q=abc", "xx-YY;q=0.5", "a" * 5000, ";;;", "it;q=2", "sv-SE,sv;q=0.9"])
def test_odd_accept_language_still_answers(client: FlaskClient, language: str) -> None:
    response = client.post(DEAL, data=b"{", content_type="application/json", headers={"Accept-Language": language})
    assert_problem(response, 400, "invalid_json")
    assert response.headers["Content-Language"] in ("en", "it", "es", "sv", "cs", "da")


@pytest.fixture
def session(client: FlaskClient) -> str:
    """A session; the client then sends its owner token with every request."""
    response = client.post("/v1/sessions", json={"game": "scopa", "state": SCOPA})
    assert response.status_code == 201
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {response.get_json()['tokens']['owner']}"
    location: str = response.headers["Location"]
    return location


@pytest.mark.parametrize(
    ("tag", "status", "code"),
    [('"99999999999999999999999"', 412, "precondition_failed"), ('"-1"', 412, "precondition_failed"),
     ('"abc"', 412, "precondition_failed"), ('""', 412, "precondition_failed"), ('"0x1"', 412, "precondition_failed"),
     ('W/"1"', 412, "weak_etag"), ("1,2", 400, "invalid_if_match"), ('"1" "2"', 400, "invalid_if_match"),
     ("W/", 400, "invalid_if_match")],
)
def test_odd_if_match_is_refused(client: FlaskClient, session: str, tag: str, status: int, code: str) -> None:
    response = client.put(session, json={"state": SCOPA}, headers={"If-Match": tag})
    assert_problem(response, status, code)


@pytest.mark.parametrize("seat", ["x", "-1", "+1", "1 ", "1e0", "", "999", "0x1", "1.0"])
def test_odd_session_view_seat(client: FlaskClient, session: str, seat: str) -> None:
    body = assert_problem(client.get(f"{session}/view", query_string={"seat": seat}), 400, None)
    assert "/seat" in [error["pointer"] for error in body.get("errors", [])]


@pytest.mark.parametrize("seat", ["²", "1²", "①"])
def test_superscript_digit_session_view_seat(client: FlaskClient, session: str, seat: str) -> None:
    assert_problem(client.get(f"{session}/view", query_string={"seat": seat}), 400, "validation_error")


@pytest.mark.parametrize("method", ["PUT", "DELETE", "POST"])
def test_superscript_digit_if_match(client: FlaskClient, session: str, method: str) -> None:
    path, body = {"PUT": (session, {"state": SCOPA}), "DELETE": (session, None),
                  "POST": (f"{session}/moves", {"move": {"card": "7D", "capture": ["3C", "4S"]}})}[method]
    response = client.open(path, method=method, json=body, headers={"If-Match": '"\u00b2"'})
    assert_problem(response, 412, "precondition_failed")


# -- pointers that must name the bad field -------------------------------------------------------------------


@pytest.mark.parametrize("seat", [2, 3])
def test_view_seat_beyond_the_table_names_seat(client: FlaskClient, seat: int) -> None:
    body = assert_problem(client.post(VIEW, json={"state": SCOPA, "seat": seat}), 400, None)
    assert [error["pointer"] for error in body["errors"]] == ["/seat"]


def test_session_view_seat_beyond_the_table_names_seat(client: FlaskClient, session: str) -> None:
    body = assert_problem(client.get(f"{session}/view?seat=3"), 400, None)
    assert [error["pointer"] for error in body["errors"]] == ["/seat"]


def test_capture_naming_a_card_twice_names_capture(client: FlaskClient) -> None:
    body = assert_problem(client.post(PLAY, json={"state": SCOPA, "move": {"card": "7D", "capture": ["3C", "3C"]}}),
                          400, "validation_error")
    assert all(error["pointer"].startswith("/move/capture") for error in body["errors"]), body


def test_long_rules_key_names_the_key(client: FlaskClient) -> None:
    key = "k" * 65
    body = assert_problem(client.post(DEAL, json={"players": 2, "seed": 1, "rules": {key: 1}}), 400, None)
    assert [error["pointer"] for error in body["errors"]] == [f"/rules/{key}"]


def test_piles_match_target_names_target(client: FlaskClient) -> None:
    response = client.post(SCORE, json={"players": 2, "captures": [[], []], "match": {"scores": [0, 0],
                                                                                       "target": 5}})
    body = assert_problem(response, 400, "invalid_match")
    assert [error["pointer"] for error in body["errors"]] == ["/match/target"]
