"""A Briscola state and move as JSON (API.md, State and Moves): the fields, the fast readers, the writer."""

from __future__ import annotations

from typing import Any

from ..cards import BY_CODE
from ..game import Common
from ..limits import SUITS
from ..moves import Move
from ..reading import FieldSpec, Unsure, card_in
from ..shape import MoveKind, card_play_shape
from ..state import GameState
from .common import PLAY_CARD, TRICK_FIELDS, built_trick, read_trick
from .state import BriscolaState, ExchangeTrump, PlayCard

_SUITS = frozenset(SUITS)
FIELDS = (
    FieldSpec("trump_card", "card", required=True),
    FieldSpec("trump_suit", "suit"),
    *TRICK_FIELDS,
)
MOVE_FIELDS = (FieldSpec("card", "card"), FieldSpec("exchange", "card"))
SHAPE = card_play_shape(
    (2, 3, 4),
    PLAY_CARD,
    MoveKind(
        "exchange",
        ("exchange",),
        plays_card=False,
        description="the trump exchange: the card laid under the stock for the face-up trump (trump_exchange)",
    ),
)


class BriscolaCodec:
    fields = FIELDS
    reported = ("trump_suit",)
    written: tuple[str, ...] = ()
    move_fields = MOVE_FIELDS
    move_one_of = ("card", "exchange")

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        data["trump_card"] = card_in(raw["trump_card"])
        read_trick(raw, data)
        if "trump_suit" in raw:
            if raw["trump_suit"] not in _SUITS:
                raise Unsure
            data["trump_suit"] = raw["trump_suit"]

    def build(self, common: Common, data: dict[str, Any]) -> GameState:
        game, rules, players, dealer, hands, stock, captures, match, deck = common
        trump_card, trick, leader = data["trump_card"], built_trick(data), data["leader"]
        return BriscolaState(
            game, rules, players, dealer, hands, stock, trump_card, trick, leader, captures, match, deck
        )

    def read_move(self, raw: object) -> Move | None:
        if type(raw) is not dict or len(raw) != 1:
            return None
        if "card" in raw:
            code = raw["card"]
            card = BY_CODE.get(code) if type(code) is str else None
            return None if card is None else PlayCard(card)
        code = raw.get("exchange")
        card = BY_CODE.get(code) if type(code) is str else None
        return None if card is None else ExchangeTrump(card)

    def move(self, data: dict[str, Any]) -> Move | tuple[str, str]:
        return PlayCard(data["card"]) if "card" in data else ExchangeTrump(data["exchange"])

CODEC = BriscolaCodec()
