"""Operations hygiene: rate limiting, one JSON log line per request with its request id, no internals leaked."""

from __future__ import annotations

import json
import logging

import pytest
from flask import Flask

from service.app import create_app
from service.storage import MemoryStore


def limited_app(monkeypatch: pytest.MonkeyPatch, limit: str) -> Flask:
    monkeypatch.setenv("RATE_LIMIT", limit)
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=60)})


def test_rate_limit_answers_429_problem_with_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    client = limited_app(monkeypatch, "3/minute").test_client()
    statuses = [client.get("/v1/games/scopa").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = client.get("/v1/games/scopa")
    assert refused.mimetype == "application/problem+json"
    assert refused.get_json()["code"] == "rate_limited" and int(refused.headers["Retry-After"]) > 0
    assert client.get("/healthz").status_code == 200  # operations endpoints are never limited


def test_rate_limit_is_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RATE_LIMIT", raising=False)
    client = create_app({"TESTING": True}).test_client()
    assert {client.get("/v1/games/scopa").status_code for _ in range(50)} == {200}


def test_one_json_log_line_per_request_with_its_request_id(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    handler = next(h for h in logging.getLogger("service").handlers if h.formatter is not None)
    with caplog.at_level(logging.INFO, logger="service.requests"):
        response = app.test_client().get("/v1/games/escoba", headers={"X-Request-ID": "trace-42"})
    lines = [handler.format(record) for record in caplog.records if record.name == "service.requests"]
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["request_id"] == "trace-42" == response.headers["X-Request-ID"]
    assert entry["status"] == 200 and entry["route"] == "/v1/games/<game_name>" and entry["duration_ms"] >= 0


def test_an_unexpected_error_leaks_no_internals(app: Flask) -> None:
    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("secret internals /etc/passwd")

    response = app.test_client().get("/boom")
    body = response.get_data(as_text=True)
    assert response.status_code == 500 and response.mimetype == "application/problem+json"
    assert "secret" not in body and "Traceback" not in body and response.get_json()["code"] == "internal_error"
