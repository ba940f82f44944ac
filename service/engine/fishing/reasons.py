"""What a fishing move does, as a player says it (a hint's reasons): the sweep, the settebello, the sevens and
coins taken, and what the table left hands the next player.

Read only from what the seat to act may know (its hand, the table, the piles, hand and stock sizes), so the
reasons are the same on every sampled world of one observation and give no hidden card away.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import Card, Suit
from ..game import MoveReason
from ..moves import Move
from ..options import Rules
from .rules import switched_on
from .sets import TableIndex, table_index
from .state import Capture, FishingState

SWEEP = "sweep"
TAKES_SETTEBELLO = "takes_settebello"
TAKES_SEVENS = "takes_sevens"
TAKES_COINS = "takes_coins"
TAKES_CARDS = "takes_cards"
LEAVES_SWEEP = "leaves_sweep"
LEAVES_NO_SWEEP = "leaves_no_sweep"
LEAVES_SETTEBELLO = "leaves_settebello"
KEEPS_SETTEBELLO = "keeps_settebello"
LAYS_SEVEN = "lays_seven"
LAYS_COIN = "lays_coin"
LAYS_CARD_WITHOUT_POINTS = "lays_card_without_points"
CODES = (
    SWEEP,
    TAKES_SETTEBELLO,
    TAKES_SEVENS,
    TAKES_COINS,
    TAKES_CARDS,
    LEAVES_SWEEP,
    LEAVES_NO_SWEEP,
    LEAVES_SETTEBELLO,
    KEEPS_SETTEBELLO,
    LAYS_SEVEN,
    LAYS_COIN,
    LAYS_CARD_WITHOUT_POINTS,
)
"""Every reason a fishing move may be given (docs/players.md, A hint that explains)."""


class Sweeps(Protocol):
    """What the reasons ask of the game (``FishingGame``)."""

    @property
    def capture_sum(self) -> int | None: ...

    def hand_size(self, rules: Rules) -> int: ...

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool: ...

    def sweeping_ranks(self, rules: Rules, left: tuple[Card, ...], total: int) -> list[int]: ...

    def ace_sweeps(self, rules: Rules) -> bool: ...


def is_settebello(card: Card) -> bool:
    return card.rank == 7 and card.suit is Suit.COINS


def fishing_reasons(game: Sweeps, state: FishingState, move: Move) -> tuple[MoveReason, ...]:
    """The reasons of one move of the seat to act, what it takes first, then what it leaves."""
    assert isinstance(move, Capture)
    seat = state.turn
    assert seat is not None
    rules, table = state.rules, state.table
    card, taken = move.card, move.capture or ()
    found: list[MoveReason] = []
    last_play = not state.stock and sum(map(len, state.hands)) == 1
    if taken:
        left = tuple(piece for piece in table if piece not in taken)
        won = (card, *taken)
        # Not every emptied table scores (docs/rules.md, Scopa: last_play_sweep_counts, apt_sweep_counts).
        sweep_counts = bool(rules.by_name["last_play_sweep_counts"]) or not last_play
        if not left and sweep_counts and game.sweep_scores(rules, card, table_index(table), taken):
            found.append(MoveReason(SWEEP))
        if any(map(is_settebello, won)):
            found.append(MoveReason(TAKES_SETTEBELLO))
        sevens = sum(piece.rank == 7 for piece in won)
        if sevens:
            found.append(MoveReason(TAKES_SEVENS, (("count", sevens),)))
        coins = sum(piece.suit is Suit.COINS for piece in won)
        if coins:
            found.append(MoveReason(TAKES_COINS, (("count", coins),)))
        found.append(MoveReason(TAKES_CARDS, (("count", len(won)),)))
    else:
        left = (*table, card)
        if card.rank == 7:
            found.append(MoveReason(LAYS_SEVEN))
        elif card.suit is Suit.COINS:
            found.append(MoveReason(LAYS_COIN))
        else:
            found.append(MoveReason(LAYS_CARD_WITHOUT_POINTS))
    if any(map(is_settebello, left)):
        found.append(MoveReason(LEAVES_SETTEBELLO))
    if left and next_seat_plays(state, seat):
        found.append(sweep_left(game, state, seat, left))
    if not is_settebello(card) and any(map(is_settebello, state.hands[seat])):
        found.append(MoveReason(KEEPS_SETTEBELLO))
    return tuple(found)


def next_seat_plays(state: FishingState, seat: int) -> bool:
    """Whether the next seat plays again this round, and a sweep it makes would count."""
    after = (seat + 1) % state.players
    cards_left = sum(map(len, state.hands)) - 1 + len(state.stock)
    if not cards_left:
        return False
    if len(state.hands[after]) or state.stock:
        # Its play is the round's last one: a sweep then scores only with last_play_sweep_counts.
        return cards_left > 1 or bool(state.rules.by_name["last_play_sweep_counts"])
    return False


def sweep_left(game: Sweeps, state: FishingState, seat: int, left: tuple[Card, ...]) -> MoveReason:
    """Whether a card the seat has not seen sweeps the table it leaves (docs/rules.md: Scopa's capture by rank
    or by a sum, Escoba's 15, asso piglia tutto), the rank that would and the table's sum."""
    total = sum(piece.rank for piece in left)
    unseen = unseen_ranks(state, seat)
    for rank in game.sweeping_ranks(state.rules, left, total):
        if unseen[rank]:
            return MoveReason(LEAVES_SWEEP, (("rank", rank), ("total", total)))
    return MoveReason(LEAVES_NO_SWEEP)


def sweeping_ranks(game: Sweeps, rules: Rules, left: tuple[Card, ...], total: int) -> list[int]:
    """The ranks of a card that would take the whole of ``left``, lowest first."""
    sum_to = game.capture_sum
    if sum_to is not None:
        needed = sum_to - total
        return [needed] if 1 <= needed <= 10 else []
    ranks = []
    if len(left) == 1:  # a card of the same rank takes it alone
        ranks.append(left[0].rank)
    elif total <= 10:  # a sum of the whole table (no single table card can equal it)
        ranks.append(total)
    ace_all = switched_on(rules.by_name.get("asso_piglia_tutto"))
    if ace_all and game.ace_sweeps(rules) and all(c.rank != 1 for c in left):
        ranks.append(1)
    return sorted(set(ranks))


def unseen_ranks(state: FishingState, seat: int) -> list[int]:
    """How many cards of each rank ``seat`` has not seen (index 0 unused)."""
    counts = [0] + [4] * 10
    for pile in (state.hands[seat], state.table, *state.captures):
        for card in pile:
            counts[card.rank] -= 1
    return counts
