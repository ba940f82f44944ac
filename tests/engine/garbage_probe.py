"""The cyclic garbage a run of the engine (or of the strong player) leaves, counted in an interpreter of its own.

``python -m tests.engine.garbage_probe rounds|strong GAME`` prints, as a JSON list, the type of every object the
run left for the cyclic collector. ``tests/engine/test_engine_memory.py`` runs it in a fresh process: a test
worker's other threads (an earlier test's computer seats, its stores' feeds) leave garbage of their own at any
moment, which a count taken there would blame on the engine.
"""

from __future__ import annotations

import gc
import json
import random
import sys

from service.engine.fishing import new_match, table_index
from service.engine.games import GAMES, resolve
from service.players import MAX_BUDGET_MS, observe, suggest


def rounds(name: str) -> None:
    """Thirty random rounds, scored."""
    game, rules = GAMES[name], resolve(name)
    players = 4 if name == "scopone" else 2
    for seed in range(30):
        rng = random.Random(seed)
        state, _ = game.deal(rules, players, seed, players - 1, new_match(rules, players))
        while not state.round_over:
            state, _ = game.play(state, rng.choice(game.legal_moves(state).moves))
        game.score(state)


def strong(name: str) -> None:
    """A round where the strong player makes a fifth of the moves and every move of the last three plays of a
    hand: searches, and exact endgames where the game has them."""
    game, rules = GAMES[name], resolve(name)
    players = game.player_counts[0]
    rng = random.Random(name)
    state, _ = game.deal(rules, players, 3, players - 1, new_match(rules, players))
    while not state.round_over:
        seat = state.turn
        assert seat is not None
        if len(state.hands[seat]) <= 3 or rng.random() < 0.2:
            move = suggest(game, observe(game, state, seat), "strong", 1, MAX_BUDGET_MS, worlds=4).move
        else:
            move = rng.choice(game.legal_moves(state).moves)
        state, _ = game.play(state, move)


RUNS = {"rounds": rounds, "strong": strong}


def main(kind: str, name: str) -> list[str]:
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    RUNS[kind](name)
    table_index.cache_clear()  # evicted summaries must go at once, like every other engine object
    gc.collect()
    return [type(thing).__name__ for thing in gc.garbage]


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
