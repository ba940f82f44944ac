"""Fixtures for the session store tests: each contract test runs on MemoryStore and on a real Redis."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import redis

from service.storage import MemoryStore, RedisStore, SessionStore

BACKENDS = ["memory", pytest.param("redis", marks=pytest.mark.redis)]


class FakeClock:
    """A monotonic clock the test moves by hand."""

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
def make_store(request: pytest.FixtureRequest, clock: FakeClock) -> Iterator[StoreFactory]:
    """Build stores of the parametrized backend; ``ttl_seconds`` defaults to 60. All are closed afterwards.

    Every Redis store made by one factory shares the test's namespace (so they see the same sessions).
    """
    created: list[SessionStore] = []
    if request.param == "redis":
        url: str = request.getfixturevalue("redis_url")
        namespace: str = request.getfixturevalue("fresh_namespace")

        def factory(ttl_seconds: int = 60, **options: object) -> SessionStore:
            store = RedisStore(url, ttl_seconds, namespace=namespace, **options)  # type: ignore[arg-type]
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
