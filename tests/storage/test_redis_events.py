"""The Redis event log on the server itself: its key, its TTL, its removal, a corrupt log, the feed's reconnection."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

import pytest
import redis
from redis.crc import key_slot

from service.storage import EventLog, RedisStore, SessionCorrupt, SessionNotFound, Snapshot
from tests.redis_fixture import RedisServer

pytestmark = pytest.mark.redis

DOC1 = b'{"turn":1}'
DOC2 = b'{"turn":2}'


@pytest.fixture
def make_redis_store(redis_url: str, fresh_namespace: str) -> Iterator[Callable[..., RedisStore]]:
    stores: list[RedisStore] = []

    def factory(ttl_seconds: int = 60, **options: object) -> RedisStore:
        store = RedisStore(redis_url, ttl_seconds, namespace=fresh_namespace, **options)  # type: ignore[arg-type]
        stores.append(store)
        return store

    yield factory
    for store in stores:
        store.close()


def test_the_log_is_a_stream_in_the_slot_of_its_session(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis, fresh_namespace: str
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1, events=b"e1")
    store.replace(snap.id, 1, DOC2, events=b"e2")
    key = f"{fresh_namespace}:events:{{{snap.id}}}"
    assert store.events_key(snap.id) == key
    assert key_slot(key.encode()) == key_slot(store.key_for(snap.id).encode())  # one Cluster slot
    assert raw_redis.type(key) == b"stream"
    assert raw_redis.xrange(key) == [(b"1-0", {b"e": b"e1"}), (b"2-0", {b"e": b"e2"})]
    assert store.channel() == f"{fresh_namespace}:changes"


def test_the_log_has_the_ttl_of_its_session(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store(ttl_seconds=30)
    snap = store.create(DOC1, events=b"e1")
    key, log = store.key_for(snap.id), store.events_key(snap.id)
    assert 29_000 < raw_redis.pttl(log) <= 30_000

    for refresh in (lambda: store.get(snap.id), lambda: store.replace(snap.id, 1, DOC2)):
        raw_redis.pexpire(key, 5_000)
        raw_redis.pexpire(log, 5_000)
        refresh()  # a write without an entry refreshes the log's TTL as well
        assert raw_redis.pttl(key) > 29_000 and raw_redis.pttl(log) > 29_000

    raw_redis.pexpire(key, 5_000)
    raw_redis.pexpire(log, 5_000)
    store.events(snap.id, 0)  # polling the log keeps nothing alive
    assert raw_redis.pttl(key) <= 5_000 and raw_redis.pttl(log) <= 5_000


def test_delete_removes_the_log(make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis) -> None:
    store = make_redis_store()
    snap = store.create(DOC1, events=b"e1")
    store.delete(snap.id, 1)
    assert raw_redis.exists(store.events_key(snap.id)) == 0
    with pytest.raises(SessionNotFound):
        store.events(snap.id, 0)  # the tombstone is no session


def test_a_session_whose_key_expired_has_no_log(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1, events=b"e1")
    raw_redis.delete(store.key_for(snap.id))  # what the expiry of the session key does
    with pytest.raises(SessionNotFound):
        store.events(snap.id, 0)


def test_a_corrupt_log_refuses_an_entry_without_writing_the_document(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1)
    raw_redis.rpush(store.events_key(snap.id), b"not a stream")
    with pytest.raises(SessionCorrupt):
        store.events(snap.id, 0)
    with pytest.raises(SessionCorrupt):
        store.replace(snap.id, 1, DOC2, events=b"e2")
    assert store.get(snap.id) == snap  # all or nothing: no write without its entry
    assert store.breaker.state == "closed"


def test_a_log_already_holding_the_next_version_is_refused_before_writing(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1, events=b"e1")
    raw_redis.xadd(store.events_key(snap.id), {"e": b"from elsewhere"}, id="7-0")
    with pytest.raises(SessionCorrupt):
        store.replace(snap.id, 1, DOC2, events=b"e2")
    assert store.get(snap.id) == snap
    assert store.events(snap.id, 0) == EventLog(1, ((1, b"e1"), (7, b"from elsewhere")))


def test_the_feed_reconnects_after_a_restart(
    redis_control: RedisServer, fresh_namespace: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = RedisStore(redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=100)
    feed = store.feed()
    try:
        redis_control.stop()
        with caplog.at_level(logging.WARNING, logger="service.storage.redis_events"):
            assert feed.wait(0.2) == set()  # no exception: logged, and empty
            assert feed.wait(0.2) == set()
        assert any("reconnecting" in record.getMessage() for record in caplog.records)
        redis_control.start()
        seen: set[str] = set()
        for _ in range(20):
            snap = store.create(DOC1, events=b"after the restart")
            seen |= feed.wait(1.0)
            if snap.id in seen:
                break
        assert snap.id in seen
        assert store.get(snap.id) == Snapshot(snap.id, 1, DOC1)
    finally:
        feed.close()
        store.close()
