"""The hot path of every request that carries a state: reading it, building the engine state, writing the next.

The fast reader accepts only what the marshmallow schemas accept, field for field, and gives up (returns None)
at the first thing it is not sure of; the schemas then read the same input again and name every bad field. So
the fast path changes how quickly a good state is read, never which states are accepted or how a bad one is
reported. Either reader's fields become an engine state here, and engine states become JSON values here. This
module has no marshmallow in it, so it is compiled with the engine (setup.py).
"""

from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any

from ..engine.cards import BY_CODE, Card
from ..engine.options import Rules
from ..engine.state import BriscolaState, FishingState, GameState, Match, TrickCard, sides_of
from .limits import (
    DECK_STYLES,
    MAX_CARDS,
    MAX_HAND,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUND,
    MAX_RULES,
    MAX_SCORE,
    MAX_SEAT,
    MAX_SWEEPS,
    MAX_TARGET,
    MAX_TRICK,
    MIN_PLAYERS,
    MIN_TARGET,
    SUITS,
)

_DECKS = frozenset(DECK_STYLES)
_SUITS = frozenset(SUITS)
_REPORTED = ("turn", "round_over", "trump_suit")  # derived fields a caller may send back
_MATCH_KEYS = frozenset({"scores", "target", "round", "over", "winner"})


class _Unsure(Exception):
    """Raised inside the fast path; never leaves this module."""


def _int(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Unsure
    return value


def _seat_or_none(value: object) -> int | None:
    return None if value is None else _int(value, 0, MAX_SEAT)


def _cards(value: object, most: int) -> tuple[Card, ...]:
    if type(value) is not list or len(value) > most:
        raise _Unsure
    if len(value) > 1:
        try:
            # One lookup per code, in C; only card codes are keys (anything else: KeyError, or unhashable).
            found: tuple[Card, ...] = itemgetter(*value)(BY_CODE)
        except (KeyError, TypeError):
            raise _Unsure from None
        return found
    if not value:
        return ()
    card = BY_CODE.get(value[0]) if type(value[0]) is str else None
    if card is None:
        raise _Unsure
    return (card,)


def _piles(value: object, most: int) -> tuple[tuple[Card, ...], ...]:
    if type(value) is not list or len(value) > MAX_PLAYERS:
        raise _Unsure
    return tuple([_cards(pile, most) for pile in value])


def _match(value: object) -> dict[str, Any]:
    if type(value) is not dict or not value.keys() <= _MATCH_KEYS or "scores" not in value or "target" not in value:
        raise _Unsure
    scores = value["scores"]
    if type(scores) is not list or not 1 <= len(scores) <= MAX_PLAYERS:
        raise _Unsure
    over, winner = value.get("over"), value.get("winner")
    if over is not None and type(over) is not bool:
        raise _Unsure
    return {
        "scores": [_int(score, 0, MAX_SCORE) for score in scores],
        "target": _int(value["target"], MIN_TARGET, MAX_TARGET),
        "round": _int(value.get("round", 1), 1, MAX_ROUND),
        "over": over,
        "winner": _seat_or_none(winner),
    }


def read_state(raw: dict[str, Any], state_type: type[GameState]) -> dict[str, Any] | None:
    """The fields of a well-formed state as the schemas would load them, or None when unsure."""
    briscola = state_type is BriscolaState
    try:
        data: dict[str, Any] = {
            "players": _int(raw["players"], MIN_PLAYERS, MAX_PLAYERS),
            "dealer": _int(raw["dealer"], 0, MAX_SEAT),
            "hands": _piles(raw["hands"], MAX_HAND),
            "stock": _cards(raw["stock"], MAX_CARDS),
            "captures": _piles(raw["captures"], MAX_CARDS),
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
            data["turn"] = _seat_or_none(raw["turn"])
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
        if briscola:
            trick = raw.get("trick", [])
            if type(trick) is not list or len(trick) > MAX_TRICK:
                return None
            data["trump_card"] = _cards([raw["trump_card"]], 1)[0]
            data["leader"] = _int(raw["leader"], 0, MAX_SEAT)
            data["trick"] = [_trick_card(item) for item in trick]
            if "trump_suit" in raw:
                if raw["trump_suit"] not in _SUITS:
                    return None
                data["trump_suit"] = raw["trump_suit"]
        else:
            sweeps = raw["sweeps"]
            if type(sweeps) is not list or len(sweeps) > MAX_PLAYERS:
                return None
            data["table"] = _cards(raw["table"], MAX_CARDS)
            data["sweeps"] = [_int(n, 0, MAX_SWEEPS) for n in sweeps]
            data["last_capturer"] = _seat_or_none(raw.get("last_capturer"))
    except (_Unsure, KeyError, TypeError):
        return None
    return data


def _trick_card(item: object) -> dict[str, Any]:
    if type(item) is not dict or item.keys() != {"seat", "card"}:
        raise _Unsure
    return {"seat": _int(item["seat"], 0, MAX_SEAT), "card": _cards([item["card"]], 1)[0]}


def build_state(
    game: str, state_type: type[GameState], data: dict[str, Any], rules: Rules
) -> tuple[GameState, dict[str, Any]]:
    """The engine state from the fields a reader loaded, and the derived fields the caller reported."""
    players = data["players"]
    match_data = data.get("match")
    if match_data is None:
        match = Match((0,) * sides_of(players), rules.target, 1)
    else:
        match = Match(tuple(match_data["scores"]), match_data["target"], match_data["round"])
    # The fast reader gives tuples already (tuple() of a tuple is the tuple itself); the schemas give lists.
    hands = tuple(map(tuple, data["hands"]))
    captures = tuple(map(tuple, data["captures"]))
    deck = data.get("deck", "italian")
    # Positionally, in the fields' order: keyword arguments made building the state a fifth dearer.
    state: GameState
    if state_type is BriscolaState:
        state = BriscolaState(
            game,
            rules,
            players,
            data["dealer"],
            hands,
            tuple(data["stock"]),
            data["trump_card"],
            tuple(TrickCard(item["seat"], item["card"]) for item in data["trick"]),
            data["leader"],
            captures,
            match,
            deck,
        )
    else:
        state = FishingState(
            game,
            rules,
            players,
            data["dealer"],
            hands,
            tuple(data["table"]),
            tuple(data["stock"]),
            captures,
            tuple(data["sweeps"]),
            data["last_capturer"],
            match,
            deck,
        )
    reported: dict[str, Any] = {key: data[key] for key in _REPORTED if key in data}
    return state, reported


_CODE_OF = attrgetter("code")


def card_codes(items: tuple[Card, ...] | list[Card]) -> list[str]:
    return list(map(_CODE_OF, items))


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
    if isinstance(state, FishingState):
        out["table"] = card_codes(state.table)
        out["sweeps"] = list(state.sweeps)
        out["last_capturer"] = state.last_capturer
    else:
        out["trump_card"] = state.trump_card.code
        out["trump_suit"] = state.trump_suit
        out["trick"] = [{"seat": played.seat, "card": played.card.code} for played in state.trick]
        out["leader"] = state.leader
    return out


def dump_value(value: Any) -> Any:
    """Engine values (cards, tuples) inside events and scores as plain JSON values."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [dump_value(item) for item in value]
    if isinstance(value, dict):
        return {key: dump_value(item) for key, item in value.items()}
    return value
