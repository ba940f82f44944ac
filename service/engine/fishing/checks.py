"""The consistency checks of a fishing state (API.md, consistency checks): the shared ones and the table's."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import DECK
from ..checks import Located, check_cards, check_hand_sizes, check_match, check_seats, fail
from ..errors import pointer
from .state import FishingState


def located_table(state: FishingState) -> Located:
    for index, card in enumerate(state.table):
        yield pointer("table", index), card


def check_fishing(
    state: FishingState, player_counts: Sequence[int], hand_size: int, stock_sizes: Sequence[int], sides: int
) -> None:
    n = state.players
    if not (
        n in player_counts
        and len(state.hands) == len(state.captures) == len(state.sweeps) == n
        and 0 <= state.dealer < n
        and (state.last_capturer is None or 0 <= state.last_capturer < n)
    ):  # the usual case is checked at once; otherwise the shared checks say what is wrong
        check_seats(
            state,
            player_counts,
            [("hands", len(state.hands)), ("captures", len(state.captures)), ("sweeps", len(state.sweeps))],
            [("/dealer", state.dealer), ("/last_capturer", state.last_capturer)],
        )
    check_cards(state, DECK, state.table, lambda: located_table(state))
    check_match(state, sides)
    if len(state.stock) not in stock_sizes:
        raise fail(
            "invalid_stock_size",
            f"a stock of {len(state.stock)} cards cannot occur in this game's deals",
            ("/stock", "must hold one of " + ", ".join(map(str, sorted(stock_sizes))) + " cards"),
        )
    if not any(state.hands):
        if state.stock:
            raise fail(
                "invalid_hand_sizes",
                "every hand is empty while the stock has cards: the next deal is due",
                ("/hands", "must not all be empty while the stock has cards"),
            )
    else:
        sizes = [len(hand) for hand in state.hands]
        most = max(sizes)
        played = sum(1 for size in sizes if size < most)
        check_hand_sizes(state, state.dealer + 1, played, range(1, hand_size + 1))
    has_pile = any(state.captures)
    if (state.last_capturer is None) == has_pile:
        why = (
            "must be null when no pile has a card"
            if not has_pile
            else "must name a seat once a pile has cards"
        )
        raise fail(
            "invalid_last_capturer", "last_capturer does not agree with the piles", ("/last_capturer", why)
        )
    if any(sweeps < 0 for sweeps in state.sweeps):
        raise fail("invalid_piles", "sweeps cannot be negative", ("/sweeps", "must be 0 or more"))
