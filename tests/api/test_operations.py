"""Operations hygiene: rate limiting, one JSON log line per request with its request id, no internals leaked."""

from __future__ import annotations

import json
import logging
import re

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
    assert refused.get_json()["policy"] == "client" and refused.get_json()["reset"] > 0
    assert refused.headers["RateLimit-Policy"] == '"client";q=3;w=60'
    assert refused.headers["RateLimit"] == f'"client";r=0;t={refused.headers["Retry-After"]}'
    assert client.get("/healthz").status_code == 200  # operations endpoints are never limited


def test_every_answer_of_a_limited_route_says_what_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """IETF RateLimit header fields on a 200 too (draft-ietf-httpapi-ratelimit-headers), each limit spent."""
    monkeypatch.setenv("RATE_LIMIT_COSTLY", "10/minute")
    client = limited_app(monkeypatch, "5/minute").test_client()
    first = client.get("/v1/games/scopa")
    assert first.status_code == 200
    assert first.headers["RateLimit-Policy"] == '"client";q=5;w=60'
    remaining = re.fullmatch(r'"client";r=(\d+);t=(\d+)', first.headers["RateLimit"])
    assert remaining is not None and int(remaining[1]) == 4 and 0 < int(remaining[2]) <= 60
    state = client.post("/v1/games/scopa/deal", json={"players": 2, "seed": 1}).get_json()["state"]
    listed = client.post("/v1/games/scopa/legal-moves", json={"state": state})
    assert listed.headers["RateLimit-Policy"] == '"client";q=5;w=60, "costly";q=10;w=60'
    assert re.fullmatch(r'"client";r=2;t=\d+, "costly";r=9;t=\d+', listed.headers["RateLimit"])
    assert "RateLimit" not in client.get("/healthz").headers


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
