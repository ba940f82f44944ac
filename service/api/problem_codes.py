"""Every problem code the service answers with: its HTTP status and the params its localized detail may name.

This is the one list of codes. The localized titles and details (``service/i18n/api.json``) must cover every code
here in every language, and every code the sources raise must be here: the tests read the sources and fail on a
code that is missing, so a new code cannot ship untranslated.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProblemCode:
    status: int
    params: tuple[str, ...] = ()
    """The params the detail templates fill in; a template is used only when every one of them is given."""
    variant: str | None = None
    """A param whose value picks a wording of its own (``"<code>.<value>"`` in the details)."""
    engine_worded_in_english: bool = False
    """English answers keep the engine's own message, which names the fault more exactly than any template
    (the position of a JSON syntax error, which limit a body broke); other languages get the template."""


_STATE = ProblemCode(400)

PROBLEMS: dict[str, ProblemCode] = {
    # the request itself
    "bad_request": ProblemCode(400, engine_worded_in_english=True),
    "invalid_json": ProblemCode(400, engine_worded_in_english=True),
    "validation_error": ProblemCode(400),
    "unsupported_media_type": ProblemCode(415),
    "not_found": ProblemCode(404),
    "method_not_allowed": ProblemCode(405, ("method",)),
    "payload_too_large": ProblemCode(413, ("limit",)),
    "length_required": ProblemCode(411),
    "rate_limited": ProblemCode(429),
    "internal_error": ProblemCode(500),
    "unauthorized": ProblemCode(401),
    # games, rules and states
    "unknown_game": ProblemCode(404, ("game",)),
    "rules_error": ProblemCode(400),
    "invalid_rules": ProblemCode(400),
    "invalid_card": ProblemCode(400, ("value",)),
    "invalid_state": _STATE,
    "duplicate_card": ProblemCode(400, ("card",)),
    "missing_cards": ProblemCode(400, ("count",)),
    "invalid_seat": _STATE,
    "invalid_hand_sizes": _STATE,
    "invalid_stock_size": _STATE,
    "invalid_last_capturer": _STATE,
    "invalid_trick": _STATE,
    "invalid_piles": _STATE,
    "invalid_match": _STATE,
    "invalid_turn": _STATE,
    "invalid_trump": _STATE,
    "invalid_observation": _STATE,
    "game_mismatch": ProblemCode(400, ("expected", "got")),
    "illegal_move": ProblemCode(422, ("reason",)),
    "round_not_over": ProblemCode(400),
    "match_over": ProblemCode(400),
    "not_to_act": ProblemCode(400),
    "unknown_level": ProblemCode(400, ("level",)),
    "invalid_sealed_seed": ProblemCode(400),
    "round_mismatch": ProblemCode(400),
    "replay_not_finished": ProblemCode(422),
    # the computer players' pool (service/api/thinking.py): every slot of the host thinking; a search killed
    "suggest_busy": ProblemCode(503),
    "too_many_waiting": ProblemCode(503),
    "invalid_ticket": ProblemCode(401),
    "suggest_timed_out": ProblemCode(503),
    # sessions
    "session_not_found": ProblemCode(404),
    "token_required": ProblemCode(401),
    "api_key_required": ProblemCode(401),
    "invalid_token": ProblemCode(403),
    "owner_token_required": ProblemCode(403),
    "session_sealed": ProblemCode(403, engine_worded_in_english=True),
    "read_only_token": ProblemCode(403),
    "spectator_limit": ProblemCode(409, ("limit",)),
    "idempotency_key_reused": ProblemCode(422),
    "forbidden_seat": ProblemCode(403, ("seat",)),
    "not_your_turn": ProblemCode(403, ("seat", "turn")),
    "invalid_api_key": ProblemCode(403),
    "invalid_if_match": ProblemCode(400),
    "precondition_required": ProblemCode(428),
    "precondition_failed": ProblemCode(412),
    "weak_etag": ProblemCode(412, ("current_version",)),
    "session_quota_exceeded": ProblemCode(429, ("limit", "retry_after"), variant="quota"),
    "store_full": ProblemCode(507, ("retry_after",)),
    "store_unavailable": ProblemCode(503),
    "store_busy": ProblemCode(503),
    "store_corrupt": ProblemCode(503),
    "session_corrupt": ProblemCode(500),
}

VARIANTS: dict[str, tuple[str, ...]] = {"session_quota_exceeded": ("live", "creates")}
"""The values of each code's ``variant`` param that have a wording of their own."""
