"""Redis-backed session store, shared by every worker and replica.

Data layout: one hash per session under ``f"{namespace}:session:{{{id}}}"`` with the fields

* ``v``: version (decimal integer), ``s``: the document bytes,
* ``w``: token of the call that wrote the current version (makes client-side retries idempotent),
* ``c``: the quota client the session counts against (empty when none).

The braces are a Redis Cluster hash tag and every operation is a single-key Lua script, so the layout is
Cluster-safe (no cross-slot commands, no WATCH/MULTI). The store connects with ``redis.Redis`` (a
standalone server, or an endpoint in front of one) or, with ``cluster=True``, with ``redis.RedisCluster``,
which follows the slot map and ``MOVED`` redirects itself. Each key carries the session TTL (``PEXPIRE``),
refreshed by ``get`` and ``replace`` (sliding expiry).

Quotas live under ``f"{namespace}:quota:{{{client}}}:live"`` (a sorted set of the client's session ids
scored by their expiry at creation) and ``...:creates`` (a counter per fixed window), both in the
client's own slot and checked and counted by one script before the session is written. The live count
is therefore "sessions created within one TTL and not deleted": a session kept alive longer by use drops
out of it early. Honest failures: a Redis at ``maxmemory`` (ship it with ``noeviction``: sessions are
never evicted silently) answers ``OOM``, raised as :class:`~service.storage.base.StoreFull`; a key of the
wrong type or with an unreadable version is :class:`~service.storage.base.SessionCorrupt` for that one
session and never counts against the circuit breaker.

A deleted session briefly (``_TOMBSTONE_MS``) leaves a tombstone hash holding only ``d`` (the deleting
call's token) so that a delete retried by the client library after a lost reply is recognized as already
done instead of reporting "not found". Tombstones have no ``v`` and therefore read as "not found".

Failure policy: short socket timeouts; at most ``retries`` immediate retries inside redis-py, on
connection errors only (a connection reset under a command, e.g. by a Redis restart, is replaced at once,
while a hung server costs one ``socket_timeout`` per call, not a multiple of it); and a circuit breaker:
after ``breaker_threshold`` consecutive backend failures, calls fail fast with
:class:`~service.storage.base.CircuitOpen` for ``breaker_cooldown`` seconds; then one trial call goes
through (half-open) and its outcome closes or re-opens the circuit. A dead Redis therefore costs almost
nothing per request and the store recovers by itself when Redis comes back.
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Final, TypeVar, cast

import redis
from redis.backoff import NoBackoff
from redis.connection import parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import (
    MaxConnectionsError,
    OutOfMemoryError,
    RedisClusterException,
    RedisError,
    ResponseError,
)
from redis.retry import Retry

from .base import (
    CircuitOpen,
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
    check_version,
    is_valid_session_id,
    new_session_id,
)

__all__ = ["CircuitBreaker", "RedisStore"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Exceptions that mean "the backend did not serve the call". ``RedisClusterException`` is not a
#: ``RedisError``; ``OSError`` covers socket errors that escape redis-py's wrapping.
BACKEND_ERRORS: Final = (RedisError, RedisClusterException, OSError)

_TOMBSTONE_MS: Final = 30_000

# Every script first checks the key's type: anything but a hash (or nothing) is a corrupt record, {-2}.

# KEYS[1] session key; ARGV: document, ttl_ms, token, client. Returns 1 if created (or if this very call
# created it before a retry), 0 if the id is taken.
_CREATE_LUA: Final = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('TYPE', KEYS[1]).ok == 'hash' and redis.call('HGET', KEYS[1], 'w') == ARGV[3] then return 1 end
  return 0
end
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'w', ARGV[3], 'c', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] session key; ARGV: ttl_ms. Returns {-1} absent, {-2} corrupt, else {1, version, document};
# refreshes the TTL.
_GET_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if not r[1] then return {-1} end
if not tonumber(r[1]) or not r[2] then return {-2} end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {1, r[1], r[2]}
"""

# KEYS[1] session key; ARGV: expected version, document, ttl_ms, token.
# Returns {-1} not found, {-2} corrupt, {0, current} conflict, {1, new version} written (or written by this
# very call).
_REPLACE_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t ~= 'hash' then return {-2} end
local r = redis.call('HMGET', KEYS[1], 'v', 'w')
if not r[1] then return {-1} end
local v = tonumber(r[1])
if not v then return {-2} end
if v == tonumber(ARGV[1]) then
  v = v + 1
  redis.call('HSET', KEYS[1], 'v', v, 's', ARGV[2], 'w', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, v}
end
if r[2] == ARGV[4] then return {1, v} end
return {0, v}
"""

# KEYS[1] session key; ARGV: expected version, token, tombstone_ms.
# Returns {-1} not found, {0, current} conflict, {1, client} deleted (or deleted by this very call).
# A corrupt record (wrong type, unreadable version) is deleted by whoever may delete the session.
_DELETE_LUA: Final = """
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'none' then return {-1} end
if t == 'hash' then
  local r = redis.call('HMGET', KEYS[1], 'v', 'd', 'c')
  if not r[1] then
    if r[2] == ARGV[2] then return {1, ''} end
    return {-1}
  end
  local v = tonumber(r[1])
  if v and v ~= tonumber(ARGV[1]) then return {0, v} end
  redis.call('DEL', KEYS[1])
  redis.call('HSET', KEYS[1], 'd', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, r[3] or ''}
end
redis.call('DEL', KEYS[1])
return {1, ''}
"""

# KEYS[1] the client's live set, KEYS[2] its creation counter; ARGV: now_ms, max_live, max_creates,
# window_ms, ttl_ms, session id. Returns {1} counted, {0, ms} over the creation rate, {-1, ms} over the
# live cap (ms: until a slot frees).
_QUOTA_LUA: Final = """
local now = tonumber(ARGV[1])
local max_live, max_creates = tonumber(ARGV[2]), tonumber(ARGV[3])
if max_creates > 0 then
  local c = tonumber(redis.call('GET', KEYS[2]) or '0')
  if c >= max_creates then return {0, redis.call('PTTL', KEYS[2])} end
end
if max_live > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZCARD', KEYS[1]) >= max_live then
    local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {-1, math.floor(tonumber(first[2]) - now)}
  end
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[5]), ARGV[6])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
if max_creates > 0 then
  if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
end
return {1}
"""

#: How long a refused ``OOM`` write keeps the store reported as full in :meth:`RedisStore.status`.
_FULL_MEMORY_S: Final = 30.0

_Script = Callable[..., Any]


class CircuitBreaker:
    """A small thread-safe consecutive-failure circuit breaker.

    closed: calls pass; ``threshold`` consecutive failures open it.
    open: :meth:`before` raises :class:`CircuitOpen` until ``cooldown`` seconds have passed.
    half-open: exactly one trial call passes (others fail fast); success closes, failure re-opens.
    """

    def __init__(
        self, threshold: int = 3, cooldown: float = 1.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if threshold < 1:
            raise ValueError("threshold must be >= 1")
        if cooldown <= 0:
            raise ValueError("cooldown must be positive")
        self.threshold = threshold
        self.cooldown = cooldown
        self._clock = clock
        self._lock = threading.Lock()
        self._failures = 0
        self._open_until: float | None = None
        self._trial_in_flight = False

    @property
    def state(self) -> str:
        """``"closed"``, ``"open"`` or ``"half-open"``."""
        with self._lock:
            if self._open_until is None:
                return "closed"
            return "open" if self._clock() < self._open_until else "half-open"

    def before(self) -> None:
        """Admit a call or raise :class:`CircuitOpen`."""
        with self._lock:
            if self._open_until is None:
                return
            now = self._clock()
            if now < self._open_until:
                raise CircuitOpen(
                    "session store unavailable (circuit open)",
                    retry_after=math.ceil(self._open_until - now),
                )
            if self._trial_in_flight:
                raise CircuitOpen("session store unavailable (circuit half-open)", retry_after=1)
            self._trial_in_flight = True

    def success(self) -> None:
        with self._lock:
            recovered = self._open_until is not None
            self._failures = 0
            self._open_until = None
            self._trial_in_flight = False
        if recovered:
            log.warning("session store: backend recovered, circuit closed")

    def failure(self) -> None:
        with self._lock:
            self._failures += 1
            opening = self._trial_in_flight or (self._open_until is None and self._failures >= self.threshold)
            if opening:
                self._open_until = self._clock() + self.cooldown
            self._trial_in_flight = False
            failures = self._failures
        if opening:
            log.warning("session store: %d consecutive backend failures, circuit open", failures)

    def release(self) -> None:
        """End a call that says nothing about backend health (frees the half-open trial slot)."""
        with self._lock:
            self._trial_in_flight = False


class RedisStore:
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
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        if not namespace or "{" in namespace or "}" in namespace:
            raise ValueError("namespace must be non-empty and must not contain braces (hash tags)")
        if socket_timeout <= 0:
            raise ValueError("socket_timeout must be positive")
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.namespace = namespace
        self.cluster = cluster
        self._ttl_ms = ttl_seconds * 1000
        self._clock = clock
        self._wall_clock = wall_clock
        self._full_until = 0.0
        self.breaker = CircuitBreaker(breaker_threshold, breaker_cooldown, clock)
        if socket_connect_timeout is None:
            socket_connect_timeout = socket_timeout
        options: dict[str, Any] = {
            "socket_timeout": socket_timeout,
            "socket_connect_timeout": socket_connect_timeout,
            "retry": Retry(NoBackoff(), retries, supported_errors=(RedisConnectionError,)),
            "health_check_interval": health_check_interval,
        }
        if max_connections is not None:
            options["max_connections"] = max_connections
        if password:
            options["password"] = password  # a password in the URL takes precedence
        if cast(Callable[[str], dict[str, Any]], parse_url)(url).get("decode_responses"):
            raise ValueError("decode_responses must be false for the session store")
        self._url = url
        self._options = options
        self._threshold, self._cooldown = breaker_threshold, breaker_cooldown
        self._lock = threading.Lock()
        self._breakers: dict[str, CircuitBreaker] = {}
        self._connection: Any = None
        self._scripts: dict[str, _Script] = {}
        if not cluster:
            self._open()  # a standalone client does not connect before its first command

    def _open(self) -> Any:
        """The client, made on first use: the cluster client reads the slot map when it is made, so an
        unreachable cluster is a :class:`StoreUnavailable` of the calls, not a failure to start."""
        with self._lock:
            if self._connection is None:
                client: Any
                if self.cluster:
                    client = redis.RedisCluster.from_url(self._url, **self._options)
                else:
                    client = redis.Redis.from_url(self._url, **self._options)
                sources = {
                    "create": _CREATE_LUA,
                    "get": _GET_LUA,
                    "replace": _REPLACE_LUA,
                    "delete": _DELETE_LUA,
                    "quota": _QUOTA_LUA,
                }
                self._scripts = {name: client.register_script(text) for name, text in sources.items()}
                self._connection = client
            return self._connection

    @property
    def _client(self) -> Any:
        return self._open()

    def _call_script(self, name: str, keys: list[str], args: list[Any]) -> Any:
        self._open()
        return self._scripts[name](keys=keys, args=args)

    def _breaker_for(self, key: str | None) -> CircuitBreaker:
        """One circuit breaker per cluster node (a dead master must not refuse the sessions of the others);
        the single :attr:`breaker` for a standalone server."""
        if not self.cluster or key is None or self._connection is None:
            return self.breaker
        try:
            node = str(self._connection.get_node_from_key(key).name)
        except Exception:  # no slot map yet: the shared breaker
            return self.breaker
        with self._lock:
            found = self._breakers.get(node)
            if found is None:
                found = self._breakers[node] = CircuitBreaker(self._threshold, self._cooldown, self._clock)
            return found

    def key_for(self, session_id: str) -> str:
        """The Redis key of a session (hash-tagged on the id)."""
        return f"{self.namespace}:session:{{{session_id}}}"

    def quota_keys(self, client: str) -> list[str]:
        """The live-session set and the creation counter of a quota client (one hash tag: one slot)."""
        base = f"{self.namespace}:quota:{{{client}}}"
        return [f"{base}:live", f"{base}:creates"]

    def _run(self, call: Callable[[], T], session_id: str | None = None, key: str | None = None) -> T:
        """Run one backend call through the circuit breaker, mapping backend errors to store errors.

        Only failures to reach or use the backend count against the breaker: a full Redis (``OOM``) is
        :class:`StoreFull`, and a script error on one session's key is :class:`SessionCorrupt`.
        """
        breaker = self._breaker_for(key)
        breaker.before()
        try:
            result = call()
        except MaxConnectionsError as exc:  # local pool exhaustion: overload, not a backend outage
            breaker.release()
            raise StoreUnavailable("session store connection pool exhausted") from exc
        except ResponseError as exc:
            message = str(exc)
            if isinstance(exc, OutOfMemoryError) or message.startswith("OOM"):
                breaker.success()
                self._full_until = self._clock() + _FULL_MEMORY_S
                raise StoreFull("session store full (Redis maxmemory reached)") from exc
            if session_id is not None and (
                "WRONGTYPE" in message or "user_script" in message or "Error running script" in message
            ):
                breaker.success()
                log.error("session store: unreadable record (%s)", message.split("\n", 1)[0][:120])
                raise SessionCorrupt(session_id, "the backend refused its record") from exc
            breaker.failure()
            raise StoreUnavailable(f"session store unavailable ({type(exc).__name__})") from exc
        except BACKEND_ERRORS as exc:
            breaker.failure()
            raise StoreUnavailable(f"session store unavailable ({type(exc).__name__})") from exc
        except BaseException:
            breaker.release()
            raise
        breaker.success()
        return result

    # -- SessionStore ----------------------------------------------------------------------------------------

    def _count(self, quota: Quota, session_id: str) -> None:
        if quota.max_live <= 0 and quota.max_creates <= 0:
            return
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

    def create(self, document: bytes, quota: Quota | None = None) -> Snapshot:
        document = check_document(document)
        for _ in range(3):
            session_id = new_session_id()
            if quota is not None:
                self._count(quota, session_id)
            token = secrets.token_hex(8)
            key = self.key_for(session_id)
            client = "" if quota is None else quota.client
            args = [document, self._ttl_ms, token, client]
            created = self._run(partial(self._call_script, "create", [key], args), key=key)
            if int(created) == 1:
                return Snapshot(session_id, 1, document)
        raise StoreUnavailable("could not allocate a session id")  # pragma: no cover - 192 random bits

    def get(self, session_id: str) -> Snapshot:
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        reply = self._run(partial(self._call_script, "get", [key], [self._ttl_ms]), session_id, key)
        outcome = int(reply[0])
        if outcome == -1:
            raise SessionNotFound(session_id)
        try:
            if outcome != 1:
                raise ValueError("not a session record")
            return Snapshot(session_id, int(reply[1]), _as_bytes(reply[2]))
        except (ValueError, TypeError) as exc:
            raise SessionCorrupt(session_id, "not a session record") from exc

    def replace(self, session_id: str, expected_version: int, document: bytes) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        args = [expected_version, document, self._ttl_ms, token]
        reply = self._run(partial(self._call_script, "replace", [key], args), session_id, key)
        outcome = int(reply[0])
        if outcome == -1:
            raise SessionNotFound(session_id)
        if outcome < -1:
            raise SessionCorrupt(session_id, "not a session record")
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)
        return Snapshot(session_id, int(reply[1]), document)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        args = [expected_version, token, _TOMBSTONE_MS]
        reply = self._run(partial(self._call_script, "delete", [key], args), session_id, key)
        outcome = int(reply[0])
        if outcome < 0:
            raise SessionNotFound(session_id)
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)
        client = _as_bytes(reply[1]).decode(errors="replace") if len(reply) > 1 else ""
        if client:  # free the quota slot; it also frees itself one TTL after creation
            live_key = self.quota_keys(client)[0]
            with contextlib.suppress(StoreError):
                self._run(lambda: self._client.zrem(live_key, session_id), key=live_key)

    def status(self) -> dict[str, object]:
        result: dict[str, object] = {"backend": self.backend, "ok": False, "namespace": self.namespace}
        if self.cluster:
            result["cluster"] = True
        try:
            started = self._clock()
            self._run(self._client.ping)
            result["ok"] = True
            result["latency_ms"] = round((self._clock() - started) * 1000, 3)
            full = self._clock() < self._full_until
            if not self.cluster:
                memory = self._run(lambda: self._client.info("memory"))
                limit = int(memory.get("maxmemory", 0) or 0)
                full = full or (limit > 0 and int(memory.get("used_memory", 0)) >= limit)
                result["maxmemory_policy"] = memory.get("maxmemory_policy")
            result["full"] = full
            if full:
                result["ok"] = False
                result["error"] = (
                    "session store full (Redis maxmemory): new sessions are refused (507 store_full)"
                )
        except StoreError as exc:
            result["error"] = str(exc)
            result["retry_after"] = getattr(exc, "retry_after", 1)
        except Exception as exc:  # a health probe never raises
            result["error"] = type(exc).__name__
        try:
            result["breaker"] = self.breaker.state
            with self._lock:
                nodes = dict(self._breakers)
            failing = sorted(name for name, breaker in nodes.items() if breaker.state != "closed")
            if failing:
                result["failing_nodes"] = failing
        except Exception:  # pragma: no cover - defensive
            result["breaker"] = "unknown"
        return result

    def close(self) -> None:
        with self._lock:
            client, self._connection = self._connection, None
        if client is not None:
            with contextlib.suppress(*BACKEND_ERRORS):
                client.close()


def _as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):  # pragma: no cover - only with decode_responses, which is refused
        return value.encode()
    if value is None:  # pragma: no cover - a hash without a document field
        return b""
    raise TypeError(f"unexpected reply type {type(value).__name__}")  # pragma: no cover
