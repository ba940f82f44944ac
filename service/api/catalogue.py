"""``GET /v1/games``: every game, its player counts, every rule option and preset, localized."""

from __future__ import annotations

from typing import Any

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
        **({"preset": alias_preset} if alias_preset else {}),
    }


def all_games(language: str) -> list[dict[str, Any]]:
    return [entry(name, language) for name in (*GAMES, *ALIASES)]
