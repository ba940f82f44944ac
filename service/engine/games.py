"""The registry of games, with aliases (``brisca`` is Briscola with the ``brisca`` preset).

A new game is a module of its family implementing ``Game`` and one line here; nothing outside the families
names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .fishing import Cirulla, Escoba, Scopa, Scopone
from .game import Game
from .options import Option, Preset, Rules
from .tricks import Briscola
from .tricks.chiamata import BriscolaChiamata
from .tricks.tressette import Tressette

_GAMES: tuple[Game, ...] = (Scopa(), Scopone(), Escoba(), Briscola(), Tressette(), Cirulla(), BriscolaChiamata())
GAMES: dict[str, Game] = {game.name: game for game in _GAMES}
ALIASES: dict[str, tuple[str, str]] = {"brisca": ("briscola", "brisca")}
"""alias -> (game, preset applied when the request names none)."""

OPTIONS: dict[str, tuple[Option, ...]] = {name: game.rulebook.options for name, game in GAMES.items()}
PRESETS: dict[str, dict[str, Preset]] = {name: game.rulebook.presets for name, game in GAMES.items()}


def find_game(name: str) -> tuple[Game, str | None] | None:
    """The game a path names and the preset its alias implies, or None for an unknown game."""
    if name in GAMES:
        return GAMES[name], None
    if name in ALIASES:
        game, preset = ALIASES[name]
        return GAMES[game], preset
    return None


def resolve(game: str, preset: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """A game's rules by its name: the defaults, then the preset, then single overrides (RULES.md 7)."""
    return GAMES[game].rulebook.resolve(preset, overrides)


def preset_for(game: str, name: str) -> Preset:
    return GAMES[game].rulebook.preset(name)
