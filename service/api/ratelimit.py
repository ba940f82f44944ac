"""Optional rate limiting: one bucket per client across every endpoint (``RATE_LIMIT``, e.g. ``600/minute``).

A WSGI middleware in front of Flask, so every request counts, whatever it gets: unknown paths (404), wrong or
made-up methods (405), bad bodies (4xx) spend the same budget as good ones. ``RATE_LIMIT_COSTLY`` optionally adds
a tighter bucket that only the costly endpoints (legal moves, which can list thousands of captures, session
creation, which stores, and the computer players, which search for up to their time budget) also spend.

The client is ``REMOTE_ADDR``: the peer address, or, when the peer is one of the proxies ``TRUSTED_PROXIES``
names (addresses or CIDRs), the address the farthest of them saw (``service.forwarded``, installed in
``service.app``); X-Forwarded-For from any other peer is ignored, so a client cannot pick its own bucket.

Counters live in Redis when ``REDIS_URL`` is set, so every worker and replica shares them; without Redis, each
worker process counts its own (the budget is then up to the number of workers times the limit). A fault of the
shared store never fails a request: the worker counts in its own memory until the store answers again.
Operations endpoints are never limited.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from ..config import Settings

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse
    from _typeshed.wsgi import WSGIApplication as WsgiApp

EXEMPT_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
COSTLY = (
    ("POST", re.compile(r"/v1/games/[^/]+/legal-moves")),
    ("POST", re.compile(r"/v1/sessions/?")),
    ("POST", re.compile(r"/v1/games/[^/]+/suggest")),
    ("POST", re.compile(r"/v1/sessions/[^/]+/suggest")),
)
ENVIRON_KEY = "cardrules.rate_limit"
_STORE_RETRY_SECONDS = 5.0
log = logging.getLogger("service.ratelimit")


class RateLimit:
    """WSGI middleware: spend one hit of the client's bucket (and of the costly bucket) before the app runs."""

    def __init__(
        self,
        app: Flask,
        wsgi_app: WsgiApp,
        general: RateLimitItem,
        costly: RateLimitItem | None,
        storage: Storage,
    ) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.general, self.costly = general, costly
        self.shared = FixedWindowRateLimiter(storage)
        self.local = FixedWindowRateLimiter(MemoryStorage())
        self.shared_is_local = isinstance(storage, MemoryStorage)
        self.shared_down_until = 0.0

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO", "") in EXEMPT_PATHS:
            return self.wsgi_app(environ, start_response)
        client = environ.get("REMOTE_ADDR") or "unknown"
        buckets = [("client", self.general)]
        if self.costly is not None and _is_costly(environ):
            buckets.append(("costly", self.costly))
        limiter = self.limiter()
        for scope, item in buckets:
            try:
                allowed = limiter.hit(item, scope, client)
            except Exception:  # the shared store is down: count locally for a while, never fail the request
                log.warning("rate limit store unreachable, counting in process memory", exc_info=True)
                self.shared_down_until = time.monotonic() + _STORE_RETRY_SECONDS
                limiter = self.local
                allowed = limiter.hit(item, scope, client)
            if not allowed:
                return self.refuse(environ, start_response, limiter, item, scope, client)
        fields = limit_fields(limiter, buckets, client)

        def with_limits(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            return start_response(status, [*headers, *fields], exc_info)

        return self.wsgi_app(environ, with_limits)

    def limiter(self) -> FixedWindowRateLimiter:
        if self.shared_is_local or time.monotonic() >= self.shared_down_until:
            return self.shared
        return self.local

    def refuse(
        self,
        environ: dict[str, Any],
        start_response: StartResponse,
        limiter: FixedWindowRateLimiter,
        item: RateLimitItem,
        scope: str,
        client: str,
    ) -> Iterable[bytes]:
        retry_after = seconds_to_reset(limiter, item, scope, client)
        from .problems import problem_response

        environ[ENVIRON_KEY] = scope
        with self.app.request_context(environ):
            response = problem_response(
                429,
                "rate_limited",
                f"too many requests: {item} per client ({scope} limit); the window resets in {retry_after} s",
                {"limit": str(item)},
                extra={"limit": str(item), "policy": scope, "reset": retry_after},
                headers={
                    "Retry-After": str(retry_after),
                    "RateLimit-Policy": f'"{scope}";q={item.amount};w={item.get_expiry()}',
                    "RateLimit": f'"{scope}";r=0;t={retry_after}',
                },
            )
        return response(environ, start_response)


def seconds_to_reset(limiter: FixedWindowRateLimiter, item: RateLimitItem, scope: str, client: str) -> int:
    try:
        reset = limiter.get_window_stats(item, scope, client).reset_time
    except Exception:
        reset = time.time() + item.get_expiry()
    return seconds_until(reset)


def seconds_until(reset: float) -> int:
    return max(1, math.ceil(reset - time.time()))


def limit_fields(
    limiter: FixedWindowRateLimiter, buckets: list[tuple[str, RateLimitItem]], client: str
) -> list[tuple[str, str]]:
    """The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): each limit this request spent
    (``RateLimit-Policy``: its quota ``q`` a window of ``w`` seconds) and what is left of it (``RateLimit``:
    ``r`` requests for ``t`` seconds). Nothing when the counts cannot be read: the answer goes out without them."""
    policies, states = [], []
    try:
        for scope, item in buckets:
            stats = limiter.get_window_stats(item, scope, client)
            left = seconds_until(stats.reset_time)
            policies.append(f'"{scope}";q={item.amount};w={item.get_expiry()}')
            states.append(f'"{scope}";r={max(0, stats.remaining)};t={left}')
    except Exception:
        return []
    return [("RateLimit-Policy", ", ".join(policies)), ("RateLimit", ", ".join(states))]


def _is_costly(environ: dict[str, Any]) -> bool:
    method, path = environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")
    return any(method == wanted and pattern.fullmatch(path) for wanted, pattern in COSTLY)


def init_app(app: Flask, settings: Settings) -> RateLimit | None:
    """Wrap ``app.wsgi_app`` when ``RATE_LIMIT`` is set; a malformed limit stops the start with a clear error."""
    if not settings.rate_limit:
        return None
    general = _parse("RATE_LIMIT", settings.rate_limit)
    costly = _parse("RATE_LIMIT_COSTLY", settings.rate_limit_costly) if settings.rate_limit_costly else None
    if settings.redis_url:
        found = storage_from_string(
            settings.redis_url, socket_timeout=1, socket_connect_timeout=1, wrap_exceptions=True
        )
        if not isinstance(found, Storage):  # an async-only scheme (async+redis://...) cannot serve a WSGI app
            raise ValueError(f"REDIS_URL {settings.redis_url!r} does not name a synchronous Redis")
        storage: Storage = found
    else:
        storage = MemoryStorage()
    limiter = RateLimit(app, app.wsgi_app, general, costly, storage)
    app.wsgi_app = limiter  # type: ignore[method-assign]
    app.extensions["rate_limiter"] = limiter
    return limiter


def _parse(name: str, value: str) -> RateLimitItem:
    try:
        return parse(value)
    except ValueError as error:
        raise ValueError(f"{name}={value!r} is not a rate limit such as 600/minute: {error}") from None
