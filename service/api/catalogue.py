"""``GET /v1/games``: every game, its player counts, every rule option and preset, its score categories, and the
name of every card in every deck style; localized."""

from __future__ import annotations

from typing import Any

from ..engine import names
from ..engine.games import ALIASES, GAMES, OPTIONS, PRESETS, resolve
from ..engine.options import Option
from . import i18n

TYPES = {"choice": "string", "flag": "boolean", "number": "integer"}


def option_entry(game: str, option: Option, language: str, default: Any) -> dict[str, Any]:
    """One rule option; ``default`` is the value the game (or alias) takes when a request names none."""
    entry: dict[str, Any] = {
        "name": option.name,
        "type": TYPES[option.kind],
        "default": default,
        "description": i18n.option_description(game, option.name, language) or option.description,
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
                "description": i18n.preset_description(game_name, preset.name, language)
                or preset.description,
                "rules": dict(resolve(game_name, preset.name)),
                **({"deck": preset.deck} if preset.deck else {}),
            }
        )
    defaults = dict(resolve(game_name, alias_preset))
    return {
        "id": name,
        "game": game_name,
        "title": i18n.game_title(name, language) or i18n.game_title(game_name, language) or game_name,
        "players": list(game.player_counts),
        "options": [
            option_entry(game_name, option, language, defaults[option.name]) for option in OPTIONS[game_name]
        ],
        "defaults": defaults,
        "presets": presets,
        "aliases": [alias for alias, (target, _) in ALIASES.items() if target == name],
        "score_categories": score_categories(game_name, language),
        **({"preset": alias_preset} if alias_preset else {}),
    }


def all_games(language: str) -> list[dict[str, Any]]:
    return [entry(name, language) for name in (*GAMES, *ALIASES)]


def category_codes(game: str) -> tuple[str, ...]:
    """The stable codes a game's score answers use in ``points`` (``Game.score_categories``)."""
    return GAMES[game].score_categories


def score_categories(game: str, language: str) -> list[dict[str, str]]:
    """Each score category: its stable code and its label in the game's own terms (Escoba's velo)."""
    return [
        {"code": code, "label": i18n.score_label(game, code, language) or code} for code in category_codes(game)
    ]


def score_labels(game: str, codes: Any, language: str) -> dict[str, str]:
    """The labels of the categories a score answer names."""
    return {code: i18n.score_label(game, code, language) or code for code in codes}


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
