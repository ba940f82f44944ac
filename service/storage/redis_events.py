"""The event log of the Redis session store as its callers see it, and its change feed.

A session's log is a stream beside its hash, under ``f"{namespace}:events:{{{id}}}"``: the same hash tag, so
the same Cluster slot, written by the same scripts (:mod:`.redis_scripts`) and so atomic with the document,
with the same TTL, refreshed together, and deleted together.

The change feed is a subscription to the store's channel (``f"{namespace}:changes"``), on which every write
with an entry publishes its session id. One subscription per worker process, however many readers wait in
it; a message only says "look again", the readers then read the log itself, so a message lost to a
reconnection costs a reader its poll timeout, not an entry. ``PUBLISH`` in a Redis Cluster reaches the
subscribers of every node, so the cluster client's pubsub may sit on any node.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from .base import EventLog, SessionCorrupt, SessionNotFound
from .redis_connection import BACKEND_ERRORS

__all__ = ["RedisChangeFeed", "event_log_of", "first_entry_after"]

log = logging.getLogger(__name__)

#: Stream ids are unsigned 64-bit: a reader's ``after`` beyond any version is clamped.
_HIGHEST_AFTER: Final = 2**62
#: How long a new subscription waits for Redis to confirm it (so that "since the feed was made" holds).
_SUBSCRIBE_WAIT: Final = 1.0
#: The pause after a failure, at most (the feed then returns empty and reconnects on the next wait).
_PAUSE_AFTER_FAILURE: Final = 0.1
#: Sessions one wait returns at most (the rest wait for the next call).
_DRAIN: Final = 1000
#: The pause when redis-py returned no message before the timeout, so that such a wait does not spin.
_QUIET_PAUSE: Final = 0.01


def first_entry_after(after: int) -> str:
    """The stream id from which the entries of the versions after ``after`` are read."""
    return "-" if after < 0 else f"{min(after, _HIGHEST_AFTER) + 1}-0"


def _version_of(entry_id: object) -> int:
    if isinstance(entry_id, str):  # pragma: no cover - only with decode_responses, which is refused
        entry_id = entry_id.encode()
    if not isinstance(entry_id, bytes):
        raise TypeError("entry id is not bytes")
    return int(entry_id.split(b"-", 1)[0])


def event_log_of(session_id: str, reply: Any) -> EventLog:
    """The :class:`EventLog` of an ``events`` script reply (see :data:`~.redis_scripts.EVENTS_LUA`)."""
    outcome = int(reply[0])
    if outcome == -1:
        raise SessionNotFound(session_id)
    try:
        if outcome != 1:
            raise ValueError("not a session record")
        start = int(reply[1]) if reply[1] in (b"0", "0") else _version_of(reply[1])
        entries = []
        for entry_id, fields in reply[2]:
            values = dict(zip(fields[::2], fields[1::2], strict=True))
            body = values[b"e"]
            if not isinstance(body, bytes):
                raise TypeError("entry body is not bytes")
            entries.append((_version_of(entry_id), body))
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise SessionCorrupt(session_id, "unreadable log") from exc
    return EventLog(start, tuple(entries))


class RedisChangeFeed:
    """The :class:`~service.storage.base.ChangeFeed` of a Redis store: a subscription to its change channel.

    ``subscribe`` makes a new, unsubscribed redis-py pubsub object (``Redis.pubsub`` or ``RedisCluster.pubsub``);
    it is called when the feed is made and again after a failure, on the next :meth:`wait`. Blocking reads are
    socket waits, which gevent's patching makes cooperative; ``sleep`` and ``clock`` default to
    ``time.sleep`` and ``time.monotonic`` as they are when called.
    """

    def __init__(
        self,
        subscribe: Callable[[], Any],
        channel: str,
        *,
        sleep: Callable[[float], object] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.channel = channel
        self._subscribe = subscribe
        self._sleep = sleep
        self._clock = clock
        self._pubsub: Any = None
        self._failing = False
        self._closed = False
        self.recoveries = 0
        try:
            self._subscribed()
        except BACKEND_ERRORS as error:
            self._failed(error)

    def _now(self) -> float:
        return (self._clock or time.monotonic)()

    def _subscribed(self) -> Any:
        """The subscription, made anew when there is none, once Redis has confirmed it."""
        if self._pubsub is not None:
            return self._pubsub
        pubsub = self._subscribe()
        try:
            pubsub.subscribe(self.channel)
            deadline = self._now() + _SUBSCRIBE_WAIT
            while (left := deadline - self._now()) > 0:
                message = pubsub.get_message(timeout=left)
                if message is not None and message.get("type") == "subscribe":
                    break
        except BaseException:
            with contextlib.suppress(*BACKEND_ERRORS):
                pubsub.close()
            raise
        self._pubsub = pubsub
        return pubsub

    def wait(self, timeout: float) -> set[str]:
        if self._closed:
            return set()
        deadline = self._now() + timeout
        found: set[str] = set()
        try:
            pubsub = self._subscribed()
            while len(found) < _DRAIN:
                message = pubsub.get_message(timeout=0.0 if found else max(0.0, deadline - self._now()))
                if message is None:
                    left = deadline - self._now()
                    if found or left <= 0:
                        break
                    (self._sleep or time.sleep)(min(_QUIET_PAUSE, left))  # woken early: no busy loop
                    continue
                if message.get("type") == "message":
                    data = message.get("data")
                    found.add(data.decode(errors="replace") if isinstance(data, bytes) else str(data))
        except BACKEND_ERRORS as error:
            self._failed(error)
            (self._sleep or time.sleep)(max(0.0, min(_PAUSE_AFTER_FAILURE, deadline - self._now())))
            return set()
        if self._failing:
            log.info("session change feed: subscribed to %s again", self.channel)
            self._failing = False
            self.recoveries += 1  # wake-ups may have been lost meanwhile: the hub looks again at everything
        return found

    def _failed(self, error: BaseException) -> None:
        """Log a failure once per run of them, and drop the subscription (the next wait makes a new one)."""
        (log.debug if self._failing else log.warning)(
            "session change feed: %s lost (%s); reconnecting on the next wait",
            self.channel,
            type(error).__name__,
        )
        self._failing = True
        self._drop()

    def _drop(self) -> None:
        pubsub, self._pubsub = self._pubsub, None
        if pubsub is not None:
            with contextlib.suppress(*BACKEND_ERRORS):
                pubsub.close()

    def close(self) -> None:
        self._closed = True
        self._drop()
