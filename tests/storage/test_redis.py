"""RedisStore specifics on a real redis-server: layout, TTLs, idempotent retries, outages and recovery."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
import redis
from redis.connection import AbstractConnection
from redis.crc import key_slot

from service.storage import (
    LOG_LIMIT,
    CircuitOpen,
    EventLog,
    Quota,
    RedisStore,
    SessionCorrupt,
    SessionNotFound,
    Snapshot,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
    open_store,
)
from tests.ports import free_port
from tests.redis_fixture import RedisServer

pytestmark = pytest.mark.redis

DOC1 = b'{"turn":1}'
DOC2 = b'{"turn":2}'

#: Only to catch a call that hangs (without a socket timeout a call waits forever on a frozen server): twenty
#: times the default socket timeout of 0.25 s, so that a loaded machine cannot fail it. How much a call does
#: against a dead server is checked by counting its trips to the network, not by timing it.
HANG_GUARD = 5.0


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


@dataclass(frozen=True)
class Attempt:
    error: BaseException | None
    network_uses: int
    """How many times the call asked redis-py for a connected socket or sent a command on a socket it held: a
    connection made (its handshake included) counts once, and so does each command sent outside a handshake; 0 when
    it never touched the network."""
    seconds: float


def attempt(call: Callable[[], object]) -> Attempt:
    uses, connecting = 0, 0
    connect, send = AbstractConnection.connect, AbstractConnection.send_packed_command

    def counted_connect(connection: AbstractConnection) -> None:
        nonlocal uses, connecting
        uses += 1
        connecting += 1
        try:
            connect(connection)
        finally:
            connecting -= 1

    def counted_send(connection: AbstractConnection, *args: Any, **kwargs: Any) -> None:
        nonlocal uses
        uses += connecting == 0
        send(connection, *args, **kwargs)

    error: BaseException | None = None
    started = time.monotonic()
    with (
        mock.patch.object(AbstractConnection, "connect", counted_connect),
        mock.patch.object(AbstractConnection, "send_packed_command", counted_send),
    ):
        try:
            call()
        except BaseException as exc:
            error = exc
    return Attempt(error, uses, time.monotonic() - started)


# -- layout ------------------------------------------------------------------------------------------------


def test_one_hash_per_session_with_hash_tag(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis, fresh_namespace: str
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1)
    key = f"{fresh_namespace}:session:{{{snap.id}}}"
    assert store.key_for(snap.id) == key
    assert raw_redis.type(key) == b"hash"
    fields = raw_redis.hgetall(key)
    assert fields[b"v"] == b"1"
    assert fields[b"s"] == DOC1
    assert set(fields) == {b"v", b"s", b"w", b"c"}
    assert key_slot(key.encode()) == key_slot(snap.id.encode())  # Redis Cluster: slot of the id alone
    live = f"{fresh_namespace}:sessions:{{live}}"  # the store's cap: every session, one key in one slot
    assert store.live_key() == live and key_slot(live.encode()) == key_slot(b"live")
    assert sorted(raw_redis.keys(f"{fresh_namespace}:*")) == sorted([key.encode(), live.encode()])
    assert raw_redis.zscore(live, snap.id) is not None


def test_namespaces_are_isolated(redis_url: str, fresh_namespace: str) -> None:
    one = RedisStore(redis_url, 60, namespace=fresh_namespace + "-a")
    two = RedisStore(redis_url, 60, namespace=fresh_namespace + "-b")
    try:
        snap = one.create(DOC1)
        with pytest.raises(SessionNotFound):
            two.get(snap.id)
    finally:
        one.close()
        two.close()


def test_constructor_validates(redis_url: str) -> None:
    with pytest.raises(ValueError):
        RedisStore(redis_url, 60, namespace="bad{tag}")
    with pytest.raises(ValueError):
        RedisStore(redis_url, 60, namespace="")
    with pytest.raises(ValueError):
        RedisStore(redis_url, 0)
    with pytest.raises(ValueError):
        RedisStore(redis_url + "?decode_responses=true", 60)


def test_open_store_with_url_is_redis(redis_url: str) -> None:
    store = open_store(redis_url, ttl_seconds=60)
    try:
        assert isinstance(store, RedisStore)
        snap = store.create(DOC1)
        assert store.get(snap.id) == snap
        assert store.status()["ok"] is True
    finally:
        store.close()


# -- TTL ---------------------------------------------------------------------------------------------------


def test_ttl_is_set_and_slides(make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis) -> None:
    store = make_redis_store(ttl_seconds=30)
    snap = store.create(DOC1)
    key = store.key_for(snap.id)
    assert 29_000 < raw_redis.pttl(key) <= 30_000

    raw_redis.pexpire(key, 5_000)
    store.get(snap.id)
    assert raw_redis.pttl(key) > 29_000

    raw_redis.pexpire(key, 5_000)
    store.replace(snap.id, 1, DOC2)
    assert raw_redis.pttl(key) > 29_000

    raw_redis.pexpire(key, 5_000)
    with pytest.raises(VersionConflict):
        store.replace(snap.id, 1, DOC1)
    assert raw_redis.pttl(key) <= 5_000  # a refused write does not touch the session


def test_sessions_expire(make_redis_store: Callable[..., RedisStore]) -> None:
    store = make_redis_store(ttl_seconds=1)
    snap = store.create(DOC1)
    assert store.get(snap.id) == snap
    time.sleep(1.2)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)
    with pytest.raises(SessionNotFound):
        store.replace(snap.id, 1, DOC2)


# -- idempotent retries ------------------------------------------------------------------------------------


def test_replayed_writes_are_recognized(make_redis_store: Callable[..., RedisStore]) -> None:
    """redis-py may resend a script after a lost reply; the write token makes that harmless, log entry included."""
    store = make_redis_store()
    snap = store.create(DOC1)
    keys = [store.key_for(snap.id), store.events_key(snap.id)]
    ttl = "60000"

    def replace(expected: int, document: bytes, token: str, entry: bytes) -> object:
        args = [expected, document, ttl, token, 1, entry, store.channel(), snap.id, LOG_LIMIT]
        return store._call_script("replace", keys, args)

    assert replace(1, DOC2, "token-a", b"e2") == [1, 2]
    assert replace(1, DOC2, "token-a", b"e2") == [1, 2]  # replay: same answer
    assert replace(1, b"other", "token-b", b"stale") == [0, 2]  # a real stale writer
    assert store.get(snap.id) == Snapshot(snap.id, 2, DOC2)
    assert store.events(snap.id, 0) == EventLog(2, ((2, b"e2"),))  # appended once

    assert store._call_script("delete", keys, [2, "token-c", 30_000]) == [1, b""]
    assert store._call_script("delete", keys, [2, "token-c", 30_000]) == [1, b""]  # replay: same answer
    assert store._call_script("delete", keys, [2, "token-d", 30_000]) == [-1]  # someone else: not found

    other = store.create(DOC1, events=b"o1")
    other_keys = [store.key_for(other.id), store.events_key(other.id)]
    args = [DOC2, ttl, "token-e", "", 1, b"again", store.channel(), other.id]
    assert store._call_script("create", other_keys, args) == 0  # id taken
    assert store.get(other.id) == other
    assert store.events(other.id, 0) == EventLog(1, ((1, b"o1"),))


def test_deleted_session_leaves_a_short_tombstone(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store()
    snap = store.create(DOC1)
    key = store.key_for(snap.id)
    store.delete(snap.id, 1)
    assert set(raw_redis.hgetall(key)) == {b"d"}
    assert 0 < raw_redis.pttl(key) <= 30_000
    with pytest.raises(SessionNotFound):
        store.get(snap.id)
    with pytest.raises(SessionNotFound):
        store.replace(snap.id, 1, DOC2)
    with pytest.raises(SessionNotFound):
        store.delete(snap.id, 1)


# -- outages -----------------------------------------------------------------------------------------------


def test_unreachable_server_fails_fast_without_leaking_the_url() -> None:
    url = f"redis://:hunter2secret@127.0.0.1:{free_port()}/0"
    store = RedisStore(url, 60)  # constructing does not connect
    try:
        tried = attempt(lambda: store.create(DOC1))
        assert isinstance(tried.error, StoreUnavailable)
        assert tried.network_uses >= 1 and tried.seconds < HANG_GUARD
        assert "hunter2secret" not in str(tried.error)
        status = store.status()
        assert status["ok"] is False
        assert "hunter2secret" not in repr(status)
    finally:
        store.close()


def test_stopped_server_fails_fast_then_recovers_by_itself(
    redis_control: RedisServer, fresh_namespace: str
) -> None:
    cooldown = 0.5
    store = RedisStore(
        redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=3, breaker_cooldown=cooldown
    )
    try:
        snap = store.create(DOC1)
        redis_control.stop()

        # Real attempts: refused connections.
        for _ in range(3):
            tried = attempt(lambda: store.get(snap.id))
            assert isinstance(tried.error, StoreUnavailable)
            assert not isinstance(tried.error, CircuitOpen)
            assert tried.network_uses >= 1 and tried.seconds < HANG_GUARD
            assert tried.error.retry_after >= 1

        # The circuit is open: every call fails at once without touching the network.
        calls: list[Callable[[], object]] = [
            lambda: store.get(snap.id),
            lambda: store.create(DOC2),
            lambda: store.replace(snap.id, 1, DOC2),
            lambda: store.delete(snap.id, 1),
        ]
        for call in calls:
            tried = attempt(call)
            assert isinstance(tried.error, CircuitOpen)
            assert tried.network_uses == 0
        statuses: list[dict[str, object]] = []
        assert attempt(lambda: statuses.append(store.status())).network_uses == 0
        status = statuses[0]
        assert status["ok"] is False
        assert status["breaker"] == "open"
        assert status["backend"] == "redis"

        # After the cooldown a trial call goes through, still fails, and re-opens the circuit.
        time.sleep(cooldown + 0.1)
        status = store.status()
        assert status["ok"] is False
        assert status["breaker"] == "open"

        # Redis comes back (empty: it runs without persistence); the store heals after the cooldown.
        redis_control.start()
        time.sleep(cooldown + 0.1)
        fresh = store.create(DOC2)
        assert store.get(fresh.id) == fresh
        status = store.status()
        assert status["ok"] is True
        assert status["breaker"] == "closed"
        with pytest.raises(SessionNotFound):
            store.get(snap.id)
    finally:
        store.close()


def test_status_without_server_never_raises(redis_control: RedisServer, fresh_namespace: str) -> None:
    store = RedisStore(redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=100)
    try:
        assert store.status()["ok"] is True
        redis_control.stop()
        for _ in range(3):
            started = time.monotonic()
            status = store.status()
            assert time.monotonic() - started < HANG_GUARD
            assert status["ok"] is False
            assert "error" in status
    finally:
        store.close()


@pytest.mark.parametrize("retries", [1, 0])
def test_restarted_server_is_used_again_without_errors(
    redis_control: RedisServer, fresh_namespace: str, retries: int
) -> None:
    """Pooled connections die with the server; the store reconnects transparently, without errors, even where
    it retries nothing (the connection kept for the next script call is looked at before it is used)."""
    store = RedisStore(redis_control.url, 60, namespace=fresh_namespace, retries=retries)
    try:
        snap = store.create(DOC1)
        assert store.get(snap.id) == snap
        redis_control.stop()
        redis_control.start()
        snap = store.create(DOC2)  # no StoreUnavailable: the stale connection is replaced
        assert store.get(snap.id) == snap
        assert store.breaker.state == "closed"
    finally:
        store.close()


def test_frozen_server_write_refused_by_breaker_leaves_previous_version(
    redis_control: RedisServer, fresh_namespace: str
) -> None:
    cooldown = 0.5
    store = RedisStore(
        redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=2, breaker_cooldown=cooldown
    )
    try:
        snap = store.create(DOC1)
        redis_control.pause()
        for _ in range(2):
            tried = attempt(lambda: store.get(snap.id))
            assert isinstance(tried.error, StoreUnavailable)
            assert tried.network_uses >= 1 and tried.seconds < HANG_GUARD
        refused = attempt(lambda: store.replace(snap.id, 1, b"never stored"))
        assert isinstance(refused.error, CircuitOpen)
        assert refused.network_uses == 0
        assert store.status()["ok"] is False

        redis_control.resume()
        time.sleep(cooldown + 0.1)
        assert store.get(snap.id) == snap
        assert store.replace(snap.id, 1, DOC2) == Snapshot(snap.id, 2, DOC2)
    finally:
        store.close()


def test_frozen_server_timed_out_write_is_all_or_nothing(
    redis_control: RedisServer, fresh_namespace: str
) -> None:
    """A write whose reply never came may or may not have happened, but never half-way."""
    store = RedisStore(redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=100)
    try:
        snap = store.create(DOC1)
        redis_control.pause()
        tried = attempt(lambda: store.replace(snap.id, 1, DOC2))
        assert isinstance(tried.error, StoreUnavailable)
        assert tried.seconds < HANG_GUARD
        redis_control.resume()
        assert redis_control.ping(timeout=2)

        final = store.get(snap.id)
        assert (final.version, final.document) in {(1, DOC1), (2, DOC2)}
        if final.version == 1:
            assert store.replace(snap.id, 1, DOC2).version == 2
        else:
            with pytest.raises(VersionConflict):
                store.replace(snap.id, 1, DOC2)
    finally:
        store.close()


def test_frozen_server_costs_one_timeout_per_call_even_on_new_connections(
    redis_control: RedisServer, fresh_namespace: str
) -> None:
    """Connecting succeeds on a frozen server (the kernel accepts), then the handshake hangs: no retries."""
    redis_control.pause()
    store = RedisStore(redis_control.url, 60, namespace=fresh_namespace, breaker_threshold=3)
    try:
        for _ in range(3):
            tried = attempt(lambda: store.create(DOC1))
            assert isinstance(tried.error, StoreUnavailable)
            assert not isinstance(tried.error, CircuitOpen)
            assert tried.network_uses == 1 and tried.seconds < HANG_GUARD  # one timeout, no retry
        refused = attempt(lambda: store.create(DOC1))
        assert isinstance(refused.error, CircuitOpen)
        assert refused.network_uses == 0
    finally:
        store.close()


def test_a_script_the_server_lost_is_loaded_again(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    """Scripts are called by their digest on the connection itself; a server that lost them (``SCRIPT FLUSH``,
    a restart without persistence) gets each loaded again, and the call made once more, without an error."""
    store = make_redis_store()
    snap = store.create(DOC1)
    raw_redis.script_flush()
    assert store.replace(snap.id, 1, DOC2) == Snapshot(snap.id, 2, DOC2)
    raw_redis.script_flush()
    assert store.get(snap.id) == Snapshot(snap.id, 2, DOC2)
    assert store.breaker.state == "closed"


def test_a_forked_worker_never_uses_its_parents_kept_connection(make_redis_store: Callable[..., RedisStore]) -> None:
    """The connection kept for the next script call is the process's own: a worker forked after a call (gunicorn
    forks its workers from the master) opens its own, and the parent's replies never reach the child."""
    store = make_redis_store()
    snap = store.create(DOC1)
    assert store.get(snap.id) == snap  # the parent now keeps a connection
    other = store.create(DOC2)
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's outcome is its exit status
        ok = False
        with contextlib.suppress(BaseException):
            ok = all(store.get(other.id) == other for _ in range(300))
        os._exit(0 if ok else 1)
    try:
        read = [store.get(snap.id) for _ in range(300)]  # at the same time: on one socket, replies would cross
    finally:
        _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert read == [snap] * 300


# -- honest failures ----------------------------------------------------------------------------------------


def test_a_wrong_type_key_is_an_error_for_that_session_only(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store(breaker_threshold=1)
    good = store.create(DOC1)
    bad = store.create(DOC1)
    raw_redis.delete(store.key_for(bad.id))
    raw_redis.rpush(store.key_for(bad.id), b"not a hash")
    for _ in range(5):
        with pytest.raises(SessionCorrupt):
            store.get(bad.id)
        with pytest.raises(SessionCorrupt):
            store.replace(bad.id, 1, DOC2)
    assert store.breaker.state == "closed"  # not an outage: nobody else is refused
    assert store.get(good.id) == good
    assert store.status()["ok"] is True
    store.delete(bad.id, 1)  # whoever may delete it can clear it
    with pytest.raises(SessionNotFound):
        store.get(bad.id)


def test_an_unreadable_version_is_an_error_for_that_session_only(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store(breaker_threshold=1)
    good = store.create(DOC1)
    bad = store.create(DOC1)
    raw_redis.hset(store.key_for(bad.id), "v", "garbage")
    with pytest.raises(SessionCorrupt):
        store.get(bad.id)
    raw_redis.hset(store.key_for(bad.id), "v", "1.5")  # a number, but not a version
    with pytest.raises(SessionCorrupt):
        store.get(bad.id)
    raw_redis.hset(store.key_for(bad.id), "v", "garbage")
    with pytest.raises(SessionCorrupt):
        store.replace(bad.id, 1, DOC2)
    assert store.get(good.id) == good and store.breaker.state == "closed"


def test_a_full_redis_is_store_full_not_unavailable(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store(breaker_threshold=1)
    kept = store.create(DOC1)
    policy = raw_redis.config_get("maxmemory-policy")["maxmemory-policy"]
    raw_redis.config_set("maxmemory-policy", "noeviction")
    raw_redis.config_set("maxmemory", 1)
    try:
        with pytest.raises(StoreFull):
            store.create(DOC2)
        assert store.breaker.state == "closed"
        assert store.get(kept.id) == kept  # reads still work
        status = store.status()
        assert status["full"] is True and status["ok"] is False and "507" in str(status["error"])
    finally:
        raw_redis.config_set("maxmemory", 0)
        raw_redis.config_set("maxmemory-policy", policy)
    store.memory.forget()  # the memory reading is kept for a second; the test does not wait for it
    assert store.create(DOC2).version == 1


def test_quota_keys_share_the_client_slot(
    make_redis_store: Callable[..., RedisStore], raw_redis: redis.Redis
) -> None:
    store = make_redis_store()
    live, creates = store.quota_keys("a0123")
    assert key_slot(live.encode()) == key_slot(creates.encode()) == key_slot(b"a0123")
    snap = store.create(DOC1, Quota("a0123", max_live=5, max_creates=5))
    assert raw_redis.zscore(live, snap.id) is not None
    assert raw_redis.get(creates) == b"1"
    store.delete(snap.id, 1)
    assert raw_redis.zscore(live, snap.id) is None  # the live slot is given back at once


def test_a_password_outside_the_url(
    redis_control: RedisServer, raw_redis: redis.Redis, fresh_namespace: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """REDIS_PASSWORD (or a mounted file) authenticates when REDIS_URL has no password; it is never shown."""
    raw_redis.config_set("requirepass", "s3cret-pw")
    try:
        monkeypatch.setenv("REDIS_PASSWORD", "s3cret-pw")
        with_password = open_store(redis_control.url, ttl_seconds=60)
        monkeypatch.delenv("REDIS_PASSWORD")
        without = RedisStore(redis_control.url, 60, namespace=fresh_namespace)
        try:
            snap = with_password.create(DOC1)
            assert with_password.get(snap.id) == snap
            with pytest.raises(StoreUnavailable) as info:
                without.create(DOC1)
            assert "s3cret" not in str(info.value)
            status = without.status()
            assert status["ok"] is False and "s3cret" not in repr(status)
        finally:
            with_password.close()
            without.close()
    finally:
        raw_redis.config_set("requirepass", "")
