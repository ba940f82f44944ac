"""/metrics stays bounded whatever the requests: label values come from a closed set, the rest is ``other``."""

from __future__ import annotations

import random
import re
import string

import pytest
from flask import Flask

from service.app import create_app
from service.storage import MemoryStore

# Every series the app can have (methods x rules x statuses seen) fits well under this, scraped in-process.
MAX_SCRAPE_BYTES = 200_000


def make_app(monkeypatch: pytest.MonkeyPatch, **env: str) -> Flask:
    for name in ("METRICS_TOKEN", "METRICS_PORT", "RATE_LIMIT", "PROMETHEUS_MULTIPROC_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=60)})


def random_word(rng: random.Random, size: int) -> str:
    return "".join(rng.choice(string.ascii_uppercase) for _ in range(size))


def test_random_methods_and_paths_do_not_grow_the_scrape(monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(monkeypatch).test_client()
    rng = random.Random(15)
    for _ in range(3000):
        method = random_word(rng, 12)
        path = "/" + random_word(rng, 8).lower() + "/" + random_word(rng, 6).lower()
        assert client.open(path, method=method).status_code in (404, 405)
        assert client.open("/v1/games/" + random_word(rng, 10), method=method).status_code in (404, 405)
    text = client.get("/metrics").get_data(as_text=True)
    assert len(text.encode()) < MAX_SCRAPE_BYTES
    methods = set(re.findall(r'cardrules_requests_total\{method="([^"]*)"', text))
    routes = set(re.findall(r'cardrules_requests_total\{[^}]*route="([^"]*)"', text))
    assert "other" in methods and methods <= {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"}
    assert "other" in routes and all(route == "other" or route.startswith("/") for route in routes)
    assert not any(word in text for word in ("unmatched",))


def test_known_routes_keep_their_rule_as_label(monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(monkeypatch).test_client()
    client.get("/v1/games/briscola")
    text = client.get("/metrics").get_data(as_text=True)
    assert re.search(r'cardrules_requests_total\{method="GET",route="/v1/games/<game_name>",status="200"\}', text)


def test_metrics_token_guards_the_public_scrape(monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(monkeypatch, METRICS_TOKEN="s3cret-scrape").test_client()
    refused = client.get("/metrics")
    assert refused.status_code == 401 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["code"] == "unauthorized" and refused.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    allowed = client.get("/metrics", headers={"Authorization": "Bearer s3cret-scrape"})
    assert allowed.status_code == 200 and "cardrules_requests_total" in allowed.get_data(as_text=True)


def test_an_internal_metrics_port_takes_metrics_off_the_public_one(monkeypatch: pytest.MonkeyPatch) -> None:
    client = make_app(monkeypatch, METRICS_PORT="9100").test_client()
    assert client.get("/metrics").status_code == 404
    assert client.get("/healthz").status_code == 200


def test_under_gunicorn_random_methods_leave_the_scrape_bounded() -> None:
    """The reproducer as reported: made-up methods sent to the real server, summed over two workers."""
    from tests.edge.servers import free_port, get, gunicorn, raw_exchange

    rng = random.Random(8000)
    metrics_port = free_port()
    with gunicorn(workers=2, METRICS_PORT=str(metrics_port)) as port:
        before = len(get(metrics_port, "/metrics")[1])
        for number in range(1500):
            method = random_word(rng, 12)
            path = f"/{random_word(rng, 6).lower()}" if number % 2 else "/v1/games"
            status, _ = raw_exchange(port, f"{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            assert status in (404, 405)
        status, body = get(metrics_port, "/metrics")
    assert status == 200
    assert len(body) < before + 20_000  # a handful of new series (method other, route other), not 1,500
    assert b'method="other"' in body
