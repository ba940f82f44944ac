"""What a trick-game move does, as a player says it (a hint's reasons): the trick won and the points in it, the
points given away or thrown without, the trumps spent or saved, Briscola's trump exchange, and Briscola chiamata's
bids, passes and call.

Read only from what the seat to act may know (its hand, the trick, the face-up trump card), so the reasons are
the same on every sampled world of one observation and give no hidden card away.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import Card, Suit
from ..game import MoveReason
from ..moves import Move
from ..state import side_of
from . import tressette_score
from .common import TrickRound
from .state import ExchangeTrump, PlayCard
from .strategy import beats

EXCHANGES_TRUMP = "exchanges_trump"
WINS_TRICK = "wins_trick"
WINS_LAST_TRICK = "wins_last_trick"
TAKES_LEAD = "takes_lead"
LEAVES_TRICK_TO_PARTNER = "leaves_trick_to_partner"
GIVES_POINTS = "gives_points"
THROWS_WITHOUT_POINTS = "throws_without_points"
LEADS_WITHOUT_POINTS = "leads_without_points"
LEADS_POINTS = "leads_points"
LEADS_TRUMP = "leads_trump"
SPENDS_TRUMP = "spends_trump"
SAVES_TRUMPS = "saves_trumps"
BIDS_RANK = "bids_rank"
BIDS_POINTS = "bids_points"
PASSES = "passes"
CALLS_SUIT = "calls_suit"
CODES = (
    EXCHANGES_TRUMP,
    WINS_TRICK,
    WINS_LAST_TRICK,
    TAKES_LEAD,
    LEAVES_TRICK_TO_PARTNER,
    GIVES_POINTS,
    THROWS_WITHOUT_POINTS,
    LEADS_WITHOUT_POINTS,
    LEADS_POINTS,
    LEADS_TRUMP,
    SPENDS_TRUMP,
    SAVES_TRUMPS,
    BIDS_RANK,
    BIDS_POINTS,
    PASSES,
    CALLS_SUIT,
)
"""Every reason a trick-game move may be given (docs/players.md, A hint that explains)."""

Points = Callable[[Card], int]
Shown = Callable[[int], int | str]
"""A sum of card points as the players of the game count them (Tressette's thirds: ``1 2/3``)."""


def whole(points: int) -> int | str:
    return points


def in_thirds(thirds: int) -> int | str:
    """Tressette's thirds of a point as its players say them: 5 thirds are 1 2/3."""
    points, rest = divmod(thirds, 3)
    if not rest:
        return points
    return f"{points} {rest}/3" if points else f"{rest}/3"


def trick_reasons(
    state: TrickRound,
    move: Move,
    trump: Suit | None,
    strength: Callable[[Card], int],
    points: Points,
    shown: Shown = whole,
    last_trick: int = 0,
) -> tuple[MoveReason, ...]:
    """The reasons of playing ``move.card`` to the trick (docs/rules.md, Briscola and Tressette: the highest
    trump, else the highest card of the suit led, wins), then what it does to the seat's trumps. ``last_trick``:
    what the round's last trick is worth besides its cards."""
    seat = state.turn
    assert seat is not None
    if isinstance(move, ExchangeTrump):
        return (MoveReason(EXCHANGES_TRUMP, (("rank", move.card.rank),)),)
    assert isinstance(move, PlayCard)
    card, trick, players = move.card, state.trick, state.players
    worth = points(card)
    found: list[MoveReason] = []
    if not trick:
        if trump is not None and card.suit is trump:
            found.append(MoveReason(LEADS_TRUMP))
        elif worth:
            found.append(MoveReason(LEADS_POINTS, (("points", shown(worth)),)))
        else:
            found.append(MoveReason(LEADS_WITHOUT_POINTS))
    else:
        best = trick[0]
        for played in trick[1:]:
            if beats(played.card, best.card, trump, strength):
                best = played
        pot = worth + sum(points(played.card) for played in trick)
        stake = (("points", shown(pot)),)
        if beats(card, best.card, trump, strength):
            last = len(trick) == players - 1
            found.append(MoveReason(WINS_TRICK if last else TAKES_LEAD, stake))
            if last and last_trick and not state.stock and sum(map(len, state.hands)) == 1:
                found.append(MoveReason(WINS_LAST_TRICK, (("points", shown(last_trick)),)))
        elif side_of(best.seat, players) == side_of(seat, players):
            found.append(MoveReason(LEAVES_TRICK_TO_PARTNER, stake))
        elif worth:
            found.append(MoveReason(GIVES_POINTS, (("points", shown(worth)),)))
        else:
            found.append(MoveReason(THROWS_WITHOUT_POINTS))
    if trump is not None:
        if card.suit is trump:
            if trick:  # a trump led says so already
                found.append(MoveReason(SPENDS_TRUMP))
        elif any(held.suit is trump for held in state.hands[seat]):
            found.append(MoveReason(SAVES_TRUMPS))
    return tuple(found)


def tressette_reasons(state: TrickRound, move: Move) -> tuple[MoveReason, ...]:
    """Tressette's (docs/rules.md, Tressette): no trumps, points counted in thirds, and the last trick's point."""
    last_trick = tressette_score.LAST_TRICK_THIRDS
    return trick_reasons(
        state, move, None, tressette_score.strength, tressette_score.thirds, in_thirds, last_trick
    )
