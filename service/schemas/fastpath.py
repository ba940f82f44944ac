"""The hot path of every request that carries a state: reading it, building the engine state, writing the next.

The fast reader accepts only what the marshmallow schemas accept, field for field, and gives up (returns None)
at the first thing it is not sure of; the schemas then read the same input again and name every bad field. So
the fast path changes how quickly a good state is read, never which states are accepted or how a bad one is
reported. The fields every state has are read here; a family's own fields by its codec (``Game.codec``). Either
reader's fields become an engine state here, and engine states become JSON values here. This module has no
marshmallow in it, so it is compiled with the engine (setup.py).
"""

from __future__ import annotations

from typing import Any

import orjson

from ..engine.cards import code_of
from ..engine.game import Common, Game
from ..engine.games import GAMES
from ..engine.limits import (
    DECK_STYLES,
    MAX_CARDS,
    MAX_HAND,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_RULES,
    MAX_SCORE,
    MAX_SEAT,
    MAX_TARGET,
    MIN_PLAYERS,
    MIN_SCORE,
    MIN_TARGET,
)
from ..engine.options import Rules
from ..engine.reading import Unsure, card_codes, cards_in, int_in, piles_in, seat_or_none
from ..engine.reading import dump_value as dump_value
from ..engine.state import GameState, Match

_DECKS = frozenset(DECK_STYLES)
SPECS = {spec.name: spec for each in GAMES.values() for spec in each.codec.fields}
"""Every family's state fields by name: a name means one thing in every game that has it."""
FOREIGN: dict[str, frozenset[str]] = {
    name: frozenset(SPECS) - {spec.name for spec in each.codec.fields} - set(each.codec.written)
    for name, each in GAMES.items()
}
"""The state fields of the other families, by game: the contract's one ``State`` bounds them for every game, so
a state that carries one is read by the schemas, which check it and drop it."""
_REPORTED = ("turn", "round_over")  # derived fields every state may send back; a family's codec adds its own
_MATCH_KEYS = frozenset({"scores", "target", "round", "over", "winner"})


def _match(value: object) -> dict[str, Any]:
    if type(value) is not dict or not value.keys() <= _MATCH_KEYS or "scores" not in value or "target" not in value:
        raise Unsure
    scores = value["scores"]
    if type(scores) is not list or not 1 <= len(scores) <= MAX_PLAYERS:
        raise Unsure
    over, winner = value.get("over"), value.get("winner")
    if over is not None and type(over) is not bool:
        raise Unsure
    return {
        "scores": [int_in(score, MIN_SCORE, MAX_SCORE) for score in scores],
        "target": int_in(value["target"], MIN_TARGET, MAX_TARGET),
        "round": int_in(value.get("round", 1), 1, MAX_ROUND),
        "over": over,
        "winner": seat_or_none(winner),
    }


def read_state(raw: dict[str, Any], game: Game) -> dict[str, Any] | None:
    """The fields of a well-formed state of ``game`` as the schemas would load them, or None when unsure."""
    if not FOREIGN[game.name].isdisjoint(raw):
        return None
    try:
        data: dict[str, Any] = {
            "players": int_in(raw["players"], MIN_PLAYERS, MAX_PLAYERS),
            "dealer": int_in(raw["dealer"], 0, MAX_SEAT),
            "hands": piles_in(raw["hands"], MAX_HAND),
            "stock": cards_in(raw["stock"], MAX_CARDS),
            "captures": piles_in(raw["captures"], MAX_CARDS),
        }
        if "game" in raw:
            if type(raw["game"]) is not str or len(raw["game"]) > MAX_NAME:
                return None
            data["game"] = raw["game"]
        if "rules" in raw:
            if type(raw["rules"]) is not dict or len(raw["rules"]) > MAX_RULES:
                return None
            data["rules"] = raw["rules"]
        if "turn" in raw:
            data["turn"] = seat_or_none(raw["turn"])
        if "round_over" in raw:
            if type(raw["round_over"]) is not bool:
                return None
            data["round_over"] = raw["round_over"]
        if "deck" in raw:
            if raw["deck"] not in _DECKS:
                return None
            data["deck"] = raw["deck"]
        if "match" in raw:
            data["match"] = _match(raw["match"])
        game.codec.read(raw, data)
    except (Unsure, KeyError, TypeError):
        return None
    return data


def build_state(game: Game, data: dict[str, Any], rules: Rules) -> tuple[GameState, dict[str, Any]]:
    """The engine state from the fields a reader loaded, and the derived fields the caller reported."""
    players = data["players"]
    match_data = data.get("match")
    if match_data is None:
        match = Match((0,) * game.shape.side_count(players), rules.target, 1)
    else:
        match = Match(tuple(match_data["scores"]), match_data["target"], match_data["round"])
    # The fast reader gives tuples already (tuple() of a tuple is the tuple itself); the schemas give lists.
    common = Common(
        game.name,
        rules,
        players,
        data["dealer"],
        tuple(map(tuple, data["hands"])),
        tuple(data["stock"]),
        tuple(map(tuple, data["captures"])),
        match,
        data.get("deck", "italian"),
    )
    codec = game.codec
    state = codec.build(common, data)
    reported: dict[str, Any] = {key: data[key] for key in _REPORTED if key in data}
    for key in codec.reported:
        if key in data:
            reported[key] = data[key]
    return state, reported


def dump_state(state: GameState) -> dict[str, Any]:
    """The state as callers keep it: every field of API.md, derived ones included."""
    out: dict[str, Any] = {
        "game": state.game,
        "rules": dict(state.rules.by_name),
        "players": state.players,
        "dealer": state.dealer,
        "turn": state.turn,
        "round_over": state.round_over,
        "deck": state.deck,
        "hands": [card_codes(hand) for hand in state.hands],
        "stock": card_codes(state.stock),
        "captures": [card_codes(pile) for pile in state.captures],
        "match": {
            "scores": list(state.match.scores),
            "target": state.match.target,
            "round": state.match.round,
        },
    }
    out.update(state.json_fields())
    return out


def dumps(value: Any) -> bytes:
    """JSON bytes of an answer that may keep engine cards (a view does): each card written as its code, in C.
    Every writer of an answer uses this one: the response, and the copy a session keeps for ``Idempotency-Key``."""
    return orjson.dumps(value, default=code_of, option=orjson.OPT_PASSTHROUGH_DATACLASS)
