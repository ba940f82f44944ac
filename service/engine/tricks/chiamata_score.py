"""Briscola chiamata's score and the computer players' hooks (RULES.md 9; docs/rules.md, Briscola chiamata).

A hand is scored per seat, zero-sum: the caller's side (the caller and the called card's holder) makes its contract
with 61 card points, or its bid if higher. Made: caller +2, partner +1, each defender -1; playing alone: caller +4,
each defender -1; lost: the same signs reversed. All 120 card points to one side double it (``cappotto``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import SUITS, Card
from ..game import Line, MoveReason, won_share
from ..moves import Move
from ..scoring import MatchResult, RoundScore, SideScore, unique_best
from ..state import GameState, Hand, Match
from .chiamata_state import AUCTION, BID_ORDER, CALL, Bid, Call, ChiamataState, Pass, called
from .reasons import BIDS_POINTS, BIDS_RANK, CALLS_SUIT, PASSES, trick_reasons
from .state import PlayCard
from .strategy import RolledOutTrickHooks, trick_points, trick_scores

TARGET_POINTS = 61
ALL_POINTS = 120


def settle(match: Match, totals: Sequence[int]) -> MatchResult:
    """A match is a number of hands (``hands``, the target): it ends with the last, and the highest total wins;
    leaders tied then share it (``winner`` null), so every match ends, however its seats bid (docs/rules.md)."""
    scores = tuple(before + now for before, now in zip(match.scores, totals, strict=True))
    over = match.round >= match.target
    return MatchResult(scores, match.target, match.round, over, unique_best(scores) if over else None)


def score_hand(state: ChiamataState) -> RoundScore:
    """Each seat's points for the hand (``contract``) and how it came about (``details``)."""
    players = state.players
    caller, partner = state.caller, state.partner
    if caller is None or partner is None:  # thrown in: every seat passed, nobody scores
        sides = tuple(
            SideScore(seat, (seat,), {"contract": 0}, 0, {"role": "none", "thrown_in": True})
            for seat in range(players)
        )
        return RoundScore(sides, settle(state.match, (0,) * players))
    team = {caller, partner}
    taken = sum(card.points for seat in team for card in state.captures[seat])
    high = state.high
    bid_points = high.bid.points if high is not None and high.bid is not None else None
    needed = max(TARGET_POINTS, bid_points or 0)
    made = taken >= needed
    cappotto = taken in (0, ALL_POINTS) and state.rules["cappotto"] == "double"
    unit = (1 if made else -1) * (2 if cappotto else 1)
    alone = partner == caller
    scored: list[SideScore] = []
    for seat in range(players):
        if seat == caller:
            role, points = ("alone", 4 * unit) if alone else ("caller", 2 * unit)
        elif seat == partner:
            role, points = "partner", unit
        else:
            role, points = "defender", -unit
        ours = seat in team
        details = {
            "role": role,
            "card_points": taken if ours else ALL_POINTS - taken,
            "needed": needed,
            "made": made,
            "cappotto": cappotto,
        }
        scored.append(SideScore(seat, (seat,), {"contract": points}, points, details))
    return RoundScore(tuple(scored), settle(state.match, [side.total for side in scored]))


# -- the computer players' hooks --------------------------------------------------------------------------------
def hand_strength(hand: Hand) -> tuple[float, Card | None]:
    """How much the hand can promise as a caller, in card points a side may expect, and the card it would call:
    the highest card of its longest strong suit that it does not hold."""
    best, best_call = -1.0, None
    base = sum(card.points for card in hand)
    for suit in SUITS:
        mine = [card for card in hand if card.suit is suit]
        worth = base + 7.0 * len(mine) + sum(card.points for card in mine) * 0.5
        missing = next((called(rank, suit) for rank in BID_ORDER if called(rank, suit) not in hand), None)
        if worth > best:
            best, best_call = worth, missing
    return best, best_call


class ChiamataStrategy(RolledOutTrickHooks):
    """The hooks of ``engine.game.Strategy`` for Briscola chiamata: the engine rolls the hand out (no search of its
    own); the policy bids on a long strong suit, calls the best card it lacks, and plays as in Briscola."""

    playouts = 24  # engine rollouts of a whole hand (3-4 ms each, pure): the default work ends well within its budget
    prior = 0.0

    def move_scores(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        state = own_state(state)
        seat = state.turn
        assert seat is not None
        hand = state.hands[seat]
        phase = state.phase
        if phase == AUCTION:
            worth, best_call = hand_strength(hand)
            return [bid_liking(move, worth, best_call) for move in moves]
        if phase == CALL:
            return [call_liking(move, hand, state) for move in moves]
        return trick_scores(state, moves, state.trump_suit, strength, points)

    points_unit = "card_points"

    def outcome(self, score: RoundScore, seat: int) -> float:
        """The seat's own points for the hand (zero-sum), card points of its side a tie-break."""
        mine = score.sides[seat]
        return float(mine.total) + 0.001 * float(mine.details.get("card_points", 0))

    def judged(self, score: RoundScore, seat: int) -> Line:
        """Won when the hand scores the seat more than nothing; the margin is its side's card points less the
        other side's (the deck's 120 shared between the two)."""
        mine = score.sides[seat]
        side_points = float(mine.details.get("card_points", ALL_POINTS / 2))
        return Line(self.outcome(score, seat), won_share(mine.total), 2 * side_points - ALL_POINTS)

    def move_points(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """The trick's card points; a bid, a pass or a call wins nothing at once."""
        state = own_state(state)
        return trick_points(state, moves, state.trump_suit, strength, points)

    def reasons(self, state: GameState, move: Move) -> tuple[MoveReason, ...]:
        state = own_state(state)
        if isinstance(move, PlayCard):
            return trick_reasons(state, move, state.trump_suit, strength, points)
        return auction_reasons(state, move)

    def with_hidden(self, state: GameState, hands: tuple[Hand, ...], stock: tuple[Card, ...]) -> GameState:
        return own_state(state)._replace(hands=hands, stock=stock)


def auction_reasons(state: ChiamataState, move: Move) -> tuple[MoveReason, ...]:
    """What a bid, a pass or a call says, from the seat's own hand alone (the hint's reasons)."""
    if isinstance(move, Bid):
        if move.points is not None:
            return (MoveReason(BIDS_POINTS, (("rank", move.rank), ("points", move.points))),)
        return (MoveReason(BIDS_RANK, (("rank", move.rank),)),)
    if isinstance(move, Call):
        high = state.high
        rank = high.bid.rank if high is not None and high.bid is not None else 1
        seat = state.turn
        hand = state.hands[seat] if seat is not None else ()
        count = sum(1 for card in hand if card.suit is move.suit)
        return (MoveReason(CALLS_SUIT, (("card", called(rank, move.suit).code), ("count", count))),)
    return (MoveReason(PASSES),)


def bid_liking(move: Move, worth: float, best_call: Card | None) -> float:
    """Pass (0) unless the hand is worth more than the bid costs: each rank down calls a weaker partner, each
    point more is a harder contract."""
    if isinstance(move, Pass) or not isinstance(move, Bid):
        return 0.0
    spare = worth - 55.0
    if best_call is not None and move.rank == best_call.rank:
        spare += 4.0  # the card this hand wants as partner
    return spare - 2.0 * BID_ORDER.index(move.rank) - 0.8 * max(0, (move.points or TARGET_POINTS) - TARGET_POINTS)


def call_liking(move: Move, hand: Hand, state: ChiamataState) -> float:
    """The suit the hand is longest and strongest in, a partner's card it does not hold."""
    if not isinstance(move, Call):
        return 0.0
    high = state.high
    rank = high.bid.rank if high is not None and high.bid is not None else 1
    mine = [card for card in hand if card.suit is move.suit]
    liking = 10.0 * len(mine) + sum(card.points for card in mine)
    return liking - (25.0 if called(rank, move.suit) in hand else 0.0)


def strength(card: Card) -> int:
    return card.strength


def points(card: Card) -> int:
    return card.points


def own_state(state: GameState) -> ChiamataState:
    if not isinstance(state, ChiamataState):
        raise TypeError(f"Briscola chiamata was given a {type(state).__name__}")
    return state
