"""The slowest requests the state validation accepts, in-process through the Flask test client.

    python -m bench.worstcase [--repeats 40]

Largest Escoba and Scopa tables built from the low cards, moves that omit ``capture`` on them (ambiguous), large
explicit and wrong captures, bodies near the size limit, deep JSON and long strings. Each case is repeated and its
max and p99 latency are compared with the 100 ms budget.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from .common import OtherLoad, heading, load_line, machine_facts, percentile, profile_top, table, verdict

BUDGET_MS = 100.0
DECK = [f"{rank}{suit}" for suit in "DCSB" for rank in range(1, 11)]
SUIT_ORDER = {suit: i for i, suit in enumerate("DCSB")}


def rank(code: str) -> int:
    return int(code[:-1])


def by_rank(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda code: (rank(code), SUIT_ORDER[code[-1]]))


def fishing_state(
    mover_hand: list[str], other_hand: list[str], table_cards: list[str], rules: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A 2-player end-of-stock state, dealer 1: seat 1 to play when it holds more cards, else seat 0.

    Seat 1 is the mover when the hands differ in size (seat 0 has already played this turn).
    Cards in neither hand nor on the table are seat 0's pile.
    """
    hands = [mover_hand, other_hand] if len(mover_hand) == len(other_hand) else [other_hand, mover_hand]
    placed = set(mover_hand) | set(other_hand) | set(table_cards)
    pile = [code for code in DECK if code not in placed]
    state: dict[str, Any] = {
        "players": 2,
        "dealer": 1,
        "hands": hands,
        "table": table_cards,
        "stock": [],
        "captures": [pile, []],
        "sweeps": [0, 0],
        "last_capturer": 0 if pile else None,
    }
    if rules:
        state["rules"] = rules
    return state


def escoba_39(rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The largest table: 39 cards, the mover holds one ace (14 to make from 39 cards, 7,000+ ways)."""
    return fishing_state(["1D"], [], by_rank([c for c in DECK if c != "1D"]), rules)


def escoba_37(rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """37 cards on the table, the mover holds two aces, the other seat a king."""
    return fishing_state(
        ["1D", "1C"], ["10B"], by_rank([c for c in DECK if c not in {"1D", "1C", "10B"}]), rules
    )


def scopa_36(rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """Scopa's worst: every card of ranks 1-9 on the table and a king in hand (a king matches no table card)."""
    return fishing_state(["10D"], [], by_rank([c for c in DECK if rank(c) < 10]), rules)


def scopa_39() -> dict[str, Any]:
    """The largest Scopa table: 39 cards; the card in hand matches a table card's rank."""
    return fishing_state(["10D"], [], by_rank([c for c in DECK if c != "10D"]))


def nested(depth: int) -> Any:
    """A value that nests ``depth`` levels of lists (an empty list is one level)."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


def padded(body: dict[str, Any], size: int, kind: str) -> dict[str, Any]:
    """``body`` with an ignored ``state.pad`` field that brings the encoded body to about ``size`` bytes."""
    base = len(orjson.dumps(body))
    room = size - base - len(',"pad":') - 8
    pad: Any
    if kind == "string":
        pad = "x" * (room - 2)
    elif kind == "ints":
        pad = [7] * (room // 2)
    elif kind == "lists":
        pad = [[]] * (room // 3)
    elif kind == "objects":
        width = len('"k00000":0,')
        pad = {f"k{i:05d}": 0 for i in range(room // width)}
    else:
        raise ValueError(kind)
    out = {**body, "state": {**body["state"], "pad": pad}}
    # Trim to the size: the estimate above is close, this makes it exact enough (within a few bytes).
    while len(orjson.dumps(out)) > size and isinstance(pad, list | str):
        pad = pad[:-1]
        out["state"]["pad"] = pad
    return out


@dataclass
class Case:
    name: str
    path: str
    body: bytes
    expect: int


def cases(limit_bytes: int) -> list[Case]:
    out: list[Case] = []

    def add(name: str, path: str, value: Any, expect: int) -> None:
        raw = value if isinstance(value, bytes) else orjson.dumps(value)
        out.append(Case(name, path, raw, expect))

    e39, e37, s36, s39 = escoba_39(), escoba_37(), scopa_36(), scopa_39()
    big_escoba = ["1C", "1S", "1B", "2D", "2C", "2S", "2B", "3D"]  # 1D + these = 15
    big_scopa = ["1D", "1C", "1S", "1B", "2D", "2C", "2S"]  # 10 with seven cards
    table_e39 = e39["table"]

    add("escoba 39 legal-moves", "/v1/games/escoba/legal-moves", {"state": e39}, 200)
    add("escoba 37 legal-moves (2 cards in hand)", "/v1/games/escoba/legal-moves", {"state": e37}, 200)
    for choice in ("most_cards", "fewest_cards"):
        add(
            f"escoba 39 legal-moves, {choice}",
            "/v1/games/escoba/legal-moves",
            {"state": escoba_39({"capture_choice": choice})},
            200,
        )
    add(
        "escoba 39 legal-moves, any_card obligation",
        "/v1/games/escoba/legal-moves",
        {"state": escoba_39({"capture_obligation": "any_card"})},
        200,
    )
    ambiguous = {"card": "1D"}
    add(
        "escoba 39 validate, capture omitted",
        "/v1/games/escoba/validate",
        {"state": e39, "move": ambiguous},
        200,
    )
    add(
        "escoba 39 play, capture omitted (422)",
        "/v1/games/escoba/play",
        {"state": e39, "move": ambiguous},
        422,
    )
    explicit = {"card": "1D", "capture": big_escoba}
    add(
        "escoba 39 validate, 8-card capture",
        "/v1/games/escoba/validate",
        {"state": e39, "move": explicit},
        200,
    )
    add("escoba 39 play, 8-card capture", "/v1/games/escoba/play", {"state": e39, "move": explicit}, 200)
    wrong = {"card": "1D", "capture": table_e39}
    add(
        "escoba 39 play, whole table (wrong sum)", "/v1/games/escoba/play", {"state": e39, "move": wrong}, 422
    )
    add(
        "escoba 39 validate, most_cards, 8 cards",
        "/v1/games/escoba/validate",
        {"state": escoba_39({"capture_choice": "most_cards"}), "move": explicit},
        200,
    )

    add("scopa 36 legal-moves (king in hand)", "/v1/games/scopa/legal-moves", {"state": s36}, 200)
    add(
        "scopa 36 legal-moves, most_cards",
        "/v1/games/scopa/legal-moves",
        {"state": scopa_36({"capture_choice": "most_cards"})},
        200,
    )
    add("scopa 39 legal-moves (rank match)", "/v1/games/scopa/legal-moves", {"state": s39}, 200)
    king = {"card": "10D"}
    add("scopa 36 validate, capture omitted", "/v1/games/scopa/validate", {"state": s36, "move": king}, 200)
    add("scopa 36 play, capture omitted (422)", "/v1/games/scopa/play", {"state": s36, "move": king}, 422)
    explicit_scopa = {"card": "10D", "capture": big_scopa}
    add("scopa 36 play, 7-card capture", "/v1/games/scopa/play", {"state": s36, "move": explicit_scopa}, 200)
    add("scopa 36 view", "/v1/games/scopa/view", {"state": s36, "seat": 1}, 200)

    near = limit_bytes - 64
    for kind in ("string", "ints", "lists", "objects"):
        add(
            f"legal-moves + {kind} pad, {near // 1024} KiB body",
            "/v1/games/escoba/legal-moves",
            padded({"state": e39}, near, kind),
            400 if kind == "lists" else 200,  # tens of thousands of arrays: over the JSON container cap
        )
    add(
        "body over the limit (413)",
        "/v1/games/escoba/legal-moves",
        b'{"state":"' + b"x" * limit_bytes + b'"}',
        413,
    )
    add(
        "pad nested depth 30 (total 32)",
        "/v1/games/escoba/legal-moves",
        {"state": {**e39, "pad": nested(30)}},
        200,
    )
    add(
        "pad nested depth 31 (total 33)",
        "/v1/games/escoba/legal-moves",
        {"state": {**e39, "pad": nested(31)}},
        400,
    )
    deep = b'{"state":' + b"[" * 10_000 + b"]" * 10_000 + b"}"
    add("depth 10,000 arrays", "/v1/games/escoba/legal-moves", deep, 400)
    deep_objects = b'{"state":' + b'{"a":' * 10_000 + b"1" + b"}" * 10_000 + b"}"
    add("depth 10,000 objects", "/v1/games/escoba/legal-moves", deep_objects, 400)
    wide_deep = {"state": {**e39, "pad": [nested(33)] * 2000}}
    add("2,000 copies of depth 33", "/v1/games/escoba/legal-moves", wide_deep, 400)

    long_code = "7D" * 3000
    long_cards = fishing_state(["1D"], [], [long_code] * 39)
    add("39 card codes of 6,000 chars", "/v1/games/escoba/legal-moves", {"state": long_cards}, 400)
    add("game name of 200 KB", "/v1/games/escoba/legal-moves", {"state": {**e39, "game": "e" * 200_000}}, 400)
    long_rule = {**e39, "rules": {"capture_choice": "f" * 200_000}}
    add("rule value of 200 KB", "/v1/games/escoba/legal-moves", {"state": long_rule}, 400)
    add("string seed of 200 KB", "/v1/games/scopa/deal", {"players": 2, "seed": "s" * 200_000}, 400)
    add(
        "integer seed of 100,000 digits",
        "/v1/games/scopa/deal",
        b'{"players":2,"seed":' + b"9" * 100_000 + b"}",
        400,
    )
    add("invalid JSON, 250 KB", "/v1/games/escoba/legal-moves", b'{"state": [' + b"1," * 125_000, 400)
    return out


def run_case(post: Callable[[str, bytes], tuple[int, int]], case: Case, repeats: int) -> dict[str, Any]:
    timings, statuses, size = [], set(), 0
    for _ in range(repeats):
        started = time.perf_counter()
        status, size = post(case.path, case.body)
        timings.append((time.perf_counter() - started) * 1000)
        statuses.add(status)
    return {"timings": timings, "statuses": statuses, "response": size}


def case_row(case: Case, result: dict[str, Any]) -> tuple[Any, ...]:
    timings = result["timings"]
    worst = max(timings)
    statuses = sorted(result["statuses"])
    status_ok = statuses == [case.expect]
    status_text = ",".join(map(str, statuses)) + ("" if status_ok else f" (expected {case.expect})")
    return (
        case.name,
        len(case.body),
        status_text,
        result["response"],
        percentile(timings, 0.5),
        percentile(timings, 0.99),
        worst,
        verdict(worst <= BUDGET_MS and status_ok),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--no-profile", action="store_true", help="do not profile the cases over budget")
    args = parser.parse_args(argv)

    os.environ.setdefault("LOG_LEVEL", "WARNING")  # one log line per request would be timed too
    from service.app import create_app

    app = create_app({"TESTING": True})
    client = app.test_client()
    limit = int(app.config["MAX_CONTENT_LENGTH"])

    def post(path: str, body: bytes) -> tuple[int, int]:
        response = client.post(path, data=body, content_type="application/json")
        data = response.get_data()
        return response.status_code, len(data)

    print("# Worst-case requests (in-process, Flask test client)\n")
    print(machine_facts())
    print(f"\nBody limit {limit:,} bytes; {args.repeats} repetitions per case; budget {BUDGET_MS:.0f} ms.")
    rows: list[tuple[Any, ...]] = []
    slow: list[Case] = []
    with OtherLoad() as other:
        for case in cases(limit):
            post(case.path, case.body)  # warm-up
            result = run_case(post, case, args.repeats)
            rows.append(case_row(case, result))
            if max(result["timings"]) > BUDGET_MS:
                slow.append(case)
    all_ok = all(row[-1] == "PASS" for row in rows)
    print(heading("Latency per case"))
    print(
        table(
            ["case", "body bytes", "status", "response bytes", "p50 ms", "p99 ms", "max ms", "result"],
            rows,
        )
    )
    print(f"\nOverall: {verdict(all_ok)} (every case under {BUDGET_MS:.0f} ms with the expected status)")
    print(f"Other processes kept {other.cores:.2f} of {os.cpu_count()} cores busy meanwhile.")
    if not args.no_profile:
        for case in slow:
            print(heading(f"Profile: {case.name}, 5 requests, top 10 service functions by cumulative time"))

            def work(case: Case = case) -> None:
                for _ in range(5):
                    post(case.path, case.body)

            keep = _service_frame
            print(table(["function", "calls", "own s", "cumulative s"], profile_top(work, 10, keep)))
    print("\n" + load_line())
    return 0


def _service_frame(where: str) -> bool:
    """Frames of the service itself and builtins (list.extend, orjson.loads), not Flask's or Werkzeug's."""
    return where.startswith("service/") or ("/" not in where and "<" in where)


if __name__ == "__main__":
    raise SystemExit(main())
