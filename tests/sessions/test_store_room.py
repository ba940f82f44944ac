"""Room kept for the games already stored (docs/sessions.md, "Quotas and honest failures"): a flood of creations
stops short of Redis's ``maxmemory`` or of a full SQLite disk, and every move of the games in progress still
works afterwards.

The stores' clocks stand still here: the room is read at each creation, so no reading kept for a second can let
the flood through (it did: the high-water mark was read once a second, the flood ran to ``maxmemory``, and the
moves got 507 too).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask

from service.storage import RedisStore, SqliteStore
from tests.redis_fixture import RedisServer
from tests.sessions.conftest import Table, bearer, deal, make_app, open_table

TABLES = 4
"""Games in progress when the flood starts; each then plays its whole round (40 moves of Briscola for two)."""
FLOOD_LIMIT = 5000
"""Creations one flooding thread tries at most: far more than either store below has room for."""


class StandingClock:
    """A monotonic clock that moves only when the store sleeps (a lock wait), never on its own."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def no_quotas(store: Any) -> Flask:
    return make_app(store, session_quota_creates=0, session_quota_live=0)


def flood(app: Flask, state: dict[str, Any], threads: int) -> list[int]:
    """Statuses of creations sent from ``threads`` clients at once, each until its first refusal."""

    def one_client() -> list[int]:
        client = app.test_client()
        statuses: list[int] = []
        while len(statuses) < FLOOD_LIMIT:
            statuses.append(client.post("/v1/sessions", json={"game": "briscola", "state": state}).status_code)
            if statuses[-1] != 201:
                break
        return statuses

    with ThreadPoolExecutor(threads) as pool:
        return [status for each in pool.map(lambda _: one_client(), range(threads)) for status in each]


def play_out(table: Table) -> list[int]:
    """Every move of the round, each by the seat to act with its own token (keyed, so answers are kept too)."""
    statuses: list[int] = []
    etag = table.etag()
    while not table.state()["round_over"]:
        turn = table.state()["turn"]
        token = table.seats[turn]
        move = table.client.get(f"{table.path}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
        headers = bearer(token, **{"If-Match": etag, "Idempotency-Key": f"move-{len(statuses)}"})
        played = table.client.post(f"{table.path}/moves", json={"move": move}, headers=headers)
        statuses.append(played.status_code)
        if played.status_code != 200:
            break
        etag = played.headers["ETag"]
    return statuses


def refused_as_full(app: Flask, state: dict[str, Any]) -> bool:
    refused = app.test_client().post("/v1/sessions", json={"game": "briscola", "state": state})
    return refused.status_code == 507 and refused.get_json()["code"] == "store_full"


# -- Redis -----------------------------------------------------------------------------------------------------

MAXMEMORY = 3 * 2**20
"""A server of 3 MiB, about 1 MiB of it Redis's own: a flood fills the rest with a few hundred sessions."""


@pytest.fixture
def small_redis(redis_server: RedisServer, tmp_path: Path) -> Iterator[RedisServer]:
    """A private redis-server started with a small ``maxmemory`` and ``noeviction``, as deploy/ ships it."""
    server = RedisServer(
        redis_server.binary,
        tmp_path,
        extra_args=("--maxmemory", str(MAXMEMORY), "--maxmemory-policy", "noeviction"),
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.redis
def test_after_a_creation_flood_at_redis_maxmemory_every_move_of_the_games_stored_works(
    small_redis: RedisServer,
) -> None:
    clock = StandingClock()
    store = RedisStore(small_redis.url, 600, clock=clock)
    app = no_quotas(store)
    client = app.test_client()
    state = deal(client, "briscola", players=2, seed=1)
    tables = [open_table(client, "briscola", players=2, seed=seed) for seed in range(TABLES)]

    statuses = flood(app, state, threads=4)
    assert set(statuses) == {201, 507}  # created until refused as full, never unavailable
    assert statuses.count(201) > 100  # the flood did fill the server
    raw = redis.Redis.from_url(small_redis.url)
    memory = raw.info("memory")
    # Creation stopped at the high-water mark (0.9), give or take what Redis allocates beside the sessions (its key
    # table doubling, the clients' buffers: tens of KB), far from maxmemory: the rest is the games' room.
    assert int(memory["used_memory"]) < 0.95 * MAXMEMORY
    assert int(memory["maxmemory"]) == MAXMEMORY and memory["maxmemory_policy"] == "noeviction"

    for table in tables:
        assert set(play_out(table)) == {200}  # 40 moves each, none refused for memory
    assert refused_as_full(app, state)
    assert int(raw.info("memory")["used_memory"]) < MAXMEMORY  # the games have room left still
    raw.close()
    store.close()


# -- SQLite ----------------------------------------------------------------------------------------------------

DISK_PAGES = 300
"""The "disk": SQLite may grow the file to this many pages (``max_page_count``), then answers SQLITE_FULL, as a
full disk does (tests/storage/test_sqlite_failures.py makes a full disk the same way)."""
RESERVE_PAGES = 60
"""The reserve kept for the games stored; their 160 moves take far less (measured: about 20 pages)."""
PAGES_A_CREATION_MAY_TAKE = 3
"""A session's row, and now and then an index page split by it (2 seen in a run of the whole suite)."""


class SmallDisk(SqliteStore):
    """A store on a "disk" of ``DISK_PAGES`` pages, whose free bytes are the pages the file may still take."""

    def __init__(self, path: Path, clock: StandingClock) -> None:
        self._side: sqlite3.Connection | None = None
        super().__init__(
            path,
            600,
            disk_reserve_bytes=RESERVE_PAGES * 4096,
            free_bytes=self.free_pages,
            monotonic=clock,
            sleep=clock.sleep,
        )
        opener = self._pool.open

        def open_capped() -> sqlite3.Connection:
            conn = opener()
            conn.execute(f"PRAGMA max_page_count = {DISK_PAGES}")
            return conn

        self._pool.open = open_capped  # type: ignore[method-assign]

    def free_pages(self, _: Path) -> int:
        if self._side is None:
            self._side = sqlite3.connect(self.path, check_same_thread=False)  # one creation at a time
        (pages,) = self._side.execute("PRAGMA page_count").fetchone()
        (size,) = self._side.execute("PRAGMA page_size").fetchone()
        return int((DISK_PAGES - pages) * size)

    def close(self) -> None:
        if self._side is not None:
            self._side.close()
        super().close()


def test_after_a_creation_flood_on_a_small_disk_every_move_of_the_games_stored_works(tmp_path: Path) -> None:
    clock = StandingClock()
    store = SmallDisk(tmp_path / "s.sqlite3", clock)
    app = no_quotas(store)
    client = app.test_client()
    state = deal(client, "briscola", players=2, seed=1)
    tables = [open_table(client, "briscola", players=2, seed=seed) for seed in range(TABLES)]

    statuses = flood(app, state, threads=1)  # one writer at a time in SQLite anyway
    assert statuses[-1] == 507 and statuses.count(201) > 100
    # Creation stopped at the reserve, not at SQLite's own SQLITE_FULL: the room is read before each creation, so the
    # last one admitted may take the pages it writes below it (its row, and a split index page now and then).
    assert store.free_pages(tmp_path) >= (RESERVE_PAGES - PAGES_A_CREATION_MAY_TAKE) * 4096
    for table in tables:
        assert set(play_out(table)) == {200}
    assert refused_as_full(app, state)
    store.close()
