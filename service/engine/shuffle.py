"""Seeded, verifiable shuffling (API.md, Deterministic dealing).

Version ``v1``, written so that a client in any language can reproduce it:

* The seed text is the decimal form of an integer seed, or a string seed as given; so ``7`` and ``"7"`` are the
  same seed. The HMAC key is that text in UTF-8.
* The context names what is being dealt:
  ``"cardrules/deal/v1" 0x00 game 0x00 players 0x00 dealer 0x00 round 0x00 attempt`` with every number in decimal
  ASCII. ``game`` is ``scopa``, ``scopone``, ``escoba`` or ``briscola``; ``attempt`` is 0 for a first deal and counts
  up for each re-deal (Scopa's three kings).
* The byte stream is ``HMAC-SHA256(key, context || 0x00 || counter)`` for counter = 0, 1, 2, ... as 8-byte
  big-endian integers, the 32-byte blocks concatenated.
* Draws are 32-bit big-endian unsigned integers taken from the stream in order. A uniform integer below ``bound``
  is drawn by rejection: discard any draw ``x >= 2**32 - (2**32 % bound)``, then take ``x % bound``.
* Fisher-Yates from the end: for ``i`` from ``len(deck) - 1`` down to 1, draw ``j`` below ``i + 1`` and swap
  positions ``i`` and ``j``. The starting deck is the canonical order (coins, cups, swords, batons; ace to king),
  less any card the rules remove. Position 0 of the result is the top card, dealt first.
"""

from __future__ import annotations

import hmac
import struct
from collections.abc import Iterator, Sequence
from typing import TypeVar

VERSION = "v1"
_CONTEXT_TAG = b"cardrules/deal/v1"
_TWO_32 = 1 << 32
_DRAWS_PER_BLOCK = struct.Struct(">8I")  # a 32-byte block as eight big-endian 32-bit draws

T = TypeVar("T")


def seed_text(seed: int | str) -> str:
    """The canonical text of a seed: integer ``n`` and string ``"n"`` are the same seed."""
    return str(seed) if isinstance(seed, int) else seed


def deal_context(game: str, players: int, dealer: int, round_number: int, attempt: int) -> bytes:
    fields = [
        _CONTEXT_TAG,
        game.encode(),
        *(str(n).encode() for n in (players, dealer, round_number, attempt)),
    ]
    return b"\x00".join(fields)


def byte_stream(seed: int | str, context: bytes) -> Iterator[int]:
    """Yield the HMAC-SHA256 counter stream one 32-bit draw at a time."""
    key = seed_text(seed).encode("utf-8")
    prefix = context + b"\x00"
    counter = 0
    while True:
        yield from _DRAWS_PER_BLOCK.unpack(hmac.digest(key, prefix + counter.to_bytes(8, "big"), "sha256"))
        counter += 1


def shuffled(items: Sequence[T], seed: int | str, context: bytes) -> list[T]:
    deck = list(items)
    draws = byte_stream(seed, context)
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = _TWO_32 - (_TWO_32 % bound)
        draw = next(draws)
        while draw >= limit:  # rejected: keeps the draw uniform below ``bound``
            draw = next(draws)
        j = draw % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck
