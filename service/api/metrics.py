"""Prometheus metrics at ``/metrics``; multiprocess-safe under gunicorn when PROMETHEUS_MULTIPROC_DIR is set."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from flask import Flask, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

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


def init_metrics(app: Flask) -> Callable[[str, str, int, float], None]:
    @app.get("/metrics")
    def metrics() -> Response:
        return Response(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)

    counters: dict[tuple[str, str, int], tuple[Any, Any]] = {}

    def observe(method: str, route: str, status: int, seconds: float) -> None:
        key = (method, route, status)
        children = counters.get(key)
        if children is None:  # label lookups cost more than the observation itself
            children = counters[key] = (REQUESTS.labels(method, route, str(status)), LATENCY.labels(method, route))
        children[0].inc()
        children[1].observe(seconds)

    return observe


def count_move(game: str, reason: str | None) -> None:
    """A move validated or played: ``reason`` is None for a legal one."""
    _move_counter(game, "legal" if reason is None else "illegal").inc()
    if reason is not None:
        ILLEGAL.labels(game, reason).inc()


@lru_cache(maxsize=64)
def _move_counter(game: str, outcome: str) -> Any:
    """Label lookups cost more than the increment; games and outcomes are a handful."""
    return MOVES.labels(game, outcome)
