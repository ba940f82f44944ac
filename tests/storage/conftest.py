"""Fixtures for the session store tests: each contract test runs on MemoryStore, SqliteStore, a real Redis and a
real Redis Cluster (both started by the test command)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from service.storage import MemoryStore, RedisStore, SessionStore, SqliteStore

BACKENDS = [
    "memory",
    "sqlite",
    pytest.param("redis", marks=pytest.mark.redis),
    pytest.param("cluster", marks=pytest.mark.redis),
]


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        assert seconds >= 0
        self.now += seconds


StoreFactory = Callable[..., SessionStore]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def make_store(request: pytest.FixtureRequest, clock: FakeClock, tmp_path: Path) -> Iterator[StoreFactory]:
    """Build stores of the parametrized backend; ``ttl_seconds`` defaults to 60. All are closed afterwards.

    Every store made by one factory shares the test's backend (one SQLite file, one Redis namespace), so they
    see the same sessions, as the workers of one service do; memory stores are each on their own.
    """
    created: list[SessionStore] = []
    if request.param in ("redis", "cluster"):
        cluster = request.param == "cluster"
        url: str = request.getfixturevalue("redis_cluster_url" if cluster else "redis_url")
        namespace: str = request.getfixturevalue("fresh_namespace")

        def factory(ttl_seconds: int = 60, **options: object) -> SessionStore:
            store = RedisStore(url, ttl_seconds, namespace=namespace, cluster=cluster, **options)  # type: ignore[arg-type]
            created.append(store)
            return store

    elif request.param == "sqlite":
        path = tmp_path / "sessions.sqlite3"

        def factory(ttl_seconds: int = 60, **options: object) -> SessionStore:
            store = SqliteStore(path, ttl_seconds, clock=clock, **options)  # type: ignore[arg-type]
            created.append(store)
            return store

    else:

        def factory(ttl_seconds: int = 60, **options: object) -> SessionStore:
            store = MemoryStore(ttl_seconds, clock=clock, **options)  # type: ignore[arg-type]
            created.append(store)
            return store

    yield factory
    for store in created:
        store.close()


@pytest.fixture
def store(make_store: StoreFactory) -> SessionStore:
    return make_store()


@pytest.fixture
def raw_redis(redis_url: str) -> Iterator[redis.Redis]:
    """A plain client on the test server, to inspect keys and TTLs."""
    client = redis.Redis.from_url(redis_url, socket_timeout=2)
    try:
        yield client
    finally:
        client.close()
