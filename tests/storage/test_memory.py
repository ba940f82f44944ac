"""MemoryStore specifics: sliding expiry on a fake clock, the session cap, thread safety."""

from __future__ import annotations

import threading

import pytest

from service.storage import MemoryStore, SessionNotFound, Snapshot, StoreFull, StoreUnavailable

from .conftest import FakeClock


def test_sliding_expiry(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=60, clock=clock)
    snap = store.create(b"a")

    clock.advance(59)
    assert store.get(snap.id) == snap  # refreshes: expires 60 s from now
    clock.advance(59)
    snap = store.replace(snap.id, 1, b"b")  # refreshes too
    clock.advance(59)
    assert store.get(snap.id) == Snapshot(snap.id, 2, b"b")

    clock.advance(60)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)
    with pytest.raises(SessionNotFound):
        store.replace(snap.id, 2, b"c")
    with pytest.raises(SessionNotFound):
        store.delete(snap.id, 2)


def test_expiry_is_exact_at_the_ttl(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=10, clock=clock)
    snap = store.create(b"a")
    clock.advance(9.999)
    assert store.get(snap.id) == snap
    clock.advance(10)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)


def test_expired_sessions_are_swept(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=10, clock=clock)
    old = [store.create(b"old").id for _ in range(50)]
    clock.advance(5)
    fresh = [store.create(b"new").id for _ in range(20)]
    assert len(store) == 70
    clock.advance(6)
    assert len(store) == 20
    assert store.status()["sessions"] == 20
    for session_id in fresh:
        assert store.get(session_id).document == b"new"
    for session_id in old:
        with pytest.raises(SessionNotFound):
            store.get(session_id)


def test_cap_evicts_expired_then_refuses(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=60, max_sessions=3, clock=clock)
    first = store.create(b"1")
    clock.advance(10)
    second = store.create(b"2")
    third = store.create(b"3")
    assert store.status()["full"] is True

    with pytest.raises(StoreFull) as info:
        store.create(b"4")
    assert not isinstance(info.value, StoreUnavailable)  # full is not down: a 507, not a 503
    assert info.value.retry_after == 50  # the oldest session expires in 50 s

    # Existing sessions keep working while the store is full.
    assert store.replace(second.id, 1, b"2b").version == 2
    assert store.get(third.id).document == b"3"

    # Deleting frees a slot.
    store.delete(third.id, 1)
    fourth = store.create(b"4")

    # Expired sessions are evicted to make room; live ones never are.
    clock.advance(50)
    fifth = store.create(b"5")
    with pytest.raises(SessionNotFound):
        store.get(first.id)
    for snap in (second, fourth, fifth):
        assert store.get(snap.id).id == snap.id
    with pytest.raises(StoreFull):
        store.create(b"6")


def test_constructor_validates() -> None:
    with pytest.raises(ValueError):
        MemoryStore(ttl_seconds=0)
    with pytest.raises(ValueError):
        MemoryStore(ttl_seconds=1, max_sessions=0)


def test_status_shape(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=30, max_sessions=5, clock=clock)
    store.create(b"x")
    assert store.status() == {
        "backend": "memory",
        "ok": True,
        "sessions": 1,
        "max_sessions": 5,
        "full": False,
        "ttl_seconds": 30,
    }


def test_status_never_raises() -> None:
    def broken_clock() -> float:
        raise RuntimeError("clock broke")

    store = MemoryStore(ttl_seconds=30, clock=broken_clock)
    assert store.status() == {
        "backend": "memory",
        "ok": False,
        "full": False,
        "reason": "store_unavailable",
        "error": "RuntimeError",
    }


def test_concurrent_writers_on_many_sessions() -> None:
    store = MemoryStore(ttl_seconds=60)
    threads, rounds = 8, 300
    errors: list[BaseException] = []
    ids: list[list[str]] = [[] for _ in range(threads)]
    barrier = threading.Barrier(threads)

    def worker(n: int) -> None:
        try:
            barrier.wait()
            for i in range(rounds):
                snap = store.create(f"{n}:{i}".encode())
                snap = store.replace(snap.id, 1, f"{n}:{i}:b".encode())
                assert store.get(snap.id) == snap
                if i % 3 == 0:
                    store.delete(snap.id, 2)
                else:
                    ids[n].append(snap.id)
                len(store)
                store.status()
        except BaseException as exc:
            errors.append(exc)

    pool = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()

    assert errors == []
    kept = [session_id for per_thread in ids for session_id in per_thread]
    assert len(store) == len(kept) == threads * (rounds - rounds // 3)
    for n, per_thread in enumerate(ids):
        for session_id in per_thread:
            snap = store.get(session_id)
            assert snap.version == 2
            assert snap.document.startswith(f"{n}:".encode())


def test_status_says_full(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=30, max_sessions=1, clock=clock)
    store.create(b"x")
    status = store.status()
    assert status["full"] is True and status["ok"] is False
