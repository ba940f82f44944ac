"""Shared fixtures: the app in-process, a client, and helpers to post JSON."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.storage import MemoryStore
from tests.clock import UNHURRIED_STEP, SteppingClock
from tests.ports import worker_name
from tests.suites import REDIS_PATHS, ROOT

pytest_plugins = ["tests.redis_fixture"]

# Apps made from the environment in tests: sessions and the seed key in throw-away files, not the user's state
# directory, no per-client quotas (the suites create hundreds of sessions from one address; tests/sessions
# tests the quotas), and no presence (a seat's first read would append a ``presence`` event to the versions and
# logs those tests count; tests/sessions/test_presence.py turns it on).
_STATE = tempfile.mkdtemp(prefix=f"cardrules-test-{worker_name()}-")
os.environ.setdefault("SESSION_DB", os.path.join(_STATE, "sessions.sqlite3"))
os.environ.setdefault("SEED_KEY_FILE", os.path.join(_STATE, "seed.key"))
os.environ.setdefault("SESSION_QUOTA_CREATES", "0")
os.environ.setdefault("SESSION_QUOTA_LIVE", "0")
os.environ.setdefault("PRESENCE_SECONDS", "0")

# CPython 3.11 keeps one recursion counter for every thread's conversions between C and Python syntax trees
# (python/cpython#106905, fixed in 3.12): a traceback formatted in a store's feed thread (3.11 parses each source
# line to place its carets) while the main thread builds an app's routes (werkzeug parses and compiles each
# route's builder) makes one of them raise ``SystemError: AST constructor recursion depth mismatch``. A failing
# store is what those threads log, and what the Redis tests provoke, so the tests' tracebacks go without carets.
if sys.version_info < (3, 12):
    traceback._extract_caret_anchors_from_line_segment = lambda segment: None  # type: ignore[attr-defined]

settings.register_profile(
    "default", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("default")

REDIS_FIXTURES = frozenset({"redis_server", "redis_url", "redis_control", "redis_cluster", "redis_cluster_url"})


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "redis_elsewhere: a redis test outside REDIS_PATHS (tests/suites.py): the unit suite runs it"
    )


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that asks for a real Redis is marked ``redis`` whether or not its module says so. The redis suite
    collects only REDIS_PATHS (collecting the whole tree for a hundred tests costs minutes on a busy machine),
    so a redis test anywhere else is also marked ``redis_elsewhere``, and the unit suite runs it: each test
    runs in exactly one suite."""
    for item in items:
        if REDIS_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.redis)
        if item.get_closest_marker("redis") and not in_redis_paths(Path(str(item.path))):
            item.add_marker(pytest.mark.redis_elsewhere)


def in_redis_paths(path: Path) -> bool:
    return any(path.is_relative_to(ROOT / where) for where in REDIS_PATHS)


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


def client_at(app: Flask, address: str) -> FlaskClient:
    """A test client whose requests come from ``address`` (the peer the rate limits and quotas see)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def post(client: FlaskClient, path: str, body: Any, **headers: str) -> Any:
    response = client.post(path, json=body, headers=headers)
    return response


def deal(client: FlaskClient, game: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/deal", json=body)
    assert response.status_code == 200, response.get_json()
    state: dict[str, Any] = response.get_json()["state"]
    return state
