"""The machinery Scopa, Scopone and Escoba share: capture search, play, sweeps, deals, the end of a round.

Each game is a ``FishingGame`` subclass that says which table cards a played card may take and how a round is
dealt; everything else is here, once (STYLE.md: rules are data plus small hooks).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache, partial
from itertools import islice
from typing import Any

from . import capture as search
from . import shuffle
from .cards import DECK, Card, codes
from .errors import AmbiguousCapture, IllegalMove, Reason, RoundNotOver
from .fishing_score import score_piles, score_round
from .game import NextRound, next_round
from .moves import Capture, LegalMoves, Move
from .options import RuleBook, Rules
from .scoring import RoundScore
from .state import Event, FishingState, GameState, Hand, Match, hands_dealt, playing_order, sides_of
from .validation import check_fishing
from .view import common_view

NO_SIZE: frozenset[int] = frozenset()
"""Capture sizes for sets known without a search."""

# Legal-move lists build thousands of captures: made straight from their fields, without the named tuple's
# Python-level constructor.
new_capture = partial(tuple.__new__, Capture)
# Every play makes a state: made the same way.
new_state = partial(tuple.__new__, FishingState)

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
            self.any = 0 < total <= search.MAX_SUM and bool(index.sums >> total & 1)
        else:
            self.sizes = sizes = index.sizes(total, smallest, choice)
            self.any = bool(sizes)

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

    def refusal(self, card: Card, taken: tuple[Card, ...]) -> IllegalMove:
        """The rule that refuses ``taken``, a set of table cards ``allows`` refuses (RULES.md 3-5)."""
        params: dict[str, object] = {"card": card.code, "capture": codes(taken)}
        if self.kind == ACE_TAKES_ALL:
            return IllegalMove(
                Reason.ACE_TAKES_ALL, "an ace played with no ace on the table takes the whole table", params
            )
        if self.kind == BY_RANK:
            same_rank = [option[0].code for option in self]
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


class Position:
    """One position of a fishing round, analysed once: the seat to play and the capture sets of its cards.

    ``legal_moves``, ``check`` and ``play`` all read this one analysis (pokerkit's verify / can / do).
    """

    __slots__ = ("game", "lay_any", "lay_uncapturing", "seat", "sets", "state")

    def __init__(self, game: FishingGame, state: FishingState) -> None:
        self.game, self.state = game, state
        self.seat = seat = state.turn
        sets: dict[Card, CaptureSets] = {}  # per card in the seat's hand, in hand order
        self.sets = sets
        someone_captures = False
        if seat is not None:
            rules = state.rules
            index = table_index(state.table)
            by_rank: dict[int, CaptureSets] = {}  # two cards of one rank capture alike
            for card in state.hands[seat]:
                found = by_rank.get(card.rank)
                if found is None:
                    found = by_rank[card.rank] = game.capture_sets(rules, card, index)
                sets[card] = found
                someone_captures = someone_captures or found.any
        # The capture obligation (RULES.md 3 and 5) as two flags for ``may_lay``: every card may be laid (none;
        # any_card when no card captures), or only a card that cannot capture (played_card).
        obligation = state.rules.by_name["capture_obligation"]
        self.lay_any = obligation == "none" or (obligation == "any_card" and not someone_captures)
        self.lay_uncapturing = obligation == "played_card"

    def may_lay(self, sets: CaptureSets) -> bool:
        """The capture obligation: whether a card with these capture sets may capture nothing."""
        return self.lay_any or (self.lay_uncapturing and not sets.any)

    def lay_refusal(self, card: Card, sets: CaptureSets) -> IllegalMove:
        """Why a card ``may_lay`` refuses must capture."""
        if sets.any:
            return IllegalMove(Reason.MUST_CAPTURE, f"{card.code} can capture, so it must", {"card": card.code})
        return IllegalMove(
            Reason.MUST_CAPTURE, "another card in hand can capture, so a capture must be made", {"card": card.code}
        )

    def legal_moves(self, limit: int | None = None) -> LegalMoves:
        if self.seat is None:
            return LegalMoves(None, (), 0)
        cap = MAX_LISTED_MOVES if limit is None else min(limit, MAX_LISTED_MOVES)
        listed: list[Capture] = []
        total = 0
        lay_any, lay_uncapturing = self.lay_any, self.lay_uncapturing
        for card, sets in self.sets.items():
            if sets.any:
                fixed = sets.fixed
                if fixed is not None and len(listed) + len(fixed) <= cap:
                    listed.extend([new_capture((card, taken)) for taken in fixed])
                    total += len(fixed)
                else:
                    room = cap - len(listed)
                    found = sets.first(room + 1)
                    if len(found) > room:  # cut short by the ceiling: count the rest without listing them
                        del found[room:]
                        total += sets.count()
                    else:
                        total += len(found)
                    listed.extend([new_capture((card, taken)) for taken in found])
            if lay_any or (lay_uncapturing and not sets.any):  # may_lay, at every card of every listing
                if len(listed) < cap:
                    listed.append(new_capture((card, ())))
                total += 1
        return LegalMoves(self.seat, tuple(listed), total)

    def check(self, move: Capture) -> Capture:
        """The move with its capture filled in, or IllegalMove saying which rule forbids it."""
        seat = self.seat
        if seat is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no card may be played")
        card = move.card
        sets = self.sets.get(card)
        if sets is None:
            raise IllegalMove(
                Reason.CARD_NOT_IN_HAND, f"seat {seat} does not hold {card.code}", {"card": card.code, "seat": seat}
            )
        taken = move.capture
        if taken is None:
            listed = sets.first(2)
            if len(listed) > 1:
                raise AmbiguousCapture(card.code, [codes(option) for option in sets.first(50)])
            taken = listed[0] if listed else ()
        if not taken:
            if not self.may_lay(sets):
                raise self.lay_refusal(card, sets)
            return move if move.capture == () else Capture(card, ())
        if len(taken) > 1 and len(set(taken)) != len(taken):
            twice = next(piece for piece in taken if taken.count(piece) > 1)
            raise IllegalMove(
                Reason.CAPTURE_NOT_ON_TABLE, f"the capture names {twice.code} twice", {"card": twice.code}
            )
        table = self.state.table
        for piece in taken:
            if piece not in table:
                raise IllegalMove(
                    Reason.CAPTURE_NOT_ON_TABLE, f"{piece.code} is not on the table", {"card": piece.code}
                )
        if not sets.allows(taken):
            raise sets.refusal(card, tuple(taken))
        if len(taken) > 1:  # callers may name the cards in any order; the capture keeps the table's
            at = [table.index(piece) for piece in taken]
            if at != sorted(at):
                taken = tuple(sorted(taken, key=table.index))
        return move if taken is move.capture and type(taken) is tuple else Capture(card, tuple(taken))

    def play(self, move: Capture) -> tuple[FishingState, list[Event]]:
        card, taken = self.check(move)
        state, seat, game = self.state, self.seat, self.game
        assert seat is not None and taken is not None
        hands = list(state.hands)
        hand = hands[seat]
        at = hand.index(card)
        hands[seat] = hand[:at] + hand[at + 1 :]
        events = [Event("card_played", {"seat": seat, "card": card, "capture": taken})]
        table, captures, sweeps, last_capturer = state.table, state.captures, state.sweeps, state.last_capturer
        if taken:
            table = tuple([c for c in table if c not in taken])
            piles = list(captures)
            piles[seat] = (*piles[seat], card, *taken)
            captures, last_capturer = tuple(piles), seat
            if not table and self.sweep_counts(hands, card, taken):
                sweeps = tuple([n + (s == seat) for s, n in enumerate(sweeps)])
                events.append(Event("sweep", {"seat": seat}))
        else:
            table = (*table, card)
        state = new_state(
            (
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
        )
        if not any(hands):
            if state.stock:
                state, dealt = game.deal_from_stock(state)
                events.extend(dealt)
            else:
                state, ended = game.end_round(state)
                events.extend(ended)
        return state, events

    def sweep_counts(self, hands_after: list[Hand], card: Card, taken: tuple[Card, ...]) -> bool:
        """A capture that empties the table is a sweep, unless it is the round's last play and that may not count."""
        before = self.state
        last_play = not before.stock and not any(hands_after)
        return (not last_play or bool(before.rules.by_name["last_play_sweep_counts"])) and self.game.sweep_scores(
            before.rules, card, table_index(before.table), taken
        )


RECENT_POSITIONS = 4
"""Callers list, check and play the same position one after another (the engine's users, the benchmarks);
a request of the HTTP service reads its state afresh, so it never finds one here."""
_recent: list[Position] = []


def position(game: FishingGame, state: GameState) -> Position:
    """The analysis of ``state``, kept for the last few states asked about (compared by identity)."""
    for found in _recent:
        if found.state is state and found.game is game:
            return found
    return analysed(game, state)


def analysed(game: FishingGame, state: GameState) -> Position:
    """A new analysis of ``state``, which is not among the recent positions; the oldest of those makes room."""
    if not isinstance(state, FishingState):
        raise not_own(state)
    made = Position(game, state)
    _recent.insert(0, made)
    del _recent[RECENT_POSITIONS:]
    return made


class FishingGame:
    """A fishing game; subclasses set the capture rule, the deal and the options (one module per game)."""

    name = ""
    player_counts: tuple[int, ...] = (2, 3, 4)
    smallest_capture = 1
    state_type = FishingState
    scores_from_piles = True
    rulebook: RuleBook

    # -- hooks ---------------------------------------------------------------------------------------------------
    def capture_sets(self, rules: Rules, card: Card, index: TableIndex) -> CaptureSets:
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

    def fourth_point(self, rules: Rules) -> str:
        """The category that decides the fourth round point: ``primiera`` or ``sevens`` (most sevens)."""
        return "primiera"

    # -- state checks and views ----------------------------------------------------------------------------------
    def stock_sizes(self, rules: Rules, players: int) -> tuple[int, ...]:
        return stock_sizes(self.hand_size(rules), self.opening_table_size(rules), players)

    def validate(self, state: GameState) -> None:
        state = own_state(state)
        check_fishing(
            state, self.player_counts, self.hand_size(state.rules), self.stock_sizes(state.rules, state.players)
        )

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        state = own_state(state)
        seen = common_view(state, seat)
        # Every captured card was played or taken face up in view of all: the piles are public (docs/api.md).
        seen.update(
            table=state.table, sweeps=list(state.sweeps), last_capturer=state.last_capturer, captures=state.captures
        )
        return seen

    # -- verify / can / do: one analysis of the position ---------------------------------------------------------
    # The two calls made at every turn look among the recent positions themselves rather than through
    # ``position``. Only a state not found there has its type checked (``analysed``): the ones there are fishing
    # states already.
    def legal_moves(self, state: GameState, limit: int | None = None) -> LegalMoves:
        for found in _recent:
            if found.state is state and found.game is self:
                return found.legal_moves(limit)
        return analysed(self, state).legal_moves(limit)

    def check(self, state: GameState, move: Move) -> Capture:
        return position(self, state).check(own_move(move))

    def play(self, state: GameState, move: Move) -> tuple[FishingState, list[Event]]:
        if not isinstance(move, Capture):
            raise not_own(move)
        for found in _recent:
            if found.state is state and found.game is self:
                return found.play(move)
        return analysed(self, state).play(move)

    def score(self, state: GameState) -> RoundScore:
        state = own_state(state)
        if not state.round_over:
            raise RoundNotOver("the round is not over: cards remain in hand or in the stock")
        return score_round(state, self.fourth_point(state.rules))

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore:
        return score_piles(rules, players, captures, sweeps, match, self.fourth_point(rules))

    def next_round(self, previous: GameState) -> NextRound:
        return next_round(self, previous)

    # -- deals and the end of a round ----------------------------------------------------------------------------
    def deal_from_stock(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        size, players = self.hand_size(state.rules), state.players
        dealt = size * players
        hands = dealt_hands(state.stock[:dealt], state.dealer, players)
        state = state._replace(hands=hands, stock=state.stock[dealt:])
        return state, [Event("cards_dealt", {"cards_each": size, "stock": len(state.stock)}), *hands_dealt(hands)]

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
            Event(
                "dealt",
                {"dealer": dealer, "round": match.round, "attempt": attempt, "table": table, "stock": len(state.stock)},
            )
        )
        events.extend(hands_dealt(hands))
        state, opened = self.open_round(state)
        return state, events + opened


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


def own_state(state: GameState) -> FishingState:
    if not isinstance(state, FishingState):
        raise not_own(state)
    return state


def own_move(move: Move) -> Capture:
    if not isinstance(move, Capture):
        raise not_own(move)
    return move


def not_own(given: object) -> TypeError:
    return TypeError(f"a fishing game was given a {type(given).__name__}")
