"""What a played card may take from a table: the table's summaries and a card's capture sets (RULES.md 3-5)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..cards import Card, codes
from ..errors import IllegalMove, Reason
from . import capture as search
from .capture import MAX_SUM, SUM_MASK

NO_SIZE: frozenset[int] = frozenset()
"""Capture sizes for sets known without a search."""

class TableIndex:
    """The table's capture values with their subset-sum summaries, built once per position.

    ``sums`` (bit s set when some subset of the table sums to s) and the per-suffix sums listing prunes with are
    built at once; the cards by rank and the per-size tables of ``capture_choice`` most/fewest when first asked for.
    """

    __slots__ = ("_by_rank", "_masks", "cards", "ranks", "reach", "sums", "values")

    def __init__(self, table: tuple[Card, ...]) -> None:
        self.cards = table
        self.values = values = [card.rank for card in table]
        # The sums each suffix reaches, built from the end (what listing prunes with); the whole table's come last.
        # ``ranks`` has bit r set when a card of rank r is on the table: a card's rank matches are asked of it, and
        # the cards by rank are gathered only when there is one.
        reach = [1]
        after, ranks = 1, 0
        for rank in reversed(values):
            after = (after | after << rank) & SUM_MASK
            ranks |= 1 << rank
            reach.append(after)
        reach.reverse()
        self.reach, self.sums, self.ranks = reach, after, ranks
        self._by_rank: dict[int, list[Card]] | None = None
        self._masks: list[list[int]] | None = None
        # No capture options are kept here: they point back at the index, and a cycle would leave every evicted
        # index to the garbage collector instead of freeing it at once.

    @property
    def by_rank(self) -> dict[int, list[Card]]:
        """The table's cards by rank, in table order (Scopa's rank matches; Escoba never asks)."""
        if self._by_rank is None:
            self._by_rank = {}
            for card in self.cards:
                self._by_rank.setdefault(card.rank, []).append(card)
        return self._by_rank

    @property
    def masks(self) -> list[list[int]]:
        if self._masks is None:
            self._masks = search.size_masks(self.values)
        return self._masks

    def sizes(self, total: int, smallest: int, choice: str) -> frozenset[int] | None:
        """Subset sizes a capture may have after ``capture_choice`` (RULES.md 3: free | most | fewest).

        None means any size: with ``free`` every subset reaching the sum is a capture.
        """
        if choice == "free":
            return None
        found = [size for size in search.sizes_reaching(self.masks, total) if size >= smallest]
        if not found:
            return frozenset()
        return frozenset({found[-1] if choice == "most_cards" else found[0]})

    def first_sets(self, total: int, sizes: frozenset[int] | None, count: int) -> list[tuple[Card, ...]]:
        """The first ``count`` subsets summing to ``total`` (of a size in ``sizes``; None: any), in listing order."""
        if sizes is None:
            return search.first_subsets(self.values, self.reach, total, self.cards, count)
        return search.first_sized_subsets(self.values, self.masks, total, sizes, self.cards, count)


@lru_cache(maxsize=1024)
def table_index(table: tuple[Card, ...]) -> TableIndex:
    """One summary per table, shared by listing, checking and playing the same position."""
    return TableIndex(table)


# How a card's capture sets arise, which also says why any other set is refused.
BY_SUM = "sum"
BY_RANK = "rank"  # Scopa: a table card of the same rank, taken alone
ACE_TAKES_ALL = "ace_takes_all"  # Scopa's asso piglia tutto


class CaptureSets:
    """The capture sets one card has on one table: listed lazily, counted without listing, and checked.

    One object answers "which sets are there", "is this set one of them" and "why not": listing, checking
    and the refusal reason cannot disagree. ``fixed`` holds sets known without a search (rank matches, ace takes
    all); otherwise the sets are the subsets of the table summing to ``total`` that ``capture_choice`` allows, of
    the sizes in ``sizes`` (None: any size). ``played_value`` counts the played card into the sum (Escoba's 15).
    """

    __slots__ = ("any", "choice", "fixed", "index", "kind", "played_value", "sizes", "smallest", "total")

    def __init__(
        self,
        index: TableIndex,
        total: int,
        fixed: tuple[tuple[Card, ...], ...] | None = None,
        kind: str = BY_SUM,
        choice: str = "free",
        smallest: int = 1,
        played_value: int = 0,
    ) -> None:
        self.index = index
        self.total = total
        self.fixed = fixed
        self.kind = kind
        self.choice = choice
        self.smallest = smallest
        self.played_value = played_value
        # Whether there is any set at all: asked of every card at every turn, so worked out once. One of these is
        # made for every card at every turn too, so the sum test is written out here rather than asked of the index.
        if fixed is not None:
            self.sizes: frozenset[int] | None = NO_SIZE
            self.any = bool(fixed)
        elif choice == "free":  # every subset reaching the sum is a capture
            self.sizes = None
            self.any = 0 < total <= MAX_SUM and bool(index.sums >> total & 1)
        else:
            self.sizes = sizes = index.sizes(total, smallest, choice)
            self.any = bool(sizes)

    def __bool__(self) -> bool:
        return self.any

    def first(self, count: int) -> list[tuple[Card, ...]]:
        """Up to ``count`` sets, in listing order."""
        if self.fixed is not None:
            return list(self.fixed[:count])
        return self.index.first_sets(self.total, self.sizes, count)

    def count(self) -> int:
        if self.fixed is not None:
            return len(self.fixed)
        if self.sizes is not None and not self.sizes:
            return 0
        return search.count_subsets(self.index.values, self.total, self.sizes)

    def allows(self, taken: Sequence[Card]) -> bool:
        """Whether ``taken`` (distinct table cards) is one of the sets, checked without listing them."""
        if self.fixed is not None:
            if taken in self.fixed:  # named in table order, as listed
                return True
            wanted = set(taken)
            return any(len(option) == len(wanted) and wanted.issuperset(option) for option in self.fixed)
        size_ok = self.sizes is None or len(taken) in self.sizes
        return size_ok and sum([card.rank for card in taken]) == self.total

    def refusal(self, card: Card, taken: tuple[Card, ...]) -> IllegalMove:
        """The rule that refuses ``taken``, a set of table cards ``allows`` refuses (RULES.md 3-5)."""
        params: dict[str, object] = {"card": card.code, "capture": codes(taken)}
        if self.kind == ACE_TAKES_ALL:
            return IllegalMove(
                Reason.ACE_TAKES_ALL, "an ace played with no ace on the table takes the whole table", params
            )
        if self.kind == BY_RANK:
            same_rank = [option[0].code for option in self.fixed or ()]
            return IllegalMove(
                Reason.MUST_TAKE_SINGLE_CARD,
                f"{card.code} must take exactly one table card of the same rank: " + " or ".join(same_rank),
                {**params, "options": same_rank},
            )
        got = sum(c.rank for c in taken)
        if got != self.total or len(taken) < self.smallest:
            got += self.played_value
            expected = self.total + self.played_value
            message = (
                f"{card.code} and the captured cards sum to {got}, not {expected}"
                if self.played_value
                else f"the captured cards sum to {got}, {card.code} needs {expected}"
            )
            return IllegalMove(Reason.WRONG_SUM, message, {**params, "total": got, "expected": expected})
        if self.choice == "most_cards":
            return IllegalMove(
                Reason.MUST_TAKE_MORE_CARDS, "capture_choice most_cards: a larger set can be taken", params
            )
        return IllegalMove(
            Reason.MUST_TAKE_FEWER_CARDS, "capture_choice fewest_cards: a smaller set can be taken", params
        )
