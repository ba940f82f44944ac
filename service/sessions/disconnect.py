"""Noticing at once that a waiting reader's client went away, so its place is free within a second.

A stream only writes every heartbeat; until a write fails, a closed connection looks open and keeps its place
(a reconnecting client was refused for up to 15 s). Under gevent the connection's socket is handed to the
app (``gunicorn.socket``); a watcher on the event loop fires when it turns readable, which for a client that
sends nothing more after its request means it closed. It costs nothing while the client stays, and the loop
calls back at once when it leaves. Elsewhere (the sync worker, the test client) nothing is watched and the
next write finds out, as before.
"""

from __future__ import annotations

import _socket
import contextlib
import importlib
import socket
import sys
from collections.abc import Callable
from typing import Any

_READ = 1


def watch(environ: dict[str, Any], gone: Callable[[], None]) -> Callable[[], None]:
    """Call ``gone`` once the client of this request closes its connection; returns the call that stops
    watching (call it when the answer ends, whichever way)."""
    sock = environ.get("gunicorn.socket")
    if "gevent" not in sys.modules or sock is None:
        return _nothing
    try:
        gevent: Any = importlib.import_module("gevent")  # loaded only where gevent already runs: no stubs here
        fd = int(sock.fileno())
        watcher: Any = gevent.get_hub().loop.io(fd, _READ)
    except (ImportError, OSError, ValueError, AttributeError, TypeError):
        return _nothing

    def readable() -> None:
        watcher.stop()  # once: whatever it was, the loop must not call back for it again and again
        if peer_closed(fd):
            gone()

    watcher.start(readable)

    def stop() -> None:
        with contextlib.suppress(Exception):
            watcher.stop()
            watcher.close()

    return stop


def peer_closed(fd: int) -> bool:
    """Whether the peer of a readable socket closed it: a peek that reads nothing. The C module's socket, not
    gevent's, so that the peek never waits (this runs inside the event loop's callback)."""
    probe = _socket.socket(fileno=fd)
    try:
        return probe.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        probe.detach()  # the connection's fd stays open: it belongs to the worker


def _nothing() -> None:
    return None
