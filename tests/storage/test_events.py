"""The event log and the change feed of the SessionStore contract, on every backend alike."""

from __future__ import annotations

import threading

import pytest

from service.storage import (
    LOG_LIMIT,
    ChangeFeed,
    EventLog,
    SessionNotFound,
    SessionStore,
    VersionConflict,
)

from .conftest import FakeClock, StoreFactory
from .test_contract import MALFORMED_IDS

DOC1 = b'{"turn":1}'
DOC2 = b'{"turn":2}'
DOC3 = b'{"turn":3}'

#: Calls of ``wait`` a test grants a feed to report an append: a feed may return early and empty.
WAITS = 20


def peer_of(make_store: StoreFactory, store: SessionStore) -> SessionStore:
    """Another store on the same backend (another worker process); the memory store is its own peer."""
    return store if getattr(store, "backend", None) == "memory" else make_store()


def woken(feed: ChangeFeed, session_id: str) -> set[str]:
    """What the feed reported until it named ``session_id`` (at most ``WAITS`` waits of a second)."""
    seen: set[str] = set()
    for _ in range(WAITS):
        seen |= feed.wait(1.0)
        if session_id in seen:
            break
    return seen


# -- the log ---------------------------------------------------------------------------------------------


def test_create_with_events_is_the_entry_of_version_1(store: SessionStore) -> None:
    snap = store.create(DOC1, events=b"dealt")
    assert store.events(snap.id, 0) == EventLog(1, ((1, b"dealt"),))
    assert store.events(snap.id, 1) == EventLog(1, ())


def test_a_session_without_entries_has_an_empty_log(store: SessionStore) -> None:
    snap = store.create(DOC1)
    assert store.events(snap.id, 0) == EventLog(0, ())
    store.replace(snap.id, 1, DOC2)  # a write without events (a token rotation) appends nothing
    assert store.events(snap.id, 0) == EventLog(0, ())


def test_replace_appends_the_entry_of_the_new_version(store: SessionStore) -> None:
    snap = store.create(DOC1, events=b"e1")
    store.replace(snap.id, 1, DOC2)
    store.replace(snap.id, 2, DOC3, events=b"e3")
    store.replace(snap.id, 3, DOC1, events=b"")  # an empty entry is an entry
    assert store.events(snap.id, 0) == EventLog(1, ((1, b"e1"), (3, b"e3"), (4, b"")))


def test_events_after_filters_by_version(store: SessionStore) -> None:
    snap = store.create(DOC1, events=b"e1")
    for version in range(1, 6):
        store.replace(snap.id, version, DOC2, events=f"e{version + 1}".encode())
    assert [v for v, _ in store.events(snap.id, 0).entries] == [1, 2, 3, 4, 5, 6]
    assert store.events(snap.id, 3) == EventLog(1, ((4, b"e4"), (5, b"e5"), (6, b"e6")))
    assert store.events(snap.id, 6) == EventLog(1, ())
    assert store.events(snap.id, 10**30) == EventLog(1, ())
    assert store.events(snap.id, -5).entries[0] == (1, b"e1")


def test_a_refused_replace_appends_nothing(store: SessionStore) -> None:
    snap = store.create(DOC1, events=b"e1")
    store.replace(snap.id, 1, DOC2, events=b"e2")
    with pytest.raises(VersionConflict):
        store.replace(snap.id, 1, DOC3, events=b"stale")
    assert store.events(snap.id, 0) == EventLog(1, ((1, b"e1"), (2, b"e2")))
    assert store.get(snap.id).document == DOC2


def test_racing_writers_append_exactly_one_entry(store: SessionStore) -> None:
    snap = store.create(DOC1)
    barrier = threading.Barrier(6)
    winners: list[bytes] = []

    def writer(n: int) -> None:
        body = f"writer {n}".encode()
        barrier.wait()
        try:
            store.replace(snap.id, 1, body, events=body)
        except VersionConflict:
            return
        winners.append(body)

    pool = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    assert len(winners) == 1
    assert store.events(snap.id, 0) == EventLog(2, ((2, winners[0]),))
    assert store.get(snap.id).document == winners[0]  # the entry is the winning write's


def test_the_log_keeps_the_newest_log_limit_entries(store: SessionStore) -> None:
    snap = store.create(DOC1, events=b"1")
    extra = 5
    for version in range(1, LOG_LIMIT + extra):
        store.replace(snap.id, version, DOC2, events=str(version + 1).encode())
    log = store.events(snap.id, 0)
    assert log.start == extra + 1
    assert len(log.entries) == LOG_LIMIT
    assert log.entries[0] == (extra + 1, str(extra + 1).encode())
    assert log.entries[-1] == (LOG_LIMIT + extra, str(LOG_LIMIT + extra).encode())
    assert store.events(snap.id, LOG_LIMIT + extra - 1) == EventLog(
        extra + 1, ((LOG_LIMIT + extra, str(LOG_LIMIT + extra).encode()),)
    )


def test_a_deleted_session_has_no_log(make_store: StoreFactory) -> None:
    store = make_store()
    snap = store.create(DOC1, events=b"e1")
    store.replace(snap.id, 1, DOC2, events=b"e2")
    store.delete(snap.id, 2)
    with pytest.raises(SessionNotFound):
        store.events(snap.id, 0)
    with pytest.raises(SessionNotFound):
        peer_of(make_store, store).events(snap.id, 0)


def test_unknown_and_malformed_ids_have_no_log(store: SessionStore) -> None:
    unknown = store.create(DOC1, events=b"e1").id[::-1]
    with pytest.raises(SessionNotFound):
        store.events(unknown, 0)
    for bad_id in MALFORMED_IDS:
        with pytest.raises(SessionNotFound):
            store.events(bad_id, 0)


def test_argument_types_are_checked(store: SessionStore) -> None:
    snap = store.create(DOC1)
    with pytest.raises(TypeError):
        store.create(DOC1, events="not bytes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.replace(snap.id, 1, DOC2, events=[b"x"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.events(snap.id, "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.events(snap.id, True)
    assert store.get(snap.id).version == 1  # nothing was written
    assert store.events(snap.id, 0) == EventLog(0, ())


def test_the_log_is_shared_by_every_store_on_the_backend(make_store: StoreFactory) -> None:
    store = make_store()
    other = peer_of(make_store, store)
    snap = store.create(DOC1, events=b"e1")
    other.replace(snap.id, 1, DOC2, events=b"e2")
    assert store.events(snap.id, 1) == EventLog(1, ((2, b"e2"),))


# -- expiry (on the stores with an injectable clock) ---------------------------------------------------------


def clocked(store: SessionStore) -> None:
    if getattr(store, "backend", None) == "redis":
        pytest.skip("Redis expires keys on its own clock: see test_redis_events.py")


def test_reading_the_log_does_not_keep_a_session_alive(make_store: StoreFactory, clock: FakeClock) -> None:
    store = make_store(ttl_seconds=60)
    clocked(store)
    snap = store.create(DOC1, events=b"e1")
    clock.advance(40)
    assert store.events(snap.id, 0).entries == ((1, b"e1"),)
    clock.advance(30)
    with pytest.raises(SessionNotFound):
        store.events(snap.id, 0)
    with pytest.raises(SessionNotFound):
        store.get(snap.id)


def test_the_log_expires_with_its_session_and_slides_with_it(
    make_store: StoreFactory, clock: FakeClock
) -> None:
    store = make_store(ttl_seconds=60)
    clocked(store)
    snap = store.create(DOC1, events=b"e1")
    clock.advance(50)
    store.get(snap.id)  # sliding expiry: the log lives on with the session
    clock.advance(50)
    assert store.events(snap.id, 0).entries == ((1, b"e1"),)
    clock.advance(11)
    with pytest.raises(SessionNotFound):
        store.events(snap.id, 0)


# -- the change feed -------------------------------------------------------------------------------------


def test_a_feed_names_the_sessions_that_got_an_entry(make_store: StoreFactory) -> None:
    store = make_store()
    writer = peer_of(make_store, store)
    quiet = writer.create(DOC1)
    feed = store.feed()
    try:
        assert isinstance(feed, ChangeFeed)
        loud = writer.create(DOC1, events=b"e1")
        writer.replace(quiet.id, 1, DOC2)  # no entry: not news
        assert woken(feed, loud.id) == {loud.id}
        writer.replace(loud.id, 1, DOC2, events=b"e2")
        writer.replace(quiet.id, 2, DOC3, events=b"e3")
        seen: set[str] = set()
        for _ in range(WAITS):
            seen |= feed.wait(1.0)
            if seen == {loud.id, quiet.id}:
                break
        assert seen == {loud.id, quiet.id}
    finally:
        feed.close()


def test_a_feed_wakes_a_waiting_thread(make_store: StoreFactory) -> None:
    store = make_store()
    writer = peer_of(make_store, store)
    snap = writer.create(DOC1)
    feed = store.feed()
    ready = threading.Event()
    found: list[set[str]] = []

    def waiter() -> None:
        ready.set()
        found.append(woken(feed, snap.id))

    thread = threading.Thread(target=waiter)
    thread.start()
    try:
        ready.wait(10)
        writer.replace(snap.id, 1, DOC2, events=b"moved")
        thread.join(WAITS + 10)
        assert found == [{snap.id}]
    finally:
        feed.close()
        thread.join(10)


def test_a_quiet_feed_returns_empty(make_store: StoreFactory) -> None:
    store = make_store()
    before = store.create(DOC1, events=b"before the feed")
    feed = store.feed()
    try:
        # What happened before the feed was made is not news. A Redis Cluster carries a publish from the key's node
        # to the others over its bus, after the publishing call has returned, so there the feed may still hear the
        # last one once: a spurious wake-up, which costs its reader a look at a version it already has.
        cluster = bool(getattr(store, "cluster", False))
        heard = feed.wait(0.5 if cluster else 0.05)  # on a cluster, long enough for the bus to have delivered it
        assert heard == set() or (cluster and heard == {before.id})
        assert feed.wait(0.05) == set()
        store.replace(before.id, 1, DOC2, events=b"after")
        assert woken(feed, before.id) == {before.id}
        assert feed.wait(0.05) == set()  # reported once
        with pytest.raises(VersionConflict):
            store.replace(before.id, 1, DOC3, events=b"refused")
        assert feed.wait(0.05) == set()  # a refused write is no news
    finally:
        feed.close()


def test_a_closed_feed_returns_empty_at_once(make_store: StoreFactory) -> None:
    store = make_store()
    feed = store.feed()
    feed.close()
    feed.close()
    snap = store.create(DOC1, events=b"e1")
    store.replace(snap.id, 1, DOC2, events=b"e2")
    assert feed.wait(5.0) == set()


def test_every_feed_hears_every_append(make_store: StoreFactory) -> None:
    store = make_store()
    feeds = [store.feed(), peer_of(make_store, store).feed()]
    try:
        snap = store.create(DOC1, events=b"e1")
        for feed in feeds:
            assert woken(feed, snap.id) == {snap.id}
    finally:
        for feed in feeds:
            feed.close()


def test_a_feed_names_a_deleted_session(make_store: StoreFactory) -> None:
    """A deletion is news for the session's open streams, which then look, find it gone and end at once
    (SQLite: a row in ``deletions``; Redis: the delete script publishes; in memory: the feeds are told)."""
    store = make_store()
    writer = peer_of(make_store, store)
    doomed = writer.create(DOC1, events=b"e1")
    feed = store.feed()
    try:
        writer.delete(doomed.id, 1)
        assert woken(feed, doomed.id) == {doomed.id}
    finally:
        feed.close()
