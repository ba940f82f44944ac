"""The SQLite store fails fast and truthfully: a held lock is a quick 503 store_busy that never holds up stateless
requests, a damaged file is store_corrupt (in /readyz too, across restarts) until an operator acts, a full disk
is full:true, and the session cap is exact however many processes create at once."""

from __future__ import annotations

import functools
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.storage import SqliteStore, StoreBusy, StoreCorrupt, StoreFull
from service.storage.sqlite_connections import LockWait
from tests.sessions.conftest import Table, bearer, deal, make_app, open_table
from tests.storage.conftest import FakeClock
from tests.storage.racing import ATTEMPTS, race_creates

HELD_LOCK = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


def play_first_card(table: Table, state: dict[str, Any], version: int = 1) -> Any:
    """The seat to act plays its first card (Briscola: any card is legal)."""
    turn = state["turn"]
    return table.client.post(
        f"{table.path}/moves",
        json={"move": {"card": state["hands"][turn][0]}},
        headers=bearer(table.seats[turn], **{"If-Match": f'"{version}"'}),
    )


def ready(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/readyz")
    assert response.status_code == 200
    sessions: dict[str, Any] = response.get_json()["sessions"]
    return sessions


# -- a held lock --------------------------------------------------------------------------------------------------


def test_a_lock_held_by_another_process_is_a_quick_503_and_stateless_requests_are_served(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    # The store waits for the lock on its own clock, here one that only its sleeps move: what it waited is
    # read off that clock, never off the machine's.
    waited = FakeClock()
    store = SqliteStore(path, 600, monotonic=waited, sleep=waited.advance)
    client = make_app(store).test_client()
    state = deal(client, "briscola", players=2, seed=1)
    table = open_table(client, "briscola", state=state)
    holder = subprocess.Popen(
        [sys.executable, "-c", HELD_LOCK, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        began, started = waited.now, time.monotonic()
        refused = play_first_card(table, state)
        answered_in = time.monotonic() - started
        assert refused.status_code == 503, refused.get_json()
        problem = refused.get_json()
        assert problem["code"] == "store_busy" and refused.headers["Retry-After"] == "1"
        assert refused.mimetype == "application/problem+json"
        assert waited.now - began == pytest.approx(0.25)  # the store's wait, and no longer
        # The store's sleeps take no real time here, so only SQLite's own busy wait (5 s by default, off in the
        # store's connections) could make this long: a guard against it, wide enough for a busy machine.
        assert answered_in < 4.0
        # Readers never wait for the writer (WAL), and the stateless API does not touch the store.
        assert client.get(table.path, headers=bearer(table.owner)).status_code == 200
        assert client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 3}).status_code == 200
        created = client.post(
            "/v1/sessions", json={"game": "briscola", "state": state}, headers={"Accept-Language": "it"}
        )
        assert created.status_code == 503 and created.get_json()["code"] == "store_busy"
        assert created.get_json()["title"] == "Archivio delle sessioni occupato"
        assert ready(client) == {"backend": "sqlite", "ok": False, "full": False, "reason": "store_busy"}
    finally:
        assert holder.stdin is not None and holder.stdout is not None
        holder.stdin.close()
        holder.wait(10)
        holder.stdout.close()
    assert table.state() == state  # the refused move changed nothing
    assert play_first_card(table, state).status_code == 200
    store.close()


def test_the_lock_wait_sleeps_in_short_steps_through_time_sleep_until_its_deadline() -> None:
    """time.sleep is what gevent makes cooperative: the wait must go through it, as it is when called."""
    now = [0.0]
    pauses: list[float] = []

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        now[0] += seconds

    def busy() -> None:
        error = sqlite3.OperationalError("database is locked")
        error.sqlite_errorcode = sqlite3.SQLITE_BUSY  # type: ignore[attr-defined]
        raise error

    wait = LockWait(0.25, clock=lambda: now[0], sleep=sleep)
    with pytest.raises(StoreBusy):
        wait.run(busy)
    assert sum(pauses) == pytest.approx(0.25)
    assert max(pauses) <= 0.02 and len(pauses) >= 12
    assert wait.refused_within(1.0)

    attempts = iter([busy, busy, lambda: "done"])
    assert LockWait(0.25, clock=lambda: now[0], sleep=sleep).run(lambda: next(attempts)()) == "done"


def test_the_default_sleep_is_looked_up_when_called(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 60, busy_timeout=0.05)
    snap = store.create(b"a")
    slept: list[float] = []
    real_sleep = time.sleep
    monkeypatch.setattr(time, "sleep", lambda seconds: (slept.append(seconds), real_sleep(seconds)))
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy):
            store.replace(snap.id, 1, b"b")
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert slept and max(slept) <= 0.02  # the patched sleep was used, in short steps
    # SQLite's own busy handler, which blocks in C, is off
    assert store._pool.run(lambda conn: conn.execute("PRAGMA busy_timeout").fetchone()[0]) == 0
    store.close()


# -- a damaged file -------------------------------------------------------------------------------------------


def test_a_corrupt_file_is_store_corrupt_everywhere_until_an_operator_acts(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    now = [0.0]
    store = SqliteStore(path, 600, monotonic=lambda: now[0])
    client = make_app(store).test_client()
    table = open_table(client, "briscola", seed=1)
    with sqlite3.connect(path) as side:
        side.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path.write_bytes(os.urandom(path.stat().st_size))  # the header and every page garbage

    refused = client.get(table.path, headers=bearer(table.owner, **{"Accept-Language": "da"}))
    assert refused.status_code == 503 and refused.get_json()["code"] == "store_corrupt"
    assert refused.get_json()["title"] == "Sessionslageret er beskadiget"
    assert "Retry-After" not in refused.headers  # retrying will not help
    assert ready(client) == {"backend": "sqlite", "ok": False, "full": False, "reason": "store_corrupt"}
    assert client.post("/v1/games/briscola/deal", json={"players": 2, "seed": 2}).status_code == 200
    marker = tmp_path / "s.sqlite3.corrupt"
    assert marker.exists()

    # A restart (a new store on the same file) does not hide it, nor does it touch the file.
    restarted = SqliteStore(path, 600, monotonic=lambda: now[0])
    assert restarted.status()["reason"] == "store_corrupt"
    with pytest.raises(StoreCorrupt):
        restarted.create(b"x")

    # The operator moves the damaged file away and removes the marker: both stores serve again.
    path.rename(tmp_path / "s.sqlite3.broken")
    marker.unlink()
    assert store.status()["reason"] == "store_corrupt"  # the marker is looked at once a second
    now[0] += 2
    for reopened in (store, restarted):
        assert reopened.status()["ok"] is True
    assert (
        client.post("/v1/sessions", json={"game": "briscola", "state": table.created["state"]}).status_code
        == 201
    )
    restarted.close()
    store.close()


def test_damaged_pages_behind_a_sound_header_are_store_corrupt_too(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 600)
    kept = [store.create(os.urandom(1500)).id for _ in range(50)]
    with sqlite3.connect(path) as side:
        side.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size, pages = (
            side.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_size", "page_count")
        )
    with open(path, "r+b") as file:
        for page in range(1, pages):  # SQLite's header page stays sound: SQLITE_CORRUPT, not SQLITE_NOTADB
            file.seek(page * page_size)
            file.write(b"\xff" * page_size)
    with pytest.raises(StoreCorrupt):
        store.get(kept[0])
    status = store.status()
    assert status["reason"] == "store_corrupt" and "SQLITE_CORRUPT" in str(status["error"])
    store.close()


def test_a_file_that_is_no_database_at_start_is_reported_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = SqliteStore(path, 60)
    status = store.status()
    assert status["ok"] is False and status["reason"] == "store_corrupt"
    assert path.read_bytes().startswith(b"this is not a database")  # left for the operator to look at
    client = make_app(store).test_client()
    assert ready(client)["reason"] == "store_corrupt"
    store.close()


# -- a full disk ------------------------------------------------------------------------------------------------


def test_a_disk_below_the_reserve_refuses_new_sessions_and_games_go_on(tmp_path: Path) -> None:
    free = [10 * 2**30]
    now = [0.0]
    store = SqliteStore(
        tmp_path / "s.sqlite3",
        600,
        disk_reserve_bytes=64 * 2**20,
        free_bytes=lambda _: free[0],
        monotonic=lambda: now[0],
    )
    client = make_app(store).test_client()
    state = deal(client, "briscola", players=2, seed=1)
    table = open_table(client, "briscola", state=state)
    free[0] = 10 * 2**20
    now[0] += 2  # the free space is measured once a second
    assert ready(client) == {"backend": "sqlite", "ok": False, "full": True, "reason": "store_full"}
    refused = client.post("/v1/sessions", json={"game": "briscola", "state": state})
    assert refused.status_code == 507 and refused.get_json()["code"] == "store_full"
    assert refused.headers["Retry-After"].isdigit()
    assert play_first_card(table, state).status_code == 200  # the reserve is for the games already stored
    free[0] = 10 * 2**30
    now[0] += 2
    assert ready(client)["ok"] is True
    store.close()


class TinyFile(SqliteStore):
    """A store whose file cannot grow past a few pages: SQLite's own SQLITE_FULL, as a full disk gives it."""

    pages = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        opener = self._pool.open

        def open_capped() -> sqlite3.Connection:
            conn = opener()
            if self.pages:
                conn.execute(f"PRAGMA max_page_count = {self.pages}")
            return conn

        self._pool.open = open_capped  # type: ignore[method-assign]


def test_a_write_refused_for_a_full_disk_is_store_full_and_readyz_says_full(tmp_path: Path) -> None:
    store = TinyFile(tmp_path / "s.sqlite3", 600)
    snap = store.create(b"small")
    with sqlite3.connect(store.path) as side:
        (pages,) = side.execute("PRAGMA page_count").fetchone()
    store.pages = pages
    store._pool.close()
    with pytest.raises(StoreFull):
        store.replace(snap.id, 1, os.urandom(200_000))
    status = store.status()
    assert status["full"] is True and status["ok"] is False and status["reason"] == "store_full"
    assert store.get(snap.id).version == 1  # nothing was written, and reads still work
    store.close()


# -- the cap -------------------------------------------------------------------------------------------------


def test_the_session_cap_holds_exactly_with_two_processes_racing(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    SqliteStore(path, 600, max_sessions=20).close()
    opening = functools.partial(SqliteStore, str(path), 600, max_sessions=20, busy_timeout=5.0)
    assert race_creates(opening) == (20, 2 * ATTEMPTS - 20)
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 20
        assert conn.execute("SELECT value FROM counts WHERE name = 'sessions'").fetchone()[0] == 20


def test_a_file_from_before_the_count_is_counted_once(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    with sqlite3.connect(path) as old:
        old.execute(
            "CREATE TABLE sessions (id TEXT PRIMARY KEY, version INTEGER NOT NULL, document BLOB NOT NULL,"
            " expires_at REAL NOT NULL, client TEXT)"
        )
        for n in range(3):
            old.execute("INSERT INTO sessions VALUES (?, 1, x'00', 9e12, NULL)", (f"old-session-{n:06d}",))
    store = SqliteStore(path, 600, max_sessions=4)
    store.create(b"fourth")
    with pytest.raises(StoreFull):
        store.create(b"fifth")
    assert store.status()["sessions"] == 4
    store.close()
