"""The capture listings (``first_subsets``, ``first_sized_subsets``) list exactly the subsets of the
table that reach the sum, in the order the move lists have always had: by the cards' positions on the table,
lexicographically (RULES.md 3: every subset reaching the sum is a capture; the order is the API's, docs/api.md).
The oracle is itertools: every combination of positions, filtered and sorted. Sums stop at 15 (``MAX_SUM``): no
card of these games asks for more."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.cards import DECK
from service.engine.fishing import capture
from service.engine.fishing.game import FishingGame
from service.engine.fishing.position import MAX_LISTED_MOVES, analysed
from service.engine.fishing.sets import table_index
from service.engine.fishing.state import Capture, FishingState
from service.engine.games import GAMES
from tests.engine.test_scopa_rules import position

values_lists = st.lists(st.integers(min_value=1, max_value=10), min_size=0, max_size=12)


def reach_of(values: list[int]) -> list[int]:
    reach = [1]
    after = 1
    for rank in reversed(values):
        after = (after | after << rank) & capture.SUM_MASK
        reach.append(after)
    reach.reverse()
    return reach


def oracle(values: list[int], total: int, sizes: frozenset[int] | None) -> list[tuple[int, ...]]:
    found = [
        chosen
        for size in range(1, len(values) + 1)
        if sizes is None or size in sizes
        for chosen in combinations(range(len(values)), size)
        if sum(values[i] for i in chosen) == total
    ]
    return sorted(found)


@settings(max_examples=300, deadline=None)
@given(values_lists, st.integers(min_value=0, max_value=capture.MAX_SUM), st.integers(min_value=0, max_value=40))
def test_every_subset_of_any_size_in_position_order(values: list[int], total: int, limit: int) -> None:
    items = tuple(range(len(values)))
    listed = capture.first_subsets(values, reach_of(values), total, items, limit)
    assert listed == oracle(values, total, None)[:limit]


@settings(max_examples=300, deadline=None)
@given(
    values_lists,
    st.integers(min_value=0, max_value=capture.MAX_SUM),
    st.frozensets(st.integers(min_value=1, max_value=12), min_size=1, max_size=3),
    st.integers(min_value=0, max_value=40),
)
def test_every_subset_of_the_sizes_asked_in_position_order(
    values: list[int], total: int, sizes: frozenset[int], limit: int
) -> None:
    items = tuple(range(len(values)))
    masks = capture.size_masks(values)
    listed = capture.first_sized_subsets(values, masks, total, sizes, items, limit)
    assert listed == oracle(values, total, sizes)[:limit]


# -- a position's listing: cards of one rank share their sets ----------------------------------------------------
# ``Position.legal_moves`` searches the sets of a rank once and lists them with every card of that rank, cut at the
# ceiling as the room left shrinks. The oracle asks each card's sets alone, in hand order, as a listing did before.
LISTED_GAMES = {"scopa": {}, "escoba": {"capture_obligation": "none"}, "cirulla": {}}


def listed_alone(state: FishingState, limit: int) -> tuple[list[Capture], int]:
    game = GAMES[state.game]
    assert isinstance(game, FishingGame) and state.turn is not None
    index = table_index(state.table)
    listed: list[Capture] = []
    total = 0
    whole = analysed(game, state)
    for card in state.hands[state.turn]:
        sets = game.capture_sets(state.rules, card, index)  # this card's own, shared with no other
        every = sets.first(10_000)
        listed += [Capture(card, taken) for taken in every]
        total += len(every)
        if whole.may_lay(sets):
            listed.append(Capture(card, ()))
            total += 1
    return listed[: min(limit, MAX_LISTED_MOVES)], total


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(LISTED_GAMES)),
    st.integers(min_value=1, max_value=10),
    st.permutations(range(4)),
    st.permutations(range(40)),
    st.integers(min_value=0, max_value=14),
    st.integers(min_value=0, max_value=90),
)
def test_cards_of_one_rank_list_what_each_would_list_alone(
    game_name: str, rank: int, suits: list[int], order: list[int], table_size: int, limit: int
) -> None:
    pair = [DECK[suit * 10 + rank - 1] for suit in suits[:2]]
    rest = [DECK[at] for at in order if DECK[at] not in pair]
    hand, table = [pair[0], rest[0], pair[1]], rest[1 : 1 + table_size]  # the pair apart: shared all the same
    state = position(
        [" ".join(card.code for card in hand), "*3"],
        " ".join(card.code for card in table),
        game=game_name,
        rules=LISTED_GAMES[game_name],
    )
    expected, total = listed_alone(state, limit)
    legal = GAMES[game_name].legal_moves(state, limit)
    assert (list(legal.moves), legal.total) == (expected, total)
