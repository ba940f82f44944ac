"""Briscola / Brisca (RULES.md section 6): tricks under a trump suit, no duty to follow suit, 120 card points.

The trump card is turned up after the deal and lies under the stock, so it is the last card drawn. A trick is
won by the highest trump, else by the highest card of the suit led; the winner draws first and leads the next.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..cards import DECK, Card, Suit
from ..checks import fail
from ..errors import IllegalMove, Reason
from ..game import Line, MoveReason, NextRound, next_round, won_share
from ..moves import Move
from ..options import Option, Preset, RuleBook, Rules, choice, number
from ..scoring import RoundScore, SideScore, settle_match, side_seats, unique_best
from ..state import Event, GameState, Hand, Match, event, hands_dealt, sides_of
from .briscola_codec import CODEC, SHAPE, BriscolaCodec
from .common import (
    check_trick_round,
    check_trick_seats,
    draws,
    located_trick,
    not_in_hand,
    with_seat,
)
from .game import TrickGame
from .playout import final_value, solve_move
from .reasons import trick_reasons
from .state import PLAYS, BriscolaState, ExchangeTrump, PlayCard, TrickCard, briscola_after, played
from .strategy import trick_points, trick_scores, trick_seen

HAND_SIZE = 3

# trump_exchange (RULES.md 6; StarGames: "byta 7:an mot 10, 11, 12, 1 eller 3, alternativt 2:an mot 4, 5, 6
# eller 7"): rank of the trump held in hand -> ranks of the face-up trump card it may be exchanged for.
EXCHANGES: dict[str, dict[int, frozenset[int]]] = {
    "off": {},
    "seven_and_two": {7: frozenset({1, 3, 8, 9, 10}), 2: frozenset({4, 5, 6, 7})},
    "two_only": {2: frozenset(range(1, 11))},
}

BriscolaMove = PlayCard | ExchangeTrump

BRISCOLA_OPTIONS: tuple[Option, ...] = (
    choice(
        "trump_exchange",
        "off",
        ("off", "seven_and_two", "two_only"),
        "Whether the 7 or 2 of trumps may be exchanged for the face-up trump card.",
    ),
    choice(
        "three_player_removed_card",
        "2B",
        ("2D", "2C", "2S", "2B"),
        "The card taken out of the deck for three players.",
    ),
    number("rounds_to_win", 1, 1, 10, "Rounds a side must win to win the match."),
)

BRISCOLA_PRESETS = {
    "stargames": Preset("stargames", "The StarGames rules.", {"trump_exchange": "seven_and_two"}),
    "traditional": Preset("traditional", "The common published rules.", {"trump_exchange": "off"}),
    "brisca": Preset(
        "brisca",
        "Spanish Brisca: trump exchange, Spanish card names.",
        {"trump_exchange": "seven_and_two"},
        deck="spanish",
    ),
}


def playing_deck(rules: Rules, players: int) -> tuple[Card, ...]:
    """The 40 cards, less ``three_player_removed_card`` for three players: 39 make 13 tricks (RULES.md 6)."""
    if players != 3:
        return DECK
    removed = rules["three_player_removed_card"]
    return tuple(card for card in DECK if card.code != removed)


def trick_winner(trick: Sequence[TrickCard], trump: Suit) -> int:
    """The seat of the highest trump, else of the highest card of the suit led, by strength (RULES.md 6)."""
    trumps = [played for played in trick if played.card.suit is trump]
    led = trick[0].card.suit
    contenders = trumps or [played for played in trick if played.card.suit is led]
    return max(contenders, key=lambda played: played.card.strength).seat


def strength(card: Card) -> int:
    return card.strength


def points(card: Card) -> int:
    return card.points


def may_exchange(rules: Rules, held: Card, face_up: Card) -> bool:
    """Whether ``trump_exchange`` lets the trump ``held`` replace the face-up trump card (RULES.md 6)."""
    return face_up.rank in EXCHANGES[str(rules["trump_exchange"])].get(held.rank, frozenset())


def score_piles(players: int, captures: Sequence[Sequence[Card]], match: Match) -> RoundScore:
    """Card points per side, partners pooled; the one side with the most wins the round, a tie is a draw."""
    sides = []
    for side, seats in enumerate(side_seats(players)):
        pile = [card for seat in seats for card in captures[seat]]
        points = sum(card.points for card in pile)
        details = {"cards": len(pile), "tricks": len(pile) // players}
        sides.append(SideScore(side, seats, {"card_points": points}, total=points, details=details))
    winner = unique_best([side.total for side in sides])
    round_wins = [int(side.side == winner) for side in sides]
    return RoundScore(tuple(sides), settle_match(match, round_wins), winner=winner)


class Briscola(TrickGame):
    """Briscola and Brisca for 2, 3 or 4 players (four play as two teams: seats 0+2 and 1+3)."""

    name = "briscola"
    shape = SHAPE
    player_counts: tuple[int, ...] = SHAPE.seats
    hand_size = HAND_SIZE
    state_type = BriscolaState
    score_categories = ("card_points",)
    rulebook = RuleBook("briscola", BRISCOLA_OPTIONS, BRISCOLA_PRESETS, target_option="rounds_to_win")
    codec: BriscolaCodec = CODEC

    def __init__(self) -> None:
        self.strategy = BriscolaStrategy()

    # -- state checks ----------------------------------------------------------------------------------------
    def initial_stock(self, rules: Rules, players: int) -> int:
        """Cards left in the stock after the deal: the deck less three each and the face-up trump card."""
        return len(playing_deck(rules, players)) - HAND_SIZE * players - 1

    def validate(self, state: GameState) -> None:
        state = own_state(state)
        check_trick_seats(state, self.player_counts)
        deck = playing_deck(state.rules, state.players)
        if state.trump_card not in deck:
            raise fail(
                "invalid_card",
                "the trump card is not in this game's deck",
                ("/trump_card", f"{state.trump_card.code} was removed for three players"),
            )
        extra = [played.card for played in state.trick]
        if state.trump_under_stock:
            extra.append(state.trump_card)
        check_trick_round(
            state,
            deck,
            extra,
            lambda: located(state),
            len(deck) - HAND_SIZE * state.players - 1,  # the initial stock
            HAND_SIZE,
            sides_of(state.players),  # SHAPE: partners at four
        )

    def check_reported(self, state: GameState, reported: Mapping[str, Any]) -> None:
        super().check_reported(state, reported)
        trump_suit = reported.get("trump_suit")
        if trump_suit is not None and trump_suit != own_state(state).trump_suit:
            raise fail(
                "invalid_trump",
                "trump_suit is the suit of trump_card",
                ("/trump_suit", f"must be {own_state(state).trump_suit}"),
            )

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        state = own_state(state)
        seen = self.trick_view(state, seat)
        seen.update(
            trump_card=state.trump_card, trump_suit=state.trump_suit, trump_under_stock=state.trump_under_stock
        )
        seen.update(self.public_piles(state))
        return seen

    # -- verify / can / do (one code path) -------------------------------------------------------------------
    def exchanges(self, state: BriscolaState, seat: int) -> list[ExchangeTrump]:
        """The trumps in ``seat``'s hand that may replace the face-up card while it is under the stock."""
        if not state.trump_under_stock:
            return []
        face_up = state.trump_card
        return [
            ExchangeTrump(card) for card in state.hands[seat]
            if card.suit is face_up.suit and may_exchange(state.rules, card, face_up)
        ]

    def moves_for(self, state: BriscolaState, seat: int) -> list[BriscolaMove]:
        """Exchanges first (made before playing to the trick), then every card in hand: no duty to follow."""
        moves: list[BriscolaMove] = [*self.exchanges(state, seat)]
        moves.extend([PLAYS[card.index] for card in state.hands[seat]])
        return moves

    def check(self, state: GameState, move: Move) -> BriscolaMove:
        """The move itself, or IllegalMove saying which rule forbids it."""
        state, move = own_state(state), own_move(move)
        seat = state.turn
        if seat is None:
            raise IllegalMove(Reason.ROUND_OVER, "the round is over: no card may be played")
        if isinstance(move, ExchangeTrump):
            self._check_exchange(state, seat, move.card)
        elif move.card not in state.hands[seat]:
            raise not_in_hand(seat, move.card)
        return move

    def _check_exchange(self, state: BriscolaState, seat: int, card: Card) -> None:
        rule = state.rules["trump_exchange"]
        code, face_up = card.code, state.trump_card
        if rule == "off":
            raise IllegalMove(
                Reason.EXCHANGE_OFF, "trump_exchange is off: the trump card cannot be exchanged", {"card": code}
            )
        if not state.trump_under_stock:
            raise IllegalMove(
                Reason.EXCHANGE_STOCK_EMPTY, "the stock is empty: the trump card has been drawn", {"card": code}
            )
        if card not in state.hands[seat]:
            raise IllegalMove(Reason.EXCHANGE_NOT_IN_HAND, f"seat {seat} does not hold {code}", {"card": code})
        if card.suit is not face_up.suit:
            raise IllegalMove(
                Reason.EXCHANGE_NOT_TRUMP, f"{code} is not a trump: trumps are {face_up.suit.value}",
                {"card": code, "trump_suit": face_up.suit.value},
            )
        if not may_exchange(state.rules, card, face_up):
            raise IllegalMove(
                Reason.EXCHANGE_NOT_ALLOWED, f"trump_exchange {rule}: {code} cannot replace {face_up.code}",
                {"card": code, "trump_card": face_up.code},
            )

    def play(self, state: GameState, move: Move) -> tuple[BriscolaState, list[Event]]:
        state = own_state(state)
        move = self.check(state, move)
        seat = state.turn
        assert seat is not None
        if isinstance(move, ExchangeTrump):
            return self._exchange(state, seat, move.card)
        card = move.card
        hands = with_seat(state.hands, seat, tuple(held for held in state.hands[seat] if held is not card))
        state = briscola_after(state, hands=hands, trick=(*state.trick, played(seat, card)))
        events = [event("card_played", {"seat": seat, "card": card})]
        if len(state.trick) == state.players:
            state = self._take_trick(state, events)
        return state, events

    def score_finished(self, state: BriscolaState) -> RoundScore:
        return score_piles(state.players, state.captures, state.match)

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore:
        return score_piles(players, captures, match)

    def next_round(self, previous: GameState) -> NextRound:
        return next_round(self, previous)

    # -- the steps of a play ---------------------------------------------------------------------------------
    def _exchange(self, state: BriscolaState, seat: int, card: Card) -> tuple[BriscolaState, list[Event]]:
        """The face-up trump card takes the exchanged card's place in hand; the same seat is still to act."""
        old = state.trump_card
        hand = tuple(old if held is card else held for held in state.hands[seat])
        state = briscola_after(state, hands=with_seat(state.hands, seat, hand), trump_card=card)
        return state, [Event("trump_exchanged", {"seat": seat, "card": card, "trump_card": old})]

    def _take_trick(self, state: BriscolaState, events: list[Event]) -> BriscolaState:
        """The winner takes the trick, draws first and leads next; the round ends when every hand is empty."""
        winner = trick_winner(state.trick, state.trump_card.suit)
        taken = tuple(played.card for played in state.trick)
        captures = with_seat(state.captures, winner, (*state.captures[winner], *taken))
        points = sum(card.points for card in taken)
        events.append(event("trick_won", {"seat": winner, "cards": taken, "points": points}))
        state = briscola_after(state, trick=(), leader=winner, captures=captures)
        if state.stock:
            state = self._draw(state, winner, events)
        if state.round_over:
            events.append(Event("round_over", {}))
        return state

    def _draw(self, state: BriscolaState, winner: int, events: list[Event]) -> BriscolaState:
        """One card each from the winner in playing order; the final draw takes the face-up trump card."""
        stock = state.stock[state.players :]
        hands, drawn = draws(state.hands, (*state.stock, state.trump_card), winner, state.players, len(stock), False)
        events.extend(drawn)
        return briscola_after(state, hands=hands, stock=stock)

    # -- the deal --------------------------------------------------------------------------------------------
    def deal(
        self, rules: Rules, players: int, seed: int | str, dealer: int, match: Match, deck: str = "italian"
    ) -> tuple[BriscolaState, list[Event]]:
        """Three cards each, one at a time from the seat after the dealer; the next one is the trump card."""
        hands, rest, first = self.shuffled_deal(rules, playing_deck(rules, players), players, seed, dealer, match)
        trump_card = rest[0]
        state = BriscolaState(
            game=self.name,
            rules=rules,
            players=players,
            dealer=dealer,
            hands=hands,
            stock=rest[1:],
            trump_card=trump_card,
            trick=(),
            leader=first,
            captures=((),) * players,
            match=match,
            deck=deck,
        )
        dealt = Event(
            "dealt", {"dealer": dealer, "round": match.round, "trump_card": trump_card, "stock": len(state.stock)}
        )
        return state, [dealt, *hands_dealt(state.hands)]


def located(state: BriscolaState) -> Iterator[tuple[str, Card]]:
    yield from located_trick(state)
    if state.trump_under_stock:
        yield "/trump_card", state.trump_card


class BriscolaStrategy:
    """The hooks of ``engine.game.Strategy`` for Briscola."""

    playouts = 300  # worlds shared by the candidates, each searched by alpha-beta (about 0.3-1 ms a move)
    prior = 0.0

    def move_scores(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """Lead low and plain; follow by taking pointed tricks cheaply, else throw the least; exchange when able."""
        state = own_state(state)
        scores = trick_scores(state, moves, state.trump_card.suit, strength, points)
        for at, move in enumerate(moves):
            if isinstance(move, ExchangeTrump):
                # The 7 or 2 of trumps for a higher face-up trump: always a better card in hand.
                scores[at] = 100.0 + state.trump_card.strength - move.card.strength
        return scores

    points_unit = "card_points"

    def outcome(self, score: RoundScore, seat: int) -> float:
        """The round won, tied or lost (1, 0, -1: more than 60 card points wins), the margin a tie-break."""
        return self.judged(score, seat).value

    def judged(self, score: RoundScore, seat: int) -> Line:
        mine = next(side for side in score.sides if seat in side.seats)
        diff = mine.total - max(side.total for side in score.sides if side is not mine)
        return Line(final_value(diff), won_share(diff), float(diff))

    def move_points(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        state = own_state(state)
        return trick_points(state, moves, state.trump_card.suit, strength, points)

    def line_value(self, world: GameState, move: Move, seat: int, dice: int) -> Line | None:
        """``move`` searched by alpha-beta in the known ``world`` (``playout.TrickSolver``); None with three
        players (three sides: the generic rollouts weigh them)."""
        state = own_state(world)
        if state.players == 3:
            return None
        return solve_move(state, own_move(move).card, isinstance(move, ExchangeTrump), seat)

    def reasons(self, state: GameState, move: Move) -> tuple[MoveReason, ...]:
        state = own_state(state)
        return trick_reasons(state, move, state.trump_card.suit, strength, points)

    def seen(self, state: GameState, seat: int) -> list[Card]:
        state = own_state(state)
        seen = trick_seen(state, seat)
        if state.trump_under_stock:
            # Once drawn it lies in some hand; which one the state alone does not say, so it is unseen again.
            seen.append(state.trump_card)
        return seen

    def deck(self, state: GameState) -> tuple[Card, ...]:
        return playing_deck(state.rules, state.players)

    def with_hidden(self, state: GameState, hands: tuple[Hand, ...], stock: tuple[Card, ...]) -> GameState:
        return briscola_after(own_state(state), hands=hands, stock=stock)


def own_state(state: GameState) -> BriscolaState:
    if not isinstance(state, BriscolaState):
        raise TypeError(f"Briscola was given a {type(state).__name__}")
    return state


def own_move(move: Move) -> BriscolaMove:
    if not isinstance(move, PlayCard | ExchangeTrump):
        raise TypeError(f"Briscola was given a {type(move).__name__}")
    return move
