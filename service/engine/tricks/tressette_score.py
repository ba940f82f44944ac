"""Tressette's card order, card points, declarations (accusi) and round score (docs/rules.md, Tressette).

Points are counted in thirds so that nothing is rounded until a side's whole points are worked out: an ace is
three thirds; a 3, 2, re, cavallo or fante one; the last trick three more. A hand holds 35 thirds, 11 2/3.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..cards import SUITS, Card, Suit
from ..options import Rules
from ..scoring import RoundScore, SideScore, settle_match, side_seats
from ..state import Hand, Match

# Within a suit 3 > 2 > 1 > 10 > 9 > 8 > 7 > 6 > 5 > 4 (RULES.md 8; pagat; the Italian federations' rules).
STRENGTH: dict[int, int] = {3: 10, 2: 9, 1: 8, 10: 7, 9: 6, 8: 5, 7: 4, 6: 3, 5: 2, 4: 1}
# Each ace one point, each 3, 2, re, cavallo and fante a third (RULES.md 8); the 7 to 4 nothing.
THIRDS: dict[int, int] = {1: 3, 2: 1, 3: 1, 10: 1, 9: 1, 8: 1, 7: 0, 6: 0, 5: 0, 4: 0}
LAST_TRICK_THIRDS = 3
"""The ultima: one point for the last trick (RULES.md 8)."""
HONOURS = (3, 2, 1)
"""The cards that declare: three or four of a rank, or all three of a suit (the napoletana)."""


def strength(card: Card) -> int:
    return STRENGTH[card.rank]


def thirds(card: Card) -> int:
    return THIRDS[card.rank]


def whole_points(total_thirds: int, rule: str) -> int:
    """A side's thirds as whole points (``thirds``): truncate_per_side drops what is left over (RULES.md 8;
    Parlett: fractions "drop on the floor"); round_per_side counts two thirds as a point and one as nothing."""
    if rule == "truncate_per_side":
        return total_thirds // 3
    return (total_thirds + 1) // 3


class Declaration(NamedTuple):
    """One accuso: ``kind`` napoletana (``suit`` its suit), three (``suit`` the suit missing) or four."""

    kind: str
    rank: int | None
    suit: Suit | None
    points: int

    def to_event(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"kind": self.kind, "points": self.points}
        if self.rank is not None:
            entry["rank"] = self.rank
        if self.suit is not None:
            # A napoletana names its suit; three of a kind names the suit missing, as players announce it.
            entry["suit" if self.kind == "napoletana" else "missing"] = self.suit.value
        return entry


def declarations(hand: Hand) -> tuple[Declaration, ...]:
    """What a hand declares (RULES.md 8; Adamoli, Piccola enciclopedia: "tre assi, tre 2 e tre 3 ... quattro
    punti per i quattro"): each napoletana (3, 2 and ace of a suit) 3; three 3s, 2s or aces 3; all four 4."""
    held = {(card.rank, card.suit) for card in hand}
    found = [
        Declaration("napoletana", None, suit, 3)
        for suit in SUITS
        if all((rank, suit) in held for rank in HONOURS)
    ]
    for rank in HONOURS:
        suits = [suit for suit in SUITS if (rank, suit) in held]
        if len(suits) == 4:
            found.append(Declaration("four", rank, None, 4))
        elif len(suits) == 3:
            missing = next(suit for suit in SUITS if suit not in suits)
            found.append(Declaration("three", rank, missing, 3))
    return tuple(found)


def score_round(
    rules: Rules,
    players: int,
    captures: Sequence[Sequence[Card]],
    last_trick: int | None,
    accusi: Sequence[int],
    match: Match,
) -> RoundScore:
    """Per side, partners pooled: card points (thirds made whole by ``thirds``), the ultima for the side that took
    the last trick (``last_trick``, a seat), and the declarations. The match adds the totals: the first side to
    the target wins; sides that pass it together, the one with more (RULES.md 8, Match)."""
    sides = []
    rule = str(rules["thirds"])
    for side, seats in enumerate(side_seats(players)):
        pile = [card for seat in seats for card in captures[seat]]
        card_thirds = sum(thirds(card) for card in pile)
        ultima = LAST_TRICK_THIRDS if last_trick in seats else 0
        card_points = whole_points(card_thirds, rule)  # the ultima is whole: it changes no rounding
        declared = sum(accusi[seat] for seat in seats)
        points = {"card_points": card_points, "last_trick": ultima // 3, "accusi": declared}
        details = {"cards": len(pile), "tricks": len(pile) // players, "thirds": card_thirds}
        sides.append(SideScore(side, seats, points, total=sum(points.values()), details=details))
    totals = [side.total for side in sides]
    return RoundScore(tuple(sides), settle_match(match, totals), winner=None)
