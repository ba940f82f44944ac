"""Redis-backed session store, shared by every worker and replica.

Data layout: one hash per session under ``f"{namespace}:session:{{{id}}}"`` with the fields

* ``v``: version (decimal integer), ``s``: the document bytes,
* ``w``: token of the call that wrote the current version (makes client-side retries idempotent).

The braces are a Redis Cluster hash tag and every operation is a single-key Lua script, so the layout is
Cluster-safe (no cross-slot commands, no WATCH/MULTI). This class itself connects with ``redis.Redis``
(a standalone server or an endpoint in front of one). Each key carries the session TTL (``PEXPIRE``),
refreshed by ``get`` and ``replace`` (sliding expiry).

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
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import MaxConnectionsError, RedisClusterException, RedisError
from redis.retry import Retry

from .base import (
    CircuitOpen,
    SessionNotFound,
    Snapshot,
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

# KEYS[1] session key; ARGV: document, ttl_ms, token. Returns 1 if created (or if this very call created
# it before a retry), 0 if the id is taken.
_CREATE_LUA: Final = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'w') == ARGV[3] then return 1 end
  return 0
end
redis.call('HSET', KEYS[1], 'v', 1, 's', ARGV[1], 'w', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] session key; ARGV: ttl_ms. Returns nil if absent, else {version, document}; refreshes the TTL.
_GET_LUA: Final = """
local r = redis.call('HMGET', KEYS[1], 'v', 's')
if not r[1] then return false end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return r
"""

# KEYS[1] session key; ARGV: expected version, document, ttl_ms, token.
# Returns {-1} not found, {0, current} conflict, {1, new version} written (or written by this very call).
_REPLACE_LUA: Final = """
local r = redis.call('HMGET', KEYS[1], 'v', 'w')
if not r[1] then return {-1} end
local v = tonumber(r[1])
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
# Returns {-1} not found, {0, current} conflict, {1} deleted (or deleted by this very call).
_DELETE_LUA: Final = """
local r = redis.call('HMGET', KEYS[1], 'v', 'd')
if not r[1] then
  if r[2] == ARGV[2] then return {1} end
  return {-1}
end
local v = tonumber(r[1])
if v ~= tonumber(ARGV[1]) then return {0, v} end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1}
"""

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

    * ``url``: a redis-py URL (``redis://``, ``rediss://``, ``unix://``); its query string may override
      the connection options below, except ``decode_responses`` which must stay false (documents are
      bytes). Constructing the store does not connect.
    * ``ttl_seconds``: sliding session lifetime.
    * ``namespace``: key prefix (no braces); bump its version suffix when the document format changes.
    * ``socket_timeout`` / ``socket_connect_timeout`` (defaults to ``socket_timeout``): per-operation
      network bounds; keep them well under a second.
    * ``retries``: immediate retries on connection errors (never on timeouts).
    * ``health_check_interval``: seconds of idleness after which a pooled connection is PINGed first.
    * ``max_connections``: pool cap (None: unbounded); an exhausted pool raises ``StoreUnavailable``
      without counting as a backend failure.
    * ``breaker_threshold`` / ``breaker_cooldown``: see :class:`CircuitBreaker`.
    * ``clock``: monotonic clock for the breaker and latency figures (injectable for tests).
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
        clock: Callable[[], float] = time.monotonic,
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
        self.ttl_seconds = ttl_seconds
        self._ttl_ms = str(ttl_seconds * 1000)
        self._clock = clock
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
        self._client = redis.Redis.from_url(url, **options)
        if self._client.get_connection_kwargs().get("decode_responses"):
            self._client.close()
            raise ValueError("decode_responses must be false for the session store")
        self._create = cast(_Script, self._client.register_script(_CREATE_LUA))
        self._get = cast(_Script, self._client.register_script(_GET_LUA))
        self._replace = cast(_Script, self._client.register_script(_REPLACE_LUA))
        self._delete = cast(_Script, self._client.register_script(_DELETE_LUA))

    def key_for(self, session_id: str) -> str:
        """The Redis key of a session (hash-tagged on the id)."""
        return f"{self.namespace}:session:{{{session_id}}}"

    def _run(self, call: Callable[[], T]) -> T:
        """Run one backend call through the circuit breaker, mapping backend errors to StoreUnavailable."""
        self.breaker.before()
        try:
            result = call()
        except MaxConnectionsError as exc:  # local pool exhaustion: overload, not a backend outage
            self.breaker.release()
            raise StoreUnavailable("session store connection pool exhausted") from exc
        except BACKEND_ERRORS as exc:
            self.breaker.failure()
            raise StoreUnavailable(f"session store unavailable ({type(exc).__name__})") from exc
        except BaseException:
            self.breaker.release()
            raise
        self.breaker.success()
        return result

    # -- SessionStore ----------------------------------------------------------------------------------------

    def create(self, document: bytes) -> Snapshot:
        document = check_document(document)
        for _ in range(3):
            session_id = new_session_id()
            token = secrets.token_hex(8)
            key = self.key_for(session_id)
            created = self._run(partial(self._create, keys=[key], args=[document, self._ttl_ms, token]))
            if int(created) == 1:
                return Snapshot(session_id, 1, document)
        raise StoreUnavailable("could not allocate a session id")  # pragma: no cover - 192 random bits

    def get(self, session_id: str) -> Snapshot:
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        reply = self._run(lambda: self._get(keys=[key], args=[self._ttl_ms]))
        if reply is None:
            raise SessionNotFound(session_id)
        version, document = reply
        return Snapshot(session_id, int(version), _as_bytes(document))

    def replace(self, session_id: str, expected_version: int, document: bytes) -> Snapshot:
        expected_version = check_version(expected_version)
        document = check_document(document)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        args = [expected_version, document, self._ttl_ms, token]
        reply = self._run(lambda: self._replace(keys=[key], args=args))
        outcome = int(reply[0])
        if outcome < 0:
            raise SessionNotFound(session_id)
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)
        return Snapshot(session_id, int(reply[1]), document)

    def delete(self, session_id: str, expected_version: int) -> None:
        expected_version = check_version(expected_version)
        if not is_valid_session_id(session_id):
            raise SessionNotFound(session_id)
        key = self.key_for(session_id)
        token = secrets.token_hex(8)
        reply = self._run(lambda: self._delete(keys=[key], args=[expected_version, token, _TOMBSTONE_MS]))
        outcome = int(reply[0])
        if outcome < 0:
            raise SessionNotFound(session_id)
        if outcome == 0:
            raise VersionConflict(session_id, int(reply[1]), expected_version)

    def status(self) -> dict[str, object]:
        result: dict[str, object] = {"backend": self.backend, "ok": False, "namespace": self.namespace}
        try:
            started = self._clock()
            self._run(self._client.ping)
            result["ok"] = True
            result["latency_ms"] = round((self._clock() - started) * 1000, 3)
        except StoreUnavailable as exc:
            result["error"] = str(exc)
            result["retry_after"] = exc.retry_after
        except Exception as exc:  # a health probe never raises
            result["error"] = type(exc).__name__
        try:
            result["breaker"] = self.breaker.state
        except Exception:  # pragma: no cover - defensive
            result["breaker"] = "unknown"
        return result

    def close(self) -> None:
        with contextlib.suppress(*BACKEND_ERRORS):
            self._client.close()


def _as_bytes(value: object) -> bytes:
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):  # pragma: no cover - only with decode_responses, which is refused
        return value.encode()
    if value is None:  # pragma: no cover - a hash without a document field
        return b""
    raise TypeError(f"unexpected reply type {type(value).__name__}")  # pragma: no cover
