"""Strict fields shared by every schema."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from ..engine.cards import BY_CODE
from ..engine.cards import Card as EngineCard
from ..fairness import SERVER_SEED

MAX_SEED_TEXT = 128
MAX_SEED_INT = 2**63 - 1


class Card(fields.Field[EngineCard]):
    """A card code, strictly: rank 1-10 then D, C, S or B (API.md, Cards)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> EngineCard:
        found = BY_CODE.get(value) if isinstance(value, str) else None
        if found is None:
            raise ValidationError(
                f"{shown(value)} is not a card code (rank 1-10 then D, C, S or B, e.g. '7D')"
            )
        return found

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else str(value.code)


def shown(value: object, limit: int = 40) -> str:
    """A caller's value quoted in a message, cut short: a hostile value is not echoed back whole."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Integer(fields.Field[int]):
    """What JSON Schema calls an integer: ints and integral floats, never booleans or strings."""

    def __init__(self, minimum: int | None = None, maximum: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.minimum, self.maximum = minimum, maximum

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValidationError("must be an integer")
        if isinstance(value, float):
            if not value.is_integer():
                raise ValidationError("must be an integer")
            value = int(value)
        if self.minimum is not None and value < self.minimum:
            raise ValidationError(f"must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValidationError(f"must be at most {self.maximum}")
        return int(value)


class Seed(fields.Field[int | str]):
    """A non-negative integer or a string of 1-128 characters; ``7`` and ``"7"`` are the same seed.

    ``"server"`` in any case asks for a seed the service draws (docs/fairness.md) and is read as ``"server"``; a
    string that only looks like it (``" server"``, ``"server!"``, ``"s-e-r-v-e-r"``) is refused, since taking it
    as a plain seed would deal a predictable round to a caller who meant to ask for a fair one.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int | str:
        if isinstance(value, str):
            if not 1 <= len(value) <= MAX_SEED_TEXT:
                raise ValidationError(f"a string seed has 1 to {MAX_SEED_TEXT} characters")
            if value.lower() == SERVER_SEED:
                return SERVER_SEED
            if looks_like_server(value):
                raise ValidationError(
                    f"{shown(value)} looks like \"server\" but is not: send \"server\" for a seed the service "
                    "draws; a seed of your own may not look like it"
                )
            return value
        number: int = Integer(minimum=0, maximum=MAX_SEED_INT).deserialize(value)
        return number


def looks_like_server(text: str) -> bool:
    """Whether ``text`` spells "server" once spaces, punctuation and case are set aside."""
    return "".join(char for char in text.lower() if char.isalnum()) == SERVER_SEED


class Boolean(fields.Field[bool]):
    """true or false only: no "yes", no 1."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError("must be true or false")
        return value


class Text(fields.Field[str]):
    """A string, optionally bounded in length."""

    def __init__(self, max_length: int = 64, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError("must be a string")
        if len(value) > self.max_length:
            raise ValidationError(f"must have at most {self.max_length} characters")
        return value


class BoundedList(fields.List[Any]):
    """A list refused by its length before any item is read: a hostile body cannot make it do work per item."""

    def __init__(self, inner: fields.Field[Any], max_items: int, min_items: int = 0, **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self.max_items, self.min_items = max_items, min_items

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list) and not self.min_items <= len(value) <= self.max_items:
            low = f"at least {self.min_items} and " if self.min_items else ""
            raise ValidationError(f"must have {low}at most {self.max_items} items")
        items: list[Any] = super()._deserialize(value, attr, data, **kwargs)
        return items


def cards_list(max_items: int = 40, **kwargs: Any) -> BoundedList:
    return BoundedList(Card(), max_items, **kwargs)
