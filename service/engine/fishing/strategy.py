"""The fishing games' computer-player hooks: one-ply play as a good human plays, what a move takes now less what
it hands the next player; and what a seat has seen, for the search's sampled worlds.

The functions here read only what the seat to act may know of a state (its own hand, the table, the captured
piles, hand and stock sizes), so they play fairly on any determinized state, and the search uses them as its
rollout policy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Protocol

from ..cards import DECK, Card, Suit
from ..game import Line, MoveReason, won_share
from ..moves import Move
from ..options import Rules
from ..scoring import RoundScore, margin
from ..state import GameState, Hand, Match
from .playout import FishingPlayout
from .reasons import fishing_reasons
from .rules import switched_on
from .sets import TableIndex, table_index
from .state import Capture, FishingState


class Tactics(Protocol):
    """What the hooks ask of the game (``FishingGame``)."""

    @property
    def capture_sum(self) -> int | None: ...

    @property
    def playouts(self) -> int: ...

    @property
    def both_sums(self) -> bool: ...

    @property
    def smallest_capture(self) -> int: ...

    def score_piles(
        self, rules: Rules, players: int, captures: Sequence[Sequence[Card]], sweeps: Sequence[int], match: Match
    ) -> RoundScore: ...

    def hand_size(self, rules: Rules) -> int: ...

    def sweep_scores(self, rules: Rules, card: Card, index: TableIndex, taken: tuple[Card, ...]) -> bool: ...

    def sweeping_ranks(self, rules: Rules, left: tuple[Card, ...], total: int) -> list[int]: ...

    def ace_sweeps(self, rules: Rules) -> bool: ...


SWEEP = 1.0
"""A sweep (scopa, escoba) is worth one round point, as much as the settebello."""

# Round points spread over the cards that decide them: "cards" over 40 cards, "coins" over 10, primiera or
# sevens mostly over the four sevens (then the sixes and aces); the settebello is a point by itself. "Cards" is
# weighted past its even share: each card taken is one the other side cannot take (a swing of two in the count),
# and the point is usually decided by a card or two either way: capture more cards.
CARD_SHARE = 0.2
COIN_SHARE = 0.15
PRIMIERA_SHARE = {7: 0.3, 6: 0.12, 1: 0.08}
LAY_COST = 0.5
"""A card laid on the table is not lost, only likely to be taken: half its value."""
FOLLOW = 1.3
"""What the seat's own next capture on the table it leaves (with a card still in hand) is worth now, per unit of
the chance that the next seat holds no capturing card and must lay one: a laid card leaves every capture standing
(though it spoils a sweep, which is not counted). Above 1: a next seat that can capture often takes other cards
and leaves the seat's capture standing too, which the chance does not count."""

MAX_THREAT_TABLE = 10
"""Tables this large are rare; past it the next seat's replies are not enumerated (1024 subsets)."""
MAX_THREAT_MOVES = 64
"""Past this many legal moves (hand-built tables) the replies are not enumerated either: greedy stays cheap."""

_values: dict[int, tuple[Rules, tuple[float, ...]]] = {}


def card_values(rules: Rules) -> tuple[float, ...]:
    """What each card (by deck index) is worth in round points to the side that captures it, under ``rules``."""
    found = _values.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    options = rules.by_name
    values = []
    for card in DECK:
        value = CARD_SHARE + PRIMIERA_SHARE.get(card.rank, 0.0)
        if card.suit is Suit.COINS:
            value += COIN_SHARE
            if card.rank == 7:
                value += 1.0  # the settebello
            if card.rank == 10 and options.get("re_bello"):
                value += 1.0
            if card.rank <= 3 and options.get("napola", "off") != "off":
                value += 0.4
        if card.code == "8S" and options.get("rosmarino"):
            value += 1.0
        values.append(value)
    made = tuple(values)
    if len(_values) > 32:  # rules objects are few (resolved once per rule set); keep the cache small anyway
        _values.clear()
        _replies.clear()  # keyed by the values' identity, which a new table may now reuse
    _values[id(rules)] = (rules, made)
    return made


def unseen_ranks(state: FishingState, seat: int) -> list[int]:
    """How many cards of each rank ``seat`` has not seen (index 0 unused)."""
    counts = [0] + [4] * 10
    for card in state.hands[seat]:
        counts[card.rank] -= 1
    for card in state.table:
        counts[card.rank] -= 1
    for pile in state.captures:
        for card in pile:
            counts[card.rank] -= 1
    return counts


def holding_chances(counts: Sequence[int], hand: int) -> list[float]:
    """The chance that a hand of ``hand`` cards drawn from the unseen ones holds at least one card of each rank:
    drawn without replacement, so once every unseen card is in that hand (a two-player last hand) it is sure."""
    unseen = sum(counts)
    if not unseen or not hand:
        return [0.0] * 11
    hand = min(hand, unseen)
    whole = comb(unseen, hand)
    missing = [comb(max(unseen - count, 0), hand) / whole for count in range(5)]  # it holds none of ``count``
    return [1.0 - missing[count] if count > 0 else 0.0 for count in counts]


def fishing_scores(game: Tactics, state: FishingState, moves: Sequence[Move]) -> list[float]:
    """Each capture's worth: the cards taken (and a sweep), less the risk the table left gives the next seat."""
    seat = state.turn
    assert seat is not None
    rules, table, players = state.rules, state.table, state.players
    values = card_values(rules)
    sum_to = game.capture_sum
    next_hand = len(state.hands[(seat + 1) % players])
    if not next_hand and state.stock:
        next_hand = game.hand_size(rules)  # everyone has played out: a new hand is dealt before the next play
    chances = holding_chances(unseen_ranks(state, seat), next_hand)
    last_play = not state.stock and sum(map(len, state.hands)) == 1
    sweep_counts_last = bool(rules.by_name["last_play_sweep_counts"])
    # Asso piglia tutto: an ace takes a table without an ace, a sweep as the game scores it (Scopa only with
    # apt_sweep_counts, Cirulla always).
    ace_sweep = None
    if switched_on(rules.by_name.get("asso_piglia_tutto")):
        ace_sweep = SWEEP if game.ace_sweeps(rules) else 0.0
    index = table_index(table)
    enumerate_replies = len(moves) <= MAX_THREAT_MOVES
    hand = state.hands[seat]
    scores = []
    for move in moves:
        assert isinstance(move, Capture)
        card, taken = move.card, move.capture or ()
        if taken:
            gain = values[card.index] + sum(values[piece.index] for piece in taken)
            left = tuple(piece for piece in table if piece not in taken)
            if (
                not left
                and (sweep_counts_last or not last_play)
                and game.sweep_scores(rules, card, index, taken)
            ):
                gain += SWEEP
        else:
            gain = -LAY_COST * values[card.index]
            left = (*table, card)
        if not left:
            scores.append(gain)
            continue
        if len(left) > MAX_THREAT_TABLE or not enumerate_replies:
            scores.append(gain - sum(values[piece.index] for piece in left) * max(chances))
            continue
        replies, follows = replies_to(left, values, sum_to, ace_sweep)
        # The next seat's expected take: each rank's best capture, the best rank it holds deciding (ranks taken
        # as held independently); ``quiet`` is the chance it holds no capturing card and has to lay one.
        risk, quiet = 0.0, 1.0
        for rank, reply in replies:
            chance = chances[rank]
            risk += reply * chance * quiet
            quiet *= 1.0 - chance
        if quiet > 0.0:
            # Then the table stays for the seat's own next card, which takes its best capture and is secured with
            # it (the card laid in between spoils a sweep, which ``follows`` leaves out).
            follow = 0.0
            for other in hand:
                worth = follows[other.rank]
                if worth and other is not card:
                    worth += values[other.index]
                    if worth > follow:
                        follow = worth
            gain += FOLLOW * quiet * follow
        scores.append(gain - risk)
    return scores


Replies = tuple[tuple[tuple[int, float], ...], tuple[float, ...]]


def replies_to(
    left: tuple[Card, ...], values: tuple[float, ...], sum_to: int | None, ace_sweep: float | None
) -> Replies:
    """``best_replies`` of a table, and by rank what a card takes from it once a card is laid on it (the same less
    any sweep: index 0 unused); remembered, as rollouts meet the same tables again and again."""
    key = (left, id(values), sum_to, ace_sweep)
    found = _replies.get(key)
    if found is None:
        if len(_replies) >= MAX_REMEMBERED_TABLES:
            _replies.clear()
        replies = best_replies(left, values, sum_to, ace_sweep)
        total, ranks = 0, [False] * 11
        for card in left:
            total += card.rank
            ranks[card.rank] = True
        follows = [0.0] * 11
        for rank, reply in replies:
            # The sweep part of the reply: Escoba, table and card summing to 15; Scopa, a lone card matched, a
            # sum of the whole table, or asso piglia tutto.
            if sum_to is not None:
                sweep = SWEEP if total + rank == sum_to else 0.0
            elif ranks[rank]:
                sweep = SWEEP if len(left) == 1 else 0.0
            elif rank == total:
                sweep = SWEEP
            else:
                sweep = ace_sweep if ace_sweep is not None and rank == 1 else 0.0
            follows[rank] = reply - sweep
        found = _replies[key] = (replies, tuple(follows))
    return found


MAX_REMEMBERED_TABLES = 20_000
"""Rollouts meet the same tables again and again; their best replies are kept (a few MB at most)."""
_replies: dict[tuple[tuple[Card, ...], int, int | None, float | None], Replies] = {}


def best_replies(
    left: tuple[Card, ...], values: tuple[float, ...], sum_to: int | None, ace_sweep: float | None
) -> tuple[tuple[int, float], ...]:
    """For each rank a card played on ``left`` may have, the most it captures (a sweep when one card reaches the
    whole table: Scopa, a card equal to the table's sum; with a ``sum_to`` (Escoba's 15), table sum + card =
    ``sum_to``), best first.

    ``ace_sweep``: None without asso piglia tutto, else what an ace taking the whole table scores besides the cards.
    """
    count = len(left)
    best = [0.0] * 11
    # Every subset of the table as (sum, value, size), built one card at a time.
    sums, worths, sizes = [0], [0.0], [0]
    for card in left:
        rank, worth = card.rank, values[card.index]
        sums += [total + rank for total in sums]
        worths += [total + worth for total in worths]
        sizes += [size + 1 for size in sizes]
    whole = len(sums) - 1
    if sum_to is not None:
        for at in range(1, len(sums)):
            needed = sum_to - sums[at]
            if 1 <= needed <= 10:
                gain = worths[at] + (SWEEP if at == whole else 0.0)
                if gain > best[needed]:
                    best[needed] = gain
    else:
        matched = [False] * 11
        for card in left:
            matched[card.rank] = True
            gain = values[card.index] + (SWEEP if count == 1 else 0.0)
            if gain > best[card.rank]:
                best[card.rank] = gain
        for at in range(1, len(sums)):
            total = sums[at]
            if total <= 10 and sizes[at] >= 2 and not matched[total]:
                gain = worths[at] + (SWEEP if at == whole else 0.0)
                if gain > best[total]:
                    best[total] = gain
        if ace_sweep is not None and not matched[1]:
            best[1] = max(best[1], worths[whole] + ace_sweep)
    ranked = sorted(range(1, 11), key=best.__getitem__, reverse=True)
    return tuple((rank, best[rank]) for rank in ranked if best[rank] > 0.0)


MAX_PLAYOUT_TABLE = 12
"""Past this many table cards (hand-built tables) the compact playout's subsets would be too many: the engine's."""
PLAYOUT_EPSILON = 0.1
"""Share of the compact playout's plays made at random, as in the engine's rollouts."""

WIN = 1.0
"""A round won is what a seat plays for (a match adds up rounds won by their points); its margin only refines it."""
POINT = 0.1
"""A round point of margin, in rounds won."""
CARDS_TIEBREAK = 0.002
"""Captured cards only break ties (and thin out the noise of near-even deals)."""


class FishingStrategy:
    """The hooks of ``engine.game.Strategy`` for one fishing game."""

    prior = 0.5 * POINT * 4
    """The greedy player's one-ply estimate (in round points, a point worth about four ``POINT``s of the outcome's
    units: a point often decides the round) joins the sampled mean, so that moves the samples
    cannot tell apart are told apart by judgement rather than by noise."""

    def __init__(self, game: Tactics) -> None:
        self.game = game

    @property
    def playouts(self) -> int:
        return self.game.playouts

    def move_scores(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        assert isinstance(state, FishingState)
        return fishing_scores(self.game, state, moves)

    points_unit = "round_points"

    def outcome(self, score: RoundScore, seat: int) -> float:
        """The round won, tied or lost (``WIN``: more round points wins it), then its margin in round points
        (``POINT`` each) and in captured cards (``CARDS_TIEBREAK``), which only break ties."""
        return self.judged(score, seat).value

    def judged(self, score: RoundScore, seat: int) -> Line:
        points, mine, others = margin(score, seat)
        cards = int(mine.details["cards"]) - max(int(side.details["cards"]) for side in others)
        won = WIN if points > 0 else -WIN if points < 0 else 0.0
        return Line(won + POINT * points + CARDS_TIEBREAK * cards, won_share(points), points)

    def move_points(self, state: GameState, moves: Sequence[Move]) -> list[float]:
        """The one-ply scores: already in round points (what a capture takes less what the table left risks)."""
        return self.move_scores(state, moves)

    def line_value(self, world: GameState, move: Move, seat: int, dice: int) -> Line | None:
        """The round played out from ``move`` on the compact copy of the rules (``playout.FishingPlayout``, its
        quick policy with a tenth of the plays at random, ``dice`` their seed), scored by the game; None on a
        table too large for the copy."""
        assert isinstance(world, FishingState) and isinstance(move, Capture)
        rules, game = world.rules, self.game
        if len(world.table) > MAX_PLAYOUT_TABLE:
            return None
        playout = FishingPlayout(
            world,
            card_values(rules),
            game.capture_sum,
            game.smallest_capture,
            game.hand_size(rules),
            game.both_sums,
            game.ace_sweeps(rules),
        )
        taken = set(move.capture or ())
        mask = sum(1 << at for at, card in enumerate(world.table) if card in taken)
        playout.play(move.card.index, mask)
        playout.run(random.Random(dice), PLAYOUT_EPSILON)
        piles, sweeps = playout.result()
        return self.judged(game.score_piles(rules, world.players, piles, sweeps, world.match), seat)

    def reasons(self, state: GameState, move: Move) -> tuple[MoveReason, ...]:
        assert isinstance(state, FishingState)
        return fishing_reasons(self.game, state, move)

    def seen(self, state: GameState, seat: int) -> list[Card]:
        assert isinstance(state, FishingState)
        seen = list(state.hands[seat])
        for pile in state.captures:
            seen.extend(pile)
        seen.extend(state.table)
        return seen

    def deck(self, state: GameState) -> tuple[Card, ...]:
        return DECK

    def with_hidden(self, state: GameState, hands: tuple[Hand, ...], stock: tuple[Card, ...]) -> GameState:
        assert isinstance(state, FishingState)
        return state._replace(hands=hands, stock=stock)
