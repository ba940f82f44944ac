"""The SessionStore contract, run against MemoryStore, SqliteStore, RedisStore and RedisStore on a Cluster alike."""

from __future__ import annotations

import base64
import json
import threading
from collections import Counter

import pytest

from service.storage import (
    Quota,
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    SessionStore,
    Snapshot,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
)

from .conftest import StoreFactory

DOC1 = b'{"game":"scopa","turn":1}'
DOC2 = b'{"game":"scopa","turn":2}'
DOC3 = b'{"game":"scopa","turn":3}'

MALFORMED_IDS = [
    "",
    "short",
    "a{b}c" * 5,
    "../../../etc/passwd-xxxxxxxxxxxx",
    "x" * 1000,
    "àèìòùàèìòùàèìòùàèìòù",
    "with space in the middle of it",
    "abcdefghijklmnop:session:{x}",
]


def test_is_a_session_store(store: SessionStore) -> None:
    assert isinstance(store, SessionStore)


def test_lifecycle(store: SessionStore) -> None:
    created = store.create(DOC1)
    assert created == Snapshot(created.id, 1, DOC1)

    assert store.get(created.id) == created

    second = store.replace(created.id, 1, DOC2)
    assert second == Snapshot(created.id, 2, DOC2)
    assert store.get(created.id) == second

    third = store.replace(created.id, 2, DOC3)
    assert third.version == 3
    assert store.get(created.id) == Snapshot(created.id, 3, DOC3)

    store.delete(created.id, 3)
    with pytest.raises(SessionNotFound):
        store.get(created.id)
    with pytest.raises(SessionNotFound):
        store.replace(created.id, 3, DOC1)
    with pytest.raises(SessionNotFound):
        store.delete(created.id, 3)


def test_versions_count_every_write(store: SessionStore) -> None:
    snap = store.create(b"0")
    for i in range(1, 30):
        snap = store.replace(snap.id, snap.version, str(i).encode())
    assert store.get(snap.id) == Snapshot(snap.id, 30, b"29")


def test_stale_writer_gets_conflict_with_current_version(store: SessionStore) -> None:
    snap = store.create(DOC1)
    alice = store.get(snap.id)
    bob = store.get(snap.id)

    store.replace(snap.id, alice.version, DOC2)
    with pytest.raises(VersionConflict) as info:
        store.replace(snap.id, bob.version, DOC3)
    assert info.value.current_version == 2
    assert info.value.expected_version == 1
    assert store.get(snap.id) == Snapshot(snap.id, 2, DOC2)

    for wrong in (0, -1, 3, 10**30):
        with pytest.raises(VersionConflict) as info:
            store.replace(snap.id, wrong, DOC3)
        assert info.value.current_version == 2
    assert store.get(snap.id) == Snapshot(snap.id, 2, DOC2)


def test_delete_with_stale_version_is_refused(store: SessionStore) -> None:
    snap = store.create(DOC1)
    store.replace(snap.id, 1, DOC2)
    with pytest.raises(VersionConflict) as info:
        store.delete(snap.id, 1)
    assert info.value.current_version == 2
    assert store.get(snap.id) == Snapshot(snap.id, 2, DOC2)
    store.delete(snap.id, 2)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)


def test_unknown_id_is_not_found(store: SessionStore) -> None:
    unknown = store.create(DOC1).id[::-1]  # well-formed, never issued
    with pytest.raises(SessionNotFound):
        store.get(unknown)
    with pytest.raises(SessionNotFound):
        store.replace(unknown, 1, DOC2)
    with pytest.raises(SessionNotFound):
        store.delete(unknown, 1)


@pytest.mark.parametrize("bad_id", MALFORMED_IDS)
def test_malformed_id_is_not_found(store: SessionStore, bad_id: str) -> None:
    with pytest.raises(SessionNotFound):
        store.get(bad_id)
    with pytest.raises(SessionNotFound):
        store.replace(bad_id, 1, DOC2)
    with pytest.raises(SessionNotFound):
        store.delete(bad_id, 1)


def test_errors_share_a_base_class() -> None:
    for cls in (SessionNotFound, VersionConflict, StoreUnavailable, StoreFull, QuotaExceeded, SessionCorrupt):
        assert issubclass(cls, StoreError)
    assert not issubclass(StoreFull, StoreUnavailable)  # a full store is not an outage (507, not 503)
    assert StoreUnavailable().retry_after >= 1
    assert StoreUnavailable("x", retry_after=0).retry_after == 1


@pytest.mark.parametrize(
    "document",
    [b"", b"\x00\xff\xfe binary \x00", "àè€ unicode".encode(), b"{}" * 300_000],
    ids=["empty", "binary", "utf8", "600KB"],
)
def test_documents_are_opaque_bytes(store: SessionStore, document: bytes) -> None:
    snap = store.create(document)
    assert store.get(snap.id).document == document
    assert store.replace(snap.id, 1, document[::-1]).document == document[::-1]
    assert store.get(snap.id).document == document[::-1]


def test_argument_types_are_checked(store: SessionStore) -> None:
    snap = store.create(DOC1)
    with pytest.raises(TypeError):
        store.create("not bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.replace(snap.id, 1, "not bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.replace(snap.id, True, DOC2)
    with pytest.raises(TypeError):
        store.delete(snap.id, "1")  # type: ignore[arg-type]
    assert store.get(snap.id) == snap


def test_ids_are_unguessable(store: SessionStore) -> None:
    ids = [store.create(b"{}").id for _ in range(1000)]
    assert len(set(ids)) == len(ids)
    for session_id in ids:
        assert len(session_id) >= 24
        raw = base64.urlsafe_b64decode(session_id + "=" * (-len(session_id) % 4))
        assert len(raw) * 8 >= 128
    # The characters look uniformly random: every URL-safe base64 symbol shows up, none dominates.
    counts = Counter("".join(ids))
    assert len(counts) == 64
    expected = sum(counts.values()) / 64
    assert max(counts.values()) < 2 * expected
    assert min(counts.values()) > expected / 2


def _race_once(store: SessionStore, threads: int) -> None:
    snap = store.create(DOC1)
    barrier = threading.Barrier(threads)
    winners: list[bytes] = []
    conflicts: list[int] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def writer(n: int) -> None:
        document = json.dumps({"writer": n}).encode()
        barrier.wait()
        try:
            result = store.replace(snap.id, 1, document)
        except VersionConflict as exc:
            with lock:
                conflicts.append(exc.current_version)
        except BaseException as exc:
            with lock:
                errors.append(exc)
        else:
            with lock:
                winners.append(document)
            if result.version != 2:
                errors.append(AssertionError(f"winner got version {result.version}"))

    pool = [threading.Thread(target=writer, args=(n,)) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()

    assert errors == []
    assert len(winners) == 1
    assert conflicts == [2] * (threads - 1)
    assert store.get(snap.id) == Snapshot(snap.id, 2, winners[0])


def test_racing_writers_exactly_one_wins(store: SessionStore) -> None:
    for _ in range(10):
        _race_once(store, threads=8)


def test_no_lost_updates_under_concurrent_read_modify_write(store: SessionStore) -> None:
    threads, increments = 8, 15
    shared = store.create(b"0")
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            own = store.create(b"own")
            for _ in range(increments):
                while True:
                    current = store.get(shared.id)
                    try:
                        store.replace(shared.id, current.version, str(int(current.document) + 1).encode())
                    except VersionConflict:
                        continue
                    break
                own = store.replace(own.id, own.version, own.document)
            assert store.get(own.id).version == increments + 1
            store.delete(own.id, own.version)
        except BaseException as exc:
            errors.append(exc)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()

    assert errors == []
    final = store.get(shared.id)
    assert final.version == 1 + threads * increments
    assert final.document == str(threads * increments).encode()


def test_two_stores_on_one_backend_are_independent_for_memory_shared_otherwise(
    make_store: StoreFactory,
) -> None:
    first, second = make_store(), make_store()
    snap = first.create(DOC1)
    if getattr(first, "backend", None) == "memory":
        with pytest.raises(SessionNotFound):
            second.get(snap.id)
        return
    assert second.get(snap.id) == snap
    second.replace(snap.id, 1, DOC2)
    assert first.get(snap.id) == Snapshot(snap.id, 2, DOC2)
    with pytest.raises(VersionConflict) as info:
        first.replace(snap.id, 1, DOC3)
    assert info.value.current_version == 2
    first.delete(snap.id, 2)
    with pytest.raises(SessionNotFound):
        second.get(snap.id)


def test_status_is_healthy_and_json_ready(store: SessionStore) -> None:
    status = store.status()
    assert status["backend"] in {"memory", "sqlite", "redis"}
    assert status["ok"] is True
    json.dumps(status)


def test_close_is_idempotent(make_store: StoreFactory) -> None:
    store = make_store()
    store.create(DOC1)
    store.close()
    store.close()


def test_live_quota_counts_per_client_and_frees_on_delete(store: SessionStore) -> None:
    quota = Quota("alice", max_live=3)
    mine = [store.create(DOC1, quota) for _ in range(3)]
    with pytest.raises(QuotaExceeded) as info:
        store.create(DOC1, quota)
    assert info.value.kind == "live" and info.value.limit == 3 and info.value.retry_after >= 1
    assert store.create(DOC1, Quota("bob", max_live=3)).version == 1  # another client is not affected
    assert store.create(DOC1).version == 1  # nor is a creation without a quota
    store.delete(mine[0].id, 1)
    assert store.create(DOC1, quota).version == 1
    for snap in mine[1:]:
        assert store.get(snap.id) == snap  # a refused creation touched nothing


def test_creation_rate_quota(store: SessionStore) -> None:
    quota = Quota("carol", max_creates=4, window_seconds=3600)
    created = [store.create(DOC1, quota) for _ in range(4)]
    for snap in created:
        store.delete(snap.id, 1)  # deleting does not give creations back
    with pytest.raises(QuotaExceeded) as info:
        store.create(DOC1, quota)
    assert info.value.kind == "creates" and info.value.limit == 4
    assert 1 <= info.value.retry_after <= 3600
    assert store.create(DOC1, Quota("dave", max_creates=4, window_seconds=3600)).version == 1


def test_zero_limits_mean_no_quota(store: SessionStore) -> None:
    quota = Quota("erin", max_live=0, max_creates=0)
    assert len({store.create(DOC1, quota).id for _ in range(20)}) == 20
