"""Cirulla (RULES.md section 10), the Genoese fishing game: a card takes table cards summing to its value (a card
of its rank among them) or summing to 15 with it; the ace takes the whole table; the seven of cups is wild in the
declarations on the deal and in the primiera; the round adds the grande and the piccola; a match goes to 51."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import BY_CODE, SUITS, Card, Suit, codes
from ..checks import fail
from ..errors import IllegalMove, Reason, RoundNotOver
from ..game import Common
from ..limits import MAX_TARGET, MIN_TARGET
from ..options import Option, RuleBook, Rules, choice, number
from ..reading import FieldSpec, counts_in
from ..scoring import RoundScore
from ..state import Event, GameState, Match
from .codec import FIELDS, FishingCodec
from .game import FishingGame, own_state
from .rules import LAST_PLAY_SWEEP, PRIMIERA_MISSING_SUIT, switched_on
from .score import PileCounts, count_pile, finished_piles, score_piles
from .sets import ACE_TAKES_ALL, BY_RANK, BY_SUM, CaptureSets, TableIndex
from .state import FishingState

FIFTEEN = 15
MATTA = BY_CODE["7C"]
GRANDE = (BY_CODE["10D"], BY_CODE["9D"], BY_CODE["8D"])
GRANDE_POINTS = 5
PICCOLA = (BY_CODE["1D"], BY_CODE["2D"], BY_CODE["3D"])
PICCOLA_MORE = (BY_CODE["4D"], BY_CODE["5D"], BY_CODE["6D"])
PICCOLA_POINTS = 3
UNDER_TEN, UNDER_TEN_POINTS = "under_ten", 3
"""A hand adding up to at most 9 (the matta counting 1)."""
THREE_OF_A_KIND, THREE_OF_A_KIND_POINTS = "three_of_a_kind", 10
MAX_DECLARED = 40 * 10
"""More than any round can declare: at most ten deals of a hand, ten points each."""

CIRULLA_OPTIONS: tuple[Option, ...] = (
    choice("redeal_two_aces", "on", ("on", "off"), "Two or more aces on the opening table void the deal."),
    choice(
        "dealer_table",
        "on",
        ("on", "off"),
        "Opening table cards adding up to 15 are the dealer's as one sweep, 30 as two.",
    ),
    choice(
        "asso_piglia_tutto",
        "on",
        ("on", "off"),
        "An ace takes the whole table, as a sweep, unless an ace lies on the table.",
    ),
    choice(
        "rank_priority",
        "off",
        ("off", "on"),
        "on: a card matching a table card's rank takes one such card rather than a sum to its value (15 stays open).",
    ),
    choice(
        "matta",
        "on",
        ("on", "off"),
        "The seven of cups is wild: any rank in the declarations, the best card in the primiera.",
    ),
    choice(
        "capture_obligation",
        "played_card",
        ("played_card", "any_card", "none"),
        "played_card: a card that can capture must; any_card: whoever can capture must; none: never a duty.",
    ),
    LAST_PLAY_SWEEP,
    PRIMIERA_MISSING_SUIT,
    number("target", 51, MIN_TARGET, MAX_TARGET, "Points that win the match (ties play on)."),
)


class CirullaSets(CaptureSets):
    """A Cirulla card's capture sets: the table cards summing to its value (one card of its rank is such a set),
    then those summing to 15 with it. The two never share a set: a set cannot sum to both."""

    __slots__ = ("parts",)

    def __init__(self, index: TableIndex, rank: int, by_value: CaptureSets) -> None:
        with_card = CaptureSets(index, FIFTEEN - rank, None, BY_SUM, played_value=rank)
        self.index, self.total, self.fixed, self.kind = index, rank, None, BY_SUM
        self.choice, self.smallest, self.played_value, self.sizes = "free", 1, 0, None
        self.parts = (by_value, with_card)
        self.any = by_value.any or with_card.any

    def first(self, count: int) -> list[tuple[Card, ...]]:
        found: list[tuple[Card, ...]] = []
        for part in self.parts:
            if part.any and len(found) < count:
                found.extend(part.first(count - len(found)))
        return found

    def count(self) -> int:
        return sum(part.count() for part in self.parts if part.any)

    def allows(self, taken: Sequence[Card]) -> bool:
        return any(part.allows(taken) for part in self.parts)

    def refusal(self, card: Card, taken: tuple[Card, ...]) -> IllegalMove:
        got = sum(piece.rank for piece in taken)
        by_value, both = self.parts[0], f"{card.rank} / {FIFTEEN - card.rank}"
        if by_value.kind == BY_RANK and got == card.rank:
            return by_value.refusal(card, taken)
        return IllegalMove(
            Reason.WRONG_SUM,
            f"the captured cards sum to {got}: {card.code} takes cards summing to {card.rank}, "
            f"or to {FIFTEEN - card.rank} (15 with it)",
            # Two sums are right: the localized text names both ("5 / 10").
            {"card": card.code, "capture": codes(taken), "total": got, "expected": both},
        )


class CirullaCodec(FishingCodec):
    """The family's fields and the points each seat has declared (optional on input: none declared)."""

    fields: tuple[FieldSpec, ...] = (*FIELDS, FieldSpec("declaration_points", "counts", MAX_DECLARED, omitted="empty"))

    def read(self, raw: dict[str, Any], data: dict[str, Any]) -> None:
        super().read(raw, data)
        declared = raw.get("declaration_points", [])
        # Only a list is read here: null, 0 or "" go to the schemas, which refuse them with a field message.
        data["declaration_points"] = counts_in(declared, MAX_DECLARED) if declared != [] else ()

    def build(self, common: Common, data: dict[str, Any]) -> GameState:
        state = super().build(common, data)
        assert isinstance(state, FishingState)
        declared = tuple(data.get("declaration_points") or ()) or (0,) * common.players
        return state._replace(declaration_points=declared)


def declaration(hand: Sequence[Card], matta: bool) -> tuple[str, int] | None:
    """What a freshly dealt hand declares (three of a kind over a hand under ten), or None."""
    wild = matta and MATTA in hand
    others = [card.rank for card in hand if not (wild and card is MATTA)]
    if len(hand) == 3 and len(set(others)) == 1:
        return THREE_OF_A_KIND, THREE_OF_A_KIND_POINTS
    total = sum(others) + (1 if wild else 0)
    if len(hand) == 3 and total <= 9:
        return UNDER_TEN, UNDER_TEN_POINTS
    return None


def declared(state: FishingState) -> tuple[int, ...]:
    """Each seat's declared points (a state built without them has declared none)."""
    return state.declaration_points or (0,) * state.players


def primiera_with_matta(pile: Sequence[Card]) -> PileCounts:
    """The pile's counts with the matta as the seven of whichever suit makes the best primiera."""
    counts = count_pile(pile)
    best: dict[Suit, int] = {}
    for card in pile:
        if card is not MATTA and card.primiera > best.get(card.suit, 0):
            best[card.suit] = card.primiera
    chosen = max(
        (len(best.keys() | {suit}), sum({**best, suit: max(best.get(suit, 0), MATTA.primiera)}.values()))
        for suit in SUITS
    )
    return counts._replace(primiera_suits=chosen[0], primiera=chosen[1])


def piccola_points(pile: Sequence[Card]) -> int:
    held = set(pile)
    if not all(card in held for card in PICCOLA):
        return 0
    points = PICCOLA_POINTS
    for card in PICCOLA_MORE:
        if card not in held:
            break
        points += 1
    return points


class Cirulla(FishingGame):
    name = "cirulla"
    smallest_capture = 1
    capture_sum: int | None = FIFTEEN
    playouts = 250
    redeal_reason = "two_aces"
    scores_from_piles = False  # the declarations are not in the piles
    both_sums = True
    codec: FishingCodec = CirullaCodec()
    rulebook = RuleBook("cirulla", CIRULLA_OPTIONS, {})

    @property
    def score_categories(self) -> tuple[str, ...]:
        return ("cards", "coins", "settebello", "primiera", "sweeps", "grande", "piccola", "declarations")

    def capture_sets(self, rules: Rules, card: Card, index: TableIndex) -> CaptureSets:
        if card.rank == 1 and self.ace_takes_all(rules, card, index):
            return CaptureSets(index, 1, (index.cards,), ACE_TAKES_ALL)
        rank = card.rank
        if index.ranks >> rank & 1 and switched_on(rules["rank_priority"]):
            same_rank = index.by_rank[rank]
            by_value = CaptureSets(index, rank, tuple([(other,) for other in same_rank]), BY_RANK)
        else:
            by_value = CaptureSets(index, rank, None, BY_SUM)
        return CirullaSets(index, rank, by_value)

    def sweeping_ranks(self, rules: Rules, left: tuple[Card, ...], total: int) -> list[int]:
        """A card of the whole table's value, the card making 15 with it, and the ace that takes all."""
        ranks = {rank for rank in (total, FIFTEEN - total) if 1 <= rank <= 10}
        if switched_on(rules["asso_piglia_tutto"]) and left and all(card.rank != 1 for card in left):
            ranks.add(1)
        return sorted(ranks)

    def needs_redeal(self, rules: Rules, table: Sequence[Card]) -> bool:
        return switched_on(rules["redeal_two_aces"]) and sum(1 for card in table if card.rank == 1) >= 2

    def open_round(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        """The dealer's 15 or 30 on the opening table, then what the dealt hands declare."""
        events: list[Event] = []
        total = sum(card.rank for card in state.table)
        if switched_on(state.rules["dealer_table"]) and state.table and total in (FIFTEEN, 2 * FIFTEEN):
            dealer, sweeps_won = state.dealer, total // FIFTEEN
            captures = tuple(state.table if seat == dealer else pile for seat, pile in enumerate(state.captures))
            sweeps = tuple(n + sweeps_won if seat == dealer else n for seat, n in enumerate(state.sweeps))
            events.append(Event("dealer_bonus", {"seat": dealer, "cards": state.table, "sweeps": sweeps_won}))
            state = state._replace(table=(), captures=captures, sweeps=sweeps, last_capturer=dealer)
        return self.declare(state, events)

    def deal_from_stock(self, state: FishingState) -> tuple[FishingState, list[Event]]:
        state, events = super().deal_from_stock(state)
        return self.declare(state, events)

    def declare(self, state: FishingState, events: list[Event]) -> tuple[FishingState, list[Event]]:
        """Each new hand that declares is shown to all and scores at once (RULES.md 10)."""
        matta = switched_on(state.rules["matta"])
        points = list(declared(state))
        for seat, hand in enumerate(state.hands):
            found = declaration(hand, matta)
            if found is not None:
                kind, worth = found
                points[seat] += worth
                events.append(Event("hand_declared", {"seat": seat, "cards": hand, "kind": kind, "points": worth}))
        return state._replace(declaration_points=tuple(points)), events

    def validate(self, state: GameState) -> None:
        super().validate(state)
        own = own_state(state)
        if own.declaration_points and len(own.declaration_points) != own.players:
            raise fail(
                "invalid_seat",
                "declaration_points has one entry per seat",
                ("/declaration_points", f"must have {own.players} entries"),
            )

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        seen = super().view(state, seat)
        seen["declaration_points"] = list(declared(own_state(state)))
        return seen

    def score(self, state: GameState) -> RoundScore:
        own = own_state(state)
        if not own.round_over:
            raise RoundNotOver("the round is not over: cards remain in hand or in the stock")
        piles = finished_piles(own)
        return self.score_with(own.rules, own.players, piles, own.sweeps, own.match, declared(own))

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore:
        return self.score_with(rules, players, captures, sweeps, match, ())

    def score_with(
        self,
        rules: Rules,
        players: int,
        captures: Sequence[Sequence[Card]],
        sweeps: Sequence[int],
        match: Match,
        declared: Sequence[int],
    ) -> RoundScore:
        """Cards, coins, settebello, primiera (the matta as chosen), sweeps, grande, piccola, declarations."""
        counter = primiera_with_matta if switched_on(rules["matta"]) else count_pile
        return score_piles(rules, players, captures, sweeps, match, "primiera", counter, pile_bonuses, declared)


def pile_bonuses(pile: Sequence[Card]) -> dict[str, int]:
    held = set(pile)
    return {
        "grande": GRANDE_POINTS if all(card in held for card in GRANDE) else 0,
        "piccola": piccola_points(pile),
    }
