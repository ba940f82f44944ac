"""State consistency checks, exactly those of API.md: each failure names the field it is about.

Nothing else is checked, in particular not the history the piles imply: callers build states by hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .cards import DECK, Card
from .errors import FieldProblem, InvalidState, pointer
from .state import BriscolaState, FishingState, GameState, playing_order, sides_of


def fail(code: str, message: str, *problems: tuple[str, str]) -> InvalidState:
    return InvalidState(code, message, [FieldProblem(where, why) for where, why in problems])


_FULL_MASK = sum(1 << card.index for card in DECK)


def deck_for(state: GameState) -> tuple[Card, ...]:
    if isinstance(state, BriscolaState) and state.players == 3:
        removed = state.rules["three_player_removed_card"]
        return tuple(card for card in DECK if card.code != removed)
    return DECK


def located_cards(state: GameState) -> Iterator[tuple[str, Card]]:
    """Every card in the state with the pointer where it lies."""
    for seat, hand in enumerate(state.hands):
        for index, card in enumerate(hand):
            yield pointer("hands", seat, index), card
    if isinstance(state, FishingState):
        for index, card in enumerate(state.table):
            yield pointer("table", index), card
    else:
        for index, played in enumerate(state.trick):
            yield pointer("trick", index, "card"), played.card
        if state.trump_under_stock:
            yield "/trump_card", state.trump_card
    for index, card in enumerate(state.stock):
        yield pointer("stock", index), card
    for seat, pile in enumerate(state.captures):
        for index, card in enumerate(pile):
            yield pointer("captures", seat, index), card


def check_seats(state: GameState, player_counts: Sequence[int]) -> None:
    n = state.players
    if (
        isinstance(state, FishingState)
        and n in player_counts
        and len(state.hands) == len(state.captures) == len(state.sweeps) == n
        and 0 <= state.dealer < n
        and (state.last_capturer is None or 0 <= state.last_capturer < n)
    ):
        return  # the usual case, checked at once; otherwise the checks below say what is wrong
    if state.players not in player_counts:
        allowed = ", ".join(map(str, player_counts))
        raise fail(
            "invalid_seat", f"{state.game} is played by {allowed} players", ("/players", f"must be {allowed}")
        )
    n = state.players
    per_seat = [("hands", len(state.hands)), ("captures", len(state.captures))]
    if isinstance(state, FishingState):
        per_seat.append(("sweeps", len(state.sweeps)))
    for name, length in per_seat:
        if length != n:
            raise fail(
                "invalid_seat", f"{name} must have one entry per seat", (f"/{name}", f"must have {n} entries")
            )
    seats: list[tuple[str, int | None]] = [("/dealer", state.dealer)]
    if isinstance(state, FishingState):
        seats.append(("/last_capturer", state.last_capturer))
    else:
        seats.append(("/leader", state.leader))
        seats.extend((pointer("trick", i, "seat"), played.seat) for i, played in enumerate(state.trick))
    for where, seat in seats:
        if seat is not None and not 0 <= seat < n:
            raise fail(
                "invalid_seat", f"seat {seat} does not exist with {n} players", (where, f"must be 0..{n - 1}")
            )


def check_cards(state: GameState) -> None:
    deck = deck_for(state)
    if _every_card_once(state, deck):
        return  # the usual case needs no pointers
    allowed = set(deck)
    seen: dict[Card, str] = {}
    duplicates, foreign = [], []
    for where, card in located_cards(state):
        if card not in allowed:
            foreign.append((where, f"{card.code} is not in the deck of this game"))
        elif card in seen:
            duplicates.append((where, f"{card.code} appears more than once"))
        else:
            seen[card] = where
    if foreign:
        raise fail("invalid_card", "a card is not part of this game's deck", *foreign)
    if duplicates:
        raise fail("duplicate_card", "a card appears more than once", *duplicates)
    missing = [card.code for card in deck if card not in seen]
    if missing:
        raise fail(
            "missing_cards",
            f"{len(missing)} of the {len(deck)} cards are not accounted for: " + ", ".join(missing),
            ("", "missing " + ", ".join(missing)),
        )


def _every_card_once(state: GameState, deck: tuple[Card, ...]) -> bool:
    """Whether the state holds each card of ``deck`` exactly once: as many cards as the deck has, and a bit set for
    each of its cards (a card twice leaves some other card's bit unset; a foreign card sets one outside the deck)."""
    seen, count = 0, 0
    for hand in state.hands:
        seen |= _bits(hand)
        count += len(hand)
    if isinstance(state, FishingState):
        seen |= _bits(state.table)
        count += len(state.table)
    else:
        for played in state.trick:
            seen |= 1 << played.card.index
        count += len(state.trick)
        if state.trump_under_stock:
            seen |= 1 << state.trump_card.index
            count += 1
    seen |= _bits(state.stock)
    count += len(state.stock)
    for pile in state.captures:
        seen |= _bits(pile)
        count += len(pile)
    return count == len(deck) and seen == (_FULL_MASK if deck is DECK else _bits(deck))


def _bits(cards: Sequence[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def check_hand_sizes(state: GameState, first: int, played: int, full: Sequence[int]) -> None:
    """Seats that have played this turn hold one card fewer than those still to play.

    ``first`` is the first seat of the turn, ``played`` how many seats have played, ``full`` the hand sizes
    allowed for seats still to play.
    """
    order = playing_order(first, state.players)
    sizes = [len(state.hands[seat]) for seat in order]
    expected_full = sizes[played] if played < len(order) else sizes[0] + 1
    if (
        expected_full not in full
        or any(size != expected_full - 1 for size in sizes[:played])
        or any(size != expected_full for size in sizes[played:])
    ):
        raise fail(
            "invalid_hand_sizes",
            "hand sizes cannot occur at this point of the round: seats that have played this turn hold one card "
            "fewer than the seats still to play",
            *((pointer("hands", seat), f"holds {len(state.hands[seat])} cards") for seat in order),
        )


def check_match(state: GameState) -> None:
    match = state.match
    if match.target != state.rules.target:
        raise fail(
            "invalid_match",
            "match.target must equal the rules' target",
            ("/match/target", f"must be {state.rules.target}"),
        )
    sides = sides_of(state.players)
    if len(match.scores) != sides:
        raise fail(
            "invalid_match",
            "match.scores has one entry per side",
            ("/match/scores", f"must have {sides} entries"),
        )


def check_fishing(
    state: FishingState, player_counts: Sequence[int], hand_size: int, stock_sizes: Sequence[int]
) -> None:
    check_seats(state, player_counts)
    check_cards(state)
    check_match(state)
    if len(state.stock) not in stock_sizes:
        raise fail(
            "invalid_stock_size",
            f"a stock of {len(state.stock)} cards cannot occur in this game's deals",
            ("/stock", "must hold one of " + ", ".join(map(str, sorted(stock_sizes))) + " cards"),
        )
    if not any(state.hands):
        if state.stock:
            raise fail(
                "invalid_hand_sizes",
                "every hand is empty while the stock has cards: the next deal is due",
                ("/hands", "must not all be empty while the stock has cards"),
            )
    else:
        sizes = [len(hand) for hand in state.hands]
        most = max(sizes)
        played = sum(1 for size in sizes if size < most)
        check_hand_sizes(state, state.dealer + 1, played, range(1, hand_size + 1))
    has_pile = any(state.captures)
    if (state.last_capturer is None) == has_pile:
        why = (
            "must be null when no pile has a card"
            if not has_pile
            else "must name a seat once a pile has cards"
        )
        raise fail(
            "invalid_last_capturer", "last_capturer does not agree with the piles", ("/last_capturer", why)
        )
    if any(sweeps < 0 for sweeps in state.sweeps):
        raise fail("invalid_piles", "sweeps cannot be negative", ("/sweeps", "must be 0 or more"))


def check_briscola(state: BriscolaState, player_counts: Sequence[int], initial_stock: int) -> None:
    check_seats(state, player_counts)
    if state.trump_card not in deck_for(state):
        raise fail(
            "invalid_card",
            "the trump card is not in this game's deck",
            ("/trump_card", f"{state.trump_card.code} was removed for three players"),
        )
    check_cards(state)
    check_match(state)
    n = state.players
    stock = len(state.stock)
    if stock and not (stock <= initial_stock and (initial_stock - stock) % n == 0):
        raise fail(
            "invalid_stock_size",
            f"a stock of {stock} cards cannot occur in this game's deals",
            ("/stock", f"must hold {initial_stock} cards less a multiple of {n}"),
        )
    if len(state.trick) >= n:
        raise fail(
            "invalid_trick",
            "a complete trick is cleared at once",
            ("/trick", f"must hold fewer than {n} cards"),
        )
    for index, played in enumerate(state.trick):
        expected = (state.leader + index) % n
        if played.seat != expected:
            raise fail(
                "invalid_trick",
                "trick cards are played in seat order from the leader",
                (pointer("trick", index, "seat"), f"must be {expected}"),
            )
    for seat, pile in enumerate(state.captures):
        if len(pile) % n:
            raise fail(
                "invalid_piles",
                "piles hold whole tricks",
                (pointer("captures", seat), f"size must be a multiple of {n}"),
            )
    if not state.round_over:
        full = (3,) if stock else range(1, 4)
        check_hand_sizes(state, state.leader, len(state.trick), full)


def check_reported(
    state: GameState, turn: int | None, round_over: bool | None, trump_suit: str | None = None
) -> None:
    """Fields a caller may send that are derived from the cards must agree with them."""
    _check_turn(state, turn)
    _check_derived(state, round_over, trump_suit)


def check_reported_fields(state: GameState, reported: Mapping[str, Any]) -> None:
    """The derived fields a caller sent, checked once the state itself is known to be consistent."""
    if "turn" in reported:  # a turn not sent is not checked: working it out from the hands is not free
        _check_turn(state, reported["turn"])
    _check_derived(state, reported.get("round_over"), reported.get("trump_suit"))


def _check_turn(state: GameState, turn: int | None) -> None:
    actual = state.turn
    if turn != actual:
        raise fail("invalid_turn", f"it is seat {actual}'s turn, not {turn}", ("/turn", f"must be {actual}"))


def _check_derived(state: GameState, round_over: bool | None, trump_suit: str | None) -> None:
    if round_over is not None and round_over != state.round_over:
        raise fail(
            "invalid_turn",
            "round_over does not agree with the cards",
            ("/round_over", f"must be {str(state.round_over).lower()}"),
        )
    if trump_suit is not None and isinstance(state, BriscolaState) and trump_suit != state.trump_suit:
        raise fail(
            "invalid_trump",
            "trump_suit is the suit of trump_card",
            ("/trump_suit", f"must be {state.trump_suit}"),
        )
