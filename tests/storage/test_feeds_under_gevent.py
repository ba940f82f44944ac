"""Under gevent's monkey-patching (the gunicorn worker), a greenlet waiting on a change feed lets the others run
and is woken by an append made in the same process: the feeds block only in calls that gevent makes cooperative."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
from gevent import monkey
monkey.patch_all()
import json, sys
import gevent
from service.storage import MemoryStore, RedisStore, SqliteStore

backend, where = sys.argv[1], sys.argv[2]
if backend == "memory":
    writer = reader = MemoryStore(60)
elif backend == "sqlite":
    writer, reader = SqliteStore(where, 60), SqliteStore(where, 60)
else:
    writer, reader = RedisStore(where, 60, namespace=sys.argv[3]), RedisStore(where, 60, namespace=sys.argv[3])
feed = reader.feed()
snap = writer.create(b"doc")
woken, ticks = [], []

def waiter():
    for calls in range(1, 4):
        found = feed.wait(10.0)
        if snap.id in found:
            woken.append({"found": sorted(found), "calls": calls, "ticks": len(ticks)})
            return

def ticker():  # gets to run only while the waiter yields to the hub
    for _ in range(5):
        ticks.append(1)
        gevent.sleep(0.01)

waiting = gevent.spawn(waiter)
ticking = gevent.spawn(ticker)
gevent.sleep(0.1)
writer.replace(snap.id, 1, b"moved", events=b"entry")
gevent.joinall([waiting, ticking], timeout=30)
feed.close()
print(json.dumps({"woken": woken, "id": snap.id}))
"""


def run(*args: str) -> dict[str, object]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, timeout=120, env=env, cwd=root
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def check(result: dict[str, object]) -> None:
    # Woken by its first wait, which the other greenlet outlasted: the wait yielded to the hub, else the
    # write (in the main greenlet) could not have happened during it, nor the ticks.
    assert result["woken"] == [{"found": [result["id"]], "calls": 1, "ticks": 5}]


def test_memory_and_sqlite_feeds_cooperate_with_gevent(tmp_path: Path) -> None:
    check(run("memory", ""))
    check(run("sqlite", str(tmp_path / "sessions.sqlite3")))


@pytest.mark.redis
def test_the_redis_feed_cooperates_with_gevent(redis_url: str, fresh_namespace: str) -> None:
    check(run("redis", redis_url, fresh_namespace))
