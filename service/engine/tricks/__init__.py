"""The trick-taking family (RULES.md 6: Briscola / Brisca): its states, moves, checks, JSON, play, score and
computer-player hooks, all here; a game of the family is a module of its own built on ``common.py``."""

from __future__ import annotations

from .briscola import Briscola
from .state import BriscolaState, ExchangeTrump, PlayCard, TrickCard

__all__ = ["Briscola", "BriscolaState", "ExchangeTrump", "PlayCard", "TrickCard"]
