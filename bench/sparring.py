"""Sparring partners for the service's computer players: a determinized alpha-beta expert and a one-ply bot.

Both are a baseline to beat, not a level to ship (issue 27). Each is handed an ``Observation`` (what one seat
knows, exactly what its view shows), never a state, so it cannot see another hand or the stock order.

``expert_move``: for each of a few sampled deals of the unseen cards (``determinize``), a depth-limited
alpha-beta search; the root move with the best total over the deals is played. Fishing games (Scopa, Escoba,
Scopone...) search 3 plies over 6 deals through the engine itself, with a material evaluation at the leaves (the
round points the captured cards are likely worth) and the game's own score at the end of the round. Trick games
(Briscola) search 6 plies over 14 deals on a small copy of the trick rules (who takes a trick, the draw from the
stock, the trump card drawn last), evaluated by card points, the round's winner at its end. In two-player games,
once the stock is empty every unseen card is in the opponent's hand: one deal is consistent, and the rest of the
round is searched exactly. In four-player games partners maximise together (``side_of``).

``one_ply_move``: fishing, the capture worth most now (settebello, sevens, coins, a sweep), else lay the cheapest
card; tricks, win the trick with the cheapest card that wins it when it holds points, else throw the lowest.

The family is told by the engine's state type, never by a game's name, so a new game of either family is played
without a change here. A game whose state is of another type (Tressette's, say) is searched through the engine and
its family's player hooks alone (``EngineSearch``): the same plies and deals as the trick games, each leaf played
out to the round's end by the hooks' favourite move, the round scored by the game and weighed by the hooks'
``outcome``; its one-ply bot plays the hooks' favourite move.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from service.engine.cards import DECK, Card, Suit
from service.engine.fishing import Capture, FishingState
from service.engine.game import Game
from service.engine.moves import Move
from service.engine.state import GameState, side_of
from service.engine.tricks import BriscolaState, ExchangeTrump
from service.players import Observation, determinize

FISHING_WORLDS, FISHING_DEPTH = 6, 3
TRICK_WORLDS, TRICK_DEPTH = 14, 6
EXACT_NODES = 30_000
"""An exact endgame that needs more nodes than this (a table allowing many captures) is searched to depth."""
WIN_BONUS = 20.0
"""Trick games: the round won (more card points than every other side) outweighs the margin."""

# Fishing material, in round points a captured card is likely worth to its side: the "cards" point over the
# 40 cards, "coins" over the 10 coins, primiera (or sevens) mostly over sevens, sixes and aces, the settebello a
# point by itself. A sweep is a point.
CARD, COIN, SETTEBELLO, SWEEP = 0.1, 0.12, 1.0, 1.0
PRIMIERA = {7: 0.35, 6: 0.15, 1: 0.1}


def card_worth(card: Card) -> float:
    worth = CARD + PRIMIERA.get(card.rank, 0.0)
    if card.suit is Suit.COINS:
        worth += COIN + (SETTEBELLO if card.rank == 7 else 0.0)
    return worth


WORTH: dict[Card, float] = {card: card_worth(card) for card in DECK}
"""Cards hash by identity: there is one instance of each."""


def legal(game: Game, observation: Observation, rng: random.Random) -> tuple[GameState, tuple[Move, ...]]:
    """A consistent deal and the seat's legal moves (they depend only on what the seat sees)."""
    world = determinize(observation, rng)
    return world, game.legal_moves(world).moves


def expert_move(
    game: Game, observation: Observation, seed: int, worlds: int | None = None, depth: int | None = None
) -> Move:
    """The expert's move for the observing seat (the same for the same observation and seed)."""
    rng = random.Random(seed)
    world, moves = legal(game, observation, rng)
    if len(moves) == 1:
        return moves[0]
    exact = observation.players == 2 and observation.stock_count == 0
    kind = searcher(game, world, observation.seat)
    count = 1 if exact else worlds or kind.WORLDS
    plies = depth or kind.DEPTH
    totals = [0.0] * len(moves)
    for index in range(count):
        if index:
            world = determinize(observation, rng)
        search = searcher(game, world, observation.seat)
        try:
            values = search.root(moves, None if exact else plies)
        except TooBig:
            values = search.root(moves, plies)
        for at, value in enumerate(values):
            totals[at] += value
    best = max(totals)
    return moves[totals.index(best)]


def searcher(game: Game, world: GameState, seat: int) -> FishingSearch | TrickSearch | EngineSearch:
    if isinstance(world, FishingState):
        return FishingSearch(game, world, seat)
    if isinstance(world, BriscolaState):
        return TrickSearch(game, world, seat)
    return EngineSearch(game, world, seat)


MAX_BRANCH = 12
"""Moves a search through the engine weighs at its root at most (a hand of cards is never more)."""


class EngineSearch:
    """Alpha-beta through the engine and the family's player hooks alone, for a state of any other type: shallow,
    since every leaf is a playout to the round's end; never exact (it knows no cheap copy of the rules)."""

    WORLDS, DEPTH = 6, 2

    def __init__(self, game: Game, world: GameState, seat: int) -> None:
        self.game, self.world, self.seat = game, world, seat

    def sign(self, seat: int) -> float:
        return 1.0 if side_of(seat, self.world.players) == side_of(self.seat, self.world.players) else -1.0

    def ending(self, state: GameState) -> float:
        """The round played out by the hooks' favourite move for every seat, scored for the searching seat."""
        while state.turn is not None and not state.round_over:
            moves = self.game.legal_moves(state).moves
            scores = self.game.strategy.move_scores(state, moves)
            state, _ = self.game.play(state, moves[scores.index(max(scores))])
        return self.game.strategy.outcome(self.game.score(state), self.seat)

    def root(self, moves: Sequence[Move], depth: int | None) -> list[float]:
        plies = self.DEPTH if depth is None else depth
        if self.world.players > 4:
            plies = 1  # five seats: a second ply is five times the playouts of the first, each a whole round
        if len(moves) > MAX_BRANCH:  # an auction's many bids: the hooks' favourites are searched, the rest lose
            liked = self.game.strategy.move_scores(self.world, moves)
            kept = set(sorted(range(len(moves)), key=lambda at: -liked[at])[:MAX_BRANCH])
        else:
            kept = set(range(len(moves)))
        return [
            self.value(self.game.play(self.world, move)[0], plies - 1, -math.inf, math.inf)
            if at in kept
            else -math.inf
            for at, move in enumerate(moves)
        ]

    def value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        if state.turn is None or state.round_over or depth <= 0:
            return self.ending(state)
        maximising = self.sign(state.turn) > 0
        best = -math.inf if maximising else math.inf
        for move in self.game.legal_moves(state).moves:
            found = self.value(self.game.play(state, move)[0], depth - 1, alpha, beta)
            if maximising:
                best, alpha = max(best, found), max(alpha, found)
            else:
                best, beta = min(best, found), min(beta, found)
            if alpha >= beta:
                break
        return best


class TooBig(Exception):
    """The exact endgame search passed ``EXACT_NODES``."""


class FishingSearch:
    """Alpha-beta through the engine on one determinized fishing state."""

    WORLDS, DEPTH = FISHING_WORLDS, FISHING_DEPTH

    def __init__(self, game: Game, world: GameState, seat: int) -> None:
        self.game, self.world, self.players = game, world, world.players
        self.mine = side_of(seat, world.players)
        self.nodes = 0
        self.limit: int | None = None

    def sign(self, seat: int) -> float:
        return 1.0 if side_of(seat, self.players) == self.mine else -1.0

    def material(self, state: GameState) -> float:
        assert isinstance(state, FishingState)
        total = 0.0
        for seat, pile in enumerate(state.captures):
            total += self.sign(seat) * (sum(WORTH[card] for card in pile) + SWEEP * state.sweeps[seat])
        return total

    def final(self, state: GameState) -> float:
        """The finished round by the game's own score: round points of the seat's side less the best other's."""
        sides = self.game.score(state).sides
        mine = sides[self.mine].total
        return float(mine - max(side.total for side in sides if side.side != self.mine))

    def gain(self, state: FishingState, move: Move) -> float:
        """What a move takes now, for its mover (a lay takes nothing): the move ordering and the last ply."""
        assert isinstance(move, Capture)
        taken = move.capture or ()
        if not taken:
            return 0.0
        worth = WORTH[move.card] + sum(WORTH[card] for card in taken)
        if len(taken) == len(state.table):
            last = not state.stock and sum(map(len, state.hands)) == 1
            if not last or state.rules.by_name.get("last_play_sweep_counts"):
                worth += SWEEP
        return worth

    def root(self, moves: Sequence[Move], depth: int | None) -> list[float]:
        """Each root move's value with a full window (so equal moves are seen to be equal)."""
        self.limit = None if depth is not None else EXACT_NODES
        self.nodes = 0
        game, world = self.game, self.world
        return [self.value(game.play(world, move)[0], depth and depth - 1, -1e9, 1e9) for move in moves]

    def value(self, state: GameState, depth: int | None, alpha: float, beta: float) -> float:
        if state.round_over:
            return self.final(state)
        if depth == 0:
            return self.material(state)
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooBig
        assert isinstance(state, FishingState) and state.turn is not None
        sign = self.sign(state.turn)
        moves = self.game.legal_moves(state).moves
        gains = [self.gain(state, move) for move in moves]
        if depth == 1:  # the last ply: what each move takes now, without playing it
            return self.material(state) + sign * max(gains)
        order = sorted(range(len(moves)), key=gains.__getitem__, reverse=True)
        maximising = sign > 0
        best = -1e9 if maximising else 1e9
        for at in order:
            found = self.value(self.game.play(state, moves[at])[0], depth and depth - 1, alpha, beta)
            if maximising:
                if found > best:
                    best = found
                alpha = max(alpha, found)
            else:
                if found < best:
                    best = found
                beta = min(beta, found)
            if alpha >= beta:
                break
        return best


POINTS = [card.points for card in DECK]
STRENGTH = [card.strength for card in DECK]
INFINITY = float("inf")


class TrickSearch:
    """Alpha-beta on a small copy of the trick rules, the cards as deck indices (suit = index // 10): no duty to
    follow, the highest trump or the highest card of the suit led takes the trick, the taker draws first and
    leads, the trump card is drawn last. The trump exchange is weighed at the root only (through the engine).
    The lists are changed in place and restored on the way back (no state is copied)."""

    WORLDS, DEPTH = TRICK_WORLDS, TRICK_DEPTH

    def __init__(self, game: Game, world: GameState, seat: int) -> None:
        assert isinstance(world, BriscolaState)
        self.game, self.world, self.players = game, world, world.players
        mine = side_of(seat, world.players)
        self.ours = [side_of(other, world.players) == mine for other in range(world.players)]
        self.nodes = 0
        self.limit: int | None = None

    def load(self, state: BriscolaState) -> None:
        self.hands = [[card.index for card in hand] for hand in state.hands]
        self.trick = [played.card.index for played in state.trick]
        self.leader = state.leader
        self.pile = [card.index for card in state.stock] + [state.trump_card.index]
        self.stock = len(state.stock)  # the stock's cards come first in ``pile``, then the trump card
        self.at = 0  # the next card drawn is pile[at]; the stock is empty once at >= stock
        self.trump = state.trump_card.index // 10
        self.diff = 0.0  # card points of the seat's side less the other side's
        for other, pile in enumerate(state.captures):
            points = sum(card.points for card in pile)
            self.diff += points if self.ours[other] else -points

    def root(self, moves: Sequence[Move], depth: int | None) -> list[float]:
        self.limit = None if depth is not None else EXACT_NODES
        self.nodes = 0
        plies = depth or 99
        values = []
        for move in moves:
            if isinstance(move, ExchangeTrump):  # the same seat still acts: search on from the exchanged state
                after = self.game.play(self.world, move)[0]
                assert isinstance(after, BriscolaState)
                self.load(after)
                values.append(self.value(plies, -INFINITY, INFINITY))
            else:
                self.load(self.world)
                values.append(self.play(move.card.index, plies, -INFINITY, INFINITY))
        return values

    def taker(self, trick: list[int]) -> int:
        """The position in ``trick`` of the card that takes it."""
        trump = self.trump
        best_at, best = 0, trick[0]
        for at in range(1, len(trick)):
            card = trick[at]
            if card // 10 == best // 10:
                if STRENGTH[card] > STRENGTH[best]:
                    best_at, best = at, card
            elif card // 10 == trump:
                best_at, best = at, card
        return best_at

    def value(self, depth: int, alpha: float, beta: float) -> float:
        trick, players = self.trick, self.players
        seat = (self.leader + len(trick)) % players
        hand = self.hands[seat]
        if not hand:  # the seat to act has nothing left: the round is over
            diff = self.diff
            return diff + (WIN_BONUS if diff > 0 else -WIN_BONUS if diff < 0 else 0.0)
        if depth == 0:
            return self.diff
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooBig
        maximising = self.ours[seat]
        if depth == 1:  # the last ply: only a card that closes the trick changes the count
            if len(trick) < players - 1:
                return self.diff
            return self.closing(hand, maximising)
        best = -INFINITY if maximising else INFINITY
        for card in list(hand):
            found = self.play(card, depth, alpha, beta)
            if maximising:
                if found > best:
                    best = found
                    if found > alpha:
                        alpha = found
            elif found < best:
                best = found
                if found < beta:
                    beta = found
            if alpha >= beta:
                break
        return best

    def closing(self, hand: list[int], maximising: bool) -> float:
        """The best count for the seat to act, which closes the trick with one of ``hand``, and then stops."""
        trick, players = self.trick, self.players
        final = len(hand) == 1 and self.at >= self.stock
        results = []
        for card in hand:
            trick.append(card)
            winner = (self.leader + self.taker(trick)) % players
            points = sum(POINTS[taken] for taken in trick)
            trick.pop()
            diff = self.diff + (points if self.ours[winner] else -points)
            if final:
                diff += WIN_BONUS if diff > 0 else -WIN_BONUS if diff < 0 else 0.0
            results.append(diff)
        return max(results) if maximising else min(results)

    def play(self, card: int, depth: int, alpha: float, beta: float) -> float:
        """The value once the seat to act plays ``card``."""
        trick, players, hands = self.trick, self.players, self.hands
        leader = self.leader
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        at = hand.index(card)
        del hand[at]
        trick.append(card)
        if len(trick) < players:
            found = self.value(depth - 1, alpha, beta)
        else:
            winner = (leader + self.taker(trick)) % players
            points = sum(POINTS[taken] for taken in trick)
            diff, drawn_at = self.diff, self.at
            self.diff = diff + (points if self.ours[winner] else -points)
            done = trick[:]
            trick.clear()
            self.leader = winner
            drew = 0
            if drawn_at < self.stock:
                drew = min(players, len(self.pile) - drawn_at)
                for position in range(drew):
                    hands[(winner + position) % players].append(self.pile[drawn_at + position])
                self.at = drawn_at + drew
            found = self.value(depth - 1, alpha, beta)
            for position in range(drew):
                hands[(winner + position) % players].pop()
            self.at, self.leader, self.diff = drawn_at, leader, diff
            trick.extend(done)
        trick.pop()
        hand.insert(at, card)
        return found


# -- the one-ply bot ---------------------------------------------------------------------------------------------
def simple_value(card: Card) -> float:
    """Settebello, then sevens, then coins; every card counts a little."""
    value = 1.0
    if card.rank == 7:
        value += 3.0
    if card.suit is Suit.COINS:
        value += 1.0 + (10.0 if card.rank == 7 else 0.0)
    return value


def one_ply_move(game: Game, observation: Observation, seed: int) -> Move:
    """The one-ply heuristic bot's move (see the module's docstring)."""
    world, moves = legal(game, observation, random.Random(seed))
    if len(moves) == 1:
        return moves[0]
    if isinstance(world, FishingState):
        return max(moves, key=lambda move: fishing_taste(world, move))
    if not isinstance(world, BriscolaState):
        scores = game.strategy.move_scores(world, moves)
        return moves[scores.index(max(scores))]
    return trick_choice(world, [move for move in moves if not isinstance(move, ExchangeTrump)] or list(moves))


def fishing_taste(state: FishingState, move: Move) -> float:
    assert isinstance(move, Capture)
    taken = move.capture or ()
    if not taken:
        return -simple_value(move.card) - 100.0  # lay the cheapest card, only when nothing can be taken
    value = simple_value(move.card) + sum(simple_value(card) for card in taken)
    return value + (10.0 if len(taken) == len(state.table) else 0.0)


def trick_choice(state: BriscolaState, moves: Sequence[Move]) -> Move:
    trump = state.trump_card.suit

    def cost(card: Card) -> float:
        return card.points + (20.0 + card.strength if card.suit is trump else 0.1 * card.strength)

    cheapest = min(moves, key=lambda move: cost(move.card))
    if not state.trick:
        return cheapest
    best_seat, best = state.trick[0].seat, state.trick[0].card
    for played in state.trick[1:]:
        if (played.card.suit is best.suit and played.card.strength > best.strength) or (
            played.card.suit is trump and best.suit is not trump
        ):
            best_seat, best = played.seat, played.card
    seat = state.turn
    assert seat is not None
    if side_of(best_seat, state.players) == side_of(seat, state.players):
        return cheapest
    pot = sum(played.card.points for played in state.trick)

    def wins(card: Card) -> bool:
        return card.strength > best.strength if card.suit is best.suit else card.suit is trump

    winning = [move for move in moves if wins(move.card)]
    if winning and pot + min(move.card.points for move in winning) > 0:
        return min(winning, key=lambda move: cost(move.card))
    return cheapest
