"""Room kept in a real Redis for the games already stored: new sessions stop at the high-water mark while moves go
on, the store-wide cap is exact with two processes creating at once, and a refused creation counts nothing."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from service.storage import Quota, QuotaExceeded, RedisStore, StoreFull
from tests.sessions.conftest import bearer, deal, make_app, open_table

from .conftest import FakeClock
from .racing import ATTEMPTS, race_creates

pytestmark = pytest.mark.redis


@pytest.fixture
def memory_limit(raw_redis: redis.Redis) -> Iterator[redis.Redis]:
    """Lets a test set maxmemory (with noeviction); the server's settings are put back afterwards."""
    saved = raw_redis.config_get("maxmemory")["maxmemory"], raw_redis.config_get("maxmemory-policy")
    raw_redis.config_set("maxmemory-policy", "noeviction")
    try:
        yield raw_redis
    finally:
        raw_redis.config_set("maxmemory", saved[0])
        raw_redis.config_set("maxmemory-policy", saved[1]["maxmemory-policy"])


def test_at_the_high_water_mark_moves_go_on_and_creations_are_507(
    redis_url: str, fresh_namespace: str, memory_limit: redis.Redis
) -> None:
    clock = FakeClock()
    store = RedisStore(redis_url, 600, namespace=fresh_namespace, high_water=0.8, clock=clock)
    client = make_app(store).test_client()
    state = deal(client, "briscola", players=2, seed=1)
    table = open_table(client, "briscola", state=state)
    used = int(memory_limit.info("memory")["used_memory"])
    memory_limit.config_set("maxmemory", int(used / 0.9))  # 90% used: past the mark, short of maxmemory
    clock.advance(2)  # the memory reading is kept for a second
    try:
        refused = client.post("/v1/sessions", json={"game": "briscola", "state": state})
        assert refused.status_code == 507, refused.get_json()
        assert refused.get_json()["code"] == "store_full" and refused.headers["Retry-After"].isdigit()
        turn = state["turn"]
        played = client.post(
            f"{table.path}/moves",
            json={"move": {"card": state["hands"][turn][0]}},
            headers=bearer(table.seats[turn], **{"If-Match": '"1"'}),
        )
        assert played.status_code == 200, played.get_json()
        assert played.get_json()["version"] == 2
        ready = client.get("/readyz").get_json()["sessions"]
        assert ready == {"backend": "redis", "ok": False, "full": True, "reason": "store_full"}
    finally:
        memory_limit.config_set("maxmemory", 0)
    clock.advance(2)
    assert client.post("/v1/sessions", json={"game": "briscola", "state": state}).status_code == 201
    store.close()


def test_the_session_cap_holds_exactly_with_two_processes_racing(
    redis_url: str, fresh_namespace: str, raw_redis: redis.Redis
) -> None:
    opening = functools.partial(RedisStore, redis_url, 600, namespace=fresh_namespace, max_sessions=20)
    assert race_creates(opening) == (20, 2 * ATTEMPTS - 20)
    assert len(raw_redis.keys(f"{fresh_namespace}:session:*")) == 20
    assert raw_redis.zcard(f"{fresh_namespace}:sessions:{{live}}") == 20


def test_a_creation_refused_at_the_cap_counts_nothing_and_a_delete_frees_a_slot(
    redis_url: str, fresh_namespace: str, raw_redis: redis.Redis
) -> None:
    store = RedisStore(redis_url, 600, namespace=fresh_namespace, max_sessions=2)
    quota = Quota("c0ffee", max_live=10, max_creates=10)
    first = store.create(b"1", quota)
    store.create(b"2", quota)
    live, creates = store.quota_keys(quota.client)
    before = raw_redis.zcard(live), raw_redis.get(creates)
    with pytest.raises(StoreFull):
        store.create(b"3", quota)
    assert (raw_redis.zcard(live), raw_redis.get(creates)) == before == (2, b"2")
    status = store.status()
    assert status["full"] is True and status["reason"] == "store_full" and status["sessions"] == 2
    store.delete(first.id, 1)
    assert store.create(b"3", quota).version == 1
    store.close()


def test_a_creation_refused_by_the_quota_gives_its_cap_slot_back(
    redis_url: str, fresh_namespace: str, raw_redis: redis.Redis
) -> None:
    store = RedisStore(redis_url, 600, namespace=fresh_namespace, max_sessions=5)
    quota = Quota("c0ffee", max_creates=1)
    store.create(b"1", quota)
    with pytest.raises(QuotaExceeded):
        store.create(b"2", quota)
    assert raw_redis.zcard(store.live_key()) == 1
    store.close()


def test_on_a_cluster_the_mark_is_read_from_the_node_that_would_hold_the_session(
    redis_cluster: Any, fresh_namespace: str
) -> None:
    clock = FakeClock()
    store = RedisStore(
        redis_cluster.url, 600, namespace=fresh_namespace, cluster=True, high_water=0.8, clock=clock
    )
    kept = store.create(b"kept")
    nodes = [redis.Redis(host="127.0.0.1", port=node.port) for node in redis_cluster.nodes if node.running]
    saved = [
        (node, node.config_get("maxmemory")["maxmemory"], node.config_get("maxmemory-policy"))
        for node in nodes
    ]
    try:
        for node in nodes:
            node.config_set("maxmemory-policy", "noeviction")
            node.config_set("maxmemory", int(int(node.info("memory")["used_memory"]) / 0.9))
        clock.advance(2)
        with pytest.raises(StoreFull, match="high-water"):
            store.create(b"new")
        assert store.replace(kept.id, 1, b"played").version == 2
        status = store.status()  # every master is measured
        assert status["full"] is True and status["reason"] == "store_full"
        assert len(status["memory"]) == 3  # type: ignore[arg-type]
    finally:
        for node, maxmemory, policy in saved:
            node.config_set("maxmemory", maxmemory)
            node.config_set("maxmemory-policy", policy["maxmemory-policy"])
            node.close()
    clock.advance(2)
    assert store.create(b"new").version == 1
    store.close()
