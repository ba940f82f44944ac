"""A small thread-safe consecutive-failure circuit breaker, one per backend (or per Redis Cluster node)."""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

from .base import CircuitOpen

__all__ = ["CircuitBreaker"]

log = logging.getLogger("service.storage.redis_store")


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
