"""Tressette (RULES.md section 8; docs/rules.md, Tressette): tricks without trumps, follow suit, points in thirds.

Ten cards each. Two players draw from a stock of twenty after every trick, the winner first, each card shown to
both; four play in partnerships (seats 0+2, 1+3) with no stock. The highest card of the suit led wins the trick
and its winner leads the next. Aces count one point, 3, 2 and the figures a third, the last trick one more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import DECK, Card
from ..checks import fail
from ..errors import IllegalMove, Reason, pointer
from ..game import Line, MoveReason, NextRound, next_round, won_share
from ..limits import MAX_TARGET, MIN_TARGET
from ..moves import Move
from ..options import Option, Preset, RuleBook, Rules, choice, flag, number
from ..scoring import RoundScore, margin
from ..shape import card_play_shape
from ..state import Event, GameState, Hand, Match, hands_dealt, sides_of
from .common import (
    PLAY_CARD,
    check_trick_round,
    check_trick_seats,
    draws,
    located_trick,
    not_in_hand,
    trick_winner,
    with_seat,
    without,
)
from .game import TrickGame
from .reasons import tressette_reasons
from .state import PLAYS, PlayCard, TrickCard, played
from .strategy import RolledOutTrickHooks, trick_points, trick_scores
from .tressette_score import declarations, score_round, strength, thirds
from .tressette_state import CODEC, TressetteCodec, TressetteState, tressette_after

HAND_SIZE = 10
SHAPE = card_play_shape((2, 4), PLAY_CARD)

TRESSETTE_OPTIONS: tuple[Option, ...] = (
    number("target", 21, MIN_TARGET, MAX_TARGET, "Points a side needs to win the match (21, 31 or 41)."),
    choice(
        "thirds",
        "truncate_per_side",
        ("truncate_per_side", "round_per_side"),
        "How each side's thirds of a point become whole points: dropped, or two thirds counted as a point.",
    ),
    choice("accusi", "off", ("off", "on"), "Whether a napoletana and three or four 3s, 2s or aces score."),
    flag("show_drawn_cards", True, "Two players: whether each card drawn from the stock is shown to both."),
)

TRESSETTE_PRESETS: dict[str, Preset] = {
    # trapaninfo.it, Tressette: "21 punti o, nel caso si giochi con la dichiarazione di onori, 31 o 51".
    "with_accusi": Preset("with_accusi", "With declarations, to 31.", {"accusi": "on", "target": 31}),
}


class Tressette(TrickGame):
    """Tressette for 2 players (with a stock) or 4 (two partnerships, no stock)."""

    name = "tressette"
    shape = SHAPE
    player_counts: tuple[int, ...] = SHAPE.seats
    hand_size = HAND_SIZE
    state_type = TressetteState
    # Not scored from the piles alone (scores_from_piles): the last trick and the declarations are not in them.
    score_categories = ("card_points", "last_trick", "accusi")
    rulebook = RuleBook("tressette", TRESSETTE_OPTIONS, TRESSETTE_PRESETS)
    codec: TressetteCodec = CODEC

    def __init__(self) -> None:
        self.strategy = TressetteStrategy()

    # -- state checks ----------------------------------------------------------------------------------------
    def validate(self, state: GameState) -> None:
        state = own_state(state)
        check_trick_seats(state, self.player_counts)
        n = state.players
        if len(state.accusi_points) != n:
            raise fail(
                "invalid_seat", "accusi_points has one entry per seat", ("/accusi_points", f"must have {n} entries")
            )
        if state.rules["accusi"] == "off" and any(state.accusi_points):
            raise fail(
                "invalid_state", "accusi is off: nobody declares", ("/accusi_points", "must all be 0")
            )
        check_trick_round(
            state,
            DECK,
            [played.card for played in state.trick],
            lambda: located_trick(state),
            len(DECK) - HAND_SIZE * n,  # the initial stock: twenty for two players, none for four
            HAND_SIZE,
            sides_of(n),  # SHAPE: partners at four
        )
        for index, shown in enumerate(state.shown_cards):
            if not 0 <= shown.seat < n or shown.card not in state.hands[shown.seat]:
                raise fail(
                    "invalid_state",
                    "a shown card is a card its seat drew face up and still holds",
                    (pointer("shown_cards", index), "must name a card in that seat's hand"),
                )
        if state.round_over and not state.captures[state.leader]:
            raise fail(
                "invalid_trick",
                "the leader of a finished round took the last trick",
                ("/leader", "must be a seat whose pile holds the last trick"),
            )

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        state = own_state(state)
        seen = self.trick_view(state, seat)
        seen.update(self.public_piles(state))
        seen.update(
            # Declarations are announced, and two players show each card they draw (docs/rules.md, Tressette).
            accusi_points=list(state.accusi_points),
            shown_cards=[
                [shown.card for shown in state.shown_cards if shown.seat == other] for other in range(state.players)
            ],
        )
        return seen

    # -- verify / can / do (one code path) -------------------------------------------------------------------
    def moves_for(self, state: TressetteState, seat: int) -> list[PlayCard]:
        """The cards of the suit led if the hand holds any, else every card (RULES.md 8: follow suit)."""
        return [PLAYS[card.index] for card in playable(state, seat)]

    def check(self, state: GameState, move: Move) -> PlayCard:
        """The move itself, or IllegalMove saying which rule forbids it."""
        state, move = own_state(state), own_move(move)
        seat = state.turn
        if seat is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no card may be played")
        hand = state.hands[seat]
        if move.card not in hand:
            raise not_in_hand(seat, move.card)
        if state.trick:
            led = state.trick[0].card.suit
            if move.card.suit is not led and any(card.suit is led for card in hand):
                code = move.card.code
                raise IllegalMove(
                    Reason.MUST_FOLLOW_SUIT,
                    f"seat {seat} holds {led.value} and must follow suit: {code} is not {led.value}",
                    {"card": code, "suit": led.value},
                )
        return move

    def play(self, state: GameState, move: Move) -> tuple[TressetteState, list[Event]]:
        state = own_state(state)
        card = self.check(state, move).card
        seat = state.turn
        assert seat is not None
        events: list[Event] = []
        if state.rules["accusi"] == "on" and not state.has_played(seat):
            state = declare(state, seat, events)
        hands = with_seat(state.hands, seat, without(state.hands[seat], card))
        shown = tuple(item for item in state.shown_cards if item.card is not card)
        state = tressette_after(state, hands=hands, trick=(*state.trick, played(seat, card)), shown_cards=shown)
        events.append(Event("card_played", {"seat": seat, "card": card}))
        if len(state.trick) == state.players:
            state = take_trick(state, events)
        return state, events

    def score_finished(self, state: TressetteState) -> RoundScore:
        # The leader of a finished round is the seat that took the last trick.
        return score_round(state.rules, state.players, state.captures, state.leader, state.accusi_points, state.match)

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore:
        """From the piles alone nobody is known to have taken the last trick or declared anything."""
        return score_round(rules, players, captures, None, (0,) * players, match)

    def next_round(self, previous: GameState) -> NextRound:
        return next_round(self, previous)

    # -- the deal --------------------------------------------------------------------------------------------
    def deal(
        self, rules: Rules, players: int, seed: int | str, dealer: int, match: Match, deck: str = "italian"
    ) -> tuple[TressetteState, list[Event]]:
        """Ten cards each, one at a time from the seat after the dealer (RULES.md 2); two players keep the
        other twenty as the stock."""
        hands, stock, first = self.shuffled_deal(rules, DECK, players, seed, dealer, match)
        state = TressetteState(
            game=self.name,
            rules=rules,
            players=players,
            dealer=dealer,
            hands=hands,
            stock=stock,
            trick=(),
            leader=first,
            captures=((),) * players,
            accusi_points=(0,) * players,
            shown_cards=(),
            match=match,
            deck=deck,
        )
        dealt = Event("dealt", {"dealer": dealer, "round": match.round, "stock": len(state.stock)})
        return state, [dealt, *hands_dealt(state.hands)]


# -- the steps of a play -------------------------------------------------------------------------------------
def playable(state: TressetteState, seat: int) -> list[Card]:
    hand = state.hands[seat]
    if not state.trick:
        return list(hand)
    led = state.trick[0].card.suit
    following = [card for card in hand if card.suit is led]
    return following or list(hand)


def declare(state: TressetteState, seat: int, events: list[Event]) -> TressetteState:
    """The seat's declarations as it plays its first card, from the cards it was dealt, announced to all."""
    found = declarations(state.hands[seat])
    if not found:
        return state
    points = sum(declaration.points for declaration in found)
    events.append(
        Event(
            "accusi_declared",
            {"seat": seat, "accusi": [declaration.to_event() for declaration in found], "points": points},
        )
    )
    accusi = (*state.accusi_points[:seat], state.accusi_points[seat] + points, *state.accusi_points[seat + 1 :])
    return tressette_after(state, accusi_points=accusi)


def take_trick(state: TressetteState, events: list[Event]) -> TressetteState:
    """The highest card of the suit led takes the trick; its winner draws first (two players) and leads next."""
    winner = trick_winner(state.trick, None, strength)
    taken = tuple(played.card for played in state.trick)
    captures = with_seat(state.captures, winner, (*state.captures[winner], *taken))
    # In thirds of a point, the unit nothing is rounded in (docs/rules.md, Tressette).
    events.append(Event("trick_won", {"seat": winner, "cards": taken, "thirds": sum(map(thirds, taken))}))
    state = tressette_after(state, trick=(), leader=winner, captures=captures)
    if state.stock:
        stock = state.stock[state.players :]
        shown = bool(state.rules["show_drawn_cards"])
        hands, drawn = draws(state.hands, state.stock, winner, state.players, len(stock), shown)
        events.extend(drawn)
        state = tressette_after(state, hands=hands, stock=stock)
        if shown:
            seen = tuple(played(event.data["seat"], event.data["card"]) for event in drawn[1:])
            state = tressette_after(state, shown_cards=(*state.shown_cards, *seen))
    if state.round_over:
        events.append(Event("round_over", {}))
    return state


class TressetteStrategy(RolledOutTrickHooks):
    """The hooks of ``engine.game.Strategy`` for Tressette: the shared trick policy without trumps."""

    playouts = 260  # measured: about 120-140 ms from a two-player opening (engine rollouts)
    prior = 0.0

    def move_scores(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """Lead low; follow by taking pointed tricks cheaply, else throw the least (in thirds of a point)."""
        return trick_scores(own_state(state), moves, None, strength, thirds)

    points_unit = "points"

    def outcome(self, score: RoundScore, seat: int) -> float:
        """The margin in points: a Tressette match adds up points, there is no round to win."""
        return margin(score, seat)[0]

    def judged(self, score: RoundScore, seat: int) -> Line:
        diff = margin(score, seat)[0]
        return Line(diff, won_share(diff), diff)

    def move_points(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """In points: the cards' thirds of a point, three to the point."""
        return [third / 3.0 for third in trick_points(own_state(state), moves, None, strength, thirds)]

    def reasons(self, state: GameState, move: Move) -> tuple[MoveReason, ...]:
        return tressette_reasons(own_state(state), move)

    def with_hidden(self, state: GameState, hands: tuple[Hand, ...], stock: tuple[Card, ...]) -> GameState:
        """The state with other hands and the stock replaced; in a sampled world each card the table saw drawn
        is put back in the hand that drew it (swapped with one of that hand's unknown cards)."""
        state = own_state(state)
        for shown in state.shown_cards:
            hands, stock = returned(hands, stock, shown, state.shown_cards)
        return tressette_after(state, hands=hands, stock=stock)


def returned(
    hands: tuple[Hand, ...], stock: tuple[Card, ...], shown: TrickCard, every: tuple[TrickCard, ...]
) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
    """``shown.card`` back in ``shown.seat``'s hand, swapped with a card of that hand nobody saw drawn; as it was
    when the card is there already, or nowhere to be found (a masked state: the other hands are empty)."""
    owner, card = shown.seat, shown.card
    if card in hands[owner] or not (card in stock or any(card in hand for hand in hands)):
        return hands, stock
    known = {item.card for item in every}
    unknown = next((held for held in hands[owner] if held not in known), None)
    if unknown is None:
        return hands, stock
    swap = {card: unknown, unknown: card}
    swapped = tuple(tuple(swap.get(held, held) for held in hand) for hand in hands)
    return swapped, tuple(swap.get(held, held) for held in stock)


def own_state(state: GameState) -> TressetteState:
    if not isinstance(state, TressetteState):
        raise TypeError(f"Tressette was given a {type(state).__name__}")
    return state


def own_move(move: Move) -> PlayCard:
    if not isinstance(move, PlayCard):
        raise TypeError(f"Tressette was given a {type(move).__name__}")
    return move
