"""The computer players under real gunicorn, as `make run` and the image start it (deploy/gunicorn.conf.py).

A strong search runs in a child of the worker at the lowest CPU priority; meanwhile the one worker still serves
the rules, and a second search finds the host's one slot taken and is refused at once (503 with Retry-After).
And `make run` listens on the loopback interface unless HOST says otherwise.
"""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from service.offload import SlotFiles
from tests.edge.servers import HOST, get, gunicorn, nginx

ROOT = Path(__file__).resolve().parents[2]
SUITS = "DCSB"
DECK = [f"{rank}{suit}" for suit in SUITS for rank in range(1, 11)]
WAIT_SECONDS = 20.0


def wide_escoba_table() -> dict[str, Any]:
    """34 cards on the table, three in each hand, nothing left to draw: over 6,000 legal moves to search."""
    hands = [["1D", "1C", "1S"], ["10D", "10C", "10S"]]
    table = [card for card in DECK if card not in {*hands[0], *hands[1]}]
    return {
        "players": 2,
        "dealer": 1,
        "hands": hands,
        "table": table,
        "stock": [],
        "captures": [[], []],
        "sweeps": [0, 0],
        "last_capturer": None,
        "rules": {"capture_obligation": "none"},
    }


def post(port: int, path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
    import http.client

    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def niceness_of_processes_serving(port: int) -> list[int]:
    """The nice value of the master, the worker and any child of theirs (all share the command line)."""
    values = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"{HOST}:{port}".encode() not in (entry / "cmdline").read_bytes():
                continue
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        values.append(int(stat[stat.rindex(")") + 2 :].split()[16]))  # field 19 of stat: nice
    return values


def until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def test_a_search_thinks_in_a_low_priority_child_while_the_one_worker_serves_the_rules(tmp_path: Path) -> None:
    slots = SlotFiles(tmp_path, "pool", 1)
    # One client here: its own limits are lifted, so that the host's one slot is what refuses.
    env = {"SUGGEST_SLOTS": "1", "SUGGEST_SLOT_DIR": str(tmp_path)}
    env.update(RATE_LIMIT_SUGGEST="off", SUGGEST_CLIENT_SLOTS="2")
    with gunicorn(workers=1, **env) as port:
        body = {"state": wide_escoba_table(), "level": "strong", "seed": 1, "budget_ms": 2000}
        answers: list[tuple[int, dict[str, str], bytes]] = []
        searching = threading.Thread(target=lambda: answers.append(post(port, "/v1/games/escoba/suggest", body)))
        searching.start()
        try:
            until(lambda: 19 in niceness_of_processes_serving(port), "no child at nice 19 began the search")
            assert slots.take() is None  # the search holds the host's one slot
            assert get(port, "/v1/games/scopa")[0] == 200  # the one worker is not tied up by the search
            status, headers, refused = post(port, "/v1/games/escoba/suggest", body)
            assert status == 503 and json.loads(refused)["code"] == "suggest_busy"
            assert headers["Retry-After"] == "3"
            # Both answers came while the search still thought: the refusal did not wait for it.
            assert slots.take() is None and not answers
        finally:
            searching.join(timeout=30)
        status, _, answered = answers[0]
        assert status == 200, answered
        assert json.loads(answered)["budget_ms"] == 2000
        until(lambda: 19 not in niceness_of_processes_serving(port), "the search's child was not collected")


def test_behind_nginx_one_address_floods_no_worker_with_suggestions() -> None:
    """deploy/nginx/nginx.conf refuses a client's suggestions past 2 a second (bursts of 10) itself, as 429
    problem+json, so they never reach the app; its other requests pass."""
    with gunicorn(workers=1, RATE_LIMIT_SUGGEST="off", SUGGEST_CLIENT_SLOTS="0") as app_port, nginx(app_port) as port:
        status, _, dealt = post(port, "/v1/games/scopa/deal", {"players": 2, "seed": 3})
        assert status == 200
        body = {"state": json.loads(dealt)["state"], "level": "random"}
        answers = [post(port, "/v1/games/scopa/suggest", body) for _ in range(30)]
        statuses = [status for status, _, _ in answers]
        assert statuses[:10] == [200] * 10 and 429 in statuses
        refused = next(answer for answer in answers if answer[0] == 429)
        assert refused[1]["Content-Type"] == "application/problem+json" and refused[1]["Retry-After"] == "1"
        assert json.loads(refused[2])["code"] == "rate_limited"
        assert get(port, "/v1/games/scopa")[0] == 200


def gunicorn_settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The settings gunicorn would read, and the environment they leave for the app (not this process's)."""
    environment = {name: value for name, value in os.environ.items() if not name.startswith(("SUGGEST_", "HOST"))}
    for name in ("PORT", "GUNICORN_WORKER_CLASS", "WEB_CONCURRENCY"):
        environment.pop(name, None)
    environment.update(PROMETHEUS_MULTIPROC_DIR="/nonexistent-not-used", SUGGEST_SLOT_DIR="/nonexistent-not-used")
    environment.update(env)
    monkeypatch.setattr(os, "environ", environment)
    return runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py")), environment


def test_make_run_binds_the_loopback_interface_unless_host_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gunicorn_settings(monkeypatch)[0]["bind"] == "127.0.0.1:8000"
    assert gunicorn_settings(monkeypatch, HOST="0.0.0.0", PORT="9000")[0]["bind"] == "0.0.0.0:9000"
    environment = {name: value for name, value in os.environ.items() if name not in ("HOST", "PORT")}
    dry_run = subprocess.run(
        ["make", "-n", "run", "PORT=8123"], cwd=ROOT, capture_output=True, text=True, check=True, env=environment
    ).stdout
    command = next(line for line in dry_run.splitlines() if "gunicorn" in line)
    assert "--config deploy/gunicorn.conf.py" in command and "--bind" not in command
    assert "HOST=127.0.0.1" in command and "PORT=8123" in command
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "HOST=0.0.0.0" in dockerfile  # the image listens for the proxy on every interface


def test_the_worker_class_is_gevent_with_the_suggestions_forked(monkeypatch: pytest.MonkeyPatch) -> None:
    settings, environment = gunicorn_settings(monkeypatch)
    # gunicorn's gevent worker, made to end its streams at once when it stops (service/sessions/worker.py); its
    # connections: the waiting readers' 6,000 and 1,000 more that only rules requests can take.
    assert settings["worker_class"] == "service.sessions.worker.StoppingGeventWorker"
    assert settings["worker_connections"] == 7000
    assert environment["SUGGEST_OFFLOAD"] == "fork"
    assert environment["SUGGEST_SLOTS"] == str(settings["_cpu_count"]())  # one search per usable core, host-wide
    assert gunicorn_settings(monkeypatch, GUNICORN_WORKER_CLASS="sync")[0]["worker_class"] == "sync"
