"""Optional rate limiting (``RATE_LIMIT``, e.g. ``600/minute`` per client address).

Counters live in Redis when ``REDIS_URL`` is set, so every replica shares them, and fall back to process memory
while Redis is unreachable; a limiter fault never fails a request. Operations endpoints are never limited.
"""

from __future__ import annotations

from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from ..config import Settings

EXEMPT_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})


def init_app(app: Flask, settings: Settings) -> Limiter | None:
    if not settings.rate_limit:
        return None
    limiter = Limiter(
        get_remote_address,
        app=app,
        default_limits=[settings.rate_limit],
        default_limits_exempt_when=lambda: request.path in EXEMPT_PATHS,
        storage_uri=settings.redis_url or "memory://",
        storage_options={"socket_timeout": 1, "socket_connect_timeout": 1} if settings.redis_url else {},
        in_memory_fallback_enabled=bool(settings.redis_url),
        swallow_errors=True,
        headers_enabled=True,
        strategy="fixed-window",
    )
    app.extensions["rate_limiter"] = limiter
    return limiter
