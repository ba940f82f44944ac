"""Shared fixtures: the app in-process, a client, and helpers to post JSON."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.storage import MemoryStore
from tests.clock import UNHURRIED_STEP, SteppingClock
from tests.ports import worker_name

pytest_plugins = ["tests.redis_fixture"]

# Apps made from the environment in tests: sessions and the seed key in throw-away files, not the user's state
# directory, and no per-client quotas (the suites create hundreds of sessions from one address; tests/sessions
# tests the quotas).
_STATE = tempfile.mkdtemp(prefix=f"cardrules-test-{worker_name()}-")
os.environ.setdefault("SESSION_DB", os.path.join(_STATE, "sessions.sqlite3"))
os.environ.setdefault("SEED_KEY_FILE", os.path.join(_STATE, "seed.key"))
os.environ.setdefault("SESSION_QUOTA_CREATES", "0")
os.environ.setdefault("SESSION_QUOTA_LIVE", "0")

settings.register_profile(
    "default", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("default")

REDIS_FIXTURES = frozenset({"redis_server", "redis_url", "redis_control", "redis_cluster", "redis_cluster_url"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for a real Redis is marked ``redis`` whether or not its module says so, so that
    ``-m redis`` and ``-m "not redis"`` (the suites of tests/suites.py) split the tests exactly."""
    for item in items:
        if REDIS_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.redis)


@pytest.fixture
def search_clock(monkeypatch: pytest.MonkeyPatch) -> SteppingClock:
    """The clock the computer players' budgets read (``time.perf_counter``), stepping 1 µs a reading; set
    ``step`` to make a budget bite after so many readings."""
    clock = SteppingClock(UNHURRIED_STEP)
    monkeypatch.setattr(time, "perf_counter", clock)
    return clock


@pytest.fixture
def app() -> Iterator[Flask]:
    yield create_app({"TESTING": True, "SESSION_STORE": MemoryStore(ttl_seconds=3600)})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def post(client: FlaskClient, path: str, body: Any, **headers: str) -> Any:
    response = client.post(path, json=body, headers=headers)
    return response


def deal(client: FlaskClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/deal", json=body)
    assert response.status_code == 200, response.get_json()
    state: dict[str, Any] = response.get_json()["state"]
    return state
