"""Engine values survive a pickle: a computer player's answer crosses from the process that thought to the worker
in one (``service/offload.py``), in the compiled build as in the sources.

    python -m tests.engine.pickles     # prints what did not come back, then the engine's file

For every game of the registry: a dealt state, its legal moves, each move, and a greedy suggestion with its
alternatives explained, each pickled and read back: equal to what was pickled, its cards the deck's own.
"""

from __future__ import annotations

import pickle
from typing import Any

from service.engine.cards import DECK, Card
from service.engine.fishing import new_match
from service.engine.games import GAMES, resolve
from service.players.observation import observe
from service.players.suggest import suggest

SEED = 7


def cards_in(value: Any) -> list[Any]:
    """Every card reachable through tuples, lists, dicts and the attributes of ``value``."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [card for item in value for card in cards_in(item)]
    if isinstance(value, dict):
        return [card for item in value.values() for card in cards_in(item)]
    fields = getattr(type(value), "__slots__", ()) or getattr(type(value), "__dataclass_fields__", {})
    return [card for name in fields for card in cards_in(getattr(value, name, None))]


def problems() -> list[str]:
    found = []
    for name, game in sorted(GAMES.items()):
        rules = resolve(name)
        players = game.player_counts[0]
        state = game.deal(rules, players, SEED, players - 1, new_match(rules, players))[0]
        legal = game.legal_moves(state)
        assert legal.seat is not None
        hint = suggest(game, observe(game, state, legal.seat), "greedy", SEED, explain=3)
        for what, value in (("state", state), ("legal moves", legal), ("suggestion", hint), *(
            (f"move {move.to_json()}", move) for move in legal.moves
        )):  # fmt: skip
            try:
                back = pickle.loads(pickle.dumps(value))
            except Exception as error:  # reported, with the game and the value
                found.append(f"{name}: {what}: {type(error).__name__}: {error}")
                continue
            if back != value:
                found.append(f"{name}: {what} came back different: {back!r}")
            elif any(card is not DECK[card.index] for card in cards_in(back)):
                found.append(f"{name}: {what} came back with cards that are not the deck's")
    return found


if __name__ == "__main__":
    import service.engine.fishing.state as fishing_state

    for line in problems():
        print(line)
    print(fishing_state.__file__)
