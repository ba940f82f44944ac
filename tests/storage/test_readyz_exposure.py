"""/readyz tells anyone whether sessions work and, if not, the problem code they get; the file, the counts and
the limits are for the operator holding the metrics token."""

from __future__ import annotations

from pathlib import Path

from service.storage import SqliteStore
from tests.sessions.conftest import make_app, open_table


def test_the_public_sees_no_path_and_no_count(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "secret-place" / "s.sqlite3", 600)
    client = make_app(store, metrics_token="t0ken").test_client()
    open_table(client, "briscola", seed=1)
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        body = client.get("/readyz", headers=headers).get_json()
        assert body == {"status": "ok", "sessions": {"backend": "sqlite", "ok": True, "full": False}}
        assert "secret-place" not in str(body)
    store.close()


def test_the_metrics_token_shows_the_details(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3", 600, max_sessions=7)
    client = make_app(store, metrics_token="t0ken").test_client()
    open_table(client, "briscola", seed=1)
    sessions = client.get("/readyz", headers={"Authorization": "Bearer t0ken"}).get_json()["sessions"]
    assert sessions["ok"] is True
    details = sessions["details"]
    assert details["path"] == str(tmp_path / "s.sqlite3")
    assert details["sessions"] == 1 and details["max_sessions"] == 7
    store.close()


def test_without_a_metrics_token_nobody_sees_the_details(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3", 600)
    client = make_app(store, metrics_token=None).test_client()
    sessions = client.get("/readyz", headers={"Authorization": "Bearer "}).get_json()["sessions"]
    assert "details" not in sessions and set(sessions) == {"backend", "ok", "full"}
    store.close()
