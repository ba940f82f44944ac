"""Shared fixtures: the app in-process, a client, and helpers to post JSON."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from service.app import create_app
from service.storage import MemoryStore

pytest_plugins = ["tests.redis_fixture"]

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
