"""Claims and the deadline index on every backend (memory, SQLite, Redis, Redis Cluster): what a ticket's single
use and a table's clock rely on, across the stores of one service (one file, one namespace)."""

from __future__ import annotations

from service.storage import listings
from service.storage.claims import claim_once
from service.storage.deadlines import drop_deadline, due_deadlines, set_deadline
from tests.storage.conftest import FakeClock, StoreFactory


def test_a_claim_is_won_once_across_the_stores_of_a_service(make_store: StoreFactory, clock: FakeClock) -> None:
    first, second = make_store(), make_store()
    shared = second if first.backend != "memory" else first  # memory stores are each on their own
    assert claim_once(first, "ticket:abc", 60, now=clock.now) is True
    assert claim_once(shared, "ticket:abc", 60, now=clock.now) is False
    assert claim_once(shared, "ticket:other", 60, now=clock.now) is True


def test_due_deadlines_oldest_first_and_a_newer_one_outlives_a_stale_drop(make_store: StoreFactory) -> None:
    store = make_store()
    set_deadline(store, "late", 1_000.5)
    set_deadline(store, "early", 1_000.25)
    set_deadline(store, "future", 2_000.0)
    assert due_deadlines(store, 1_000.5) == [("early", 1_000.25), ("late", 1_000.5)]
    set_deadline(store, "early", 1_500.0)  # the table moved on: a new deadline replaces the old entry
    drop_deadline(store, "early", 1_000.25)  # a worker that acted on the old one drops only that one
    assert due_deadlines(store, 1_500.0) == [("late", 1_000.5), ("early", 1_500.0)]
    drop_deadline(store, "late", 1_000.5)
    assert due_deadlines(store, 1_999.0) == [("early", 1_500.0)]
    assert due_deadlines(store, 3_000.0, limit=1) == [("early", 1_500.0)]


def test_a_clients_listing_is_newest_first_by_pages(make_store: StoreFactory) -> None:
    store = make_store()
    for k, at in enumerate([10.0, 30.0, 20.0, 30.0]):
        listings.add(store, "k-host", f"s{k}", at)
    listings.add(store, "k-other", "x", 40.0)
    everything = listings.listed(store, "k-host", None, 10)
    assert everything == [(30.0, "s3"), (30.0, "s1"), (20.0, "s2"), (10.0, "s0")]
    assert listings.listed(store, "k-host", None, 2) == everything[:2]
    assert listings.listed(store, "k-host", everything[1], 2) == everything[2:]
    listings.forget(store, "k-host", "s2")
    assert listings.listed(store, "k-host", everything[1], 2) == [(10.0, "s0")]
