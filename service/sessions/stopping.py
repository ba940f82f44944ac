"""The worker is stopping: one process-wide signal, raised once, that ends every waiting reader at once.

A gunicorn worker stops when it reaches ``max_requests``, on ``HUP`` or ``TERM``, or when its master goes.
Its open event streams and long polls would otherwise hold it for the whole ``graceful_timeout``, answering
nothing new meanwhile; on this signal each stream sends a reconnect hint (``retry:``) and ends, each long poll
answers what it has, so the worker exits in well under a second and the clients go on with another worker.

The worker class (``service.sessions.worker``) raises it; the readers (``service.api.session_events``) listen.
Outside gunicorn nothing raises it and nothing changes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

_stopping = threading.Event()
_lock = threading.Lock()
_listeners: list[Callable[[], None]] = []


def begin() -> None:
    """Say that this process is stopping: every listener is called once, now (idempotent)."""
    with _lock:
        if _stopping.is_set():
            return
        _stopping.set()
        listeners = list(_listeners)
    for listener in listeners:
        listener()


def is_stopping() -> bool:
    return _stopping.is_set()


def on_stop(listener: Callable[[], None]) -> None:
    """Call ``listener`` when the process starts stopping (at once if it already has)."""
    with _lock:
        if not _stopping.is_set():
            _listeners.append(listener)
            return
    listener()


def reset_for_tests() -> None:
    """Forget the signal and its listeners (a test process plays many workers' lives)."""
    with _lock:
        _stopping.clear()
        _listeners.clear()
