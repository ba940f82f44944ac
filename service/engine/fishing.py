"""The machinery Scopa, Scopone and Escoba share: capture search, play, sweeps, deals, the end of a round.

Each game is a ``FishingGame`` subclass that says which table cards a played card may take and how a round is
dealt; everything else is here, once (STYLE.md: rules are data plus small hooks).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache, partial
from itertools import islice
from typing import NamedTuple

from . import capture as search
from . import shuffle
from .cards import DECK, Card, codes
from .errors import AmbiguousCapture, IllegalMove, RoundNotOver
from .fishing_score import score_round
from .moves import Capture, LegalMoves
from .options import Rules
from .scoring import RoundScore
from .state import Event, FishingState, Hand, Match, playing_order, sides_of
from .validation import check_fishing, check_reported

NO_SIZE: frozenset[int] = frozenset()
"""Capture sizes for sets known without a search."""

# Legal-move lists build thousands of captures: made straight from their fields, without the named tuple's
# Python-level constructor.
new_capture = partial(tuple.__new__, Capture)

MAX_LISTED_MOVES = 2000
"""Adversarial tables can allow tens of thousands of capture sets; ``total`` still counts them all."""


class TableIndex:
    """The table's capture values with their subset-sum summaries, built once per position.

    ``sums`` (bit s set when some subset of the table sums to s) and the per-suffix sums listing prunes with are
    built at once; the cards by rank and the per-size tables of ``capture_choice`` most/fewest when first asked for.
    """

    __slots__ = ("_by_rank", "_masks", "cards", "reach", "sums", "values")

    def __init__(self, table: tuple[Card, ...]) -> None:
        self.cards = table
        self.values = values = [card.rank for card in table]
        # The sums each suffix reaches, built from the end (what listing prunes with); the whole table's come last.
        reach = [1]
        after = 1
        for rank in reversed(values):
            after = (after | after << rank) & search.SUM_MASK
            reach.append(after)
        reach.reverse()
        self.reach, self.sums = reach, after
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

    def reaches(self, total: int) -> bool:
        return 0 < total <= search.MAX_SUM and bool(self.sums >> total & 1)

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
        if sizes is None:
            return search.subsets_any_size(self.values, self.reach, total, self.cards)
        return search.subsets(self.values, self.masks, total, sizes, self.cards)


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
        elif sizes is not None:
            self.any = bool(sizes)
        else:
            self.any = index.reaches(total)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        if self.fixed is not None:
            return iter(self.fixed)
        return self.index.sets(self.total, self.sizes)

    def __bool__(self) -> bool:
        return self.any

    def first(self, count: int) -> list[tuple[Card, ...]]:
        """Up to ``count`` sets, in listing order."""
        if self.fixed is not None:
            return list(self.fixed[:count])
        return list(islice(self.index.sets(self.total, self.sizes), count))

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


class Turn(NamedTuple):
    """What a position allows the seat to play: worked out once, shared by listing, checking and playing it."""

    state: FishingState
    seat: int | None
    options: dict[Card, Options]  # per card in the seat's hand, in hand order
    someone_captures: bool


class FishingGame:
    """A fishing game; subclasses set the capture rule and the deal."""

    name = ""
    player_counts: tuple[int, ...] = (2, 3, 4)
    smallest_capture = 1
    _last_turn: Turn | None = None

    # -- hooks ---------------------------------------------------------------------------------------------------
    def turn(self, state: FishingState) -> Turn:
        """The seat to play and what each of its cards may capture; the last position asked about is kept, since
        callers list, check and play the same position one after another."""
        last = self._last_turn
        if last is not None and last.state is state:
            return last
        seat = state.turn
        if seat is None:
            found = Turn(state, None, {}, False)
        else:
            rules = state.rules
            index = table_index(state.table)
            by_rank: dict[int, Options] = {}  # two cards of one rank capture alike
            options: dict[Card, Options] = {}
            someone_captures = False
            for card in state.hands[seat]:
                found_options = by_rank.get(card.rank)
                if found_options is None:
                    found_options = by_rank[card.rank] = self.capture_options(rules, card, index)
                options[card] = found_options
                someone_captures = someone_captures or found_options.any
            found = Turn(state, seat, options, someone_captures)
        self._last_turn = found
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
    def stock_sizes(self, rules: Rules, players: int) -> tuple[int, ...]:
        return stock_sizes(self.hand_size(rules), self.opening_table_size(rules), players)

    def validate(
        self,
        state: FishingState,
        turn: int | None = None,
        round_over: bool | None = None,
        check_turn: bool = False,
    ) -> None:
        check_fishing(state, self.hand_size(state.rules), self.stock_sizes(state.rules, state.players))
        if check_turn:
            check_reported(state, turn, round_over)

    # -- verify / can / do (one code path) -----------------------------------------------------------------------
    def obligation(self, rules: Rules) -> str:
        return str(rules.by_name["capture_obligation"])

    def legal_moves(self, state: FishingState, limit: int | None = None) -> LegalMoves:
        turn = self.turn(state)
        if turn.seat is None:
            return LegalMoves(None, (), 0)
        cap = MAX_LISTED_MOVES if limit is None else min(limit, MAX_LISTED_MOVES)
        obligation = self.obligation(state.rules)
        may_lay_all = obligation == "none" or (obligation == "any_card" and not turn.someone_captures)
        listed: list[Capture] = []
        total = 0
        for card, options in turn.options.items():
            if options.any:
                fixed = options.fixed
                if fixed is not None and len(listed) + len(fixed) <= cap:
                    listed.extend([new_capture((card, taken)) for taken in fixed])
                    total += len(fixed)
                else:
                    room = cap - len(listed)
                    sets = options.first(room + 1)
                    if len(sets) > room:  # cut short by the ceiling: count the rest without listing them
                        del sets[room:]
                        total += options.count()
                    else:
                        total += len(sets)
                    listed.extend([new_capture((card, taken)) for taken in sets])
            if may_lay_all or (obligation == "played_card" and not options.any):
                if len(listed) < cap:
                    listed.append(new_capture((card, ())))
                total += 1
        return LegalMoves(turn.seat, tuple(listed), total)

    def check(self, state: FishingState, move: Capture) -> Capture:
        """The move with its capture filled in, or IllegalMove saying which rule forbids it."""
        return self._check(self.turn(state), move)

    def _check(self, turn: Turn, move: Capture) -> Capture:
        seat = turn.seat
        if seat is None:
            raise IllegalMove("round_over", "the round is over: no card may be played")
        card = move.card
        options = turn.options.get(card)
        if options is None:
            raise IllegalMove(
                "card_not_in_hand",
                f"seat {seat} does not hold {card.code}",
                {"card": card.code, "seat": seat},
            )
        taken = move.capture
        if taken is None:
            listed = list(_first(options, 2))
            if len(listed) > 1:
                raise AmbiguousCapture(card.code, [codes(option) for option in _first(options, 50)])
            taken = listed[0] if listed else ()
        if not taken:
            self._check_lay(turn, card, options)
            return move if move.capture == () else Capture(card, ())
        if len(taken) > 1 and len(set(taken)) != len(taken):
            twice = next(piece for piece in taken if taken.count(piece) > 1)
            raise IllegalMove(
                "capture_not_on_table", f"the capture names {twice.code} twice", {"card": twice.code}
            )
        table = turn.state.table
        for piece in taken:
            if piece not in table:
                raise IllegalMove(
                    "capture_not_on_table", f"{piece.code} is not on the table", {"card": piece.code}
                )
        if not options.allows(taken):
            raise self.explain_wrong_capture(turn.state.rules, card, tuple(taken), options.index)
        if len(taken) > 1:  # callers may name the cards in any order; the capture keeps the table's
            at = [table.index(piece) for piece in taken]
            if at != sorted(at):
                taken = tuple(sorted(taken, key=table.index))
        return move if taken is move.capture and type(taken) is tuple else Capture(card, tuple(taken))

    def _check_lay(self, turn: Turn, card: Card, options: Options) -> None:
        obligation = self.obligation(turn.state.rules)
        if obligation == "none":
            return
        if options.any:
            raise IllegalMove("must_capture", f"{card.code} can capture, so it must", {"card": card.code})
        if obligation == "any_card" and turn.someone_captures:
            raise IllegalMove(
                "must_capture",
                "another card in hand can capture, so a capture must be made",
                {"card": card.code},
            )

    def play(self, state: FishingState, move: Capture) -> tuple[FishingState, list[Event]]:
        turn = self.turn(state)
        card, taken = self._check(turn, move)
        seat = turn.seat
        assert seat is not None and taken is not None
        hands = list(state.hands)
        hand = hands[seat]
        at = hand.index(card)
        hands[seat] = hand[:at] + hand[at + 1 :]
        events = [Event("card_played", {"seat": seat, "card": card, "capture": taken})]
        table, captures, sweeps, last_capturer = (
            state.table,
            state.captures,
            state.sweeps,
            state.last_capturer,
        )
        if taken:
            table = tuple([c for c in table if c not in taken])
            piles = list(captures)
            piles[seat] = (*piles[seat], card, *taken)
            captures, last_capturer = tuple(piles), seat
            if not table and self._sweep_counts(state, hands, card, taken):
                sweeps = tuple([n + (s == seat) for s, n in enumerate(sweeps)])
                events.append(Event("sweep", {"seat": seat}))
        else:
            table = (*table, card)
        state = FishingState(
            state.game,
            state.rules,
            state.players,
            state.dealer,
            tuple(hands),
            table,
            state.stock,
            captures,
            sweeps,
            last_capturer,
            state.match,
            state.deck,
        )
        if not any(hands):
            if state.stock:
                state, dealt = self.deal_from_stock(state)
                events.append(dealt)
            else:
                state, ended = self.end_round(state)
                events.extend(ended)
        return state, events

    def _sweep_counts(
        self, before: FishingState, hands_after: list[Hand], card: Card, taken: tuple[Card, ...]
    ) -> bool:
        """A capture that empties the table is a sweep, unless it is the round's last play and that may not count."""
        last_play = not before.stock and not any(hands_after)
        return (not last_play or bool(before.rules.by_name["last_play_sweep_counts"])) and self.sweep_scores(
            before.rules, card, table_index(before.table), taken
        )

    def score(self, state: FishingState) -> RoundScore:
        if not state.round_over:
            raise RoundNotOver("the round is not over: cards remain in hand or in the stock")
        return score_round(state)

    # -- deals and the end of a round ----------------------------------------------------------------------------
    def deal_from_stock(self, state: FishingState) -> tuple[FishingState, Event]:
        size, players = self.hand_size(state.rules), state.players
        dealt = size * players
        hands = dealt_hands(state.stock[:dealt], state.dealer, players)
        state = state._replace(hands=hands, stock=state.stock[dealt:])
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
        events: list[Event] = []
        attempt = 0
        while True:
            context = shuffle.deal_context(self.name, players, dealer, match.round, attempt)
            cards = tuple(shuffle.shuffled(DECK, seed, context))
            hands = dealt_hands(cards[: size * players], dealer, players)
            table = cards[size * players : size * players + table_size]
            if not self.needs_redeal(rules, table):
                break
            events.append(Event("redeal", {"attempt": attempt, "table": table, "reason": "opening_kings"}))
            attempt += 1
        state = FishingState(
            game=self.name,
            rules=rules,
            players=players,
            dealer=dealer,
            hands=hands,
            table=table,
            stock=cards[size * players + table_size :],
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


@lru_cache(maxsize=64)
def stock_sizes(hand_size: int, opening_table: int, players: int) -> tuple[int, ...]:
    """Every size the stock can have between deals (smallest first): full hands are dealt from it each time."""
    dealt_each_time = hand_size * players
    first_stock = len(DECK) - opening_table - dealt_each_time
    return tuple(range(first_stock % dealt_each_time, first_stock + 1, dealt_each_time))


def dealt_hands(cards: tuple[Card, ...], dealer: int, players: int) -> tuple[Hand, ...]:
    """``cards`` dealt one at a time round the table from the seat after the dealer."""
    hands: list[Hand] = [()] * players
    for position, seat in enumerate(playing_order(dealer + 1, players)):
        hands[seat] = cards[position::players]
    return tuple(hands)


def new_match(rules: Rules, players: int) -> Match:
    return Match(scores=(0,) * sides_of(players), target=rules.target, round=1)
