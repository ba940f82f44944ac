"""Localized texts of the API: problem titles and details, illegal-move reasons, rule options, presets, games;
and the catalogue of ``GET /v1/games``: every game, its player counts, every rule option and preset, its score
categories, and the name of every card in every deck style.

Pure functions of a language string; the HTTP layer picks the language with
``request.accept_languages.best_match(SUPPORTED, default="en")``. The texts are data, ``service/i18n/api.json``
(one entry per language for each key), read once at import; English is the fallback for anything else.

- titles and details: every problem code of ``PROBLEMS``, in every language; placeholders are the
  params each code documents (a detail whose params are not all given leaves the engine's English message),
  ``"<code>.<value>"`` is the wording of one value of a code's variant param, and ``illegal_move`` shows the
  reason's own text.
- reasons: the illegal-move reasons (docs/api.md, Moves; docs/rules.md).
- hints: what a move does, the reasons of a suggestion's alternatives (docs/players.md, A hint that explains).
- options: rule options; a "game.option" entry overrides the shared one for that game. presets: "game.preset".
- score_categories: the score's stable category codes as players of each game name them ("escoba.settebello"
  is the velo).

``PROBLEMS``: every problem code the service answers with: its HTTP status and the params its localized detail
may name.

This is the one list of codes. The localized titles and details (``service/i18n/api.json``) must cover every code
there in every language, and every code the sources raise must be there: the tests read the sources and fail on a
code that is missing, so a new code cannot ship untranslated.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import names
from ..engine.games import ALIASES, GAMES, OPTIONS, PRESETS, resolve
from ..engine.options import Option
from ..players import LEVEL_LABELS

# -- the problem codes ------------------------------------------------------------------------------------------


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
    "invalid_auction": _STATE,
    "invalid_partner": _STATE,
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


# -- the texts --------------------------------------------------------------------------------------------------

DATA = Path(__file__).resolve().parents[1] / "i18n" / "api.json"

Texts = tuple[str, ...]
"""One text per language, in the order of ``SUPPORTED``."""


def _load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


_DATA = _load()
SUPPORTED: tuple[str, ...] = tuple(_DATA["languages"])


def _texts(entry: Mapping[str, str]) -> Texts:
    """One entry of the data file as a row in the order of ``SUPPORTED``; every language must be there."""
    missing = [language for language in SUPPORTED if not entry.get(language)]
    if missing:
        raise ValueError(f"{DATA.name}: an entry lacks {', '.join(missing)}: {entry}")
    return tuple(entry[language] for language in SUPPORTED)


def _table(name: str) -> dict[str, Texts]:
    return {key: _texts(entry) for key, entry in _DATA[name].items()}


_GENERIC_TITLE: Texts = _texts(_DATA["generic_title"])
_TITLES = _table("titles")
_DETAILS = _table("details")
_REASONS = _table("reasons")
_HINTS = _table("hints")
_OPTIONS = _table("options")
_PRESETS = _table("presets")
_GAMES = _table("games")
_SCORE_CATEGORIES = _table("score_categories")
_LEVELS = _table("levels")
_GAME_ALIASES: dict[str, str] = dict(_DATA["game_aliases"])

PROBLEM_CODES: tuple[str, ...] = tuple(PROBLEMS)
REASONS: tuple[str, ...] = tuple(_REASONS)
HINTS: tuple[str, ...] = tuple(_HINTS)


class _Params(dict[str, str]):
    """Format parameters that leave an unknown ``{placeholder}`` as it is, and note it, instead of raising."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.missing: set[str] = set()

    def __missing__(self, key: str) -> str:
        self.missing.add(key)
        return "{" + key + "}"


def _display(value: object) -> str:
    """A param as text: lists are joined with commas, a nested list (one capture set) with '+'."""
    if isinstance(value, list | tuple):
        return ", ".join(
            "+".join(map(str, item)) if isinstance(item, list | tuple) else str(item) for item in value
        )
    return str(value)


def _format(template: str, params: Mapping[str, object] | None) -> str | None:
    """The template filled in; None when a param it names is missing, so the caller keeps its own message."""
    given = (params or {}).items()
    values = _Params({str(key): _display(value) for key, value in given if value is not None})
    text = template.format_map(values)
    return None if values.missing else text


def language_index(language: str | None) -> int:
    """Position of a language tag (``"sv"``, ``"it-IT"``) in ``SUPPORTED``; English for anything else."""
    primary = (language or "").strip().lower().replace("_", "-").split("-")[0]
    return SUPPORTED.index(primary) if primary in SUPPORTED else 0


def problem_text(
    code: str, language: str, params: Mapping[str, object] | None = None
) -> tuple[str, str | None]:
    """The localized ``title`` of a problem code and its ``detail``.

    The detail is None when the code has no template or ``params`` lack one the template needs: the caller
    then keeps the engine's English message. An ``illegal_move`` with a known ``reason`` gets that reason's
    text.
    """
    index = language_index(language)
    title = _TITLES.get(code, _GENERIC_TITLE)[index]
    reason = (params or {}).get("reason")
    if code == "illegal_move" and isinstance(reason, str) and reason in _REASONS:
        return title, reason_text(reason, language, params)
    known = PROBLEMS.get(code)
    variant = None if known is None or known.variant is None else (params or {}).get(known.variant)
    template = _DETAILS.get(f"{code}.{variant}") if variant is not None else None
    template = template or _DETAILS.get(code)
    return title, None if template is None else _format(template[index], params)


def untranslated_codes() -> list[str]:
    """The problem codes that lack a title or a detail (or a variant's wording): none, once the data is complete."""
    lacking = [code for code in PROBLEMS if code not in _TITLES or code not in _DETAILS]
    wordings = [f"{code}.{value}" for code, values in VARIANTS.items() for value in values]
    return lacking + [wording for wording in wordings if wording not in _DETAILS]


def reason_text(reason: str, language: str, params: Mapping[str, object] | None = None) -> str | None:
    """The localized message of an illegal-move reason; None for an unknown reason or a missing param."""
    texts = _REASONS.get(reason)
    return None if texts is None else _format(texts[language_index(language)], params)


def hint_text(code: str, language: str, params: Mapping[str, object] | None = None) -> str | None:
    """The localized words of a hint's reason; None for an unknown code or a missing param."""
    texts = _HINTS.get(code)
    return None if texts is None else _format(texts[language_index(language)], params)


def _game(game: str) -> str:
    return _GAME_ALIASES.get(game, game)


def option_description(game: str, option: str, language: str) -> str | None:
    """One line describing a rule option of a game, or None when the game has no such option."""
    game = _game(game)
    if option not in {known.name for known in OPTIONS.get(game, ())}:
        return None
    texts = _OPTIONS.get(f"{game}.{option}") or _OPTIONS.get(option)
    return None if texts is None else texts[language_index(language)]


def preset_description(game: str, preset: str, language: str) -> str | None:
    """One line describing a preset of a game, or None when the game has no such preset."""
    game = _game(game)
    if preset not in PRESETS.get(game, {}):
        return None
    texts = _PRESETS.get(f"{game}.{preset}")
    return None if texts is None else texts[language_index(language)]


def game_title(game: str, language: str) -> str | None:
    """The name of a game as players of that language write it, or None for an unknown game."""
    texts = _GAMES.get(game)
    return None if texts is None else texts[language_index(language)]


def score_label(game: str, category: str, language: str) -> str | None:
    """A score category (``settebello``, ``card_points``, ...) in the game's own terms, or None when unknown."""
    game = _game(game)
    texts = _SCORE_CATEGORIES.get(f"{game}.{category}") or _SCORE_CATEGORIES.get(category)
    return None if texts is None else texts[language_index(language)]


# -- the catalogue ----------------------------------------------------------------------------------------------

TYPES = {"choice": "string", "flag": "boolean", "number": "integer"}


def option_entry(game: str, option: Option, language: str, default: Any) -> dict[str, Any]:
    """One rule option; ``default`` is the value the game (or alias) takes when a request names none."""
    entry: dict[str, Any] = {
        "name": option.name,
        "type": TYPES[option.kind],
        "default": default,
        "description": option_description(game, option.name, language) or option.description,
    }
    if option.kind == "choice":
        entry["values"] = list(option.choices)
    elif option.kind == "flag":
        entry["values"] = [False, True]
    else:
        entry["minimum"], entry["maximum"] = option.minimum, option.maximum
    return entry


def entry(name: str, language: str) -> dict[str, Any]:
    game_name, alias_preset = ALIASES.get(name, (name, None))
    game = GAMES[game_name]
    presets = []
    for preset in PRESETS[game_name].values():
        presets.append(
            {
                "name": preset.name,
                "description": preset_description(game_name, preset.name, language)
                or preset.description,
                "rules": dict(resolve(game_name, preset.name)),
                **({"deck": preset.deck} if preset.deck else {}),
            }
        )
    defaults = dict(resolve(game_name, alias_preset))
    return {
        "id": name,
        "game": game_name,
        "title": game_title(name, language) or game_title(game_name, language) or game_name,
        "players": list(game.player_counts),
        "shape": game.shape.describe(),
        "options": [
            option_entry(game_name, option, language, defaults[option.name]) for option in OPTIONS[game_name]
        ],
        "defaults": defaults,
        "presets": presets,
        "aliases": [alias for alias, (target, _) in ALIASES.items() if target == name],
        "score_categories": score_categories(game_name, language),
        "levels": levels(language),
        **({"preset": alias_preset} if alias_preset else {}),
    }


def levels(language: str) -> list[dict[str, str]]:
    """The computer players' levels, each with what a frontend calls it (``players.LEVEL_LABELS``)."""
    at = language_index(language)
    return [{"level": level, "label": label, "title": _LEVELS[label][at]} for level, label in LEVEL_LABELS.items()]


def all_games(language: str) -> list[dict[str, Any]]:
    return [entry(name, language) for name in (*GAMES, *ALIASES)]


def category_codes(game: str) -> tuple[str, ...]:
    """The stable codes a game's score answers use in ``points`` (``Game.score_categories``)."""
    return GAMES[game].score_categories


def score_categories(game: str, language: str) -> list[dict[str, str]]:
    """Each score category: its stable code and its label in the game's own terms (Escoba's velo)."""
    return [
        {"code": code, "label": score_label(game, code, language) or code} for code in category_codes(game)
    ]


def score_labels(game: str, codes: Any, language: str) -> dict[str, str]:
    """The labels of the categories a score answer names."""
    return {code: score_label(game, code, language) or code for code in codes}


def labelled(game: str, events: list[dict[str, Any]], language: str) -> list[dict[str, Any]]:
    """Logged events in the reader's language: a round's score gets the labels of the categories it names (the
    log keeps none: ``sessions.log``)."""
    return [_labelled(game, event, language) for event in events]


def _labelled(game: str, event: dict[str, Any], language: str) -> dict[str, Any]:
    score = event.get("score")
    if not isinstance(score, dict):
        return event
    scored = {code for side in score.get("sides", ()) for code in side.get("points", {})}
    codes = [code for code in category_codes(game) if code in scored]
    return {**event, "score": {**score, "labels": score_labels(game, codes, language)}}


def card_names(language: str) -> dict[str, Any]:
    """Every card's name, every rank's and every suit's, in each deck style, in the caller's language."""
    chosen = names.language_of(language)
    return {
        "language": chosen,
        "decks": {
            deck: {
                "cards": names.deck_names(deck, chosen),
                "ranks": names.rank_names(deck, chosen),
                "suits": names.suit_names(deck, chosen),
            }
            for deck in names.DECK_STYLES
        },
    }
