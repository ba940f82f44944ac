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
