"""Briscola chiamata (RULES.md section 9; docs/rules.md, Briscola chiamata): five players, all forty cards dealt,
an auction, a called card whose holder is the caller's secret partner, eight tricks under the called suit.

The auction goes down the ranks (A, 3, re, cavallo, fante, 7 ... 2), then up in points from 61 once a 2 is named;
the winner names the trump suit, and with the rank won the called card. Its holder plays with the caller, unknown to
everybody until the card is played (the caller may hold it and play alone). The caller's side needs 61 card points,
or its bid if higher; the hand is scored per seat, zero-sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import DECK, SUITS, Card
from ..checks import check_cards, check_match, fail
from ..errors import IllegalMove, Reason, pointer
from ..game import NextRound, next_round
from ..moves import Move
from ..options import Option, RuleBook, Rules, choice, number
from ..scoring import RoundScore
from ..state import Event, GameState, Match, hands_dealt
from .chiamata_score import TARGET_POINTS, ChiamataStrategy, score_hand, strength
from .chiamata_state import (
    AUCTION,
    BID_ORDER,
    CALL,
    CODEC,
    LAST_RANK,
    SHAPE,
    AuctionEntry,
    Bid,
    Call,
    ChiamataCodec,
    ChiamataMove,
    ChiamataState,
    Pass,
    called,
)
from .common import (
    check_trick_round,
    check_trick_seats,
    located_trick,
    not_in_hand,
    trick_winner,
    with_seat,
    without,
)
from .game import TrickGame
from .state import PLAYS, PlayCard, played

HAND_SIZE = 8
PLAYERS = 5

CHIAMATA_OPTIONS: tuple[Option, ...] = (
    choice(
        "auction",
        "ranks_then_points",
        ("ranks_then_points", "points_only"),
        "Bids go down the ranks and then up in points once a 2 is named, or are points from 61 alone.",
    ),
    choice("first_lead", "caller", ("caller", "after_dealer"), "Who leads the first trick."),
    choice("cappotto", "double", ("double", "none"), "Whether all 120 card points to one side double the hand."),
    number("hands", 5, 1, 50, "Hands in a match; the highest total after the last wins (tied leaders share it)."),
)


def bid_key(rules: Rules, bid: Bid) -> tuple[int, int]:
    """How high a bid stands: down the ranks, then up in points (``ranks_then_points``), or its points alone."""
    if rules["auction"] == "points_only":
        return (0, bid.points or 0)
    return (BID_ORDER.index(bid.rank), bid.points or 0)


def bid_refusal(rules: Rules, bid: Bid, high: Bid | None) -> IllegalMove | None:
    """Why the rules refuse ``bid`` over the standing ``high`` one, or None (RULES.md 9, auction)."""
    named = bid.to_json()
    if rules["auction"] == "points_only":
        if bid.points is None:
            return IllegalMove(
                Reason.BID_NEEDS_POINTS, "auction points_only: a bid names its points, from 61", {"bid": named["bid"]}
            )
    elif bid.points is not None and (bid.rank != LAST_RANK or high is None or high.rank != LAST_RANK):
        # RULES.md 9: "Once a 2 is named, further bids are '2 with P points'": not before, and with a 2 only.
        return IllegalMove(
            Reason.POINTS_NEED_TWO,
            f"points are bid with a 2 once a 2 is named (bid {bid.rank} with {bid.points})",
            {"bid": named["bid"], "points": bid.points},
        )
    if high is not None and bid_key(rules, bid) <= bid_key(rules, high):
        standing = " with ".join(str(part) for part in (high.rank, high.points) if part is not None)
        return IllegalMove(
            Reason.BID_TOO_LOW,
            f"the bid must beat the standing {standing}: a lower rank, or more points",
            {"bid": named["bid"], "must_beat": standing},
        )
    return None


def legal_bids(rules: Rules, high: Bid | None) -> list[Bid]:
    """Every bid over ``high``, lowest first: the ranks below it; once a 2 is named, a 2 with each number of points
    above it."""
    if rules["auction"] == "points_only":
        least = TARGET_POINTS if high is None else (high.points or 0) + 1
        return [Bid(rank, points) for points in range(least, 121) for rank in BID_ORDER]
    bids = [Bid(rank) for rank in ranks_below(high)]
    if high is not None and high.rank == LAST_RANK:  # once a 2 is named, points
        least = TARGET_POINTS if high.points is None else high.points + 1
        bids.extend(Bid(LAST_RANK, points) for points in range(least, 121))
    return bids


def ranks_below(high: Bid | None) -> tuple[int, ...]:
    """The ranks a plain bid may still name: all at first, those below the last named, none once points are bid."""
    if high is None:
        return BID_ORDER
    return () if high.points is not None else BID_ORDER[BID_ORDER.index(high.rank) + 1 :]


def wrong_phase(phase: str) -> IllegalMove:
    says = {
        AUCTION: "the auction is on: bid or pass",
        CALL: "the auction's winner names the trump suit: call a suit",
    }.get(phase, "the auction is over: play a card")
    return IllegalMove(Reason.WRONG_PHASE, says, {"phase": phase})


class BriscolaChiamata(TrickGame):
    """Briscola chiamata for five: two (the caller and the called card's holder) against three."""

    name = "briscola_chiamata"
    shape = SHAPE
    player_counts: tuple[int, ...] = SHAPE.seats
    hand_size = HAND_SIZE
    state_type = ChiamataState
    score_categories = ("contract",)
    rulebook = RuleBook("briscola_chiamata", CHIAMATA_OPTIONS, {}, target_option="hands")
    codec: ChiamataCodec = CODEC

    def __init__(self) -> None:
        self.strategy = ChiamataStrategy()

    # -- state checks ----------------------------------------------------------------------------------------
    def validate(self, state: GameState) -> None:
        state = own_state(state)
        check_trick_seats(state, self.player_counts)
        check_auction(state)
        if state.phase == AUCTION or state.called_card is None:
            check_cards(state, DECK, [], lambda: iter(()))
            check_match(state, self.shape.side_count(state.players), signed=True)
            for seat, hand in enumerate(state.hands):
                if len(hand) != HAND_SIZE or state.captures[seat]:
                    raise fail(
                        "invalid_hand_sizes",
                        "before the call every seat holds its eight cards and nobody has taken a trick",
                        (pointer("hands", seat), f"must hold {HAND_SIZE} cards"),
                    )
            if state.trick or state.partner is not None or state.leader != (state.dealer + 1) % state.players:
                raise fail(
                    "invalid_trick",
                    "before the call no card is played: no trick, no partner, the seat after the dealer leads",
                    ("/leader", f"must be {(state.dealer + 1) % state.players}"),
                )
        else:
            check_trick_round(
                state, DECK, [played.card for played in state.trick], lambda: located_trick(state), 0, HAND_SIZE,
                self.shape.side_count(state.players), signed_scores=True,
            )
            check_first_lead(state)
            check_partner(state)
        if sum(state.match.scores):
            raise fail(
                "invalid_match",
                "every hand is zero-sum, so the match scores add up to 0",
                ("/match/scores", "must add up to 0"),
            )

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        state = own_state(state)
        seen = self.trick_view(state, seat)
        seen.update(self.public_piles(state))
        seen.update(
            phase=state.phase,
            auction=[entry.to_json() for entry in state.auction],
            caller=state.caller,
            called_card=state.called_card,
            trump_suit=None if state.trump_suit is None else state.trump_suit.value,
            # Null until the called card is played: no view tells who holds it before (docs/fairness.md).
            partner=state.partner,
        )
        return seen

    # -- verify / can / do (one code path) -------------------------------------------------------------------
    def moves_for(self, state: ChiamataState, seat: int) -> list[ChiamataMove]:
        phase = state.phase
        if phase == AUCTION:
            high = state.high
            return [*legal_bids(state.rules, None if high is None else high.bid), Pass()]
        if phase == CALL:
            return [Call(suit) for suit in SUITS]
        return [PLAYS[card.index] for card in state.hands[seat]]

    def check(self, state: GameState, move: Move) -> ChiamataMove:
        state, move = own_state(state), own_move(move)
        seat = state.turn
        if seat is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no move may be made")
        phase = state.phase
        if phase == AUCTION:
            if not isinstance(move, Bid | Pass):
                raise wrong_phase(phase)
            if isinstance(move, Bid):
                high = state.high
                refused = bid_refusal(state.rules, move, None if high is None else high.bid)
                if refused is not None:
                    raise refused
        elif phase == CALL:
            if not isinstance(move, Call):
                raise wrong_phase(phase)
        elif not isinstance(move, PlayCard):
            raise wrong_phase(phase)
        elif move.card not in state.hands[seat]:
            raise not_in_hand(seat, move.card)
        return move

    def play(self, state: GameState, move: Move) -> tuple[ChiamataState, list[Event]]:
        state = own_state(state)
        move = self.check(state, move)
        seat = state.turn
        assert seat is not None
        if isinstance(move, Bid | Pass):
            return speak(state, seat, move)
        if isinstance(move, Call):
            return call(state, seat, move)
        return play_card(state, seat, move.card)

    def score_finished(self, state: ChiamataState) -> RoundScore:
        return score_hand(state)

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore:
        raise fail(
            "invalid_state",
            "a Briscola chiamata hand is scored from its finished state: the piles do not say who called",
            ("/state", "is required"),
        )

    def next_round(self, previous: GameState) -> NextRound:
        return next_round(self, previous)

    # -- the deal --------------------------------------------------------------------------------------------
    def deal(
        self, rules: Rules, players: int, seed: int | str, dealer: int, match: Match, deck: str = "italian"
    ) -> tuple[ChiamataState, list[Event]]:
        """Eight cards each, one at a time from the seat after the dealer, who opens the auction."""
        hands, _rest, first = self.shuffled_deal(rules, DECK, players, seed, dealer, match)
        state = ChiamataState(
            game=self.name, rules=rules, players=players, dealer=dealer, hands=hands, stock=(), auction=(),
            called_card=None, partner=None, trick=(), leader=first, captures=((),) * players, match=match, deck=deck,
        )
        dealt = Event("dealt", {"dealer": dealer, "round": match.round, "stock": 0})
        return state, [dealt, *hands_dealt(state.hands)]


# -- the steps of a play -------------------------------------------------------------------------------------
def speak(state: ChiamataState, seat: int, move: Bid | Pass) -> tuple[ChiamataState, list[Event]]:
    """A bid or a pass; the auction ends when all but one have passed (a winner) or all have (thrown in)."""
    bid = move if isinstance(move, Bid) else None
    state = state._replace(auction=(*state.auction, AuctionEntry(seat, bid)))
    events = [Event("bid", {"seat": seat, **bid.to_json()}) if bid else Event("passed", {"seat": seat})]
    if state.thrown_in:
        events += [Event("thrown_in", {"dealer": state.dealer}), Event("round_over", {})]
    elif state.auction_over:
        high = state.high
        assert high is not None and high.bid is not None
        events.append(Event("auction_won", {"seat": high.seat, **high.bid.to_json()}))
    return state, events


def call(state: ChiamataState, seat: int, move: Call) -> tuple[ChiamataState, list[Event]]:
    """The trump suit named, and with the rank won the called card; the first trick's leader is set."""
    high = state.high
    assert high is not None and high.bid is not None
    card = called(high.bid.rank, move.suit)
    leader = seat if state.rules["first_lead"] == "caller" else (state.dealer + 1) % state.players
    state = state._replace(called_card=card, leader=leader)
    called_event = Event("card_called", {"seat": seat, "card": card, "trump_suit": move.suit.value, "leader": leader})
    return state, [called_event]


def play_card(state: ChiamataState, seat: int, card: Card) -> tuple[ChiamataState, list[Event]]:
    hands = with_seat(state.hands, seat, without(state.hands[seat], card))
    state = state._replace(hands=hands, trick=(*state.trick, played(seat, card)))
    events = [Event("card_played", {"seat": seat, "card": card})]
    if card is state.called_card:
        caller = state.caller
        state = state._replace(partner=seat)
        events.append(Event("partner_revealed", {"seat": seat, "caller": caller, "alone": seat == caller}))
    if len(state.trick) == state.players:
        winner = trick_winner(state.trick, state.trump_suit, strength)
        taken = tuple(played.card for played in state.trick)
        captures = with_seat(state.captures, winner, (*state.captures[winner], *taken))
        events.append(Event("trick_won", {"seat": winner, "cards": taken, "points": sum(c.points for c in taken)}))
        state = state._replace(trick=(), leader=winner, captures=captures)
        if state.round_over:
            events.append(Event("round_over", {}))
    return state, events


# -- checks ------------------------------------------------------------------------------------------------------
def check_auction(state: ChiamataState) -> None:
    """Each entry by the seat whose turn it was, each bid above the one before, nothing after the auction ended;
    a called card only after a won auction, of the rank won."""
    for index, entry in enumerate(state.auction):
        before = state._replace(auction=state.auction[:index])
        where = pointer("auction", index)
        if before.auction_over:
            raise fail("invalid_auction", "the auction was over", (where, "cannot follow the auction's end"))
        if entry.seat != before.bidder:
            raise fail(
                "invalid_auction", "the auction goes round the seats still in it",
                (where + "/seat", f"must be {before.bidder}"),
            )
        high = before.high
        if entry.bid is not None and bid_refusal(state.rules, entry.bid, None if high is None else high.bid):
            raise fail("invalid_auction", "each bid beats the one before", (where, "is not a legal bid here"))
    if state.called_card is None:
        return
    high = state.high
    if state.phase == AUCTION or high is None or high.bid is None:
        raise fail("invalid_auction", "a card is called once the auction is won", ("/called_card", "must be null"))
    if state.called_card.rank != high.bid.rank:
        raise fail(
            "invalid_auction", "the called card is of the rank won",
            ("/called_card", f"must be of rank {high.bid.rank}"),
        )


def check_first_lead(state: ChiamataState) -> None:
    if any(state.captures):
        return
    caller = state.caller
    first = caller if state.rules["first_lead"] == "caller" else (state.dealer + 1) % state.players
    if state.leader != first:
        raise fail("invalid_trick", "first_lead says who leads the first trick", ("/leader", f"must be {first}"))


def check_partner(state: ChiamataState) -> None:
    """The partner is known once the called card is played, and is the seat that played it."""
    card = state.called_card
    in_trick = next((played.seat for played in state.trick if played.card is card), None)
    in_hand = any(card in hand for hand in state.hands)
    if in_trick is not None and state.partner != in_trick:
        raise fail("invalid_partner", "the called card's player is the partner", ("/partner", f"must be {in_trick}"))
    if in_hand and state.partner is not None:
        raise fail(
            "invalid_partner", "the called card is still in hand: no partner is known", ("/partner", "must be null")
        )
    if not in_hand and in_trick is None and state.partner is None:
        raise fail(
            "invalid_partner", "the called card has been played: the partner is known", ("/partner", "must be a seat")
        )


def own_state(state: GameState) -> ChiamataState:
    if not isinstance(state, ChiamataState):
        raise TypeError(f"Briscola chiamata was given a {type(state).__name__}")
    return state


def own_move(move: Move) -> ChiamataMove:
    if not isinstance(move, PlayCard | Bid | Pass | Call):
        raise TypeError(f"Briscola chiamata was given a {type(move).__name__}")
    return move
