"""One rate-limit bucket per client for every request (404, 405 and made-up methods too), an optional tighter
bucket for the costly endpoints, and the client's address from X-Forwarded-For only from the trusted proxies'
addresses (a forged header from any other peer moves neither the rate limit nor the session quota)."""

from __future__ import annotations

import socket

import pytest
from flask import Flask

from service.app import create_app
from service.storage import MemoryStore
from tests.api.test_hostile_inputs import SCOPA
from tests.conftest import client_at


def limited(monkeypatch: pytest.MonkeyPatch, limit: str, **env: str) -> Flask:
    for name in ("RATE_LIMIT_COSTLY", "TRUSTED_PROXIES", "REDIS_URL", "METRICS_PORT", "METRICS_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("RATE_LIMIT", limit)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=60)})


def test_one_bucket_across_every_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_at(limited(monkeypatch, "5/minute"), "198.51.100.1")
    statuses = [
        client.get("/v1/games").status_code,
        client.get("/v1/games/scopa").status_code,
        client.get("/v1/games/escoba").status_code,
        client.post("/v1/games/scopa/legal-moves", json={"state": SCOPA}).status_code,
        client.get("/openapi.yaml").status_code,
        client.get("/v1/games/briscola").status_code,
    ]
    assert statuses == [200, 200, 200, 200, 200, 429]
    assert client_at(client.application, "198.51.100.2").get("/v1/games").status_code == 200  # another client


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/no/such/path", 404),
        ("DELETE", "/v1/games/scopa", 405),
        ("FROBNICATE", "/v1/games", 405),
        ("POST", "/v1/games/scopa/legal-moves", 415),
    ],
)
def test_refused_requests_spend_the_budget(
    monkeypatch: pytest.MonkeyPatch, method: str, path: str, status: int
) -> None:
    client = client_at(limited(monkeypatch, "4/minute"), "198.51.100.3")
    assert [client.open(path, method=method).status_code for _ in range(4)] == [status] * 4
    refused = client.get("/v1/games")
    assert refused.status_code == 429 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["code"] == "rate_limited" and int(refused.headers["Retry-After"]) > 0
    assert refused.headers[
        "X-Request-ID"
    ]  # refused requests still get the shared headers, a log line, a metric
    assert client.open(path, method=method).status_code == 429


def test_operations_endpoints_are_never_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_at(limited(monkeypatch, "1/minute"), "198.51.100.4")
    assert client.get("/v1/games").status_code == 200
    assert client.get("/v1/games").status_code == 429
    assert {
        client.get(path).status_code for path in ("/healthz", "/readyz", "/metrics") for _ in range(3)
    } == {200}


def test_costly_endpoints_have_a_tighter_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_at(limited(monkeypatch, "100/minute", RATE_LIMIT_COSTLY="2/minute"), "198.51.100.5")
    legal = [client.post("/v1/games/scopa/legal-moves", json={"state": SCOPA}).status_code for _ in range(3)]
    assert legal == [200, 200, 429]
    assert client.get("/v1/games/scopa").status_code == 200  # the general bucket still has room
    assert (
        client.post("/v1/games/scopa/validate", json={"state": SCOPA, "move": {"card": "7D"}}).status_code
        != 429
    )


def test_forwarded_for_is_ignored_without_trusted_proxies(monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_at(limited(monkeypatch, "2/minute"), "10.0.0.9")
    statuses = [
        client.get("/v1/games", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code for n in range(3)
    ]
    assert statuses == [200, 200, 429]  # a client cannot pick a fresh bucket by naming itself


def test_forwarded_for_through_a_trusted_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    proxy = client_at(limited(monkeypatch, "2/minute", TRUSTED_PROXIES="10.0.0.0/24"), "10.0.0.9")

    def through(client_address: str, spoofed: str = "") -> int:
        chain = f"{spoofed}, {client_address}" if spoofed else client_address
        return proxy.get("/v1/games", headers={"X-Forwarded-For": chain}).status_code

    assert [through("203.0.113.1") for _ in range(3)] == [200, 200, 429]
    assert through("203.0.113.2") == 200  # another user behind the same proxy has its own bucket
    # The proxy appends the address it saw: what the client wrote before it is not trusted.
    assert [through("203.0.113.1", spoofed=f"192.0.2.{n}") for n in range(2)] == [429, 429]


def test_forwarded_for_from_a_peer_that_is_not_a_proxy_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client reaching the app port directly cannot name itself, even when proxies are configured."""
    app = limited(monkeypatch, "2/minute", TRUSTED_PROXIES="10.0.0.0/24")
    direct = client_at(app, "198.51.100.77")
    statuses = [
        direct.get("/v1/games", headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code for n in range(3)
    ]
    assert statuses == [200, 200, 429]
    assert (
        client_at(app, "10.0.0.9").get("/v1/games", headers={"X-Forwarded-For": "198.51.100.77"}).status_code
        == 429
    )


def test_spoofed_forwarded_for_does_not_move_the_session_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SESSION_QUOTA_CREATES", "3")
    app = limited(monkeypatch, "1000/minute", TRUSTED_PROXIES="10.0.0.0/24")
    direct = client_at(app, "198.51.100.78")
    statuses = [
        direct.post(
            "/v1/sessions",
            json={"game": "scopa", "state": SCOPA},
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
        ).status_code
        for n in range(5)
    ]
    assert statuses == [201, 201, 201, 429, 429]
    assert direct.application.extensions["session_store"].status()["sessions"] == 3


def test_chains_of_proxies_are_walked_past_every_trusted_one(monkeypatch: pytest.MonkeyPatch) -> None:
    app = limited(monkeypatch, "100/minute", TRUSTED_PROXIES="10.0.0.0/24, 172.16.0.1")

    @app.get("/who")
    def who() -> str:
        from flask import request

        return str(request.remote_addr)

    edge = client_at(app, "10.0.0.9")
    cases = {
        "203.0.113.7": "203.0.113.7",
        "192.0.2.1, 203.0.113.7, 172.16.0.1": "203.0.113.7",  # a load balancer, then the ingress
        "172.16.0.1, 10.0.0.3": "172.16.0.1",  # every entry a proxy: the farthest one
        "203.0.113.7, not-an-address": "10.0.0.9",  # garbage a proxy would not write: the peer itself
        "[2001:db8::5]:4711": "2001:db8::5",
    }
    for chain, client in cases.items():
        assert edge.get("/who", headers={"X-Forwarded-For": chain}).get_data(as_text=True) == client


def test_an_unreachable_store_never_fails_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # bound and never listening: connections are refused
        app = limited(monkeypatch, "3/minute", REDIS_URL=f"redis://127.0.0.1:{port}/0")
        client = client_at(app, "198.51.100.6")
        assert [client.get("/v1/games").status_code for _ in range(4)] == [200, 200, 200, 429]


def test_a_malformed_limit_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="RATE_LIMIT"):
        limited(monkeypatch, "lots")
    for wrong in ("-1", "1", "10.0.0.0/33", "proxy.example"):
        with pytest.raises(ValueError, match="TRUSTED_PROXIES"):
            limited(monkeypatch, "5/minute", TRUSTED_PROXIES=wrong)


def test_the_scheme_comes_from_the_proxy_next_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    app = limited(monkeypatch, "100/minute", TRUSTED_PROXIES="10.0.0.9, 10.1.1.1")

    @app.get("/scheme")
    def scheme() -> str:
        from flask import request

        return f"{request.scheme} {request.remote_addr}"

    client = client_at(app, "10.0.0.9")
    headers = {"X-Forwarded-For": "203.0.113.7, 10.1.1.1", "X-Forwarded-Proto": "https"}
    assert client.get("/scheme", headers=headers).get_data(as_text=True) == "https 203.0.113.7"
    # From a peer that is not a proxy, neither header is believed.
    direct = client_at(app, "198.51.100.9").get("/scheme", headers=headers)
    assert direct.get_data(as_text=True) == "http 198.51.100.9"


def test_the_computer_players_spend_the_costly_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    """A suggestion may think for seconds: it counts against the tighter bucket like legal moves."""
    client = client_at(limited(monkeypatch, "100/minute", RATE_LIMIT_COSTLY="2/minute"), "198.51.100.6")
    asked = {"state": SCOPA, "level": "random"}
    statuses = [client.post("/v1/games/scopa/suggest", json=asked).status_code for _ in range(2)]
    assert statuses == [200, 200]
    assert client.post("/v1/games/scopa/legal-moves", json={"state": SCOPA}).status_code == 429
    assert client.post("/v1/sessions/" + "a" * 32 + "/suggest", json={"level": "random"}).status_code == 429
