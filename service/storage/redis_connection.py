"""The Redis client under the session store: made on first use, and its failure policy.

Short socket timeouts; at most ``retries`` immediate retries inside redis-py, on connection errors only (a
connection reset under a command, e.g. by a Redis restart, is replaced at once, while a hung server costs one
``socket_timeout`` per call, not a multiple of it); and a circuit breaker per node: after ``breaker_threshold``
consecutive backend failures, calls fail fast with :class:`~service.storage.base.CircuitOpen` for
``breaker_cooldown`` seconds; then one trial call goes through (half-open) and its outcome closes or re-opens
the circuit. A dead Redis therefore costs almost nothing per request and the store recovers by itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import redis
from redis.backoff import NoBackoff
from redis.connection import parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import (
    MaxConnectionsError,
    NoScriptError,
    OutOfMemoryError,
    RedisClusterException,
    RedisError,
    ResponseError,
)
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

try:  # the C packer the client itself uses when hiredis is installed (a dependency of this service)
    from hiredis import pack_command as _pack
except ImportError:  # pragma: no cover - redis-py packs in Python
    _pack = None  # type: ignore[assignment]

from .base import SessionCorrupt, StoreFull, StoreUnavailable
from .breaker import CircuitBreaker
from .redis_scripts import (
    CAPACITY_LUA,
    CREATE_LUA,
    DELETE_LUA,
    EVENTS_LUA,
    GET_LUA,
    QUOTA_LUA,
    RELEASE_LUA,
    REPLACE_LUA,
)

__all__ = ["BACKEND_ERRORS", "RedisConnection"]

log = logging.getLogger("service.storage.redis_store")

T = TypeVar("T")

#: Exceptions that mean "the backend did not serve the call". ``RedisClusterException`` is not a
#: ``RedisError``; ``OSError`` covers socket errors that escape redis-py's wrapping.
BACKEND_ERRORS: Final = (RedisError, RedisClusterException, OSError)

#: Connections kept for the next script calls (none where ``max_connections`` is 1). Each one kept is a connection
#: the pool cannot lend to the client's other commands, which may then open one more on the server (about 20-40 KB
#: of its memory each): one serves a worker's calls made one after the other, and concurrent ones use the pool.
_KEPT_CONNECTIONS: Final = 1

#: How long a refused ``OOM`` write keeps the store reported as full.
_FULL_MEMORY_S: Final = 30.0

_Script = Callable[..., Any]


class RedisConnection:
    """The client (standalone or cluster), its scripts, and :meth:`_run`, which maps failures to store errors."""

    def __init__(
        self,
        url: str,
        *,
        cluster: bool,
        socket_timeout: float,
        socket_connect_timeout: float | None,
        retries: int,
        health_check_interval: int,
        max_connections: int | None,
        breaker_threshold: int,
        breaker_cooldown: float,
        password: str | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if socket_timeout <= 0:
            raise ValueError("socket_timeout must be positive")
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.cluster = cluster
        self._clock = clock
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
        self._attempts = retries + 1
        self._kept: list[Any] = []
        """Connections the pool lent to script calls, kept for the next ones (``_borrow``): a list, whose ``pop``
        hands a connection to one thread only."""
        self._kept_pid = os.getpid()
        self._keep = min(_KEPT_CONNECTIONS, (max_connections or 2 * _KEPT_CONNECTIONS) // 2)
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
                    "create": CREATE_LUA,
                    "get": GET_LUA,
                    "replace": REPLACE_LUA,
                    "delete": DELETE_LUA,
                    "events": EVENTS_LUA,
                    "quota": QUOTA_LUA,
                    "capacity": CAPACITY_LUA,
                    "release": RELEASE_LUA,
                }
                self._scripts = {name: client.register_script(text) for name, text in sources.items()}
                self._connection = client
            return self._connection

    @property
    def _client(self) -> Any:
        return self._open()

    def _call_script(self, name: str, keys: list[str], args: list[Any]) -> Any:
        client = self._open()
        script: Any = self._scripts[name]
        if self.cluster:  # the cluster client finds the key's node and follows its redirects
            return script(keys=keys, args=args)
        return self._evalsha(client, script, ("EVALSHA", script.sha, len(keys), *keys, *args))

    def _evalsha(self, client: Any, script: Any, command: tuple[Any, ...]) -> Any:
        """One script call, sent and read on a connection of the client's pool itself.

        A session move makes one such call, and the client's layers around a command (its retry wrapper, argument
        checks, per-command telemetry, the script object's own call), and the pool's around lending a connection,
        cost about as much again as sending it and reading the reply. What they do is kept: a connection error is
        retried on the same connection, connected anew, ``retries`` times (a timeout never is: the connection is
        dropped and the error raised); a script the server no longer holds (a restart, ``SCRIPT FLUSH``) is
        loaded again on that connection and run once more.
        """
        pool = client.connection_pool
        connection = self._borrow(pool)
        attempts, loaded, clean = self._attempts, False, False
        try:
            while True:
                try:
                    connection.send_packed_command(
                        connection.pack_command(*command) if _pack is None else [_pack(command)]
                    )
                    reply = connection.read_response()
                    clean = True
                    return reply
                except NoScriptError:
                    if loaded:
                        clean = True
                        raise
                    loaded = True
                    connection.send_command("SCRIPT", "LOAD", script.script)
                    connection.read_response()
                except ResponseError:  # the server's answer, read in full: the connection is ready for the next
                    clean = True
                    raise
                except RedisConnectionError:
                    connection.disconnect()
                    attempts -= 1
                    if attempts <= 0:
                        raise
        finally:
            self._hand_back(pool, connection, clean)

    def _borrow(self, pool: Any) -> Any:
        """A connection this process kept from its last script calls, else one the pool lends."""
        if self._kept_pid != os.getpid():  # a forked worker: the parent's sockets are not its own
            self._kept, self._kept_pid = [], os.getpid()
        try:
            connection = self._kept.pop()
        except IndexError:
            return pool.get_connection()
        try:  # as the pool looks at a connection it lends: closed by the server (a restart), or holding data
            if connection.can_read():
                connection.disconnect()  # the call connects it anew
        except (RedisConnectionError, RedisTimeoutError, OSError):
            connection.disconnect()
        return connection

    def _hand_back(self, pool: Any, connection: Any, clean: bool) -> None:
        """Keep a connection whose call ended with its reply read (up to ``_keep`` of them), else hand it back to
        the pool, dropped first when the call ended in any other way (a reply may still be on its way)."""
        if clean and len(self._kept) < self._keep and self._connection is not None:
            self._kept.append(connection)
            return
        if not clean:
            connection.disconnect()
        pool.release(connection)

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
                self.out_of_memory()
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

    def out_of_memory(self) -> None:
        """Called when Redis refused a write for want of memory."""

    def recently_out_of_memory(self) -> bool:
        return self._clock() < self._full_until

    def failing_nodes(self) -> list[str]:
        with self._lock:
            nodes = dict(self._breakers)
        return sorted(name for name, breaker in nodes.items() if breaker.state != "closed")

    def close(self) -> None:
        with self._lock:
            client, self._connection = self._connection, None
        kept, self._kept = self._kept, []
        if client is not None:
            for connection in kept:
                client.connection_pool.release(connection)
            with contextlib.suppress(*BACKEND_ERRORS):
                client.close()
