"""The request log line never holds a session id (its owner's only credential) nor the Authorization header."""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
from pathlib import Path

import pytest
from flask import Flask

from service.api.observability import MAX_LOGGED_PATH, JsonFormatter, loggable_path, request_line_handler


def log_lines(app: Flask, caplog: pytest.LogCaptureFixture, *calls: tuple[str, str, dict[str, str]]) -> list[str]:
    handler = next(h for h in logging.getLogger("service").handlers if h.formatter is not None)
    client = app.test_client()
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="service.requests"):
        for method, path, headers in calls:
            client.open(path, method=method, headers=headers)
    return [handler.format(record) for record in caplog.records if record.name == "service.requests"]


def test_session_paths_are_logged_with_a_hash_of_the_id(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    client = app.test_client()
    state = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 3}).get_json()["state"]
    created = client.post("/v1/sessions", json={"game": "scopa", "state": state})
    assert created.status_code == 201, created.get_json()
    session_id = created.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert len(session_id) >= 16
    secret = "Bearer very-secret-token-42"
    lines = log_lines(
        app,
        caplog,
        ("GET", f"/v1/sessions/{session_id}", {"Authorization": secret}),
        ("GET", f"/v1/sessions/{session_id}/view?seat=0", {"Authorization": secret}),
        ("DELETE", f"/v1/sessions/{session_id}", {"Authorization": secret, "If-Match": '"1"'}),
        ("GET", f"/v1/sessions/{session_id}/no-such-thing", {}),
    )
    assert len(lines) == 4
    digest = hashlib.sha256(session_id.encode()).hexdigest()[:12]
    for line in lines:
        assert session_id not in line and "very-secret-token" not in line and "Bearer" not in line
        assert json.loads(line)["path"].startswith(f"/v1/sessions/sha256:{digest}")
    assert json.loads(lines[1])["path"] == f"/v1/sessions/sha256:{digest}/view"


def test_loggable_path_is_bounded_and_leaves_other_paths_alone() -> None:
    assert loggable_path("/v1/games/scopa/deal") == "/v1/games/scopa/deal"
    assert loggable_path("/v1/sessions") == "/v1/sessions"
    assert loggable_path("/v1/sessions/") == "/v1/sessions/"
    assert len(loggable_path("/x" * 5000)) <= MAX_LOGGED_PATH + 3


def test_the_direct_request_line_is_the_formatted_one(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without log capture, request lines go straight to the handler's stream: same JSON, same privacy."""
    service = logging.getLogger("service")
    handler = next(h for h in service.handlers if isinstance(h.formatter, JsonFormatter))
    monkeypatch.setattr(service, "handlers", [handler])  # pytest's capture handlers out of the way
    stream = io.StringIO()
    monkeypatch.setattr(handler, "stream", stream)
    assert request_line_handler() is handler
    app.test_client().get("/v1/sessions/abcdefghijklmnopqrstuvwxyz012345", headers={"Authorization": "Bearer zzz"})
    written = stream.getvalue()
    assert written.endswith("\n") and written.count("\n") == 1
    assert "abcdefghijklmnopqrstuvwxyz" not in written and "zzz" not in written
    direct = json.loads(written)
    record = logging.LogRecord("service.requests", logging.INFO, __file__, 0, "request", (), None)
    record.fields = {k: direct[k] for k in ("method", "path", "route", "status", "duration_ms", "request_id")}
    assert handler.formatter is not None
    assert json.loads(handler.formatter.format(record)) == direct
    assert direct["status"] == 401 and direct["path"].startswith("/v1/sessions/sha256:")  # no valid bearer token


def test_any_other_listener_gets_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logging.getLogger("service.requests"), "handlers", [logging.NullHandler()])
    assert request_line_handler() is None


@pytest.mark.parametrize(
    ("encoding", "by_descriptor"),
    [("utf-8", True), ("UTF8", True), ("latin-1", False), ("ascii", False)],
)
def test_a_request_line_to_a_file_is_one_write_after_what_the_stream_held(
    app: Flask, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encoding: str, by_descriptor: bool
) -> None:
    """A stream with a file descriptor that takes UTF-8 (stderr, a file) gets each request line in one write to the
    descriptor, after anything its text layer still held; any other stream gets it through the text layer. Either
    way the file holds whole lines, in order."""
    service = logging.getLogger("service")
    handler = next(h for h in service.handlers if isinstance(h.formatter, JsonFormatter))
    monkeypatch.setattr(service, "handlers", [handler])
    path = tmp_path / "requests.log"
    with open(path, "w", encoding=encoding) as stream:
        monkeypatch.setattr(handler, "stream", stream)
        stream.write("held by the text layer\n")  # not flushed yet
        writes: list[int] = []
        original = os.write

        def counted(descriptor: int, data: bytes) -> int:
            writes.append(descriptor)
            return original(descriptor, data)

        monkeypatch.setattr(os, "write", counted)
        client = app.test_client()
        for _ in range(3):
            assert client.get("/v1/games/scopa").status_code == 200
        stream.flush()
        assert writes == ([stream.fileno()] * 3 if by_descriptor else [])
    lines = path.read_text(encoding=encoding).splitlines()
    assert lines[0] == "held by the text layer" and len(lines) == 4
    assert [json.loads(line)["path"] for line in lines[1:]] == ["/v1/games/scopa"] * 3


def test_a_short_write_is_continued_until_the_line_is_whole(
    app: Flask, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    service = logging.getLogger("service")
    handler = next(h for h in service.handlers if isinstance(h.formatter, JsonFormatter))
    monkeypatch.setattr(service, "handlers", [handler])
    path = tmp_path / "requests.log"
    with open(path, "w", encoding="utf-8") as stream:
        monkeypatch.setattr(handler, "stream", stream)
        original = os.write
        monkeypatch.setattr(os, "write", lambda descriptor, data: original(descriptor, data[:7]))
        assert app.test_client().get("/v1/games/scopa").status_code == 200
    (line,) = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["route"] == "/v1/games/<game_name>"
