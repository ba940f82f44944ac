"""The capture listings (``first_subsets``, ``first_sized_subsets``) list exactly the subsets of the
table that reach the sum, in the order the move lists have always had: by the cards' positions on the table,
lexicographically (RULES.md 3: every subset reaching the sum is a capture; the order is the API's, docs/api.md).
The oracle is itertools: every combination of positions, filtered and sorted. Sums stop at 15 (``MAX_SUM``): no
card of these games asks for more."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine.fishing import capture

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
