"""The SQLite event log on the file itself: the table, its migration, its removal, and the polling feed."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from service.storage import EventLog, SessionNotFound, Snapshot, SqliteStore, StoreError, VersionConflict
from service.storage.sqlite_events import SqliteChangeFeed
from service.storage.sqlite_schema import SCHEMA_VERSION

from .conftest import FakeClock


def log_rows(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as conn:
        return [
            (str(sid), int(v))
            for sid, v in conn.execute("SELECT session_id, version FROM events ORDER BY seq")
        ]


def test_a_file_of_schema_2_gets_the_log_and_keeps_its_sessions(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    SqliteStore(path, 600).close()
    with sqlite3.connect(path) as old:  # back to what version 2 made: no events table, no log trigger
        old.execute("DROP TRIGGER sessions_log_removed")
        old.execute("DROP TRIGGER session_written")
        old.execute("DROP VIEW session_writes")
        old.execute("DROP TABLE events")
        old.execute("PRAGMA user_version = 2")
        old.execute("INSERT INTO sessions VALUES ('old-session-000001', 4, x'00', 9e12, NULL)")
        old.execute("UPDATE counts SET value = value + 1 WHERE name = 'sessions'")
    store = SqliteStore(path, 600, max_sessions=2)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert store.events("old-session-000001", 0) == EventLog(0, ())
    store.replace("old-session-000001", 4, b"moved", events=b"e5")
    assert store.events("old-session-000001", 0) == EventLog(5, ((5, b"e5"),))
    assert store.status()["sessions"] == 1  # the migration counted nothing twice
    store.close()


def test_a_file_of_schema_3_gets_the_one_statement_write(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    first = SqliteStore(path, 600)
    snap = first.create(b"doc", events=b"e1")
    first.close()
    with sqlite3.connect(path) as old:  # what version 3 made: the log, but no one-statement write
        old.execute("DROP TRIGGER session_written")
        old.execute("DROP VIEW session_writes")
        old.execute("PRAGMA user_version = 3")
    store = SqliteStore(path, 600)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    store.replace(snap.id, 1, b"moved", events=b"e2")
    assert store.events(snap.id, 0) == EventLog(1, ((1, b"e1"), (2, b"e2")))
    store.close()


def test_the_one_statement_write_changes_the_row_and_the_log_together_or_neither(
    tmp_path: Path, clock: FakeClock
) -> None:
    # A move within the refresh slack is one statement (the session_writes trigger): the row and its log entry
    # are written together; a stale version leaves both as they were, and is refused as a version conflict.
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 100, clock=clock)  # slack: 1 s
    snap = store.create(b"v1", events=b"e1")
    assert store.replace(snap.id, 1, b"v2", events=b"e2").version == 2
    with pytest.raises(VersionConflict):
        store.replace(snap.id, 1, b"stale", events=b"lost")
    assert store.get(snap.id).document == b"v2"
    assert log_rows(path) == [(snap.id, 1), (snap.id, 2)]
    assert store.replace(snap.id, 2, b"v3").version == 3  # no entry: the row alone
    assert log_rows(path) == [(snap.id, 1), (snap.id, 2)]
    clock.advance(101)
    with pytest.raises(SessionNotFound):  # an expired row is not written by either path
        store.replace(snap.id, 3, b"late", events=b"e4")
    assert log_rows(path) == [(snap.id, 1), (snap.id, 2)]
    store.close()


def test_a_log_entry_the_file_already_holds_is_not_overwritten(tmp_path: Path) -> None:
    # An entry for the version being written (a damaged log) makes the one-statement write fail as a whole, as
    # the transaction would: the row keeps its version and the store reports the file, never a half write.
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 600)
    snap = store.create(b"v1", events=b"e1")
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO events (session_id, version, body) VALUES (?, 2, x'00')", (snap.id,))
    with pytest.raises(StoreError):
        store.replace(snap.id, 1, b"v2", events=b"e2")
    assert store.get(snap.id) == Snapshot(snap.id, 1, b"v1")
    store.close()


def test_delete_removes_the_rows_of_the_log(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 600)
    gone = store.create(b"doc", events=b"e1")
    store.replace(gone.id, 1, b"doc", events=b"e2")
    kept = store.create(b"doc", events=b"k1")
    store.delete(gone.id, 2)
    assert log_rows(path) == [(kept.id, 1)]
    store.close()


def test_the_expiry_sweep_removes_the_rows_of_the_log(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 10, clock=clock)
    old = store.create(b"old", events=b"e1")
    store.replace(old.id, 1, b"old", events=b"e2")
    clock.advance(11)
    with pytest.raises(SessionNotFound):
        store.events(old.id, 0)
    new = store.create(b"new", events=b"n1")  # a creation sweeps the expired rows
    assert log_rows(path) == [(new.id, 1)]
    store.close()


def test_a_feed_starts_after_rows_already_deleted(tmp_path: Path) -> None:
    """``seq`` never goes back: a feed made after the newest rows went does not report a later row twice
    nor miss it."""
    path = tmp_path / "s.sqlite3"
    store = SqliteStore(path, 600)
    gone = store.create(b"doc", events=b"e1")
    store.delete(gone.id, 1)
    assert log_rows(path) == []
    feed = store.feed()
    try:
        assert feed.wait(0.05) == set()
        fresh = SqliteStore(path, 600).create(b"doc", events=b"f1")
        seen: set[str] = set()
        for _ in range(20):
            seen |= feed.wait(1.0)
            if seen:
                break
        assert seen == {fresh.id}
    finally:
        feed.close()
        store.close()


def test_a_feed_on_an_unreadable_file_returns_empty_and_recovers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "not-yet" / "s.sqlite3"  # its directory does not exist: every poll fails
    feed = SqliteChangeFeed(path, poll_interval=0.01)
    with caplog.at_level(logging.DEBUG, logger="service.storage.sqlite_events"):
        assert feed.wait(0.05) == set()
        assert feed.wait(0.05) == set()
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "cannot read" in warnings[0].getMessage()  # once per run of failures
    store = SqliteStore(path, 600)
    try:
        store.create(b"doc", events=b"before")  # the feed starts where it first reads the file
        assert feed.wait(0.05) == set()
        after = store.create(b"doc", events=b"after")
        assert feed.wait(0.05) == {after.id}
    finally:
        feed.close()
        store.close()


def test_the_feed_validates_its_interval(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        SqliteChangeFeed(tmp_path / "s.sqlite3", poll_interval=0)


def test_closing_a_feed_while_another_thread_polls_it_never_crashes(tmp_path: Path) -> None:
    """A hub closes its feed from whatever thread it is closed in, while the feed's own thread may be polling:
    the connection closed under a poll crashed the whole process (a segmentation fault in sqlite3). Run in an
    interpreter of its own, so a crash fails this test rather than the test run."""
    program = textwrap.dedent(
        f"""
        import threading, time
        from service.storage import SqliteStore
        store = SqliteStore({str(tmp_path / "sessions.sqlite3")!r}, 3600)
        for _ in range(200):
            feed = store.feed()
            def follow(feed=feed):
                for _ in range(1000):
                    feed.wait(0.001)
            polling = threading.Thread(target=follow, daemon=True)
            polling.start()
            time.sleep(0.0005)
            feed.close()
            polling.join(5)
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stderr[-2000:])
