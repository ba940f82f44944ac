"""Instructions per round of every game's engine, counted by callgrind: load-free, so two trees can be compared.

    python -m bench.engine_instructions [--rounds 200] [--games scopa,briscola] [--against REV]

For each game and tree: 20 warm-up rounds (seeds 10,000,000 on), then ``--rounds`` seeded random rounds, seeds
1..N, default rules, 2 players (Scopone 4), each as ``bench/engine.py`` plays it: the deal from the seed, then at
every step ``legal_moves`` and ``play`` of ``random.Random(seed).choice`` of the moves, then ``score``. The count
at N less the count at 0, over N, is the cost of a round; importing the engine is left out by the subtraction.
``PYTHONHASHSEED=0`` and the pure-Python sources, so a count repeats to within a few hundred instructions.
``--against REV`` counts that revision too (a ``git archive`` copy), with a digest of every move chosen, so
that both trees are seen to play the same rounds.

The worker (``--work``) imports only what every tree since the family packages has: ``GAMES`` and ``resolve``
from ``service.engine.games`` and ``new_match`` from ``service.engine.fishing``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 20
WARM_UP_SEEDS = 10_000_000
FOUR_PLAYERS = ("scopone",)


def work(game_name: str, rounds: int) -> str:
    """Play the warm-up and ``rounds`` rounds; the digest of every move chosen."""
    import random

    from service.engine.fishing import new_match
    from service.engine.games import GAMES, resolve

    game, rules = GAMES[game_name], resolve(game_name)
    players = 4 if game_name in FOUR_PLAYERS else 2
    digest = hashlib.sha256()
    seeds = [WARM_UP_SEEDS + n for n in range(WARM_UP)] + list(range(1, rounds + 1))
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = game.deal(rules, players, seed, players - 1, new_match(rules, players))
        while not state.round_over:
            move = rng.choice(game.legal_moves(state).moves)
            digest.update(repr(move).encode())
            state, _ = game.play(state, move)
        game.score(state)
    return digest.hexdigest()[:16]


def count(tree: Path, game: str, rounds: int) -> tuple[int, str]:
    """Instructions of a worker run on ``tree``, and its move digest."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0", "CARDRULES_PURE_PYTHON": "1", "PYTHONPATH": str(tree)}
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--work",
             game, str(rounds)],
            env=env, cwd=scratch, capture_output=True, text=True, check=True,
        )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {done.stderr[-500:]}")
    return int(found.group(1)), done.stdout.strip()


def per_round(tree: Path, game: str, rounds: int) -> tuple[float, str]:
    base, _ = count(tree, game, 0)
    total, digest = count(tree, game, rounds)
    return (total - base) / rounds, digest


def archived(revision: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", revision, "service"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--games", default="", help="comma-separated; default every game of the registry")
    parser.add_argument("--against", default="", help="a revision to count as well, e.g. ada9d41")
    parser.add_argument("--work", nargs=2, metavar=("GAME", "ROUNDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        print(work(args.work[0], int(args.work[1])))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (Debian: apt-get install valgrind)")
    sys.path.insert(0, str(ROOT))
    from service.engine.games import GAMES

    games = [name for name in args.games.split(",") if name] or sorted(GAMES)
    scratch = Path(tempfile.mkdtemp(prefix="engine-instructions-"))
    try:
        other = archived(args.against, scratch) if args.against else None
        print(f"instructions per round, {args.rounds} rounds, pure-Python sources, PYTHONHASHSEED=0")
        header = "| game | this tree |" + (f" {args.against} | this / {args.against} | same moves |" if other else "")
        print(header)
        print("| --- | ---: |" + (" ---: | ---: | --- |" if other else ""))
        for game in games:
            here, digest = per_round(ROOT, game, args.rounds)
            row = f"| {game} | {here:,.0f} |"
            if other is not None:
                try:
                    there, their_digest = per_round(other, game, args.rounds)
                except subprocess.CalledProcessError:
                    row += " (not in that tree) | | |"
                else:
                    row += f" {there:,.0f} | {here / there:.4f} | {'yes' if digest == their_digest else 'NO'} |"
            print(row, flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
