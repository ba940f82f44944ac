"""Redis-backed session store, shared by every worker and replica.

Data layout: one hash per session under ``f"{namespace}:session:{{{id}}}"`` with the fields

* ``v``: version (decimal integer), ``s``: the document bytes,
* ``w``: token of the call that wrote the current version (makes client-side retries idempotent),
* ``c``: the quota client the session counts against (empty when none).

Beside it, the session's event log: a stream under ``f"{namespace}:events:{{{id}}}"`` (the same hash tag),
written, expired and deleted with the hash by the same scripts; writes with an entry publish the session id
on ``f"{namespace}:changes"`` for the change feeds (:mod:`.redis_events`).

The braces are a Redis Cluster hash tag and every operation is a Lua script on the keys of one tag, so the
layout is Cluster-safe (no cross-slot commands, no WATCH/MULTI). The store connects with ``redis.Redis`` (a
standalone server, or an endpoint in front of one) or, with ``cluster=True``, with ``redis.RedisCluster``,
which follows the slot map and ``MOVED`` redirects itself. Each key carries the session TTL (``PEXPIRE``),
refreshed by ``get`` and ``replace`` (sliding expiry).

Quotas live under ``f"{namespace}:quota:{{{client}}}:live"`` (a sorted set of the client's session ids
scored by their expiry at creation) and ``...:creates`` (a counter per fixed window), both in the
client's own slot and checked and counted by one script before the session is written. The live count
is therefore "sessions created within one TTL and not deleted": a session kept alive longer by use drops
out of it early.

Room: ``f"{namespace}:sessions:{{live}}"`` is the set of every session (scored like the quota's), checked
and added to by one script before a session is written, so ``max_sessions`` holds exactly however many
workers and hosts create at once; and no session is created that would take the node's ``used_memory`` to
``high_water`` of ``maxmemory``, checked by the creating script itself on the node's ``INFO memory``
(:mod:`.redis_capacity`), so the rest stays for the moves of the games already stored. Honest failures: a
Redis at ``maxmemory`` (ship it with ``noeviction``: sessions are never evicted silently) answers ``OOM``,
raised as :class:`~service.storage.base.StoreFull`; a key of the wrong type or with an unreadable version is
:class:`~service.storage.base.SessionCorrupt` for that one session and never counts against the circuit
breaker.

A deleted session briefly (``_TOMBSTONE_MS``) leaves a tombstone hash holding only ``d`` (the deleting
call's token) so that a delete retried by the client library after a lost reply is recognized as already
done instead of reporting "not found". Tombstones have no ``v`` and therefore read as "not found".

Failure policy (timeouts, retries, a circuit breaker per node): :mod:`.redis_connection`.
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Final

from .base import (
    LOG_LIMIT,
    EventLog,
    Quota,
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    Snapshot,
    StoreError,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
    check_document,
    check_events,
    check_version,
    is_valid_session_id,
    new_session_id,
)
from .breaker import CircuitBreaker
from .redis_capacity import MemoryHighWater, NodeMemory
from .redis_connection import BACKEND_ERRORS
from .redis_events import RedisChangeFeed, event_log_of, first_entry_after

__all__ = ["BACKEND_ERRORS", "CircuitBreaker", "RedisStore"]

log = logging.getLogger(__name__)

_TOMBSTONE_MS: Final = 30_000


class RedisStore(NodeMemory):
    """:class:`~service.storage.base.SessionStore` on Redis; thread-safe, one connection pool per instance.

    Arguments:

    * ``url``: a redis-py URL (``redis://``, ``rediss://`` for TLS, ``unix://``), with the password in it
      (``rediss://:PASSWORD@host:6380/0``) or an ACL user (``rediss://user:PASSWORD@...``); its query
      string may override the connection options below, except ``decode_responses`` which must stay false
      (documents are bytes). Constructing the store does not connect.
    * ``ttl_seconds``: sliding session lifetime.
    * ``namespace``: key prefix (no braces); bump its version suffix when the document format changes.
    * ``socket_timeout`` / ``socket_connect_timeout`` (defaults to ``socket_timeout``): per-operation
      network bounds; keep them well under a second.
    * ``retries``: immediate retries on connection errors (never on timeouts).
    * ``health_check_interval``: seconds of idleness after which a pooled connection is PINGed first.
    * ``max_connections``: pool cap (None: unbounded); an exhausted pool raises ``StoreUnavailable``
      without counting as a backend failure.
    * ``breaker_threshold`` / ``breaker_cooldown``: see :class:`CircuitBreaker`.
    * ``cluster``: connect with ``redis.RedisCluster`` (the URL names any node of the cluster).
    * ``password``: used when the URL carries none (e.g. from a mounted Secret).
    * ``max_sessions``: sessions the store holds at most (created within one TTL and not deleted).
    * ``high_water``: the share of ``maxmemory`` from which new sessions are refused.
    * ``clock``: monotonic clock for the breaker and latency figures (injectable for tests);
      ``wall_clock``: epoch seconds for the quota windows.
    """

    backend = "redis"

    def __init__(
        self,
        url: str,
        ttl_seconds: int,
        namespace: str = "cardrules:v1",
        socket_timeout: float = 0.25,
        *,
        socket_connect_timeout: float | None = None,
        retries: int = 1,
        health_check_interval: int = 30,
        max_connections: int | None = None,
        breaker_threshold: int = 3,
        breaker_cooldown: float = 1.0,
        cluster: bool = False,
        password: str | None = None,
        max_sessions: int = 100_000,
        high_water: float = 0.9,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        if not namespace or "{" in namespace or "}" in namespace:
            raise ValueError("namespace must be non-empty and must not contain braces (hash tags)")
        if max_sessions <= 0:
            raise ValueError("max_sessions must be positive")
        self.namespace = namespace
        self.max_sessions = max_sessions
        self.memory = MemoryHighWater(high_water, clock=clock)
        self._ttl_ms = ttl_seconds * 1000
        self._wall_clock = wall_clock
        super().__init__(
            url,
            cluster=cluster,
            socket_timeout=socket_timeout,
            socket_connect_timeout=socket_connect_timeout,
            retries=retries,
            health_check_interval=health_check_interval,
            max_connections=max_connections,
            breaker_threshold=breaker_threshold,
            breaker_cooldown=breaker_cooldown,
            password=password,
            clock=clock,
        )

    def out_of_memory(self) -> None:
        self.memory.forget()

    def key_for(self, session_id: str) -> str:
        """The Redis key of a session (hash-tagged on the id)."""
        return f"{self.namespace}:session:{{{session_id}}}"

    def events_key(self, session_id: str) -> str:
        """The Redis key of a session's event log (a stream in the session's hash tag: its slot)."""
        return f"{self.namespace}:events:{{{session_id}}}"

    def channel(self) -> str:
        """The channel on which writes with a log entry publish their session id."""
        return f"{self.namespace}:changes"

    def _entry_args(self, session_id: str, events: bytes | None) -> list[object]:
        return [0 if events is None else 1, b"" if events is None else events, self.channel(), session_id]

    def live_key(self) -> str:
        """The set of every session, for the store's cap (its own hash tag: one slot)."""
        return f"{self.namespace}:sessions:{{live}}"

    def quota_keys(self, client: str) -> list[str]:
        """The live-session set and the creation counter of a quota client (one hash tag: one slot)."""
        base = f"{self.namespace}:quota:{{{client}}}"
        return [f"{base}:live", f"{base}:creates"]

    # -- SessionStore ----------------------------------------------------------------------------------------

    def _count(self, quota: Quota, session_id: str) -> bool:
        """Check and count a creation against the client's quota; False when the quota counts nothing."""
        if quota.max_live <= 0 and quota.max_creates <= 0:
            return False
        args = [
            int(self._wall_clock() * 1000),
            quota.max_live,
            quota.max_creates,
            max(1, quota.window_seconds) * 1000,
            self._ttl_ms,
            session_id,
        ]
        keys = self.quota_keys(quota.client)
        reply = self._run(partial(self._call_script, "quota", keys, args), key=keys[0])
        outcome = int(reply[0])
        if outcome == 0:
            raise QuotaExceeded("creates", quota.max_creates, math.ceil(max(1, int(reply[1])) / 1000))
        if outcome < 0:
            raise QuotaExceeded("live", quota.max_live, math.ceil(max(1, int(reply[1])) / 1000))
        return True

    def _admit(self, session_id: str) -> None:
        """Refuse a new session at the cap; else count it in the live set (the memory is the create script's)."""
        live = self.live_key()
        now_ms = int(self._wall_clock() * 1000)
        args = [now_ms, self.max_sessions, now_ms + self._ttl_ms, session_id]
        reply = self._run(partial(self._call_script, "capacity", [live], args), key=live)
        if int(reply[0]) != 1:
            wait = min(60, max(1, math.ceil(int(reply[1]) / 1000)))
            raise StoreFull(f"session store full ({self.max_sessions} live sessions)", retry_after=wait)

    def _give_back(self, session_id: str, quota: Quota | None, counted: bool) -> None:
        """Undo what a refused creation counted (best effort: the entries also lapse one TTL later)."""
        live = self.live_key()
        with contextlib.suppress(StoreError):
            self._run(lambda: self._client.zrem(live, session_id), key=live)
        if quota is not None and counted:
            keys = self.quota_keys(quota.client)
            args = [session_id, 1 if quota.max_creates > 0 else 0]
            with contextlib.suppress(StoreError):
                self._run(partial(self._call_script, "release", keys, args), key=keys[0])

    def create(self, document: bytes, quota: Quota | None = None, events: bytes | None = None) -> Snapshot:
        document = check_document(document)
        events = check_events(events)
        for _ in range(3):
            session_id = new_session_id()
            key = self.key_for(session_id)
            self._admit(session_id)
            counted = False
            try:
                if quota is not None:
                    counted = self._count(quota, session_id)
                token = secrets.token_hex(8)
                client = "" if quota is None else quota.client
                room = [repr(self.memory.fraction), len(document) + len(events or b"")]
                args = [document, self._ttl_ms, token, client, *self._entry_args(session_id, events), *room]
                keys = [key, self.events_key(session_id)]
                created = self._run(partial(self._call_script, "create", keys, args), key=key)
            except StoreError:
                self._give_back(session_id, quota, counted)
                raise
            if created == 1:
                return Snapshot(session_id, 1, document)
            self._give_back(session_id, quota, counted)
            if isinstance(created, list):
                used, limit = int(created[1]), int(created[2])
                raise StoreFull(
                    f"session store full for new sessions (Redis memory at {used / limit:.0%} of maxmemory,"
                    f" high-water mark {self.memory.fraction:.0%})"
                )
        raise StoreUnavailable("could not allocate a session id")  # pragma: no cover - 192 random bits

    def get(self, session_id: str) -> Snapshot:
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        keys = [key, self.events_key(session_id)]
        reply = self._run(partial(self._call_script, "get", keys, [self._ttl_ms]), session_id, key)
        outcome = int(reply[0])
        if outcome == -1:
            raise SessionNotFound(session_id)
        try:
            if outcome != 1:
                raise ValueError("not a session record")
            return Snapshot(session_id, int(reply[1]), _as_bytes(reply[2]))
        except (ValueError, TypeError) as exc:
            raise SessionCorrupt(session_id, "not a session record") from exc

    def replace(
        self, session_id: str, expected_version: int, document: bytes, events: bytes | None = None
    ) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        events = check_events(events)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        args = [
            expected_version,
            document,
            self._ttl_ms,
            token,
            *self._entry_args(session_id, events),
            LOG_LIMIT,
        ]
        keys = [key, self.events_key(session_id)]
        reply = self._run(partial(self._call_script, "replace", keys, args), session_id, key)
        outcome = int(reply[0])
        if outcome == -1:
            raise SessionNotFound(session_id)
        if outcome < -1:
            raise SessionCorrupt(session_id, "not a session record")
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)
        return Snapshot(session_id, int(reply[1]), document)

    def events(self, session_id: str, after: int) -> EventLog:
        after = check_version(after, "after")
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        keys = [self.key_for(session_id), self.events_key(session_id)]
        call = partial(self._call_script, "events", keys, [first_entry_after(after)])
        return event_log_of(session_id, self._run(call, session_id, keys[0]))

    def feed(self) -> RedisChangeFeed:
        """A subscription to :meth:`channel` on its own connection (a cluster client's on any node)."""
        return RedisChangeFeed(lambda: self._client.pubsub(), self.channel())

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        args = [expected_version, token, _TOMBSTONE_MS, self.channel(), session_id]
        keys = [key, self.events_key(session_id)]
        reply = self._run(partial(self._call_script, "delete", keys, args), session_id, key)
        outcome = int(reply[0])
        if outcome < 0:
            raise SessionNotFound(session_id)
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)
        client = _as_bytes(reply[1]).decode(errors="replace") if len(reply) > 1 else ""
        # Free the store's slot and the client's (each also frees itself one TTL after creation).
        for live_key in [self.live_key()] + ([self.quota_keys(client)[0]] if client else []):
            with contextlib.suppress(StoreError):
                self._run(partial(self._client.zrem, live_key, session_id), key=live_key)

    def status(self) -> dict[str, object]:
        result: dict[str, object] = {
            "backend": self.backend,
            "ok": False,
            "full": False,
            "namespace": self.namespace,
            "max_sessions": self.max_sessions,
            "high_water": self.memory.fraction,
        }
        if self.cluster:
            result["cluster"] = True
        try:
            started = self._clock()
            self._run(self._client.ping)
            result["latency_ms"] = round((self._clock() - started) * 1000, 3)
            full = self.recently_out_of_memory()
            readings = self._memory_of_primaries()
            result["memory"] = {
                name: {"used": found.used, "maxmemory": found.limit, "policy": found.policy}
                for name, found in readings.items()
            }
            full = full or any(self.memory.reached(found) for found in readings.values())
            live = self.live_key()
            now_ms = int(self._wall_clock() * 1000)
            result["sessions"] = stored = int(
                self._run(partial(self._client.zcount, live, now_ms, "+inf"), key=live)
            )
            full = full or stored >= self.max_sessions
            result.update(ok=not full, full=full)
            if full:
                result["reason"] = "store_full"
                result["error"] = "session store full: new sessions are refused (507 store_full)"
        except StoreError as exc:
            result["reason"] = "store_full" if isinstance(exc, StoreFull) else "store_unavailable"
            result["full"] = isinstance(exc, StoreFull)
            result["error"] = str(exc)
            result["retry_after"] = getattr(exc, "retry_after", 1)
        except Exception as exc:  # a health probe never raises
            result.update(reason="store_unavailable", error=type(exc).__name__)
        try:
            result["breaker"] = self.breaker.state
            failing = self.failing_nodes()
            if failing:
                result["failing_nodes"] = failing
        except Exception:  # pragma: no cover - defensive
            result["breaker"] = "unknown"
        return result


def _as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):  # pragma: no cover - only with decode_responses, which is refused
        return value.encode()
    if value is None:  # pragma: no cover - a hash without a document field
        return b""
    raise TypeError(f"unexpected reply type {type(value).__name__}")  # pragma: no cover
