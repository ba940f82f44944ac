"""A brute-force reference for Scopa, Scopone and Escoba, written from RULES.md and API.md alone.

It works on states as the API returns them (plain JSON with card codes) and shares no code with the engine:
capture sets are found by trying every subset of the table (pruned only once a partial sum is too high), moves
are applied by hand, rounds are scored category by category, and deals use a copy of the documented shuffle.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
from collections.abc import Iterator
from typing import Any

State = dict[str, Any]
Move = tuple[str, frozenset[str]]  # (card played, table cards taken); an empty set lays the card

DECK = [f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)]  # canonical order (API.md, shuffle)
PRIMIERA = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}  # RULES.md 1
ESCOBA_SUM = 15
DEALER_BONUS = {"stargames": {15: 1, 20: 2}, "traditional": {15: 1, 30: 2}, "off": {}}  # RULES.md 5


def rank(code: str) -> int:
    return int(code[:-1])


def suit(code: str) -> str:
    return code[-1]


def sides(players: int) -> int:
    return 2 if players == 4 else players


def side_of(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


def hand_size(game: str, rules: dict[str, Any]) -> int:
    if game == "scopone":
        return 9 if rules["scopone_deal"] == "9+4" else 10
    return 3


def opening_table_size(game: str, rules: dict[str, Any]) -> int:
    return 0 if game == "scopone" and rules["scopone_deal"] == "10+0" else 4


def order_from(first: int, players: int) -> list[int]:
    return [(first + k) % players for k in range(players)]


def turn(state: State) -> int | None:
    """The seat to act: the first seat after the dealer among those holding the most cards."""
    hands = state["hands"]
    if not state["stock"] and not any(hands):
        return None
    most = max(len(hand) for hand in hands)
    return next(s for s in order_from(state["dealer"] + 1, state["players"]) if len(hands[s]) == most)


# -- capture sets and legal moves ----------------------------------------------------------------------------
def subsets_summing_to(table: list[str], total: int) -> Iterator[frozenset[str]]:
    """Every non-empty set of table cards whose values sum to ``total``."""

    def walk(start: int, remaining: int, chosen: list[str]) -> Iterator[frozenset[str]]:
        if remaining == 0 and chosen:
            yield frozenset(chosen)
            return
        for i in range(start, len(table)):
            if rank(table[i]) <= remaining:  # every value is positive: a larger one cannot fit
                yield from walk(i + 1, remaining - rank(table[i]), [*chosen, table[i]])

    yield from walk(0, total, [])


def ace_takes_all(state: State, code: str) -> bool:
    table = state["table"]
    return (
        state["game"] != "escoba"
        and bool(state["rules"]["asso_piglia_tutto"])
        and rank(code) == 1
        and bool(table)
        and all(rank(other) != 1 for other in table)
    )


def capture_sets(state: State, code: str) -> set[frozenset[str]]:
    """The sets of table cards ``code`` may take (RULES.md 3 and 5)."""
    rules, table = state["rules"], state["table"]
    if state["game"] == "escoba":
        found = set(subsets_summing_to(table, ESCOBA_SUM - rank(code)))
    else:
        if ace_takes_all(state, code):
            return {frozenset(table)}
        same_rank = {frozenset([other]) for other in table if rank(other) == rank(code)}
        if same_rank:
            return same_rank
        found = {taken for taken in subsets_summing_to(table, rank(code)) if len(taken) >= 2}
    if found and rules["capture_choice"] != "free":
        size = (max if rules["capture_choice"] == "most_cards" else min)(len(taken) for taken in found)
        found = {taken for taken in found if len(taken) == size}
    return found


def legal_moves(state: State) -> set[Move]:
    seat = turn(state)
    if seat is None:
        return set()
    hand = state["hands"][seat]
    sets = {code: capture_sets(state, code) for code in hand}
    obligation = state["rules"]["capture_obligation"]
    moves = {(code, taken) for code in hand for taken in sets[code]}
    for code in hand:
        if (
            obligation == "none"
            or (obligation == "played_card" and not sets[code])
            or (obligation == "any_card" and not any(sets.values()))
        ):
            moves.add((code, frozenset()))
    return moves


# -- playing -------------------------------------------------------------------------------------------------
def deal_round_robin(state: State, cards: list[str], size: int) -> None:
    """``size`` cards to each seat, one at a time, from the seat after the dealer."""
    order = order_from(state["dealer"] + 1, state["players"])
    for position in range(size * state["players"]):
        state["hands"][order[position % state["players"]]].append(cards[position])


def play(state: State, move: Move) -> State:
    """The state after ``move`` (which must be legal), with the next deal or the end of the round."""
    assert move in legal_moves(state), move
    code, taken = move
    rules = state["rules"]
    seat = turn(state)
    assert seat is not None
    after = copy.deepcopy(state)
    after["hands"][seat].remove(code)
    last_play = not after["stock"] and not any(after["hands"])
    if taken:
        after["table"] = [other for other in after["table"] if other not in taken]
        after["captures"][seat] += [code, *sorted(taken)]
        after["last_capturer"] = seat
        sweep_scores = not ace_takes_all(state, code) or bool(rules.get("apt_sweep_counts"))
        if not after["table"] and sweep_scores and (not last_play or rules["last_play_sweep_counts"]):
            after["sweeps"][seat] += 1
    else:
        after["table"].append(code)
    if not any(after["hands"]):
        if after["stock"]:
            size = hand_size(state["game"], rules)
            dealt = size * state["players"]
            deal_round_robin(after, after["stock"][:dealt], size)
            after["stock"] = after["stock"][dealt:]
        elif after["table"] and after["last_capturer"] is not None:
            after["captures"][after["last_capturer"]] += after["table"]
            after["table"] = []
    after["turn"] = turn(after)
    after["round_over"] = after["turn"] is None
    return after


# -- scoring -------------------------------------------------------------------------------------------------
def only_best(values: list[Any]) -> int | None:
    """The index of the single highest value; a tie for the highest gives nobody the point."""
    top = max(values)
    return values.index(top) if values.count(top) == 1 else None


def primiera_of(pile: list[str]) -> tuple[int, int]:
    """(suits held, sum of the best primiera value in each suit held)."""
    best: dict[str, int] = {}
    for code in pile:
        best[suit(code)] = max(best.get(suit(code), 0), PRIMIERA[rank(code)])
    return len(best), sum(best.values())


def napola_points(pile: list[str], mode: str) -> int:
    if mode == "off" or not {"1D", "2D", "3D"} <= set(pile):
        return 0
    if mode == "fixed3":
        return 3
    length = 3
    while length < 10 and f"{length + 1}D" in pile:
        length += 1
    return length


def score_piles(game: str, rules: dict[str, Any], players: int, captures: list[list[str]],
                sweeps: list[int]) -> list[dict[str, int]]:
    """Points per side and category (zero categories left out)."""
    piles: list[list[str]] = [[] for _ in range(sides(players))]
    side_sweeps = [0] * sides(players)
    for seat in range(players):
        piles[side_of(seat, players)] += captures[seat]
        side_sweeps[side_of(seat, players)] += sweeps[seat]
    points: list[dict[str, int]] = [{} for _ in piles]

    def award(category: str, side: int | None, amount: int = 1) -> None:
        if side is not None and amount:
            points[side][category] = points[side].get(category, 0) + amount

    award("cards", only_best([len(pile) for pile in piles]))
    award("coins", only_best([sum(suit(c) == "D" for c in pile) for pile in piles]))
    for side, pile in enumerate(piles):
        award("settebello", side if "7D" in pile else None)
        if game != "escoba":
            award("re_bello", side if rules["re_bello"] and "10D" in pile else None)
            award("rosmarino", side if rules["rosmarino"] and "8S" in pile else None)
            award("napola", side, napola_points(pile, rules["napola"]))
        award("sweeps", side, side_sweeps[side])
    classic = rules["fourth_point"] == "primiera" if game == "escoba" else rules["primiera_rule"] == "classic"
    if not classic:
        award("sevens", only_best([sum(rank(c) == 7 for c in pile) for pile in piles]))
    elif rules["primiera_missing_suit"] == "fewer_suits_loses":
        award("primiera", only_best([primiera_of(pile) for pile in piles]))
    else:  # cannot_score: only sides holding all four suits compete
        eligible = [value for suits, value in map(primiera_of, piles) if suits == 4]
        if eligible:
            winner = only_best([value if suits == 4 else -1 for suits, value in map(primiera_of, piles)])
            award("primiera", winner)
    return points


def score(state: State) -> list[dict[str, int]]:
    """Points per side of a finished round; a leftover table goes to the last capturer first."""
    assert turn(state) is None
    captures = copy.deepcopy(state["captures"])
    if state["table"] and state["last_capturer"] is not None:
        captures[state["last_capturer"]] += state["table"]
    return score_piles(state["game"], state["rules"], state["players"], captures, state["sweeps"])


def match_after(scores_before: list[int], totals: list[int],
                target: int) -> tuple[list[int], bool, int | None]:
    """(scores after the round, whether the match is over, the winning side)."""
    scores = [before + now for before, now in zip(scores_before, totals, strict=True)]
    leader = only_best(scores)
    over = leader is not None and scores[leader] >= target
    return scores, over, leader if over else None


# -- dealing (the shuffle as documented in service/engine/shuffle.py) ----------------------------------------
def shuffled(seed: int | str, game: str, players: int, dealer: int, round_number: int,
             attempt: int) -> list[str]:
    key = str(seed).encode()
    numbers = (players, dealer, round_number, attempt)
    context = b"\x00".join([b"cardrules/deal/v1", game.encode(), *(str(n).encode() for n in numbers)])

    def draws() -> Iterator[int]:
        counter = 0
        while True:
            block = hmac.new(key, context + b"\x00" + counter.to_bytes(8, "big"), hashlib.sha256).digest()
            for offset in range(0, 32, 4):
                yield int.from_bytes(block[offset : offset + 4], "big")
            counter += 1

    stream = draws()
    deck = list(DECK)
    for i in range(len(deck) - 1, 0, -1):
        limit = 2**32 - 2**32 % (i + 1)
        draw = next(stream)
        while draw >= limit:
            draw = next(stream)
        j = draw % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def opening_table(seed: int | str, game: str, players: int, dealer: int, rules: dict[str, Any],
                  round_number: int = 1, attempt: int = 0) -> list[str]:
    """The table cards of one attempt, before any re-deal or dealer bonus."""
    start = hand_size(game, rules) * players
    deck = shuffled(seed, game, players, dealer, round_number, attempt)
    return deck[start : start + opening_table_size(game, rules)]


def deal(game: str, players: int, seed: int | str, dealer: int, rules: dict[str, Any],
         round_number: int = 1) -> State:
    """A new round: hands one card at a time, then the table, re-dealt on three or four kings (Scopa,
    Scopone), then Escoba's dealer bonus."""
    size, table_size = hand_size(game, rules), opening_table_size(game, rules)
    attempt = 0
    while True:
        deck = shuffled(seed, game, players, dealer, round_number, attempt)
        table = deck[size * players : size * players + table_size]
        kings = sum(rank(code) == 10 for code in table)
        if game == "escoba" or not rules["opening_kings_redeal"] or kings < 3:
            break
        attempt += 1
    state: State = {
        "game": game, "rules": dict(rules), "players": players, "dealer": dealer,
        "hands": [[] for _ in range(players)], "table": table, "stock": deck[size * players + table_size :],
        "captures": [[] for _ in range(players)], "sweeps": [0] * players, "last_capturer": None,
        "match": {"scores": [0] * sides(players), "target": rules["target"], "round": round_number},
    }
    deal_round_robin(state, deck, size)
    if game == "escoba":
        escobas = DEALER_BONUS[rules["dealer_bonus"]].get(sum(map(rank, table)), 0)
        if escobas:
            state["captures"][dealer] = table
            state["sweeps"][dealer] = escobas
            state["last_capturer"] = dealer
            state["table"] = []
    state["turn"] = turn(state)
    state["round_over"] = state["turn"] is None
    return state
