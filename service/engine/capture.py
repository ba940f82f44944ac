"""Subset-sum capture search over the table, bounded in work on tables of any size.

Sums in these games never exceed 15, so a table of n cards is summarised in O(n * 16) small integers: for each
suffix of the table and each sum, the bitmask of subset sizes that reach it. Enumeration follows only branches
that still lead to a solution, so listing k capture sets costs O(k * n), and counting them costs no listing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

MAX_SUM = 15
_SUMS = MAX_SUM + 1


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


def subsets(
    values: Sequence[int], masks: list[list[int]], total: int, sizes: frozenset[int]
) -> Iterator[tuple[int, ...]]:
    """Index tuples (ascending) of the subsets summing to ``total`` whose size is in ``sizes``."""
    wanted = 0
    for size in sizes:
        wanted |= 1 << size
    if not 0 <= total <= MAX_SUM or not masks[0][total] & wanted:
        return
    chosen: list[int] = []

    def walk(i: int, remaining: int, wanted_sizes: int) -> Iterator[tuple[int, ...]]:
        if remaining == 0 and wanted_sizes & 1:
            yield tuple(chosen)
        for j in range(i, len(values)):
            value = values[j]
            if value > remaining:
                continue
            # Take card j next: the rest must come from values[j+1:] with one card fewer.
            if masks[j + 1][remaining - value] & (wanted_sizes >> 1):
                chosen.append(j)
                yield from walk(j + 1, remaining - value, wanted_sizes >> 1)
                chosen.pop()

    yield from walk(0, total, wanted)


def count_subsets(values: Sequence[int], total: int, sizes: frozenset[int]) -> int:
    """How many subsets sum to ``total`` with a size in ``sizes``, without listing them."""
    if not 0 <= total <= MAX_SUM:
        return 0
    top = max(sizes, default=0)
    counts = [[0] * (top + 1) for _ in range(_SUMS)]
    counts[0][0] = 1
    for value in values:
        for reached in range(MAX_SUM, value - 1, -1):
            below, row = counts[reached - value], counts[reached]
            for size in range(top, 0, -1):
                row[size] += below[size - 1]
    return sum(counts[total][size] for size in sizes)
