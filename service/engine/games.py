"""The registry of games, with aliases (``brisca`` is Briscola with the ``brisca`` preset)."""

from __future__ import annotations

from .briscola import Briscola
from .escoba import Escoba
from .scopa import Scopa, Scopone

GAMES = {game.name: game for game in (Scopa(), Scopone(), Escoba(), Briscola())}
ALIASES: dict[str, tuple[str, str]] = {"brisca": ("briscola", "brisca")}
"""alias -> (game, preset applied when the request names none)."""


def find_game(name: str) -> tuple[Scopa | Escoba | Briscola, str | None] | None:
    """The game a path names and the preset its alias implies, or None for an unknown game."""
    if name in GAMES:
        return GAMES[name], None
    if name in ALIASES:
        game, preset = ALIASES[name]
        return GAMES[game], preset
    return None
