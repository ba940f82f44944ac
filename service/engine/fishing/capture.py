"""Subset-sum capture search over the table, bounded in work on tables of any size.

Sums in these games never exceed 15, so a table is summarised in small integers used as bitsets: for each suffix
of the table, the set of sums its subsets reach (and, when ``capture_choice`` asks for the most or fewest cards, the
subset sizes that reach each sum). Enumeration follows only branches that still lead to a solution, so listing k
capture sets costs O(k * n), and counting them costs no listing at all. A listing (``first_subsets``,
``first_sized_subsets``) walks one shared list of the cards chosen so far and builds one tuple per set listed:
nothing is made for a branch, taken or left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

MAX_SUM: Final = 15
_SUMS: Final = MAX_SUM + 1
SUM_MASK: Final = (1 << _SUMS) - 1


def size_masks(values: Sequence[int]) -> list[list[int]]:
    """``masks[i][s]``: bit k set when some k cards of ``values[i:]`` sum to ``s``."""
    n = len(values)
    masks = [[0] * _SUMS for _ in range(n + 1)]
    masks[n][0] = 1
    for i in range(n - 1, -1, -1):
        after, here, value = masks[i + 1], masks[i], values[i]
        for total in range(_SUMS):
            here[total] = after[total] | ((after[total - value] << 1) if total >= value else 0)
    return masks


def sizes_reaching(masks: list[list[int]], total: int) -> list[int]:
    """Every size of subset that sums to ``total`` (smallest first)."""
    if not 0 <= total <= MAX_SUM:
        return []
    mask = masks[0][total]
    return [size for size in range(mask.bit_length()) if mask >> size & 1]


def first_subsets(
    values: list[int], reach: list[int], total: int, items: tuple[T, ...], limit: int
) -> list[tuple[T, ...]]:
    """The first ``limit`` non-empty subsets summing to ``total``, as tuples of ``items`` (parallel to ``values``)
    in position order, lexicographically by position (a depth-first walk taking each item before leaving it)."""
    found: list[tuple[T, ...]] = []
    if limit > 0 and 0 < total <= MAX_SUM and reach[0] >> total & 1:
        _walk(values, reach, items, 0, total, [], found, limit)
    return found


def _walk(
    values: list[int],
    reach: list[int],
    items: tuple[T, ...],
    i: int,
    remaining: int,
    chosen: list[T],
    found: list[tuple[T, ...]],
    limit: int,
) -> bool:
    """List the sets that complete ``chosen`` to ``remaining`` from position ``i`` on (some subset of
    ``values[i:]`` reaches it): those taking item i first, then those leaving it. False once ``limit`` are listed."""
    while True:
        value = values[i]
        after = reach[i + 1]
        if value == remaining:
            chosen.append(items[i])
            found.append(tuple(chosen))
            chosen.pop()
            if len(found) >= limit:
                return False
        elif value < remaining and after >> (remaining - value) & 1:
            chosen.append(items[i])
            if not _walk(values, reach, items, i + 1, remaining - value, chosen, found, limit):
                return False
            chosen.pop()
        if not after >> remaining & 1:
            return True
        i += 1


def first_sized_subsets(
    values: list[int], masks: list[list[int]], total: int, sizes: frozenset[int], items: tuple[T, ...], limit: int
) -> list[tuple[T, ...]]:
    """The first ``limit`` subsets summing to ``total`` whose size is in ``sizes``, as ``first_subsets`` lists
    them."""
    wanted = 0
    for size in sizes:
        wanted |= 1 << size
    found: list[tuple[T, ...]] = []
    if limit > 0 and 0 <= total <= MAX_SUM and masks[0][total] & wanted:
        _walk_sized(values, masks, items, 0, total, wanted, [], found, limit)
    return found


def _walk_sized(
    values: list[int],
    masks: list[list[int]],
    items: tuple[T, ...],
    i: int,
    remaining: int,
    wanted_sizes: int,
    chosen: list[T],
    found: list[tuple[T, ...]],
    limit: int,
) -> bool:
    if remaining == 0 and wanted_sizes & 1:
        found.append(tuple(chosen))
        if len(found) >= limit:
            return False
    for j in range(i, len(values)):
        value = values[j]
        # Take card j next: the rest must come from values[j+1:] with one card fewer.
        if value <= remaining and masks[j + 1][remaining - value] & (wanted_sizes >> 1):
            chosen.append(items[j])
            if not _walk_sized(values, masks, items, j + 1, remaining - value, wanted_sizes >> 1, chosen, found, limit):
                return False
            chosen.pop()
    return True


def count_subsets(values: Sequence[int], total: int, sizes: frozenset[int] | None = None) -> int:
    """How many non-empty subsets sum to ``total`` (with a size in ``sizes`` if given), without listing them."""
    if not 0 < total <= MAX_SUM:
        return 0
    if sizes is None:
        ways = [1] + [0] * MAX_SUM
        for value in values:
            for reached in range(MAX_SUM, value - 1, -1):
                ways[reached] += ways[reached - value]
        return ways[total]
    top = max(sizes, default=0)
    counts = [[0] * (top + 1) for _ in range(_SUMS)]
    counts[0][0] = 1
    for value in values:
        for reached in range(MAX_SUM, value - 1, -1):
            below, row = counts[reached - value], counts[reached]
            for size in range(top, 0, -1):
                row[size] += below[size - 1]
    return sum(counts[total][size] for size in sizes)
