"""SqliteStore specifics: durability across reopen, forked writers, sliding expiry, the cap, locks, corrupt rows."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from service.storage import (
    SessionCorrupt,
    SessionNotFound,
    Snapshot,
    SqliteStore,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
    open_store,
)

from .conftest import FakeClock

ROOT = Path(__file__).resolve().parents[2]


def test_sessions_survive_closing_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    first = SqliteStore(path, 60)
    snap = first.create(b"one")
    snap = first.replace(snap.id, 1, b"two")
    first.close()
    second = SqliteStore(path, 60)
    try:
        assert second.get(snap.id) == Snapshot(snap.id, 2, b"two")
    finally:
        second.close()


def test_file_and_directory_are_private(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "dir" / "s.sqlite3"
    store = SqliteStore(path, 60)
    try:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        with sqlite3.connect(path) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        store.close()


def _increment(store: SqliteStore, session_id: str, rounds: int) -> None:
    """Add one to the counter ``rounds`` times, reading again after every lost compare-and-set."""
    for _ in range(rounds):
        while True:
            current = store.get(session_id)
            try:
                store.replace(session_id, current.version, str(int(current.document) + 1).encode())
            except VersionConflict:
                continue
            break


def _forked_writer(path: str, session_id: str, rounds: int) -> None:
    store = SqliteStore(path, 60)
    _increment(store, session_id, rounds)
    store.close()


def _inherited_writer(store: SqliteStore, session_id: str, rounds: int) -> None:
    _ = store.get(session_id)  # the connection the parent opened is not used in the child
    _increment(store, session_id, rounds)


def forked_writers(path: Path, rounds: int) -> tuple[bytes, int]:
    """Three children forked after the parent used the store, and one opening its own, each adding 1 ``rounds``
    times: the counter and version the parent then reads."""
    store = SqliteStore(path, 60)
    shared = store.create(b"0")
    store.get(shared.id)  # the parent now holds a connection: the children must not reuse it
    context = multiprocessing.get_context("fork")
    children = [context.Process(target=_inherited_writer, args=(store, shared.id, rounds)) for _ in range(3)]
    children.append(context.Process(target=_forked_writer, args=(str(path), shared.id, rounds)))
    for child in children:
        child.start()
    for child in children:
        child.join(60)
        assert child.exitcode == 0
    final = store.get(shared.id)
    store.close()
    return final.document, final.version


def test_forked_processes_share_one_file_without_lost_updates(tmp_path: Path) -> None:
    """Workers forked from a master that already used the store (gunicorn preloads the app) stay coherent.

    Forked from a fresh interpreter: a test worker may still run other tests' threads, and a fork taken while one
    of them is inside SQLite leaves the child waiting for ever on SQLite's own lock (as gunicorn's master, which
    runs no such thread, never does)."""
    rounds = 25
    script = (
        "from pathlib import Path; from tests.storage.test_sqlite import forked_writers; "
        f"print(forked_writers(Path({str(tmp_path / 's.sqlite3')!r}), {rounds}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=180, check=True
    )
    assert done.stdout.strip() == repr((str(4 * rounds).encode(), 1 + 4 * rounds))


def test_sliding_expiry_within_the_refresh_slack(tmp_path: Path, clock: FakeClock) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3", 100, clock=clock)  # slack: 1 s
    snap = store.create(b"a")
    clock.advance(99)
    assert store.get(snap.id) == snap  # pushes the expiry to 100 s from now
    clock.advance(99)
    assert store.get(snap.id) == snap
    clock.advance(101)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)
    with pytest.raises(SessionNotFound):
        store.replace(snap.id, 1, b"b")
    with pytest.raises(SessionNotFound):
        store.delete(snap.id, 1)
    store.close()


def expiry_of(path: Path, session_id: str) -> float:
    with sqlite3.connect(path) as conn:
        (expires_at,) = conn.execute("SELECT expires_at FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return float(expires_at)


def test_a_write_within_the_refresh_slack_leaves_the_expiry_and_a_later_one_pushes_it_back(
    tmp_path: Path, clock: FakeClock
) -> None:
    # A write inside the slack changes the row alone (the expiry's indexes are left as they are), as a read
    # does; past the slack it pushes the expiry back to a full lifetime from now.
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 100, clock=clock)  # slack: 1 s
    snap = store.create(b"a")
    created = expiry_of(path, snap.id)
    clock.advance(0.5)
    assert store.replace(snap.id, 1, b"b").version == 2
    assert expiry_of(path, snap.id) == created
    clock.advance(1.5)
    assert store.replace(snap.id, 2, b"c").version == 3
    assert expiry_of(path, snap.id) == clock() + 100
    assert store.get(snap.id) == Snapshot(snap.id, 3, b"c")
    with pytest.raises(VersionConflict):
        store.replace(snap.id, 2, b"d")  # the kept-expiry path refuses a stale version like the other
    assert store.get(snap.id).document == b"c"
    store.close()


def test_expired_rows_are_swept_by_creations(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 10, clock=clock)
    for _ in range(50):
        store.create(b"old")
    clock.advance(11)
    store.create(b"new")
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 1
    assert store.status()["sessions"] == 1
    store.close()


def test_cap_refuses_new_sessions_and_says_so(tmp_path: Path, clock: FakeClock) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3", 60, max_sessions=2, clock=clock)
    first, second = store.create(b"1"), store.create(b"2")
    with pytest.raises(StoreFull):
        store.create(b"3")
    status = store.status()
    assert status["full"] is True and status["ok"] is False and "507" in str(status["error"])
    assert store.replace(first.id, 1, b"1b").version == 2  # existing sessions keep working
    store.delete(second.id, 1)
    assert store.create(b"3").version == 1
    clock.advance(61)
    assert store.create(b"4").version == 1  # expired sessions make room; live ones are never evicted
    store.close()


def test_a_corrupt_row_is_an_error_for_that_session_only(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 60)
    good, bad, worse = store.create(b"good"), store.create(b"bad"), store.create(b"worse")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE sessions SET version = 'garbage' WHERE id = ?", (bad.id,))
        conn.execute("UPDATE sessions SET document = 'text, not bytes' WHERE id = ?", (worse.id,))
    for broken in (bad, worse):
        with pytest.raises(SessionCorrupt):
            store.get(broken.id)
        with pytest.raises(SessionCorrupt):
            store.replace(broken.id, 1, b"x")
    assert store.get(good.id) == good
    assert store.status()["ok"] is True
    store.delete(bad.id, 1)  # whoever may delete the session can clear it
    with pytest.raises(SessionNotFound):
        store.get(bad.id)
    store.close()


def test_a_held_write_lock_is_a_bounded_503(tmp_path: Path) -> None:
    """The wait for the lock runs on the store's own clock, here one that only its sleeps move: the write
    gives up after exactly ``busy_timeout`` of waiting, however slow the machine."""
    path = tmp_path / "s.sqlite3"
    waited = FakeClock()
    store = SqliteStore(path, 60, busy_timeout=0.2, monotonic=waited, sleep=waited.advance)
    snap = store.create(b"a")
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        began = waited.now
        with pytest.raises(StoreUnavailable):
            store.replace(snap.id, 1, b"b")
        assert waited.now - began == pytest.approx(0.2)
        assert store.get(snap.id) == snap  # readers are not blocked (WAL)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    assert store.replace(snap.id, 1, b"b").version == 2
    store.close()


def test_constructor_validates(tmp_path: Path) -> None:
    for bad in ({"ttl_seconds": 0}, {"max_sessions": 0}, {"busy_timeout": 0}):
        options = {"ttl_seconds": 60} | bad
        ttl = options.pop("ttl_seconds")
        with pytest.raises(ValueError):
            SqliteStore(tmp_path / "s.sqlite3", ttl, **options)


def test_open_store_defaults_to_sqlite_in_session_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SESSION_DB", str(tmp_path / "here.sqlite3"))
    for url in (None, ""):
        store = open_store(url, ttl_seconds=42)
        try:
            assert isinstance(store, SqliteStore)
            assert store.status()["ttl_seconds"] == 42
            assert store.path == tmp_path / "here.sqlite3"
        finally:
            store.close()


def test_open_store_falls_back_to_a_private_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("x")
    monkeypatch.delenv("SESSION_DB", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(blocked))
    store = open_store(None, ttl_seconds=60)
    try:
        assert isinstance(store, SqliteStore)
        assert store.path.parent.name == f"cardrules-{os.getuid()}"
        assert store.status()["ok"] is True
    finally:
        store.close()
