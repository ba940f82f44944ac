"""A fast reader for well-formed states: the hot path of every request that carries one.

It accepts only what the marshmallow schemas accept, field for field, and gives up (returns None) at the first
thing it is not sure of; the schemas then read the same input again and name every bad field. So the fast path
changes how quickly a good state is read, never which states are accepted or how a bad one is reported.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..engine.cards import BY_CODE, Card

_DECKS = frozenset({"italian", "spanish", "french"})
_SUITS = frozenset({"D", "C", "S", "B"})
_MATCH_KEYS = frozenset({"scores", "target", "round", "over", "winner"})


class _Unsure(Exception):
    """Raised inside the fast path; never leaves this module."""


def _int(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _Unsure
    return value


def _seat_or_none(value: object) -> int | None:
    return None if value is None else _int(value, 0, 3)


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
    if type(value) is not list or len(value) > 4:
        raise _Unsure
    return tuple([_cards(pile, most) for pile in value])


def _match(value: object) -> dict[str, Any]:
    if type(value) is not dict or not value.keys() <= _MATCH_KEYS or "scores" not in value or "target" not in value:
        raise _Unsure
    scores = value["scores"]
    if type(scores) is not list or not 1 <= len(scores) <= 4:
        raise _Unsure
    over, winner = value.get("over"), value.get("winner")
    if over is not None and type(over) is not bool:
        raise _Unsure
    return {
        "scores": [_int(score, 0, 100_000) for score in scores],
        "target": _int(value["target"], 1, 100),
        "round": _int(value.get("round", 1), 1, 100_000),
        "over": over,
        "winner": _seat_or_none(winner),
    }


def read_state(raw: dict[str, Any], briscola: bool) -> dict[str, Any] | None:
    """The fields of a well-formed state as the schemas would load them, or None when unsure."""
    try:
        data: dict[str, Any] = {
            "players": _int(raw["players"], 2, 4),
            "dealer": _int(raw["dealer"], 0, 3),
            "hands": _piles(raw["hands"], 10),
            "stock": _cards(raw["stock"], 40),
            "captures": _piles(raw["captures"], 40),
        }
        if "game" in raw:
            if type(raw["game"]) is not str or len(raw["game"]) > 32:
                return None
            data["game"] = raw["game"]
        if "rules" in raw:
            if type(raw["rules"]) is not dict or len(raw["rules"]) > 32:
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
            if type(trick) is not list or len(trick) > 3:
                return None
            data["trump_card"] = _cards([raw["trump_card"]], 1)[0]
            data["leader"] = _int(raw["leader"], 0, 3)
            data["trick"] = [_trick_card(item) for item in trick]
            if "trump_suit" in raw:
                if raw["trump_suit"] not in _SUITS:
                    return None
                data["trump_suit"] = raw["trump_suit"]
        else:
            sweeps = raw["sweeps"]
            if type(sweeps) is not list or len(sweeps) > 4:
                return None
            data["table"] = _cards(raw["table"], 40)
            data["sweeps"] = [_int(n, 0, 40) for n in sweeps]
            data["last_capturer"] = _seat_or_none(raw.get("last_capturer"))
    except (_Unsure, KeyError, TypeError):
        return None
    return data


def _trick_card(item: object) -> dict[str, Any]:
    if type(item) is not dict or item.keys() != {"seat", "card"}:
        raise _Unsure
    return {"seat": _int(item["seat"], 0, 3), "card": _cards([item["card"]], 1)[0]}
