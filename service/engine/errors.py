"""Every error a caller can cause has a class and a stable code; HTTP statuses are mapped in the API layer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


def pointer(*parts: object) -> str:
    """A JSON Pointer (RFC 6901) from path segments."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


@dataclass(frozen=True)
class FieldProblem:
    """One bad field: a JSON Pointer relative to the object that was checked, and why."""

    pointer: str
    message: str


class RulesError(Exception):
    """Base of every engine error; ``code`` is stable and machine-readable."""

    code = "rules_error"

    def __init__(self, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.params: dict[str, Any] = dict(params or {})


class InvalidCard(RulesError):
    code = "invalid_card"

    def __init__(self, value: object) -> None:
        super().__init__(
            f"{value!r} is not a card code (rank 1-10 then D, C, S or B, e.g. '7D')", {"value": value}
        )


class InvalidRules(RulesError):
    """An unknown rule option, preset or value (RULES.md section 7: a 400)."""

    code = "invalid_rules"

    def __init__(self, message: str, problems: Sequence[FieldProblem]) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class InvalidState(RulesError):
    """A state that cannot occur in the game (API.md, consistency checks)."""

    code = "invalid_state"

    def __init__(self, code: str, message: str, problems: Sequence[FieldProblem]) -> None:
        super().__init__(message)
        self.code = code
        self.problems = tuple(problems)


class RoundNotOver(RulesError):
    code = "round_not_over"


class MatchOver(RulesError):
    code = "match_over"


class Reason(StrEnum):
    """Why the rules refuse a well-formed move: the ``reason`` of a 422 and of ``validate`` (API.md, Errors)."""

    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"  # a replay with moves after the match was won
    CARD_NOT_IN_HAND = "card_not_in_hand"
    # Scopa, Scopone, Escoba (RULES.md 3-5)
    AMBIGUOUS_CAPTURE = "ambiguous_capture"
    MUST_CAPTURE = "must_capture"
    CAPTURE_NOT_ON_TABLE = "capture_not_on_table"
    ACE_TAKES_ALL = "ace_takes_all"
    MUST_TAKE_SINGLE_CARD = "must_take_single_card"
    WRONG_SUM = "wrong_sum"
    MUST_TAKE_MORE_CARDS = "must_take_more_cards"
    MUST_TAKE_FEWER_CARDS = "must_take_fewer_cards"
    # trick games without trumps (RULES.md 8)
    MUST_FOLLOW_SUIT = "must_follow_suit"
    # Briscola trump exchange (RULES.md 6)
    EXCHANGE_OFF = "exchange_off"
    EXCHANGE_STOCK_EMPTY = "exchange_stock_empty"
    EXCHANGE_NOT_IN_HAND = "exchange_not_in_hand"
    EXCHANGE_NOT_TRUMP = "exchange_not_trump"
    EXCHANGE_NOT_ALLOWED = "exchange_not_allowed"
    # Briscola chiamata's auction and call (RULES.md 9)
    WRONG_PHASE = "wrong_phase"
    BID_TOO_LOW = "bid_too_low"
    POINTS_NEED_TWO = "points_need_two"
    BID_NEEDS_POINTS = "bid_needs_points"


class IllegalMove(RulesError):
    """A well-formed move the rules forbid; ``reason`` says which rule."""

    code = "illegal_move"

    def __init__(self, reason: Reason, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, params)
        self.reason = reason


class AmbiguousCapture(IllegalMove):
    """A move without ``capture`` whose card has several capture sets (API.md, Moves)."""

    def __init__(self, card_code: str, options: Sequence[Sequence[str]]) -> None:
        super().__init__(
            Reason.AMBIGUOUS_CAPTURE,
            f"{card_code} can capture in {len(options)} ways: name the cards in 'capture'",
            {"card": card_code, "options": [list(option) for option in options]},
        )
