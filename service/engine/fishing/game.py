"""The machinery Scopa, Scopone and Escoba share: play, sweeps, deals, the end of a round, the view.

Each game is a ``FishingGame`` subclass that says which table cards a played card may take and how a round is
dealt; everything else is here, once (STYLE.md: rules are data plus small hooks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .. import shuffle
from ..cards import DECK, Card
from ..checks import check_reported
from ..errors import RoundNotOver
from ..game import NextRound, next_round
from ..moves import LegalMoves, Move
from ..options import RuleBook, Rules
from ..scoring import RoundScore
from ..shape import Shape, card_play_shape
from ..state import Event, GameState, Hand, Match, hands_dealt, playing_order, sides_of
from ..view import common_view
from .checks import check_fishing
from .codec import CAPTURE, CODEC, FishingCodec
from .position import analysed, not_own, position, recent
from .reasons import sweeping_ranks
from .rules import switched_on
from .score import score_piles, score_round
from .sets import CaptureSets, TableIndex
from .state import Capture, FishingState
from .strategy import FishingStrategy

CATEGORIES = ("cards", "coins", "settebello", "primiera", "sevens", "sweeps")
OPTIONAL_CATEGORIES = ("re_bello", "rosmarino", "napola")
"""Categories that score only where the game has the rule option of the same name."""


class FishingGame:
    """A fishing game; subclasses set the capture rule, the deal and the options (one module per game)."""

    name = ""
    player_counts: tuple[int, ...] = (2, 3, 4)
    smallest_capture = 1
    capture_sum: int | None = None
    """None: a card takes a table card of its rank or cards summing to its value (Scopa); a number: the played
    card and the cards taken sum to it (Escoba's 15)."""
    playouts = 200
    """The strong player's rollouts per decision by default (``Strategy.playouts``)."""
    scores_from_piles = True
    both_sums = False
    """Cirulla: a card also takes cards summing to its own value when it has a ``capture_sum``."""
    redeal_reason = "opening_kings"
    """What a voided opening deal's ``redeal`` event names (``needs_redeal``)."""
    codec: FishingCodec = CODEC
    rulebook: RuleBook

    def __init__(self) -> None:
        self.strategy = FishingStrategy(self)
        self._shape = card_play_shape(self.player_counts, CAPTURE)

    @property
    def shape(self) -> Shape:
        return self._shape

    @property
    def score_categories(self) -> tuple[str, ...]:
        option_names = {option.name for option in self.rulebook.options}
        return CATEGORIES + tuple(code for code in OPTIONAL_CATEGORIES if code in option_names)

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

    def ace_takes_all(self, rules: Rules, card: Card, index: TableIndex) -> bool:
        """Asso piglia tutto (Scopa's flag, Cirulla's on/off): an ace played while no ace is on the table takes the
        whole (non-empty) table."""
        return (
            card.rank == 1
            and switched_on(rules.by_name.get("asso_piglia_tutto"))
            and bool(index.cards)
            and not index.ranks >> 1 & 1
        )

    def ace_sweeps(self, rules: Rules) -> bool:
        """Whether the ace that takes all scores a sweep when it empties the table (Scopa: ``apt_sweep_counts``)."""
        return True

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool:
        """Whether a capture emptying the table scores: always where the ace's take-all sweeps too (a plain
        ``True``, asked at every sweep: Scopa, whose ace may not sweep, overrides it)."""
        return True

    def sweeping_ranks(self, rules: Rules, left: tuple[Card, ...], total: int) -> list[int]:
        """The ranks of a card that would take the whole of ``left`` (a hint's "leaves a sweep"), lowest first."""
        return sweeping_ranks(self, rules, left, total)

    def fourth_point(self, rules: Rules) -> str:
        """The category that decides the fourth round point: ``primiera`` or ``sevens`` (most sevens)."""
        return "primiera"

    # -- state checks and views ----------------------------------------------------------------------------------
    def stock_sizes(self, rules: Rules, players: int) -> tuple[int, ...]:
        return stock_sizes(self.hand_size(rules), self.opening_table_size(rules), players)

    def validate(self, state: GameState) -> None:
        state = own_state(state)
        check_fishing(
            state,
            self.player_counts,
            self.hand_size(state.rules),
            self.stock_sizes(state.rules, state.players),
            sides_of(state.players),  # the family's shape: partners at four (card_play_shape)
        )

    def check_reported(self, state: GameState, reported: Mapping[str, Any]) -> None:
        check_reported(state, reported)

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
        for found in recent:
            if found.state is state and found.game is self:
                return found.legal_moves(limit)
        return analysed(self, state).legal_moves(limit)

    def check(self, state: GameState, move: Move) -> Capture:
        return position(self, state).check(own_move(move))

    def play(self, state: GameState, move: Move) -> tuple[FishingState, list[Event]]:
        if not isinstance(move, Capture):
            raise not_own(move)
        for found in recent:
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
            events.append(Event("redeal", {"attempt": attempt, "table": table, "reason": self.redeal_reason}))
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
    for at, seat in enumerate(playing_order(dealer + 1, players)):
        hands[seat] = cards[at::players]
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

