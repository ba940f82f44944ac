"""Under gunicorn's gevent worker (deploy/gunicorn.conf.py), a write waiting for a held SQLite lock lets the same
worker serve other requests meanwhile: the wait sleeps cooperatively instead of blocking inside SQLite."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.edge.servers import HOST, gunicorn
from tests.storage.test_sqlite_failures import HELD_LOCK


def call(
    port: int, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, dict[str, Any], Any]:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        payload = None if body is None else json.dumps(body)
        if payload is not None:
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, dict(response.getheaders()), json.loads(data) if data else None
    finally:
        connection.close()


def test_a_write_waiting_for_the_lock_does_not_hold_up_its_worker(tmp_path: Path) -> None:
    database = tmp_path / "sessions.sqlite3"
    with gunicorn(workers=1, SESSION_DB=str(database), SESSION_DB_BUSY_TIMEOUT_MS="2000") as port:
        status, _, dealt = call(port, "POST", "/v1/games/briscola/deal", {"players": 2, "seed": 1})
        assert status == 200
        state = dealt["state"]
        status, _, created = call(port, "POST", "/v1/sessions", {"game": "briscola", "state": state})
        assert status == 201, created
        turn = state["turn"]
        move = {"move": {"card": state["hands"][turn][0]}}
        seat = created["tokens"]["seats"][turn]
        path = f"/v1/sessions/{created['id']}/moves"
        finished: list[str] = []
        answers: dict[str, Any] = {}

        def waiting_move() -> None:
            answers["move"] = call(
                port, "POST", path, move, Authorization=f"Bearer {seat}", **{"If-Match": '"1"'}
            )
            finished.append("move")

        with subprocess.Popen(
            [sys.executable, "-c", HELD_LOCK, str(database)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        ) as holder:
            assert holder.stdout is not None and holder.stdin is not None
            assert holder.stdout.readline().strip() == "held"
            mover = threading.Thread(target=waiting_move)
            mover.start()
            time.sleep(0.2)  # let the move reach the worker and start waiting; not a measure of anything
            status, _, games = call(port, "GET", "/v1/games")
            finished.append("stateless")
            assert status == 200 and games
            holder.stdin.close()  # the lock is released while the move still waits: it then goes through
            mover.join(30)
        assert finished == ["stateless", "move"]
        status, _, played = answers["move"]
        assert status == 200 and played["version"] == 2


def test_the_session_cap_holds_exactly_across_two_workers(tmp_path: Path) -> None:
    """SESSION_MAX_SESSIONS=20 under two gunicorn workers: 40 creations racing from four clients, 20 made."""
    settings = {
        "SESSION_DB": str(tmp_path / "sessions.sqlite3"),
        "SESSION_MAX_SESSIONS": "20",
        "SESSION_QUOTA_CREATES": "0",
        "SESSION_QUOTA_LIVE": "0",
    }
    with gunicorn(workers=2, **settings) as port:
        status, _, dealt = call(port, "POST", "/v1/games/briscola/deal", {"players": 2, "seed": 1})
        assert status == 200
        body = {"game": "briscola", "state": dealt["state"]}
        statuses: list[int] = []
        lock = threading.Lock()

        def create_ten() -> None:
            for _ in range(10):
                answer = call(port, "POST", "/v1/sessions", body)
                with lock:
                    statuses.append(answer[0])
                if answer[0] == 507:
                    assert answer[2]["code"] == "store_full" and "Retry-After" in answer[1]

        clients = [threading.Thread(target=create_ten) for _ in range(4)]
        for client in clients:
            client.start()
        for client in clients:
            client.join(60)
        assert sorted(statuses) == [201] * 20 + [507] * 20


def test_a_forged_forwarded_for_on_the_app_port_does_not_move_the_quota(tmp_path: Path) -> None:
    """The probe that found 40 of 40 creations past a quota of 30: the peer here is no configured proxy."""
    settings = {
        "SESSION_DB": str(tmp_path / "sessions.sqlite3"),
        "SESSION_QUOTA_CREATES": "5",
        "TRUSTED_PROXIES": "10.9.9.0/24",
    }
    with gunicorn(workers=2, **settings) as port:
        status, _, dealt = call(port, "POST", "/v1/games/briscola/deal", {"players": 2, "seed": 1})
        assert status == 200
        body = {"game": "briscola", "state": dealt["state"]}
        statuses = [
            call(port, "POST", "/v1/sessions", body, **{"X-Forwarded-For": f"203.0.113.{n}"})[0]
            for n in range(8)
        ]
        assert statuses == [201] * 5 + [429] * 3
