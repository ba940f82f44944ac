"""Cards, the 40-card deck and the strict ``"7D"`` notation (API.md, Cards)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from .errors import InvalidCard


class Suit(StrEnum):
    COINS = "D"
    CUPS = "C"
    SWORDS = "S"
    BATONS = "B"


SUITS: tuple[Suit, ...] = (Suit.COINS, Suit.CUPS, Suit.SWORDS, Suit.BATONS)
RANKS: tuple[int, ...] = tuple(range(1, 11))

# RULES.md section 1, indexed by rank.
PRIMIERA_VALUE = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}
BRISCOLA_POINTS = {1: 11, 2: 0, 3: 10, 4: 0, 5: 0, 6: 0, 7: 0, 8: 2, 9: 3, 10: 4}
# Higher wins a trick: ace, three, king, queen/cavallo, jack/fante, 7, 6, 5, 4, 2.
BRISCOLA_STRENGTH = {1: 10, 3: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 40 cards; there is exactly one instance of each, so identity is equality."""

    rank: int
    suit: Suit
    index: int  # position in the canonical deck order, the shuffle's starting order
    code: str
    primiera: int
    points: int
    strength: int

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        # Pickled as its place in the deck, so it unpickles as the one instance of that card (identity is equality
        # here), and in the compiled build at all: a frozen dataclass compiled by mypyc cannot set its own fields back.
        return card_at, (self.index,)

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code


def code_of(value: object) -> str:
    """A card as its code: what the service's JSON writers make of a card left in an engine value (a view); any
    other value they cannot write is a ``TypeError``."""
    if type(value) is Card:
        return value.code
    raise TypeError(f"{type(value).__name__} is not a card")


def _build_deck() -> tuple[Card, ...]:
    cards = []
    for suit_index, suit in enumerate(SUITS):
        for rank in RANKS:
            cards.append(
                Card(
                    rank=rank,
                    suit=suit,
                    index=suit_index * 10 + rank - 1,
                    code=f"{rank}{suit.value}",
                    primiera=PRIMIERA_VALUE[rank],
                    points=BRISCOLA_POINTS[rank],
                    strength=BRISCOLA_STRENGTH[rank],
                )
            )
    return tuple(cards)


DECK: tuple[Card, ...] = _build_deck()
"""The canonical order: coins, cups, swords, batons; ace to king within each suit."""

BY_CODE: dict[str, Card] = {card.code: card for card in DECK}


def card_at(index: int) -> Card:
    """The card at ``index`` in the canonical deck order (how a pickled card comes back)."""
    return DECK[index]

_CARD_PATTERN = re.compile(r"(?:10|[1-9])[DCSB]")
CARD_PATTERN = "^(10|[1-9])[DCSB]$"


def card(code: object) -> Card:
    """Parse one card code strictly: rank 1..10 then a suit letter, nothing else."""
    found = BY_CODE.get(code) if isinstance(code, str) else None
    if found is None:
        raise InvalidCard(code)
    return found


def cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(card(code) for code in codes)


def codes(items: Iterable[Card]) -> list[str]:
    return [item.code for item in items]


def is_card_code(text: object) -> bool:
    return isinstance(text, str) and _CARD_PATTERN.fullmatch(text) is not None


def of(rank: int, suit: Suit) -> Card:
    return DECK[SUITS.index(suit) * 10 + rank - 1]
