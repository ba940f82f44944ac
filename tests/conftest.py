"""Shared fixtures: the app in-process, a client, and helpers to post JSON."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.storage import MemoryStore

pytest_plugins = ["tests.redis_fixture"]

# Apps made from the environment in tests: sessions and the seed key in throw-away files, not the user's state
# directory, and no per-client quotas (the suites create hundreds of sessions from one address; tests/sessions
# tests the quotas).
_STATE = tempfile.mkdtemp(prefix="cardrules-test-")
os.environ.setdefault("SESSION_DB", os.path.join(_STATE, "sessions.sqlite3"))
os.environ.setdefault("SEED_KEY_FILE", os.path.join(_STATE, "seed.key"))
os.environ.setdefault("SESSION_QUOTA_CREATES", "0")
os.environ.setdefault("SESSION_QUOTA_LIVE", "0")

settings.register_profile(
    "default", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.load_profile("default")


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
