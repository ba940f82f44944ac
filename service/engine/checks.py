"""State consistency checks every family shares, exactly those of API.md: each failure names the field it is about.

Nothing else is checked, in particular not the history the piles imply: callers build states by hand. Each family
adds the checks of its own fields (``fishing/checks.py``, ``tricks/common.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .cards import DECK, Card
from .errors import FieldProblem, InvalidState, pointer
from .state import GameState, playing_order


def fail(code: str, message: str, *problems: tuple[str, str]) -> InvalidState:
    return InvalidState(code, message, [FieldProblem(where, why) for where, why in problems])


FULL_MASK = sum(1 << card.index for card in DECK)

Located = Iterator[tuple[str, Card]]


def check_seats(
    state: GameState,
    player_counts: Sequence[int],
    per_seat: Sequence[tuple[str, int]],
    seats: Sequence[tuple[str, int | None]],
) -> None:
    """The player count, one entry per seat in each per-seat list (``per_seat``: name, length) and every seat
    field in range (``seats``: pointer, seat)."""
    if state.players not in player_counts:
        allowed = ", ".join(map(str, player_counts))
        raise fail(
            "invalid_seat", f"{state.game} is played by {allowed} players", ("/players", f"must be {allowed}")
        )
    n = state.players
    for name, length in per_seat:
        if length != n:
            raise fail(
                "invalid_seat", f"{name} must have one entry per seat", (f"/{name}", f"must have {n} entries")
            )
    for where, seat in seats:
        if seat is not None and not 0 <= seat < n:
            raise fail(
                "invalid_seat", f"seat {seat} does not exist with {n} players", (where, f"must be 0..{n - 1}")
            )


def check_cards(
    state: GameState, deck: tuple[Card, ...], extra: Sequence[Card], located_extra: Callable[[], Located]
) -> None:
    """Every card of ``deck`` exactly once across the hands, the family's own places (``extra``, with their
    pointers from ``located_extra``), the stock and the piles."""
    if _every_card_once(state, deck, extra):
        return  # the usual case needs no pointers
    allowed = set(deck)
    seen: dict[Card, str] = {}
    duplicates, foreign = [], []
    for where, card in located_cards(state, located_extra):
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


def located_cards(state: GameState, located_extra: Callable[[], Located]) -> Located:
    """Every card in the state with the pointer where it lies."""
    for seat, hand in enumerate(state.hands):
        for index, card in enumerate(hand):
            yield pointer("hands", seat, index), card
    yield from located_extra()
    for index, card in enumerate(state.stock):
        yield pointer("stock", index), card
    for seat, pile in enumerate(state.captures):
        for index, card in enumerate(pile):
            yield pointer("captures", seat, index), card


def _every_card_once(state: GameState, deck: tuple[Card, ...], extra: Sequence[Card]) -> bool:
    """Whether the state holds each card of ``deck`` exactly once: as many cards as the deck has, and a bit set for
    each of its cards (a card twice leaves some other card's bit unset; a foreign card sets one outside the deck)."""
    seen, count = bits(extra), len(extra)
    for hand in state.hands:
        seen |= bits(hand)
        count += len(hand)
    seen |= bits(state.stock)
    count += len(state.stock)
    for pile in state.captures:
        seen |= bits(pile)
        count += len(pile)
    return count == len(deck) and seen == (FULL_MASK if deck is DECK else bits(deck))


def bits(cards: Sequence[Card]) -> int:
    found = 0
    for card in cards:
        found |= 1 << card.index
    return found


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


def check_match(state: GameState, sides: int, signed: bool = False) -> None:
    """The match's target and one score per side (``sides``: how many, from the game's shape); ``signed``: totals
    may fall below zero (a zero-sum match)."""
    match = state.match
    if match.target != state.rules.target:
        raise fail(
            "invalid_match",
            "match.target must equal the rules' target",
            ("/match/target", f"must be {state.rules.target}"),
        )
    if len(match.scores) != sides:
        raise fail(
            "invalid_match",
            "match.scores has one entry per side",
            ("/match/scores", f"must have {sides} entries"),
        )
    if not signed:
        for side, score in enumerate(match.scores):
            if score < 0:
                raise fail(
                    "invalid_match", "match scores add up points won: none is below zero",
                    (f"/match/scores/{side}", "must be 0 or more"),
                )


def check_reported(state: GameState, reported: Mapping[str, Any]) -> None:
    """The derived fields every state has that a caller sent (``turn``, ``round_over``), checked once the state
    itself is known to be consistent: they must agree with the cards. A family checks its own after these."""
    if "turn" in reported:  # a turn not sent is not checked: working it out from the hands is not free
        turn, actual = reported["turn"], state.turn
        if turn != actual:
            raise fail("invalid_turn", f"it is seat {actual}'s turn, not {turn}", ("/turn", f"must be {actual}"))
    round_over = reported.get("round_over")
    if round_over is not None and round_over != state.round_over:
        raise fail(
            "invalid_turn",
            "round_over does not agree with the cards",
            ("/round_over", f"must be {str(state.round_over).lower()}"),
        )
