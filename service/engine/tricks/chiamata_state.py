"""A Briscola chiamata round, its moves and its JSON (RULES.md 9; docs/rules.md, Briscola chiamata): the auction,
the call, the hidden partner, the tricks.

Only what the cards cannot tell is kept: the auction in order (every bid and pass, public), the called card (public
once called) and the partner once revealed (the seat that played the called card; the piles do not say who played
what). Whose turn it is, the phase, the caller and the trump suit are read from these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import BY_CODE, Card, Suit
from ..game import Common
from ..limits import SUITS
from ..moves import Move
from ..options import Rules
from ..reading import BID_POINTS, RANKS, FieldSpec, Unsure, auction_in, card_in, int_in, seat_or_none
from ..shape import MoveKind, Phase, Shape
from ..state import GameState, Hand, Match
from .common import PLAY_CARD, TRICK_FIELDS, built_trick, read_trick
from .state import PlayCard, TrickCard, trick_json

MAX_AUCTION = 80
"""Ten ranks, sixty point bids and five passes at most."""
BID_ORDER = (1, 3, 10, 9, 8, 7, 6, 5, 4, 2)
"""The ranks a bid may name, from the first (the highest card) to the last (RULES.md 9: A > 3 > re > ... > 2)."""
LAST_RANK = 2
"""Once a 2 is named, bids go on in points (``ranks_then_points``)."""
AUCTION, CALL, PLAY = "auction", "call", "play"
_SUITS = frozenset(SUITS)


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: a rank (the called card's), with points from 61 once the ranks are exhausted (or always, with
    ``auction`` ``points_only``)."""

    rank: int
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"bid": str(self.rank)}
        if self.points is not None:
            found["points"] = self.points
        return found

    def __reduce__(self) -> tuple[type[Bid], tuple[int, int | None]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return Bid, (self.rank, self.points)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: out of the auction for this hand."""

    def to_json(self) -> dict[str, Any]:
        return {"pass": True}

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return Pass, ()


@dataclass(frozen=True, slots=True)
class Call:
    """The auction's winner names the trump suit, and with the rank won the called card."""

    suit: Suit

    def to_json(self) -> dict[str, Any]:
        return {"call": self.suit.value}

    def __reduce__(self) -> tuple[type[Call], tuple[Suit]]:
        # Compiled, a frozen dataclass cannot set its own fields back from a pickle: rebuilt by its constructor.
        return Call, (self.suit,)


ChiamataMove = PlayCard | Bid | Pass | Call


class AuctionEntry(NamedTuple):
    """One turn of the auction: ``bid`` None is a pass."""

    seat: int
    bid: Bid | None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, **(self.bid.to_json() if self.bid is not None else {"pass": True})}


class ChiamataState(NamedTuple):
    """A hand of Briscola chiamata: all forty cards dealt, no stock; an auction, the call, eight tricks."""

    game: str
    rules: Rules
    players: int
    dealer: int
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    auction: tuple[AuctionEntry, ...]
    called_card: Card | None
    partner: int | None
    trick: tuple[TrickCard, ...]
    leader: int
    captures: tuple[tuple[Card, ...], ...]
    match: Match
    deck: str = "italian"

    @property
    def passed(self) -> frozenset[int]:
        return frozenset(entry.seat for entry in self.auction if entry.bid is None)

    @property
    def high(self) -> AuctionEntry | None:
        """The standing (last, and so highest) bid."""
        return next((entry for entry in reversed(self.auction) if entry.bid is not None), None)

    @property
    def auction_over(self) -> bool:
        out = len(self.passed)
        return out == self.players or (out == self.players - 1 and self.high is not None)

    @property
    def thrown_in(self) -> bool:
        """Every seat passed: the hand is thrown in and the next dealer deals."""
        return len(self.passed) == self.players

    @property
    def caller(self) -> int | None:
        high = self.high
        return high.seat if high is not None and self.auction_over else None

    @property
    def phase(self) -> str:
        if not self.auction_over or self.thrown_in:
            return AUCTION
        return CALL if self.called_card is None else PLAY

    @property
    def trump_suit(self) -> Suit | None:
        return None if self.called_card is None else self.called_card.suit

    @property
    def round_over(self) -> bool:
        if self.called_card is None:
            return self.thrown_in
        return not self.trick and not any(self.hands)

    @property
    def turn(self) -> int | None:
        if self.round_over:
            return None
        if not self.auction_over:
            return self.bidder
        if self.called_card is None:
            return self.caller
        return (self.leader + len(self.trick)) % self.players

    @property
    def bidder(self) -> int:
        """The seat to speak in the auction: the seat after the dealer first, then the next seat still in."""
        n = self.players
        if not self.auction:
            return (self.dealer + 1) % n
        out = self.passed
        seat = self.auction[-1].seat
        for step in range(1, n + 1):
            if (seat + step) % n not in out:
                return (seat + step) % n
        return seat

    def json_fields(self) -> dict[str, Any]:
        caller, trump = self.caller, self.trump_suit
        return {
            "phase": self.phase,
            "auction": [entry.to_json() for entry in self.auction],
            "caller": caller,
            "called_card": None if self.called_card is None else self.called_card.code,
            "trump_suit": None if trump is None else trump.value,
            "partner": self.partner,
            "trick": trick_json(self.trick),
            "leader": self.leader,
        }


def called(rank: int, suit: Suit) -> Card:
    return BY_CODE[f"{rank}{suit.value}"]


# -- the shape and JSON ----------------------------------------------------------------------------------------
SHAPE = Shape(
    seats=(5,),
    moves=(
        MoveKind(
            "bid", ("bid",), ("points",), plays_card=False,
            description="a rank lower than the last named, or a 2 with points from 61 (auction)",
        ),
        MoveKind("pass", ("pass",), plays_card=False, description="out of the auction for this hand"),
        MoveKind("call", ("call",), plays_card=False, description="the trump suit, naming the called card"),
        PLAY_CARD,
    ),
    phases=(
        Phase(AUCTION, ("bid", "pass"), "from the seat after the dealer, until all but one have passed"),
        Phase(CALL, ("call",), "the auction's winner names the trump suit"),
        Phase(PLAY, ("card",), "eight tricks, the caller leading the first"),
    ),
    partnered=(),
    hidden=(5,),
)

FIELDS = (
    FieldSpec("auction", "auction", MAX_AUCTION, omitted="empty"),
    FieldSpec("called_card", "card", nullable=True, omitted="null"),
    FieldSpec("partner", "seat", nullable=True, omitted="null"),
    *TRICK_FIELDS,
)
MOVE_FIELDS = (
    FieldSpec("card", "card"),
    FieldSpec("bid", "rank"),
    FieldSpec("points", "number", BID_POINTS[1], least=BID_POINTS[0]),
    FieldSpec("pass", "true"),
    FieldSpec("call", "suit"),
)


def entry_of(item: dict[str, Any]) -> AuctionEntry:
    if "pass" in item:
        return AuctionEntry(item["seat"], None)
    return AuctionEntry(item["seat"], Bid(int(item["bid"]), item.get("points")))


class ChiamataCodec:
    fields = FIELDS
    reported: tuple[str, ...] = ()
    written = ("phase", "caller", "trump_suit")
    """Read from the auction for the caller's convenience, ignored when sent back (Briscola's trump_suit is a
    field of another family: a chiamata state sent back with it null is still a chiamata state)."""
    move_fields = MOVE_FIELDS
    move_one_of = ("card", "bid", "pass", "call")

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        read_trick(raw, data)
        data["auction"] = auction_in(raw.get("auction", []), MAX_AUCTION)
        called_card = raw.get("called_card")
        data["called_card"] = None if called_card is None else card_in(called_card)
        data["partner"] = seat_or_none(raw.get("partner"))

    def build(self, common: Common, data: dict[str, Any]) -> GameState:
        game, rules, players, dealer, hands, stock, captures, match, deck = common
        auction = tuple(entry_of(item) for item in data["auction"])
        return ChiamataState(
            game, rules, players, dealer, hands, stock, auction, data["called_card"], data["partner"],
            built_trick(data), data["leader"], captures, match, deck,
        )

    def read_move(self, raw: object) -> Move | None:
        if type(raw) is not dict:
            return None
        try:
            return fast_move(raw)
        except Unsure:
            return None

    def move(self, data: dict[str, Any]) -> Move | tuple[str, str]:
        if "points" in data and "bid" not in data:
            return ("/points", "points go with a bid")
        if "card" in data:
            return PlayCard(data["card"])
        if "bid" in data:
            return Bid(int(data["bid"]), data.get("points"))
        if "pass" in data:
            return Pass()
        return Call(Suit(data["call"]))


def fast_move(raw: dict[str, Any]) -> Move:
    keys = raw.keys()
    if keys == {"card"}:
        return PlayCard(card_in(raw["card"]))
    if keys == {"pass"} and raw["pass"] is True:
        return Pass()
    if keys == {"call"} and type(raw["call"]) is str and raw["call"] in _SUITS:
        return Call(Suit(raw["call"]))
    if keys == {"bid"} or keys == {"bid", "points"}:
        rank = raw["bid"]
        if type(rank) is not str or rank not in RANKS:
            raise Unsure
        return Bid(int(rank), int_in(raw["points"], *BID_POINTS) if "points" in keys else None)
    raise Unsure


CODEC = ChiamataCodec()
