"""Prometheus metrics; multiprocess-safe under gunicorn when PROMETHEUS_MULTIPROC_DIR is set.

Every label value comes from a closed set: the methods the service knows, the app's own URL rules and the HTTP
status codes, anything else folds into ``other``, so no request can add a series. Where the metrics are served:

- ``METRICS_PORT`` set: gunicorn's master serves them on that internal port (``serve_internal``), summed over
  every worker, and the public port has no ``/metrics`` at all (404). This is what the deploy files do.
- else ``METRICS_TOKEN`` set: ``/metrics`` on the public port answers only ``Authorization: Bearer <token>``.
- else (``make run``, development): ``/metrics`` is open on the public port.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Callable
from functools import lru_cache
from http import HTTPStatus
from typing import Any

from flask import Flask, Response, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

from ..metric_writes import RequestSeries

REQUESTS = Counter(
    "cardrules_requests_total", "HTTP requests by route and status", ["method", "route", "status"]
)
LATENCY = Histogram(
    "cardrules_request_seconds",
    "HTTP request latency by route",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
MOVES = Counter(
    "cardrules_moves_total", "Moves validated or played, by game and outcome", ["game", "outcome"]
)
ILLEGAL = Counter("cardrules_illegal_moves_total", "Illegal moves by reason", ["game", "reason"])


def registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        collected = CollectorRegistry()
        multiprocess.MultiProcessCollector(collected)  # type: ignore[no-untyped-call]
        return collected
    from prometheus_client import REGISTRY

    return REGISTRY


KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
OTHER = "other"
_STATUSES = frozenset(int(status) for status in HTTPStatus)


def init_metrics(
    app: Flask, token: str | None = None, internal_port: int | None = None
) -> Callable[[str, str, int, float], None]:
    """Register ``/metrics`` (unless an internal port serves it) and return the per-request observer."""
    if internal_port is None:
        expected = f"Bearer {token}".encode() if token else None

        @app.get("/metrics")
        def metrics() -> Response:
            if expected is not None:
                given = request.environ.get("HTTP_AUTHORIZATION", "").encode("latin-1", "replace")
                if not hmac.compare_digest(given, expected):
                    from .problems import ApiProblem

                    raise ApiProblem(
                        401,
                        "unauthorized",
                        "the metrics need Authorization: Bearer <METRICS_TOKEN>",
                        headers={"WWW-Authenticate": 'Bearer realm="metrics"'},
                    )
            return Response(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)

    # Rules are fixed once the app serves (they are all registered before the first request).
    rules: frozenset[str] | None = None
    counters: dict[tuple[str, str, int], RequestSeries] = {}

    def observe(method: str, route: str, status: int, seconds: float) -> None:
        nonlocal rules
        # Folded before the cache lookup, so the cache is as bounded as the series.
        if method not in KNOWN_METHODS:
            method = OTHER
        key = (method, route, status)
        series = counters.get(key)
        if series is None:  # label lookups cost more than the observation itself
            if rules is None:
                rules = frozenset(rule.rule for rule in app.url_map.iter_rules())
            label = route if route in rules else OTHER
            if label != route:
                key = (method, OTHER, status)
                series = counters.get(key)
            if series is None:
                code = str(status) if status in _STATUSES else OTHER
                series = RequestSeries(REQUESTS.labels(method, label, code), LATENCY.labels(method, label))
                counters[key] = series
        series.record(seconds)

    return observe


def serve_internal(port: int, address: str = "0.0.0.0") -> None:
    """Serve the summed metrics of every worker on ``port`` from a thread of the calling process.

    gunicorn's master calls this (deploy/gunicorn.conf.py, when ``METRICS_PORT`` is set): it outlives the
    workers and reads the multiprocess directory on each scrape, so no worker's time goes to a scrape.
    """
    from prometheus_client import start_http_server

    start_http_server(port, address, registry=registry())


def count_move(game: str, reason: str | None) -> None:
    """A move validated or played: ``reason`` is None for a legal one."""
    _move_counter(game, "legal" if reason is None else "illegal").inc()
    if reason is not None:
        ILLEGAL.labels(game, reason).inc()


@lru_cache(maxsize=64)
def _move_counter(game: str, outcome: str) -> Any:
    """Label lookups cost more than the increment; games and outcomes are a handful."""
    return MOVES.labels(game, outcome)
