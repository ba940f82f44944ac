"""A transcript of seeded random rounds of every game under every rule option, as plain text.

Everything the engine decides goes in: deals, legal-move listings, the verdict on a random (often illegal)
move, each move played and its events, validation of a corrupted state, and the score. Two builds of the engine
that play the same rules give the same transcript; ``python tests/engine/transcript.py`` prints its digest, so
a second interpreter (another build of the engine on its path) can be compared without sharing objects.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Iterator
from typing import Any

from service.engine.cards import DECK
from service.engine.errors import RulesError
from service.engine.fishing import Capture, new_match
from service.engine.games import GAMES, OPTIONS, PRESETS, resolve
from service.engine.options import Rules
from service.engine.tricks import ExchangeTrump, PlayCard


def rule_variants(game: str) -> Iterator[Rules]:
    """The defaults, every preset, and each option at each of its other values."""
    yield resolve(game)
    for preset in PRESETS[game]:
        yield resolve(game, preset)
    for option in OPTIONS[game]:
        values = {"flag": [not option.default], "choice": list(option.choices), "number": [option.minimum]}
        for value in values[option.kind]:
            if value != option.default:
                try:
                    yield resolve(game, overrides={option.name: value})
                except RulesError:
                    continue


def text(value: Any) -> str:
    """Cards by code, moves and events by their fields: the same text from either build."""
    if hasattr(value, "code") and hasattr(value, "rank"):
        return str(value.code)
    if isinstance(value, tuple | list):
        return "[" + ",".join(map(text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{text(item)}" for key, item in sorted(value.items())) + "}"
    if isinstance(value, Capture | PlayCard | ExchangeTrump):
        fields = ("card", "capture") if isinstance(value, Capture) else ("card",)
        return type(value).__name__ + "(" + ",".join(text(getattr(value, name)) for name in fields) + ")"
    if hasattr(value, "type") and hasattr(value, "data"):
        return f"{value.type}{text(value.data)}"
    return repr(value)


def random_move(state: Any, seat: int | None, rng: random.Random) -> Any:
    hand = state.hands[seat] if seat is not None else ()
    card = rng.choice(hand) if hand and rng.random() < 0.8 else rng.choice(DECK)
    if state.game == "briscola":
        return ExchangeTrump(card) if rng.random() < 0.1 else PlayCard(card)
    if not hasattr(state, "table"):  # a trick game without exchanges (Tressette)
        return PlayCard(card)
    table = list(state.table)
    return Capture(card, tuple(rng.sample(table, rng.randint(0, len(table)))) if rng.random() < 0.8 else None)


def play_round(game: Any, rules: Rules, players: int, seed: int, out: list[str]) -> None:
    rng = random.Random(seed)
    state, events = game.deal(rules, players, seed, seed % players, new_match(rules, players))
    out.append(f"deal {rules!r} {players} {seed} {text(state.hands)} {text(events)}")
    while not state.round_over:
        listed = game.legal_moves(state)
        out.append(f"legal {listed.seat} {listed.total} {text(listed.moves)}")
        try:
            out.append("check " + text(game.check(state, random_move(state, listed.seat, rng))))
        except RulesError as error:
            out.append(f"refused {error.code} {getattr(error, 'reason', '')}")
        state, events = game.play(state, rng.choice(listed.moves))
        out.append("events " + text(events))
    corrupted = state._replace(captures=(state.captures[0] + state.captures[0][:1], *state.captures[1:]))
    try:
        game.validate(corrupted)
        out.append("corrupted accepted")
    except RulesError as error:
        out.append(f"corrupted {error.code}")
    result = game.score(state)
    sides = [(side.side, side.seats, side.points, side.total) for side in result.sides]
    match = [getattr(result.match, key) for key in ("scores", "target", "round", "over", "winner")]
    out.append(f"score {text(sides)} {text(match)} {result.winner}")


def transcript(seeds: int = 2) -> list[str]:
    out: list[str] = []
    for name, game in GAMES.items():
        for rules in rule_variants(name):
            for players in game.player_counts:
                for seed in range(seeds):
                    try:
                        play_round(game, rules, players, seed, out)
                    except RulesError as error:  # a player count the game does not have
                        out.append(f"no deal {name} {players}: {error.code}")
    return out


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


if __name__ == "__main__":
    import service.engine.fishing

    print(digest(transcript(int(sys.argv[1]) if len(sys.argv) > 1 else 2)))
    print(service.engine.fishing.__file__)
