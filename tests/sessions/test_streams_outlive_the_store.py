"""A store that stops answering for 5 s under open streams ends none of them (the streams issue, "done when").

The service runs as the image starts it (gunicorn, two gevent workers) on a real redis-server, which is frozen
(SIGSTOP: every call hangs until its timeout, as a Redis failing over does) for 5 s while seat streams are open.
Afterwards every stream is still open, and the next move reaches each of them: the streams waited the failure
out (before, the first failed read ended a stream as a revoked token does). Nothing here is timed: each read has
a generous bound against a hang.
"""

from __future__ import annotations

import time

import pytest

from tests.edge.servers import gunicorn
from tests.edge.test_event_stream_proxy import StreamReader, new_table, play_one
from tests.redis_fixture import RedisServer

pytestmark = pytest.mark.redis

FROZEN_SECONDS = 5.0


def next_event(reader: StreamReader) -> dict[str, str]:
    """The next message that is not a comment (a heartbeat) nor a bare ``retry:``."""
    while True:
        message = reader.next()
        if "event" in message:
            return message


def test_a_store_frozen_for_5_s_ends_no_stream_and_the_next_move_reaches_every_one(
    redis_control: RedisServer,
) -> None:
    with gunicorn(workers=2, REDIS_URL=redis_control.url) as port:
        table = new_table(port)
        path = f"/v1/sessions/{table['id']}/events"
        readers = [StreamReader(port, path, token) for token in table["tokens"]["seats"] for _ in range(3)]
        try:
            for reader in readers:
                assert reader.response.status == 200
                assert next_event(reader)["event"]  # the deal
            redis_control.pause()
            try:
                time.sleep(FROZEN_SECONDS)
            finally:
                redis_control.resume()
            played = play_one(port, table)
            for reader in readers:
                while (message := next_event(reader)).get("id") != str(played["version"]):
                    assert message["event"] != "", message
            assert all(reader.thread.is_alive() for reader in readers)  # none ended
        finally:
            for reader in readers:
                reader.close()
