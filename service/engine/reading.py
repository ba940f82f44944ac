"""Reading and writing states as JSON values, the pieces every family's fast reader is made of.

A family's fast reader accepts only what the schemas built from its ``FieldSpec``s accept, field for field, and
gives up (``Unsure``) at the first thing it is not sure of; the schemas then read the same input again and name
every bad field. So a fast reader changes how quickly a good state is read, never which states are accepted or
how a bad one is reported. Standard library only: compiled with the engine (setup.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Any

from .cards import BY_CODE, Card
from .limits import MAX_PLAYERS, MAX_SEAT


class Unsure(Exception):
    """Raised inside a fast reader: the schemas read the input instead and say what is wrong."""


@dataclass(frozen=True)
class FieldSpec:
    """One JSON field of a family's state or move, as the schemas check it (``kind`` names the check).

    Kinds: ``cards`` (a list of card codes, at most ``most``), ``card``, ``seat`` (0..MAX_SEAT), ``counts`` (a
    list of integers 0..``most``, one per seat), ``suit`` (a suit letter), ``trick`` (``{seat, card}`` items, at
    most ``most``), ``rank`` (a rank as a string, ``"1"``..``"10"``), ``number`` (an integer ``least``..``most``),
    ``true`` (the value true: a pass), ``auction`` (the bids of an auction in order, at most ``most``: ``{seat,
    bid, points?}`` or ``{seat, pass: true}``). ``nullable``: null is a value; ``omitted``: what an omitted field
    reads as (``""``: nothing, ``"null"``: None, ``"empty"``: an empty list).
    """

    name: str
    kind: str
    most: int = 0
    required: bool = False
    nullable: bool = False
    omitted: str = ""
    least: int = 0


def int_in(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Unsure
    return value


def seat_or_none(value: object) -> int | None:
    return None if value is None else int_in(value, 0, MAX_SEAT)


def cards_in(value: object, most: int) -> tuple[Card, ...]:
    if type(value) is not list or len(value) > most:
        raise Unsure
    if len(value) > 1:
        try:
            # One lookup per code, in C; only card codes are keys (anything else: KeyError, or unhashable).
            found: tuple[Card, ...] = itemgetter(*value)(BY_CODE)
        except (KeyError, TypeError):
            raise Unsure from None
        return found
    if not value:
        return ()
    card = BY_CODE.get(value[0]) if type(value[0]) is str else None
    if card is None:
        raise Unsure
    return (card,)


def card_in(value: object) -> Card:
    return cards_in([value], 1)[0]


def piles_in(value: object, most: int) -> tuple[tuple[Card, ...], ...]:
    if type(value) is not list or len(value) > MAX_PLAYERS:
        raise Unsure
    return tuple([cards_in(pile, most) for pile in value])


def counts_in(value: object, most: int) -> list[int]:
    if type(value) is not list or len(value) > MAX_PLAYERS:
        raise Unsure
    return [int_in(n, 0, most) for n in value]


def trick_in(value: object, most: int) -> list[dict[str, Any]]:
    """``{seat, card}`` items, each exactly those two keys."""
    if type(value) is not list or len(value) > most:
        raise Unsure
    return [_trick_card(item) for item in value]


def _trick_card(item: object) -> dict[str, Any]:
    if type(item) is not dict or item.keys() != {"seat", "card"}:
        raise Unsure
    return {"seat": int_in(item["seat"], 0, MAX_SEAT), "card": card_in(item["card"])}


RANKS = tuple(str(rank) for rank in range(1, 11))
"""A bid's rank as JSON names it: the rank of a card code."""
BID_POINTS = (61, 120)
"""The points a bid may name (RULES.md 9: from 61 up to all 120)."""


def auction_in(value: object, most: int) -> list[dict[str, Any]]:
    """The ``auction`` kind: ``{seat, bid, points?}`` and ``{seat, pass: true}`` items, as the schemas load them."""
    if type(value) is not list or len(value) > most:
        raise Unsure
    return [_auction_entry(item) for item in value]


def _auction_entry(item: object) -> dict[str, Any]:
    if type(item) is not dict:
        raise Unsure
    keys = item.keys()
    entry: dict[str, Any] = {"seat": int_in(item.get("seat"), 0, MAX_SEAT)}
    if keys == {"seat", "pass"}:
        if item["pass"] is not True:
            raise Unsure
        entry["pass"] = True
        return entry
    if not ({"seat", "bid"} <= keys <= {"seat", "bid", "points"}) or item["bid"] not in RANKS:
        raise Unsure
    entry["bid"] = item["bid"]
    if "points" in item:
        entry["points"] = int_in(item["points"], *BID_POINTS)
    return entry


_CODE_OF = attrgetter("code")


def card_codes(items: tuple[Card, ...] | list[Card]) -> list[str]:
    return list(map(_CODE_OF, items))


def dump_value(value: Any) -> Any:
    """Engine values (cards, tuples) inside events and scores as plain JSON values."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [dump_value(item) for item in value]
    if isinstance(value, dict):
        return {key: dump_value(item) for key, item in value.items()}
    return value
