"""The machinery Scopa, Scopone and Escoba share: capture search, play, sweeps, deals, the end of a round.

Each game is a ``FishingGame`` subclass that says which table cards a played card may take and how a round is
dealt; everything else is here, once (STYLE.md: rules are data plus small hooks).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from . import capture as search
from . import shuffle
from .cards import DECK, Card, codes
from .errors import AmbiguousCapture, IllegalMove, RoundNotOver
from .fishing_score import score_round
from .moves import Capture, LegalMoves
from .options import Rules
from .scoring import RoundScore
from .state import Event, FishingState, Match, playing_order, sides_of
from .validation import check_fishing, check_reported

MAX_LISTED_MOVES = 2000
"""Adversarial tables can allow tens of thousands of capture sets; ``total`` still counts them all."""


class TableIndex:
    """The table's capture values with their subset-sum summaries, built lazily once per position."""

    __slots__ = ("_masks", "_reach", "by_rank", "cards", "options", "values")

    def __init__(self, table: Sequence[Card]) -> None:
        self.cards = tuple(table)
        self.values = [card.rank for card in self.cards]
        self.by_rank: dict[int, list[Card]] = {}
        for card in self.cards:
            self.by_rank.setdefault(card.rank, []).append(card)
        self._reach: list[int] | None = None
        self._masks: list[list[int]] | None = None
        self.options: dict[tuple[object, ...], dict[int, Options]] = {}  # by the rules that shape captures, then rank

    @property
    def reach(self) -> list[int]:
        if self._reach is None:
            self._reach = search.suffix_sums(self.values)
        return self._reach

    @property
    def masks(self) -> list[list[int]]:
        if self._masks is None:
            self._masks = search.size_masks(self.values)
        return self._masks

    def reaches(self, total: int) -> bool:
        return 0 < total <= search.MAX_SUM and bool(self.reach[0] >> total & 1)

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

    def sets(self, total: int, sizes: frozenset[int] | None) -> Iterator[tuple[Card, ...]]:
        found = (
            search.subsets_any_size(self.values, self.reach, total)
            if sizes is None
            else search.subsets(self.values, self.masks, total, sizes)
        )
        for indices in found:
            yield tuple(self.cards[i] for i in indices)


@lru_cache(maxsize=1024)
def table_index(table: tuple[Card, ...]) -> TableIndex:
    """One summary per table, shared by listing, checking and playing the same position."""
    return TableIndex(table)


class Options:
    """The capture sets one card has on one table: listed lazily, counted without listing.

    ``sizes`` None means any size; ``fixed`` holds sets known without a search (rank matches, ace takes all).
    """

    __slots__ = ("any", "fixed", "index", "sizes", "total")

    def __init__(
        self,
        index: TableIndex,
        total: int,
        sizes: frozenset[int] | None,
        fixed: tuple[tuple[Card, ...], ...] | None = None,
    ) -> None:
        self.index, self.total, self.sizes, self.fixed = index, total, sizes, fixed
        # Whether there is any set at all: asked of every card at every turn, so worked out once.
        if fixed is not None:
            self.any = bool(fixed)
        else:
            self.any = bool(sizes) if sizes is not None else index.reaches(total)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        if self.fixed is not None:
            return iter(self.fixed)
        return self.index.sets(self.total, self.sizes)

    def __bool__(self) -> bool:
        return self.any

    def count(self) -> int:
        if self.fixed is not None:
            return len(self.fixed)
        if self.sizes is not None and not self.sizes:
            return 0
        return search.count_subsets(self.index.values, self.total, self.sizes)

    def allows(self, taken: Sequence[Card]) -> bool:
        """Whether ``taken`` (distinct table cards) is one of the sets, checked without listing them."""
        if self.fixed is not None:
            return frozenset(taken) in {frozenset(option) for option in self.fixed}
        size_ok = self.sizes is None or len(taken) in self.sizes
        return size_ok and sum(card.rank for card in taken) == self.total


class FishingGame:
    """A fishing game; subclasses set the capture rule and the deal."""

    name = ""
    player_counts: tuple[int, ...] = (2, 3, 4)
    smallest_capture = 1

    # -- hooks ---------------------------------------------------------------------------------------------------
    def options(self, rules: Rules, card: Card, index: TableIndex) -> Options:
        """The capture sets ``card`` has on this table, remembered per rank for the position."""
        by_rank = index.options.get(rules.capture_key)
        if by_rank is None:
            by_rank = index.options[rules.capture_key] = {}
        found = by_rank.get(card.rank)
        if found is None:
            found = by_rank[card.rank] = self.capture_options(rules, card, index)
        return found

    def capture_options(self, rules: Rules, card: Card, index: TableIndex) -> Options:
        raise NotImplementedError

    def explain_wrong_capture(
        self, rules: Rules, card: Card, taken: tuple[Card, ...], index: TableIndex
    ) -> IllegalMove:
        raise NotImplementedError

    def hand_size(self, rules: Rules) -> int:
        return 3

    def opening_table_size(self, rules: Rules) -> int:
        return 4

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        return False

    def open_round(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        """Whatever happens right after the opening deal (Escoba's dealer bonus)."""
        return state, []

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool:
        return True

    # -- state checks --------------------------------------------------------------------------------------------
    def stock_sizes(self, rules: Rules, players: int) -> set[int]:
        dealt_each_time = self.hand_size(rules) * players
        stock = len(DECK) - self.opening_table_size(rules) - dealt_each_time
        sizes = set()
        while stock >= 0:
            sizes.add(stock)
            stock -= dealt_each_time
        return sizes

    def validate(
        self,
        state: FishingState,
        turn: int | None = None,
        round_over: bool | None = None,
        check_turn: bool = False,
    ) -> None:
        check_fishing(
            state, self.hand_size(state.rules), sorted(self.stock_sizes(state.rules, state.players))
        )
        if check_turn:
            check_reported(state, turn, round_over)

    # -- verify / can / do (one code path) -----------------------------------------------------------------------
    def obligation(self, rules: Rules) -> str:
        return str(rules.by_name["capture_obligation"])

    def any_capture_in_hand(self, state: FishingState, seat: int, index: TableIndex) -> bool:
        return any(self.options(state.rules, card, index) for card in state.hands[seat])

    def legal_moves(self, state: FishingState, limit: int | None = None) -> LegalMoves:
        seat = state.turn
        if seat is None:
            return LegalMoves(None, (), 0)
        cap = MAX_LISTED_MOVES if limit is None else min(limit, MAX_LISTED_MOVES)
        index = table_index(state.table)
        per_card = [(card, self.options(state.rules, card, index)) for card in state.hands[seat]]
        obligation = self.obligation(state.rules)
        someone_captures = any(options for _, options in per_card)
        listed: list[Capture] = []
        total = 0
        for card, options in per_card:
            may_lay = obligation == "none" or (not options if obligation == "played_card" else not someone_captures)
            if options:
                shown = 0
                for taken in options:
                    if len(listed) >= cap:
                        break
                    listed.append(Capture(card, taken))
                    shown += 1
                else:
                    total += shown
                    shown = -1
                if shown >= 0:  # cut short by the ceiling: count the rest without listing them
                    total += options.count()
            if may_lay:
                if len(listed) < cap:
                    listed.append(Capture(card, ()))
                total += 1
        return LegalMoves(seat, tuple(listed), total)

    def check(self, state: FishingState, move: Capture) -> Capture:
        """The move with its capture filled in, or IllegalMove saying which rule forbids it."""
        return self._check(state, move, state.turn)

    def _check(self, state: FishingState, move: Capture, seat: int | None) -> Capture:
        if seat is None:
            raise IllegalMove("round_over", "the round is over: no card may be played")
        card = move.card
        if card not in state.hands[seat]:
            raise IllegalMove(
                "card_not_in_hand",
                f"seat {seat} does not hold {card.code}",
                {"card": card.code, "seat": seat},
            )
        index = table_index(state.table)
        options = self.options(state.rules, card, index)
        taken = move.capture
        if taken is None:
            listed = list(_first(options, 2))
            if len(listed) > 1:
                raise AmbiguousCapture(card.code, [codes(option) for option in _first(options, 50)])
            taken = listed[0] if listed else ()
        if not taken:
            self._check_lay(state, seat, card, options, index)
            return Capture(card, ())
        if len(set(taken)) != len(taken):
            twice = next(piece for piece in taken if taken.count(piece) > 1)
            raise IllegalMove(
                "capture_not_on_table", f"the capture names {twice.code} twice", {"card": twice.code}
            )
        for piece in taken:
            if piece not in index.cards:
                raise IllegalMove(
                    "capture_not_on_table", f"{piece.code} is not on the table", {"card": piece.code}
                )
        if not options.allows(taken):
            raise self.explain_wrong_capture(state.rules, card, tuple(taken), index)
        return Capture(card, tuple(sorted(taken, key=index.cards.index)))

    def _check_lay(
        self, state: FishingState, seat: int, card: Card, options: Options, index: TableIndex
    ) -> None:
        obligation = self.obligation(state.rules)
        if obligation == "none":
            return
        if options:
            raise IllegalMove("must_capture", f"{card.code} can capture, so it must", {"card": card.code})
        if obligation == "any_card" and self.any_capture_in_hand(state, seat, index):
            raise IllegalMove(
                "must_capture",
                "another card in hand can capture, so a capture must be made",
                {"card": card.code},
            )

    def play(self, state: FishingState, move: Capture) -> tuple[FishingState, list[Event]]:
        seat = state.turn
        move = self._check(state, move, seat)
        assert seat is not None
        card, taken = move.card, move.capture or ()
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c is not card)
        events = [Event("card_played", {"seat": seat, "card": card, "capture": taken})]
        last_play = not state.stock and not any(hands)
        table, captures, sweeps, last_capturer = state.table, state.captures, state.sweeps, state.last_capturer
        if taken:
            table = tuple(c for c in state.table if c not in taken)
            piles = list(captures)
            piles[seat] = (*piles[seat], card, *taken)
            captures, last_capturer = tuple(piles), seat
            sweep = (
                not table
                and (not last_play or state.rules["last_play_sweep_counts"])
                and self.sweep_scores(state.rules, card, table_index(state.table), taken)
            )
            if sweep:
                sweeps = tuple(n + (s == seat) for s, n in enumerate(sweeps))
                events.append(Event("sweep", {"seat": seat}))
        else:
            table = (*table, card)
        state = state._replace(
            hands=tuple(hands), table=table, captures=captures, sweeps=sweeps, last_capturer=last_capturer
        )
        if not any(state.hands):
            if state.stock:
                state, dealt = self.deal_from_stock(state)
                events.append(dealt)
            else:
                state, ended = self.end_round(state)
                events.extend(ended)
        return state, events

    def score(self, state: FishingState) -> RoundScore:
        if not state.round_over:
            raise RoundNotOver("the round is not over: cards remain in hand or in the stock")
        return score_round(state)

    # -- deals and the end of a round ----------------------------------------------------------------------------
    def deal_from_stock(self, state: FishingState) -> tuple[FishingState, Event]:
        size = self.hand_size(state.rules)
        order = playing_order(state.dealer + 1, state.players)
        hands: list[list[Card]] = [[] for _ in range(state.players)]
        stock = list(state.stock)
        for position in range(size * state.players):
            hands[order[position % state.players]].append(stock[position])
        dealt = size * state.players
        state = state._replace(hands=tuple(map(tuple, hands)), stock=tuple(stock[dealt:]))
        return state, Event("cards_dealt", {"cards_each": size, "stock": len(state.stock)})

    def end_round(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        """The leftover table goes to the last capturer, never as a sweep; with no capturer it stays."""
        events = []
        if state.table and state.last_capturer is not None:
            seat = state.last_capturer
            captures = list(state.captures)
            captures[seat] = (*captures[seat], *state.table)
            events.append(Event("table_collected", {"seat": seat, "cards": state.table}))
            state = state._replace(table=(), captures=tuple(captures))
        events.append(Event("round_over", {}))
        return state, events

    def deal(
        self, rules: Rules, players: int, seed: int | str, dealer: int, match: Match, deck: str = "italian"
    ) -> tuple[FishingState, list[Event]]:
        """A new round dealt from the seed: one card at a time from the seat after the dealer, then the table."""
        size, table_size = self.hand_size(rules), self.opening_table_size(rules)
        order = playing_order(dealer + 1, players)
        events: list[Event] = []
        attempt = 0
        while True:
            context = shuffle.deal_context(self.name, players, dealer, match.round, attempt)
            cards = shuffle.shuffled(DECK, seed, context)
            hands: list[list[Card]] = [[] for _ in range(players)]
            for position in range(size * players):
                hands[order[position % players]].append(cards[position])
            table = tuple(cards[size * players : size * players + table_size])
            if not self.needs_redeal(rules, table):
                break
            events.append(Event("redeal", {"attempt": attempt, "table": table, "reason": "opening_kings"}))
            attempt += 1
        state = FishingState(
            game=self.name,
            rules=rules,
            players=players,
            dealer=dealer,
            hands=tuple(map(tuple, hands)),
            table=table,
            stock=tuple(cards[size * players + table_size :]),
            captures=((),) * players,
            sweeps=(0,) * players,
            last_capturer=None,
            match=match,
            deck=deck,
        )
        events.append(
            Event("dealt", {"dealer": dealer, "round": match.round, "attempt": attempt, "table": table})
        )
        state, opened = self.open_round(state)
        return state, events + opened


def _first(items: Options, count: int) -> Iterator[tuple[Card, ...]]:
    for position, item in enumerate(items):
        if position >= count:
            return
        yield item


def new_match(rules: Rules, players: int) -> Match:
    return Match(scores=(0,) * sides_of(players), target=rules.target, round=1)
