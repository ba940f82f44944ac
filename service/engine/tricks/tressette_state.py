"""A Tressette round and its JSON (API.md, State and Moves; docs/rules.md, Tressette): the state, the fields, the
fast reader and the writer. A move is a ``PlayCard``, as in Briscola."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import BY_CODE, Card
from ..game import Common
from ..moves import Move
from ..options import Rules
from ..reading import FieldSpec, counts_in, trick_in
from ..state import NEW_TUPLE, GameState, Hand, Match
from .common import PLAY_FIELDS, TRICK_FIELDS, built_trick, read_trick
from .state import PlayCard, TrickCard, trick_json

MAX_ACCUSI = 30
"""More than ten cards can declare (four 3s, four 2s and two aces make 4 + 4 + two napoletane: 14)."""
MAX_SHOWN = 20
"""Two hands of ten, every card of them drawn face up."""

FIELDS = (
    *TRICK_FIELDS,
    FieldSpec("accusi_points", "counts", MAX_ACCUSI, omitted="empty"),
    FieldSpec("shown_cards", "trick", MAX_SHOWN, omitted="empty"),
)


class TressetteState(NamedTuple):
    """A round of Tressette. ``accusi_points``: what each seat has declared so far (its first card declares);
    ``shown_cards``: the cards drawn face up from the stock that their seat still holds.

    Both are kept because the cards alone no longer tell them (a declared card is played, a drawn card looks like
    a dealt one); everything else (whose turn, whether a seat has declared yet, the last trick) is read from the
    cards.
    """

    game: str
    rules: Rules
    players: int
    dealer: int
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    trick: tuple[TrickCard, ...]
    leader: int
    captures: tuple[tuple[Card, ...], ...]
    accusi_points: tuple[int, ...]
    shown_cards: tuple[TrickCard, ...]
    match: Match
    deck: str = "italian"

    @property
    def round_over(self) -> bool:
        return not self.stock and not self.trick and not any(self.hands)

    @property
    def turn(self) -> int | None:
        if self.round_over:
            return None
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_taken(self) -> int:
        return sum(len(pile) for pile in self.captures) // self.players

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card this round: a trick is complete, or it is in the current one."""
        return self.tricks_taken > 0 or any(played.seat == seat for played in self.trick)

    def json_fields(self) -> dict[str, Any]:
        return {
            "trick": trick_json(self.trick),
            "leader": self.leader,
            "accusi_points": list(self.accusi_points),
            "shown_cards": trick_json(self.shown_cards),
        }


def tressette_after(
    state: TressetteState,
    *,
    hands: tuple[Hand, ...] | None = None,
    stock: tuple[Card, ...] | None = None,
    trick: tuple[TrickCard, ...] | None = None,
    leader: int | None = None,
    captures: tuple[tuple[Card, ...], ...] | None = None,
    accusi_points: tuple[int, ...] | None = None,
    shown_cards: tuple[TrickCard, ...] | None = None,
) -> TressetteState:
    """``state`` with the fields given changed, as ``_replace`` makes it (none of these fields is ever None); every
    play makes one, and compiled this is a native call (``briscola_after`` says why)."""
    return NEW_TUPLE(
        TressetteState,
        (
            state.game,
            state.rules,
            state.players,
            state.dealer,
            state.hands if hands is None else hands,
            state.stock if stock is None else stock,
            state.trick if trick is None else trick,
            state.leader if leader is None else leader,
            state.captures if captures is None else captures,
            state.accusi_points if accusi_points is None else accusi_points,
            state.shown_cards if shown_cards is None else shown_cards,
            state.match,
            state.deck,
        ),
    )


class TressetteCodec:
    fields = FIELDS
    reported: tuple[str, ...] = ()
    written: tuple[str, ...] = ()
    move_fields = PLAY_FIELDS
    move_one_of: tuple[str, ...] = ()

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        read_trick(raw, data)
        data["accusi_points"] = counts_in(raw.get("accusi_points", []), MAX_ACCUSI)
        data["shown_cards"] = trick_in(raw.get("shown_cards", []), MAX_SHOWN)

    def build(self, common: Common, data: dict[str, Any]) -> GameState:
        game, rules, players, dealer, hands, stock, captures, match, deck = common
        # Omitted (a state built by hand): nobody has declared anything.
        accusi = tuple(data["accusi_points"]) or (0,) * players
        shown = tuple(TrickCard(item["seat"], item["card"]) for item in data["shown_cards"])
        return TressetteState(
            game, rules, players, dealer, hands, stock, built_trick(data), data["leader"], captures, accusi, shown,
            match, deck,
        )

    def read_move(self, raw: object) -> Move | None:
        if type(raw) is not dict or raw.keys() != {"card"}:
            return None
        code = raw["card"]
        card = BY_CODE.get(code) if type(code) is str else None
        return None if card is None else PlayCard(card)

    def move(self, data: dict[str, Any]) -> Move | tuple[str, str]:
        return PlayCard(data["card"])


CODEC = TressetteCodec()
