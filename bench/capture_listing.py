"""Listing a fishing game's legal moves against a naive depth-first search, in instructions (callgrind).

    python -m bench.capture_listing [--calls 20] [--sizes 4,8,12,16,20,24,34]

For Scopa (default rules) and Escoba (``capture_obligation: none``, so every card may also be laid), at each table
size: the position ``bench/engine.py`` builds to be expensive (the mover holds the cards with the most capture
sets), then

- the engine: ``legal_moves`` on a new state object with the table summaries forgotten, ``--calls`` times,
  counted by callgrind, less the same process running the same loop with a listing made beforehand in place of
  each call (the states made, the summaries forgotten and the answer read in both: only the calls differ), over
  the calls;
  ``make run``'s compiled copy (``build/compiled``) when it is there, else (or with ``--sources``) the sources;
  the table says which;
- the naive search (``bench/naive_captures.js``, node): every subset of the table tried at every card, with no
  pruning, each listed as a move, the same way.

The engine stops listing at 2,000 moves (``total`` still counts them all); the naive search lists every one, so
from 16 cards on it lists more: the table gives both counts, and the cost per listed move of each.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAIVE = ROOT / "bench" / "naive_captures.js"
SIZES = (4, 8, 12, 16, 20, 24, 34)
CASES = {"scopa": {}, "escoba": {"capture_obligation": "none"}}


def position(game_name: str, size: int) -> tuple[Any, Any]:
    from bench.engine import table_state
    from service.engine.games import resolve

    return table_state(game_name, size, resolve(game_name, overrides=CASES[game_name]))


def naive_position(game_name: str, size: int) -> dict[str, Any]:
    """The position as the naive search reads it: each hand card's sum, whether a rank match decides its capture
    (Scopa), and whether it may be laid (what the engine's own listing says)."""
    from service.engine.games import GAMES

    state = position(game_name, size)
    game = GAMES[game_name]
    moves = game.legal_moves(state, None).moves
    laid = {move.card.code for move in moves if move.capture == ()}
    table = [{"code": card.code, "value": card.rank} for card in state.table]
    hand = []
    for card in state.hands[state.turn]:
        matched = game_name == "scopa" and any(other.rank == card.rank for other in state.table)
        wanted = card.rank if game_name == "scopa" else 15 - card.rank
        hand.append({"code": card.code, "sum": wanted, "rank_match": matched, "lay": card.code in laid})
    return {"table": table, "hand": hand}


def work(game_name: str, size: int, calls: int, lists: bool) -> str:
    """The engine's side: ``calls`` cold listings, each of a new state object with the table summaries forgotten,
    when ``lists``; otherwise the same loop doing the same bookkeeping with a listing made beforehand in
    place of each call (the run subtracted: what is left is the calls' own cost). What was listed, and the file the
    engine was imported from."""
    from service.engine.fishing.sets import table_index
    from service.engine.games import GAMES

    state = position(game_name, size)
    states = [state._replace() for _ in range(calls)]
    game = GAMES[game_name]
    ready = game.legal_moves(state, None)
    listed = total = 0
    for fresh in states:
        table_index.cache_clear()
        found = game.legal_moves(fresh, None) if lists else ready
        listed, total = len(found.moves), found.total
    import service.engine.fishing.capture as capture

    return json.dumps({"listed": listed, "total": total, "compiled": capture.__file__.endswith(".so")})


def counted(argv: list[str], stdin: str | None = None) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(scratch) / 'out'}", *argv],
            input=stdin, env={**os.environ, "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=True,
        )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {done.stderr[-500:]}")
    return int(found.group(1)), done.stdout.strip()


COMPILED = ROOT / "build" / "compiled"
"""``make run``'s compiled copy of the service: counted when it is there, else the sources."""


def engine_cost(game_name: str, size: int, calls: int, build: Path) -> tuple[float, dict[str, Any]]:
    me = [sys.executable, str(Path(__file__).resolve()), "--tree", str(build), "--work", game_name, str(size)]
    base, _ = counted([*me, str(calls), "bookkeeping"])
    total, said = counted([*me, str(calls), "lists"])
    return (total - base) / calls, json.loads(said)


NAIVE_MOVES = 100_000
"""About how many moves the naive search lists in each counted run: its calls are as many as that takes."""
NODE_FLAGS = ("--single-threaded",)
"""V8 compiles and collects on threads of its own unless told otherwise: their share of a count would vary."""


def naive_cost(game_name: str, size: int, listed_by_engine: int) -> tuple[float, int]:
    """Instructions a call: the difference of two runs, each after the same warm-up, leaves out node's start and
    its compiler's warm-up."""
    given = json.dumps(naive_position(game_name, size))
    node = ["node", *NODE_FLAGS, str(NAIVE)]
    _, listed = counted([*node, "0", "1"], given)
    calls = max(2, NAIVE_MOVES // max(int(listed), listed_by_engine, 1))
    low, _ = counted([*node, str(calls), str(calls)], given)
    high, _ = counted([*node, str(calls), str(2 * calls)], given)
    return (high - low) / calls, int(listed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--sources", action="store_true", help="count the sources even if build/compiled is there")
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    parser.add_argument("--work", nargs=4, metavar=("GAME", "SIZE", "CALLS", "LISTS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        sys.path[0:1] = [args.tree, str(ROOT)]  # not bench/ itself (its http.py): the tree counted, then ROOT
        print(work(args.work[0], int(args.work[1]), int(args.work[2]), args.work[3] == "lists"))
        return
    for tool in ("valgrind", "node"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is needed (Debian: apt-get install valgrind nodejs)")
    sizes = [int(size) for size in args.sizes.split(",")]
    build = ROOT if args.sources or not (COMPILED / "service").is_dir() else COMPILED
    print("| game | table cards | build | listed (engine / naive) | instructions a call (engine / naive) "
          "| a listed move (engine / naive) | engine / naive, a call | engine / naive, a move |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for game_name in CASES:
        for size in sizes:
            ours, said = engine_cost(game_name, size, args.calls, build)
            naive, naive_listed = naive_cost(game_name, size, said["listed"])
            kind = "compiled" if said["compiled"] else "sources"
            per_move, naive_per_move = ours / max(said["listed"], 1), naive / max(naive_listed, 1)
            cells = [
                game_name, str(size), kind, f"{said['listed']:,} / {naive_listed:,}", f"{ours:,.0f} / {naive:,.0f}",
                f"{per_move:,.0f} / {naive_per_move:,.0f}", f"{ours / naive:.2f}", f"{per_move / naive_per_move:.2f}",
            ]  # fmt: skip
            print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
