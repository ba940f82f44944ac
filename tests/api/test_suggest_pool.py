"""The computer players' own pool (service/api/thinking.py, service/offload.py), in-process.

A full pool answers 503 ``suggest_busy`` with ``Retry-After`` before it reads the request; a client over its
limit (on by default) 429 ``rate_limited``; an operator's ``SUGGEST_MAX_BUDGET_MS`` cuts the budget a caller asks
for, and the answer's ``budget_ms`` says what was granted; a suggestion computed in a forked child is the one
computed inline; a child past its hard deadline is killed and the greedy player's move answered, cut short; one
dead without an answer is a 503 ``suggest_timed_out``. The search's clock is a
counter that moves a fixed step per reading, so no result here depends on how busy the machine is.
"""

from __future__ import annotations

import importlib
import itertools
import os
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import offload
from service.api import thinking
from service.app import create_app
from service.config import Settings
from service.offload import Offload, SlotFiles, ThinkingFailed
from service.storage import MemoryStore
from tests.conftest import client_at

SUGGEST_ENV = (
    "SUGGEST_OFFLOAD",
    "SUGGEST_SLOTS",
    "SUGGEST_SLOT_DIR",
    "SUGGEST_CLIENT_SLOTS",
    "RATE_LIMIT_SUGGEST",
    "SUGGEST_MAX_BUDGET_MS",
    "SUGGEST_GRACE_MS",
    "RATE_LIMIT",
    "RATE_LIMIT_COSTLY",
)


# The search budgets read a clock that moves 1 µs a reading: no search here is cut short by the machine's load.
pytestmark = pytest.mark.usefixtures("search_clock")


def pool_app(monkeypatch: pytest.MonkeyPatch, slot_dir: Path, **env: str) -> Flask:
    for name in SUGGEST_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SUGGEST_SLOT_DIR", str(slot_dir))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=60)})


def unhurried(monkeypatch: pytest.MonkeyPatch, mode: str) -> dict[str, str]:
    """The pool's settings for a test that compares answers, not times: a search's clock that stands still, in
    this process and so in its forked child, so that neither is cut short by a busy machine (the same playouts
    run); the child not niced (at nice 19 beside busy processes it may not run for seconds) and given all the
    grace it needs; nor is its budget shortened by a late start."""
    stopped = types.SimpleNamespace(perf_counter=lambda: 0.0)
    for name in ("search", "suggest", "endgame"):
        monkeypatch.setattr(importlib.import_module(f"service.players.{name}"), "time", stopped)
    monkeypatch.setattr(thinking, "clock", lambda: 0.0)
    return {"SUGGEST_OFFLOAD": mode, "SUGGEST_NICE": "0", "SUGGEST_GRACE_MS": "600000"}


def opening(client: FlaskClient, seed: int = 3) -> dict[str, Any]:
    state: dict[str, Any] = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": seed}).get_json()["state"]
    return state


def test_a_full_pool_answers_503_with_retry_after_before_reading_the_request(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    client = client_at(pool_app(monkeypatch, tmp_path, SUGGEST_SLOTS="1"), "198.51.100.20")
    state = opening(client)
    held = SlotFiles(tmp_path, "pool", 1).take()  # another worker's search, as the slot file sees it
    assert held is not None
    try:
        # Not even JSON: the refusal comes before the body is read, so it cannot be a 400.
        refused = client.post("/v1/games/scopa/suggest", data=b"{not json", content_type="application/json")
        assert refused.status_code == 503 and refused.mimetype == "application/problem+json"
        problem = refused.get_json()
        assert problem["code"] == "suggest_busy" and problem["title"] == "Computer players busy"
        assert refused.headers["Retry-After"] == "3"  # the longest search (2 s) and its grace, rounded up
        busy = client.post("/v1/games/scopa/suggest", json={"state": state, "level": "greedy"})
        assert busy.status_code == 503
    finally:
        os.close(held)
    answered = client.post("/v1/games/scopa/suggest", json={"state": state, "level": "greedy"})
    assert answered.status_code == 200
    assert SlotFiles(tmp_path, "pool", 1).take() is not None  # the request gave its slot back


def test_the_503_is_localized(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    client = client_at(pool_app(monkeypatch, tmp_path, SUGGEST_SLOTS="1"), "198.51.100.21")
    held = SlotFiles(tmp_path, "pool", 1).take()
    assert held is not None
    try:
        refused = client.post("/v1/games/scopa/suggest", json={}, headers={"Accept-Language": "it"})
    finally:
        os.close(held)
    assert refused.get_json()["title"] == "Giocatori automatici occupati"
    assert refused.headers["Content-Language"] == "it"


def test_the_per_client_limits_are_on_by_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    defaults = Settings.from_env({})
    assert defaults.rate_limit_suggest == "60/minute" and defaults.suggest_client_slots == 1
    app = pool_app(monkeypatch, tmp_path)
    client = client_at(app, "198.51.100.22")
    state = opening(client)
    body = {"state": state, "level": "random"}
    statuses = [client.post("/v1/games/scopa/suggest", json=body).status_code for _ in range(61)]
    assert statuses == [200] * 60 + [429]
    refused = client.post("/v1/games/scopa/suggest", json=body)
    assert refused.get_json()["code"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
    assert client_at(app, "198.51.100.23").post("/v1/games/scopa/suggest", json=body).status_code == 200


def test_one_search_at_a_time_per_client_across_the_host(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    app = pool_app(monkeypatch, tmp_path)
    client = client_at(app, "198.51.100.24")
    state = opening(client)
    body = {"state": state, "level": "random"}
    held = SlotFiles(tmp_path, "client", 1).take("198.51.100.24")  # its search in another worker
    assert held is not None
    try:
        refused = client.post("/v1/games/scopa/suggest", json=body)
        assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
        assert refused.headers["Retry-After"] == "3"
        assert client_at(app, "198.51.100.25").post("/v1/games/scopa/suggest", json=body).status_code == 200
    finally:
        os.close(held)
    assert client.post("/v1/games/scopa/suggest", json=body).status_code == 200


def test_the_limits_can_be_turned_off(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    client = client_at(pool_app(monkeypatch, tmp_path, RATE_LIMIT_SUGGEST="off"), "198.51.100.26")
    body = {"state": opening(client), "level": "random"}
    assert {client.post("/v1/games/scopa/suggest", json=body).status_code for _ in range(70)} == {200}


@pytest.mark.parametrize(("asked", "granted"), [(2000, 50), (None, 50), (10, 10)])
def test_the_operators_max_budget_cuts_the_requests_budget(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, asked: int | None, granted: int
) -> None:
    """The player is given the cut budget, and the answer's ``budget_ms`` says so (the default 1000 is cut too)."""
    given: list[float] = []
    real = thinking.suggest

    def recording(*args: Any, **kwargs: Any) -> Any:
        given.append(args[4])
        return real(*args, **kwargs)

    monkeypatch.setattr(thinking, "suggest", recording)
    client = client_at(pool_app(monkeypatch, tmp_path, SUGGEST_MAX_BUDGET_MS="50"), "198.51.100.27")
    body: dict[str, Any] = {"state": opening(client), "level": "strong"}
    if asked is not None:
        body["budget_ms"] = asked
    answer = client.post("/v1/games/scopa/suggest", json=body).get_json()
    assert answer["budget_ms"] == granted and given == [granted]


def test_the_max_budget_is_checked_at_start() -> None:
    with pytest.raises(ValueError, match="SUGGEST_MAX_BUDGET_MS"):
        Settings.from_env({"SUGGEST_MAX_BUDGET_MS": "5000"})
    with pytest.raises(ValueError, match="SUGGEST_OFFLOAD"):
        Settings.from_env({"SUGGEST_OFFLOAD": "threads"})
    assert Settings.from_env({"SUGGEST_MAX_BUDGET_MS": "300"}).suggest_max_budget_ms == 300


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The children the pool forks in this test, by pid."""
    forked: list[int] = []
    real_fork = os.fork

    def counted_fork() -> int:
        pid = real_fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(offload.os, "fork", counted_fork)
    return forked


@pytest.mark.parametrize(("game", "players", "seed"), [("scopa", 2, 3), ("escoba", 2, 8), ("briscola", 4, 5)])
def test_a_suggestion_computed_in_the_child_is_the_inline_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, forks: list[int], game: str, players: int, seed: int
) -> None:
    answers = {}
    for mode in ("inline", "fork"):
        client = client_at(pool_app(monkeypatch, tmp_path / mode, **unhurried(monkeypatch, mode)), "198.51.100.28")
        state = client.post(f"/v1/games/{game}/deal", json={"players": players, "seed": seed}).get_json()["state"]
        body = {"state": state, "level": "strong", "seed": 11, "budget_ms": 2000, "worlds": 8}
        answer = client.post(f"/v1/games/{game}/suggest", json=body).get_json()
        answer.pop("elapsed_ms")
        answers[mode] = answer
    assert len(forks) == 1  # the fork mode's one search, and only it, ran in a child
    assert answers["fork"] == answers["inline"] and answers["fork"]["complete"] is True


def test_a_forced_move_is_answered_without_a_child(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, forks: list[int]
) -> None:
    """One legal move: nothing to weigh, so no search is forked; the answer is the inline search's."""
    answers = {}
    for mode in ("inline", "fork"):
        client = client_at(pool_app(monkeypatch, tmp_path / mode, SUGGEST_OFFLOAD=mode), "198.51.100.27")
        state = opening(client, seed=4)
        while len(moves := client.post("/v1/games/scopa/legal-moves", json={"state": state}).get_json()["moves"]) > 1:
            state = client.post("/v1/games/scopa/play", json={"state": state, "move": moves[0]}).get_json()["state"]
        body = {"state": state, "level": "strong", "seed": 11, "explain": 2}
        answer = client.post("/v1/games/scopa/suggest", json=body).get_json()
        answer.pop("elapsed_ms")
        answers[mode] = answer
    assert forks == []
    assert answers["fork"] == answers["inline"] and answers["fork"]["stopped_by"] == "single_move"
    assert answers["fork"]["move"] == moves[0] and answers["fork"]["level"] == "strong"


def test_an_error_in_the_child_is_answered_as_inline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    patient = {"SUGGEST_OFFLOAD": "fork", "SUGGEST_NICE": "0", "SUGGEST_GRACE_MS": "600000"}  # a busy machine too
    client = client_at(pool_app(monkeypatch, tmp_path, **patient), "198.51.100.29")
    body = {"state": opening(client), "level": "strong", "seat": 1}
    refused = client.post("/v1/games/scopa/suggest", json=body)
    assert refused.status_code == 400 and refused.get_json()["code"] == "not_to_act"
    assert refused.get_json()["errors"][0]["pointer"] == "/seat"


def never_answers() -> int:
    time.sleep(60)
    return 0


def child_pids() -> set[int]:
    """This process's children, zombies included (other tests of the worker may hold some: a Redis, a server)."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        try:
            found |= {int(pid) for pid in (task / "children").read_text().split()}
        except FileNotFoundError:  # a thread that ended between the listing and the read: it has no children
            continue
    return found


FIRST_FORK_UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import os
from service.offload import Offload, _process_calls
assert _process_calls() == (monkey.get_original("os", "fork"), monkey.get_original("os", "waitpid"))
# A child that ends at once, before a gevent worker could have watched it: its first fork is the one at risk.
assert Offload(fork=True, niceness=0, grace_seconds=0.0).run(os.getpid, budget_seconds=5.0) != os.getpid()
"""


def test_a_child_that_ends_before_gevent_could_watch_it_is_collected() -> None:
    """Under gevent's patched ``fork`` and ``waitpid`` a child that ended before the worker's first SIGCHLD handler
    was installed was never seen to end, and collecting it waited for ever (a request that never answered). The
    pool forks and collects with the kernel's calls; each fresh interpreter here makes its first fork."""
    runs = [
        subprocess.Popen([sys.executable, "-c", FIRST_FORK_UNDER_GEVENT], cwd=Path(__file__).parents[2])
        for _ in range(6)
    ]
    try:
        assert [run.wait(timeout=60) for run in runs] == [0] * len(runs)
    finally:
        for run in runs:
            run.kill()


def test_a_child_past_its_hard_deadline_is_killed() -> None:
    before = child_pids()
    with pytest.raises(ThinkingFailed, match="killed"):
        Offload(fork=True, grace_seconds=0.05).run(never_answers, budget_seconds=0.0)
    for _ in range(1000):  # killed at once, collected in the background: no zombie and no orphan left
        if child_pids() <= before:
            break
        time.sleep(0.01)
    assert child_pids() <= before


def test_a_search_killed_at_its_deadline_answers_greedys_move_cut_short(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The host kept the child off the CPU past its budget and grace: the worker answers what a search cut before
    its first sampled deal answers (the greedy player's move), on time, rather than an error."""
    real = thinking.suggest

    def stalled(game: Any, seen: Any, level: str, *args: Any, **kwargs: Any) -> Any:
        if level == "strong":
            never_answers()
        return real(game, seen, level, *args, **kwargs)

    monkeypatch.setattr(thinking, "suggest", stalled)
    client = client_at(pool_app(monkeypatch, tmp_path, SUGGEST_OFFLOAD="fork", SUGGEST_GRACE_MS="50"), "198.51.100.30")
    state = opening(client)
    body = {"state": state, "level": "strong", "budget_ms": 1, "seed": 5, "explain": 2}
    answered = client.post("/v1/games/scopa/suggest", json=body)
    assert answered.status_code == 200, answered.get_json()
    found = answered.get_json()
    greedy = client.post("/v1/games/scopa/suggest", json={**body, "level": "greedy"}).get_json()
    assert found["move"] == greedy["move"] and found["alternatives"] == greedy["alternatives"]
    assert (found["level"], found["complete"], found["stopped_by"], found["considered"]) == ("strong", False, "time", 0)
    assert found["value_unit"] == "one_ply"
    assert SlotFiles(tmp_path, "pool", 2).take() is not None  # the killed search's slot is free again


def test_a_late_child_is_answered_with_its_last_report(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A search reports its best so far as it goes; killed at its deadline, its last report is the answer."""
    real = thinking.suggest

    def reports_then_stalls(game: Any, seen: Any, level: str, *args: Any, **kwargs: Any) -> Any:
        found = real(game, seen, level, *args, **{**kwargs, "progress": None})
        if level == "strong":
            kwargs["progress"](found._replace(considered=42, complete=False, stopped_by="time"))
            never_answers()
        return found

    monkeypatch.setattr(thinking, "suggest", reports_then_stalls)
    # The child must run its search and report before it is killed: 300 ms of grace was not enough on a machine
    # at a load of 8, and what is measured here is which report answers, not how soon (the stall is cut at 3 s).
    # Not niced, and its 1 ms not spent by a late start (``unhurried``), it searches on a machine of any load.
    patient = pool_app(monkeypatch, tmp_path, **{**unhurried(monkeypatch, "fork"), "SUGGEST_GRACE_MS": "3000"})
    client = client_at(patient, "198.51.100.32")
    body = {"state": opening(client), "level": "strong", "budget_ms": 1, "seed": 5, "worlds": 4}
    answered = client.post("/v1/games/scopa/suggest", json=body)
    assert answered.status_code == 200, answered.get_json()
    found = answered.get_json()
    assert (found["considered"], found["complete"], found["stopped_by"]) == (42, False, "time")


def test_a_child_dead_without_an_answer_is_a_503(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    real = thinking.suggest

    def dies(game: Any, seen: Any, level: str, *args: Any, **kwargs: Any) -> Any:
        if level == "strong":
            os._exit(3)
        return real(game, seen, level, *args, **kwargs)

    monkeypatch.setattr(thinking, "suggest", dies)
    # Its end is seen however busy the machine; nor does a child started late find its 1 ms spent already and
    # answer the greedy move without searching.
    client = client_at(pool_app(monkeypatch, tmp_path, **unhurried(monkeypatch, "fork")), "198.51.100.31")
    body = {"state": opening(client), "level": "strong", "budget_ms": 1}
    refused = client.post("/v1/games/scopa/suggest", json=body)
    assert refused.status_code == 503 and refused.get_json()["code"] == "suggest_timed_out"
    assert refused.headers["Retry-After"] == "602"  # the longest search (2 s) and this grace, rounded up
    assert SlotFiles(tmp_path, "pool", 2).take() is not None


def test_a_child_that_starts_late_thinks_for_what_is_left_of_the_budget(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The fork and a busy CPU took 300 ms to start the child (a clock read before the fork and in the child):
    the search gets the 1,700 ms left of 2,000, so the caller's wait keeps to the budget."""
    real = thinking.suggest

    def reporting_its_budget(game: Any, seen: Any, level: str, seed: int, budget_ms: float, **asked: Any) -> Any:
        found = real(game, seen, "greedy", seed, budget_ms, **asked)
        return found._replace(level=level, considered=round(budget_ms))

    # In the worker: when asked, and what is left after the answer kept ready for a late child; in the child: when
    # it began.
    readings = itertools.chain([100.0, 100.0, 100.3], itertools.repeat(100.3))
    monkeypatch.setattr(thinking, "suggest", reporting_its_budget)
    monkeypatch.setattr(thinking, "clock", lambda: next(readings))
    client = client_at(pool_app(monkeypatch, tmp_path, SUGGEST_OFFLOAD="fork"), "198.51.100.31")
    body = {"state": opening(client), "level": "strong", "budget_ms": 2000}
    answer = client.post("/v1/games/scopa/suggest", json=body).get_json()
    assert answer["considered"] == 1700 and answer["budget_ms"] == 2000
