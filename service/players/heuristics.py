"""One-ply play as a good human plays: what a move takes now, less what it hands the next player.

The functions here read only what the seat to act may know of a state (its own hand, the table or trick, the
captured piles, hand and stock sizes, the trump card), so they play fairly on any determinized state, and the
search uses them as its rollout policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from service.engine.cards import DECK, Card, Suit
from service.engine.fishing import FishingGame, table_index
from service.engine.game import Game
from service.engine.moves import Capture, ExchangeTrump, Move
from service.engine.options import Rules
from service.engine.state import BriscolaState, FishingState, GameState, side_of

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


def fishing_scores(game: FishingGame, state: FishingState, moves: Sequence[Move]) -> list[float]:
    """Each capture's worth: the cards taken (and a sweep), less the risk the table left gives the next seat."""
    seat = state.turn
    assert seat is not None
    rules, table, players = state.rules, state.table, state.players
    values = card_values(rules)
    escoba = game.name == "escoba"
    next_hand = len(state.hands[(seat + 1) % players])
    if not next_hand and state.stock:
        next_hand = game.hand_size(rules)  # everyone has played out: a new hand is dealt before the next play
    chances = holding_chances(unseen_ranks(state, seat), next_hand)
    last_play = not state.stock and sum(map(len, state.hands)) == 1
    sweep_counts_last = bool(rules.by_name["last_play_sweep_counts"])
    # Asso piglia tutto: an ace takes a table without an ace, and scores a sweep only if apt_sweep_counts.
    ace_sweep = (
        (SWEEP if rules.by_name.get("apt_sweep_counts") else 0.0)
        if rules.by_name.get("asso_piglia_tutto")
        else None
    )
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
        replies, follows = replies_to(left, values, escoba, ace_sweep)
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


def replies_to(left: tuple[Card, ...], values: tuple[float, ...], escoba: bool, ace_sweep: float | None) -> Replies:
    """``best_replies`` of a table, and by rank what a card takes from it once a card is laid on it (the same less
    any sweep: index 0 unused); remembered, as rollouts meet the same tables again and again."""
    key = (left, id(values), escoba, ace_sweep)
    found = _replies.get(key)
    if found is None:
        if len(_replies) >= MAX_REMEMBERED_TABLES:
            _replies.clear()
        replies = best_replies(left, values, escoba, ace_sweep)
        total, ranks = 0, [False] * 11
        for card in left:
            total += card.rank
            ranks[card.rank] = True
        follows = [0.0] * 11
        for rank, reply in replies:
            # The sweep part of the reply: Escoba, table and card summing to 15; Scopa, a lone card matched, a
            # sum of the whole table, or asso piglia tutto.
            if escoba:
                sweep = SWEEP if total + rank == 15 else 0.0
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
_replies: dict[tuple[tuple[Card, ...], int, bool, float | None], Replies] = {}


def best_replies(
    left: tuple[Card, ...], values: tuple[float, ...], escoba: bool, ace_sweep: float | None
) -> tuple[tuple[int, float], ...]:
    """For each rank a card played on ``left`` may have, the most it captures (a sweep when one card reaches the
    whole table: Scopa, a card equal to the table's sum; Escoba, table sum + card = 15), best first.

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
    if escoba:
        for at in range(1, len(sums)):
            needed = 15 - sums[at]
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


# -- Briscola ----------------------------------------------------------------------------------------------------
def trump_cost(card: Card) -> float:
    """What spending a trump gives up: the power to take a trick later, the higher the trump the more. Its own
    points count too: a high trump wins them whenever it is played, so they are no reason to play it now."""
    return 3.0 + card.strength + card.points


def beats(card: Card, best: Card, trump: Suit) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
    if card.suit is best.suit:
        return card.strength > best.strength
    return card.suit is trump


def briscola_scores(state: BriscolaState, moves: Sequence[Move]) -> list[float]:
    """Lead low and plain; follow by taking pointed tricks cheaply, else throw the least; exchange when able."""
    seat = state.turn
    assert seat is not None
    trump, trick, players = state.trump_card.suit, state.trick, state.players
    scores = []
    if trick:
        best = trick[0]
        for played in trick[1:]:
            if beats(played.card, best.card, trump):
                best = played
        pot = sum(played.card.points for played in trick)
        last = len(trick) == players - 1
        ours_now = side_of(best.seat, players) == side_of(seat, players)
    for move in moves:
        card = move.card
        if isinstance(move, ExchangeTrump):
            # The 7 or 2 of trumps for a higher face-up trump: always a better card in hand.
            scores.append(100.0 + state.trump_card.strength - card.strength)
            continue
        spent = trump_cost(card) if card.suit is trump else 0.0
        if not trick:
            scores.append(-card.points - spent - 0.1 * card.strength)
            continue
        takes = beats(card, best.card, trump)
        ours = takes or ours_now
        stake = pot + card.points
        # A trick not yet complete may still be taken over: what it holds counts for half.
        sure = 1.0 if last else 0.5
        value = stake * sure if ours else -stake
        if ours and not takes and not last:
            value = -card.points * 0.5  # the partner holds it for now: add nothing valuable yet
        scores.append(value - spent - 0.1 * card.strength)
    return scores


def scores(game: Game, state: GameState, moves: Sequence[Move]) -> list[float]:
    """How much the seat to act likes each move (higher is better)."""
    if isinstance(state, FishingState):
        assert isinstance(game, FishingGame)
        return fishing_scores(game, state, moves)
    return briscola_scores(state, moves)


def greedy_move(game: Game, state: GameState, moves: Sequence[Move]) -> Move:
    """The best-liked move; ties go to the first listed, so the choice is a function of the position."""
    if len(moves) == 1:
        return moves[0]
    liked = scores(game, state, moves)
    return moves[liked.index(max(liked))]
