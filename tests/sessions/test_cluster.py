"""Sessions on a real local Redis Cluster (three masters, one replica each, started by the test command).

The store contract and its racing-writers test run on the cluster in tests/storage; here the HTTP layer: racing
writers through two app instances, and a master killed mid-run: its sessions answer 503 quickly while the other
masters' sessions keep working, and once its replica is promoted every acknowledged (replicated) move is there.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.storage import RedisStore, open_store
from tests.redis_fixture import RedisClusterProcesses, find_redis_cli, find_redis_server

from .conftest import Table, bearer, make_app, open_table

pytestmark = pytest.mark.redis

FAILOVER_TIMEOUT = 30.0


@pytest.fixture
def cluster_stores(redis_cluster_url: str, fresh_namespace: str) -> Iterator[list[RedisStore]]:
    stores = [
        RedisStore(redis_cluster_url, 600, namespace=fresh_namespace, cluster=True, breaker_cooldown=0.3)
        for _ in range(2)
    ]
    yield stores
    for store in stores:
        store.close()


def play_one(client: FlaskClient, table: Table, etag: str | None = None) -> Any:
    state = table.state()
    turn = state["turn"]
    listed = client.get(f"{table.path}/legal-moves", headers=bearer(table.seats[turn]))
    return client.post(
        f"{table.path}/moves",
        json={"move": listed.get_json()["moves"][0]},
        headers=bearer(table.seats[turn], **{"If-Match": etag or listed.headers["ETag"]}),
    )


def test_open_store_follows_redis_cluster(redis_cluster_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_CLUSTER", "1")
    store = open_store(redis_cluster_url, 60)
    try:
        assert isinstance(store, RedisStore) and store.cluster
        snap = store.create(b"{}")
        assert store.get(snap.id) == snap
        assert store.status()["ok"] is True and store.status()["cluster"] is True
    finally:
        store.close()


def test_eight_writers_racing_through_two_instances_exactly_one_wins(
    cluster_stores: list[RedisStore],
) -> None:
    apps: list[Flask] = [make_app(store) for store in cluster_stores]
    table = open_table(apps[0].test_client(), "scopa", players=2, seed=11)
    state = table.state()
    moves = (
        apps[0]
        .test_client()
        .get(f"{table.path}/legal-moves", headers=bearer(table.owner))
        .get_json()["moves"]
    )
    barrier = threading.Barrier(8)
    statuses: list[int] = []

    def writer(index: int) -> None:
        client = apps[index % 2].test_client()
        barrier.wait()
        response = client.post(
            f"{table.path}/moves",
            json={"move": moves[index % len(moves)]},
            headers=bearer(table.seats[state["turn"]], **{"If-Match": '"1"'}),
        )
        statuses.append(response.status_code)

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sorted(statuses) == [200] + [412] * 7
    assert apps[1].test_client().get(table.path, headers=bearer(table.owner)).get_json()["version"] == 2


@pytest.fixture
def cluster_to_break(redis_cluster: RedisClusterProcesses, tmp_path: Path) -> Iterator[RedisClusterProcesses]:
    """A cluster of this test's own: killing a master moves the shared cluster's masters and sets a replica to
    resync, and the cluster tests that run after it on the same worker read and configure the nodes."""
    cluster = RedisClusterProcesses(find_redis_server() or "", find_redis_cli() or "", tmp_path)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def test_a_master_killed_mid_run(cluster_to_break: RedisClusterProcesses, fresh_namespace: str) -> None:
    redis_cluster = cluster_to_break
    store = RedisStore(redis_cluster.url, 600, namespace=fresh_namespace, cluster=True, breaker_cooldown=0.3)
    client = make_app(store).test_client()
    tables = [open_table(client, "briscola", seed=seed) for seed in range(12)]
    for table in tables:
        assert play_one(client, table).status_code == 200
    time.sleep(0.5)  # replication to the replicas is asynchronous: give it time to catch up

    def port_of(table: Table) -> int:
        return int(store._client.get_node_from_key(store.key_for(table.id)).port)

    victim_port = port_of(tables[0])
    victim = next(node for node in redis_cluster.nodes if node.port == victim_port)
    lost = [table for table in tables if port_of(table) == victim_port]
    kept = [table for table in tables if port_of(table) != victim_port]
    assert lost and kept
    victim.kill()
    try:
        outage: list[tuple[int, float, str]] = []
        deadline = time.monotonic() + FAILOVER_TIMEOUT
        while time.monotonic() < deadline:
            started = time.monotonic()
            response = client.get(f"{lost[0].path}/view", headers=bearer(lost[0].seats[0]))
            elapsed = time.monotonic() - started
            if response.status_code == 200:
                break
            outage.append((response.status_code, elapsed, response.get_json()["code"]))
            assert response.headers["Retry-After"].isdigit()
            other = client.get(f"{kept[0].path}/view", headers=bearer(kept[0].seats[0]))
            assert other.status_code == 200, "a session on a healthy master must keep working"
            time.sleep(0.05)
        else:
            pytest.fail(f"no replica took over within {FAILOVER_TIMEOUT} s: {outage[-3:]}")
        assert outage, "the killed master's sessions should have been unavailable for a while"
        assert {(status, code) for status, _, code in outage} == {(503, "store_unavailable")}
        # Only a guard against a request that hangs on the dead master (the socket timeout is 0.25 s), wide
        # enough for a busy machine.
        assert max(elapsed for _, elapsed, _ in outage) < 10.0
        # The replica is the master now: every acknowledged, replicated move is there, and play goes on.
        for table in tables:
            assert table.etag() == '"2"'
            assert play_one(client, table, '"2"').status_code == 200
    finally:
        store.close()
