"""Round score of the fishing games (RULES.md 3 and 5): cards, coins, settebello, primiera or sevens, sweeps,
and Scopa's optional re bello, rosmarino and napola. A tie between the best sides gives the point to nobody."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..cards import BY_CODE, SUITS, Card, Suit
from ..options import Rules
from ..scoring import RoundScore, SideScore, settle_match, side_seats, unique_best
from ..state import Match
from .state import FishingState

SETTEBELLO = BY_CODE["7D"]
RE_BELLO = BY_CODE["10D"]
ROSMARINO = BY_CODE["8S"]
NAPOLA = (BY_CODE["1D"], BY_CODE["2D"], BY_CODE["3D"])


class PileCounts(NamedTuple):
    """What a side's pile holds for scoring, counted in one pass."""

    cards: int
    coins: int
    sevens: int
    primiera_suits: int
    primiera: int  # the sum of the best primiera card of each suit held


def count_pile(pile: Sequence[Card]) -> PileCounts:
    best: dict[Suit, int] = {}
    coins = sevens = 0
    for card in pile:
        suit = card.suit
        if suit is Suit.COINS:
            coins += 1
        if card.rank == 7:
            sevens += 1
        if card.primiera > best.get(suit, 0):
            best[suit] = card.primiera
    return PileCounts(len(pile), coins, sevens, len(best), sum(best.values()))


def primiera_winner(counts: Sequence[PileCounts], missing_suit: str) -> int | None:
    held = [(count.primiera_suits, count.primiera) for count in counts]
    if missing_suit == "cannot_score":
        eligible = [(value if suits == len(SUITS) else -1) for suits, value in held]
        winner = unique_best(eligible)
        return winner if winner is not None and eligible[winner] >= 0 else None
    # fewer_suits_loses (StarGames): more suits beats fewer; equal suit counts compare sums.
    return unique_best(held)


def napola_points(pile: Sequence[Card], mode: str) -> int:
    held = set(pile)
    if mode == "off" or not all(card in held for card in NAPOLA):
        return 0
    if mode == "fixed3":
        return 3
    run = 3
    while run < 10 and BY_CODE[f"{run + 1}D"] in held:
        run += 1
    return run


def most(counts: Sequence[int]) -> int | None:
    winner = unique_best(counts)
    return winner if winner is not None and counts[winner] > 0 else None


def score_piles(
    rules: Rules,
    players: int,
    captures: Sequence[Sequence[Card]],
    sweeps: Sequence[int],
    match: Match,
    fourth_point: str,
    counter: Callable[[Sequence[Card]], PileCounts] = count_pile,
    bonuses: Callable[[Sequence[Card]], dict[str, int]] | None = None,
    declared: Sequence[int] = (),
) -> RoundScore:
    """``fourth_point`` names the category of the fourth point, ``primiera`` or ``sevens`` (each game's rule);
    ``counter`` counts a side's pile (Cirulla's matta chooses its primiera suit), ``bonuses`` are a game's own
    categories of a side's pile, ``declared`` the points each seat declared on the deals (Cirulla)."""
    groups = side_seats(players)
    piles = [[card for seat in seats for card in captures[seat]] for seats in groups]
    points: list[dict[str, int]] = [{} for _ in groups]

    def award(category: str, winner: int | None, amount: int = 1) -> None:
        if winner is not None and amount:
            points[winner][category] = points[winner].get(category, 0) + amount

    counts = [counter(pile) for pile in piles]
    options = rules.by_name
    award("cards", most([count.cards for count in counts]))
    award("coins", most([count.coins for count in counts]))
    for side, pile in enumerate(piles):
        if SETTEBELLO in pile:
            award("settebello", side)
        if options.get("re_bello") and RE_BELLO in pile:
            award("re_bello", side)
        if options.get("rosmarino") and ROSMARINO in pile:
            award("rosmarino", side)
        award("napola", side, napola_points(pile, str(options.get("napola", "off"))))
        award("sweeps", side, sum(sweeps[seat] for seat in groups[side]))
        if bonuses is not None:
            for category, amount in bonuses(pile).items():
                award(category, side, amount)
        if declared:
            award("declarations", side, sum(declared[seat] for seat in groups[side]))
    if fourth_point == "primiera":
        award("primiera", primiera_winner(counts, str(options["primiera_missing_suit"])))
    else:
        award("sevens", most([count.sevens for count in counts]))
    totals = [sum(side_points.values()) for side_points in points]
    sides = []
    for side, seats in enumerate(groups):
        count = counts[side]
        details: dict[str, Any] = {
            "cards": count.cards,
            "coins": count.coins,
            "sevens": count.sevens,
            "primiera": count.primiera,
            "primiera_suits": count.primiera_suits,
            "sweeps": sum(sweeps[seat] for seat in seats),
        }
        sides.append(SideScore(side, seats, points[side], totals[side], details))
    return RoundScore(tuple(sides), settle_match(match, totals))


def finished_piles(state: FishingState) -> list[list[Card]]:
    """A finished round's piles; a leftover table not yet collected goes to the last capturer first."""
    captures = [list(pile) for pile in state.captures]
    if state.table and state.last_capturer is not None:
        captures[state.last_capturer].extend(state.table)
    return captures


def score_round(state: FishingState, fourth_point: str) -> RoundScore:
    return score_piles(state.rules, state.players, finished_piles(state), state.sweeps, state.match, fourth_point)
