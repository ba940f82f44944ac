"""The circuit breaker used by RedisStore, on a fake clock."""

from __future__ import annotations

import pytest

from service.storage import CircuitOpen, StoreUnavailable
from service.storage.redis_store import CircuitBreaker

from .conftest import FakeClock


def test_opens_after_threshold_consecutive_failures(clock: FakeClock) -> None:
    breaker = CircuitBreaker(threshold=3, cooldown=2.5, clock=clock)
    for _ in range(2):
        breaker.before()
        breaker.failure()
    breaker.before()
    breaker.success()  # a success resets the count
    for _ in range(2):
        breaker.before()
        breaker.failure()
    assert breaker.state == "closed"
    breaker.before()
    breaker.failure()
    assert breaker.state == "open"

    with pytest.raises(CircuitOpen) as info:
        breaker.before()
    assert isinstance(info.value, StoreUnavailable)
    assert info.value.retry_after == 3  # ceil(2.5)


def test_half_open_admits_one_trial(clock: FakeClock) -> None:
    breaker = CircuitBreaker(threshold=1, cooldown=1.0, clock=clock)
    breaker.before()
    breaker.failure()
    with pytest.raises(CircuitOpen):
        breaker.before()

    clock.advance(1.0)
    assert breaker.state == "half-open"
    breaker.before()  # the trial
    with pytest.raises(CircuitOpen):
        breaker.before()  # everyone else still fails fast
    breaker.failure()  # trial failed: open again for a full cooldown
    assert breaker.state == "open"
    clock.advance(0.9)
    with pytest.raises(CircuitOpen):
        breaker.before()

    clock.advance(0.1)
    breaker.before()
    breaker.success()
    assert breaker.state == "closed"
    breaker.before()
    breaker.before()


def test_release_frees_the_trial_without_judging(clock: FakeClock) -> None:
    breaker = CircuitBreaker(threshold=1, cooldown=1.0, clock=clock)
    breaker.before()
    breaker.failure()
    clock.advance(1.0)
    breaker.before()
    breaker.release()
    assert breaker.state == "half-open"
    breaker.before()  # a new trial is admitted
    breaker.success()
    assert breaker.state == "closed"


def test_failures_while_open_do_not_extend_the_cooldown(clock: FakeClock) -> None:
    breaker = CircuitBreaker(threshold=2, cooldown=1.0, clock=clock)
    breaker.before()
    breaker.before()  # two calls in flight
    breaker.failure()
    breaker.failure()  # opens
    clock.advance(0.5)
    breaker.failure()  # a straggler that was admitted earlier
    clock.advance(0.5)
    assert breaker.state == "half-open"


def test_validates_arguments() -> None:
    with pytest.raises(ValueError):
        CircuitBreaker(threshold=0)
    with pytest.raises(ValueError):
        CircuitBreaker(cooldown=0)
