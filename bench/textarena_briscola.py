"""Instructions per Briscola game: this engine (pure and compiled) against textarena's Briscola, by callgrind.

    python -m bench.textarena_briscola [--rounds 50]

Both sides play 2-player games of random legal plays from seeded deals, after the same 20 warm-up games, and each
count is the run of N games less the run of 0 (imports and start-up left out), over N:

- this engine: ``bench/engine_instructions.py``'s workload (the deal, then ``legal_moves`` and ``play`` of a random
  legal move until the round is over, then ``score``), on the pure-Python sources and on ``make run``'s compiled
  copy (``build/compiled``, built first if missing);
- textarena (``textarena==0.7.4``, installed into ``build/textarena-venv`` the first time, from the package index):
  ``BriscolaEnv.reset`` and ``step("[play k]")`` with k a random card of the hand of the player to act, until the
  game is done, then ``close``. That is the engine's share of textarena's loop; its agents also read
  ``get_observation()`` before each step, counted apart in the last column.

Textarena shuffles with the global ``random``, seeded per game. The two sides play different deals: a game's
count depends on its deal only through its length, which is 40 plays in both.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "build" / "textarena-venv"
TEXTARENA = "textarena==0.7.4"
COMPILED = ROOT / "build" / "compiled"
WARM_UP = 20
WARM_UP_SEEDS = 10_000_000


def textarena_work(rounds: int, observed: bool) -> str:
    """Play the warm-up and ``rounds`` games in textarena; the plays made, as a check that games were played."""
    import random

    from textarena.envs.Briscola.env import BriscolaEnv

    env = BriscolaEnv()
    plays = 0
    for seed in [WARM_UP_SEEDS + n for n in range(WARM_UP)] + list(range(1, rounds + 1)):
        random.seed(seed)  # the deal
        chooser = random.Random(seed)
        env.reset(num_players=2, seed=seed)
        done = False
        while not done:
            if observed:
                env.get_observation()
            player = env.state.current_player_id
            hand = env.state.game_state["players"][player]["hand"]
            done, _ = env.step(f"[play {chooser.randrange(len(hand)) + 1}]")
            plays += 1
        env.close()
    return str(plays)


def counted(argv: list[str], path: str) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": path}
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(scratch) / 'out'}", *argv],
            env=env, cwd=scratch, capture_output=True, text=True, check=True,
        )  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {done.stderr[-500:]}")
    return int(found.group(1))


def per_game(argv: Callable[[int], list[str]], path: str, rounds: int) -> float:
    """Instructions a game: the run of ``rounds`` games less the run of none, over ``rounds``."""
    return (counted(argv(rounds), path) - counted(argv(0), path)) / rounds


def ensure_textarena() -> Path:
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"==> installing {TEXTARENA} into {VENV.relative_to(ROOT)} (once; about 20 s)", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", TEXTARENA], check=True)
    return python


def ensure_compiled() -> None:
    if not (COMPILED / ".built").exists():
        print("==> building make run's compiled copy first", flush=True)
        subprocess.run(["make", "--no-print-directory", "build/compiled/.built"], cwd=ROOT, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--textarena-work", nargs=2, metavar=("ROUNDS", "OBSERVED"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.textarena_work:
        del sys.path[0]  # bench/ itself: its http.py would stand in for the standard library's, which textarena uses
        print(textarena_work(int(args.textarena_work[0]), args.textarena_work[1] == "observed"))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (Debian: apt-get install valgrind)")
    python = ensure_textarena()
    ensure_compiled()
    ours = [sys.executable, str(ROOT / "bench" / "engine_instructions.py"), "--work", "briscola"]
    theirs = [str(python), str(Path(__file__).resolve()), "--textarena-work"]
    pure = per_game(lambda games: [*ours, str(games)], str(ROOT), args.rounds)
    compiled = per_game(lambda games: [*ours, str(games)], str(COMPILED), args.rounds)
    stepped = per_game(lambda games: [*theirs, str(games), "stepped"], "", args.rounds)
    observed = per_game(lambda games: [*theirs, str(games), "observed"], "", args.rounds)
    print(f"instructions per Briscola game, {args.rounds} games, PYTHONHASHSEED=0")
    print("| this engine, pure | this engine, compiled | textarena (reset, step) | textarena / pure "
          "| textarena / compiled | textarena with get_observation |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {pure:,.0f} | {compiled:,.0f} | {stepped:,.0f} | {stepped / pure:.2f} | {stepped / compiled:.2f} "
          f"| {observed:,.0f} |")


if __name__ == "__main__":
    main()
