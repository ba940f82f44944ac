"""The slow lane: a new connection from a client that already holds all its waiting places is read only when
the worker has nothing else to do.

Straight against gunicorn (no proxy in front), a client that ignores ``Retry-After`` can ask again for the
streams it was refused, a thousand at once. Each is refused cheaply (``api.session_events.StreamGate``), but
gunicorn still reads and parses every one, about 0.3 ms a connection: a burst of 550 on one worker is 165 ms,
and another client's request accepted among them waited behind all of them (legal-moves p99 118-144 ms,
docs/performance.md). A limit on connections per address before the HTTP parser would need gunicorn to have
one; a lane needs only the address, known at ``accept``.

So the worker asks, for each connection it accepts, whether its peer is *crowded*: it holds every waiting place a
client may (``EVENT_WAITERS_PER_CLIENT`` across the host), so whatever it asks next is most likely one more stream
to refuse (a look at the shared counts, about 2 us). A crowded peer's connection waits its turn here, and turns
are given one at a time, each when the event loop has no other work pending (``gevent.idle``): every other
connection, and every request already begun, goes first. Nothing is refused, and an idle worker gives turns at
once. A turn comes after ``longest_wait`` seconds in any case, so a worker kept busy without pause cannot starve a
crowded client's rules requests. A proxy's address is never crowded: behind one the peer is the proxy
(``TRUSTED_PROXIES``), and the proxy itself caps streams per client (deploy/nginx). A refused stream's connection
is closed after its answer (``CLOSE_AFTER``): asked again on a kept-alive connection, the next request would be
read at once, past the lane.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable
from typing import Any

import gevent  # type: ignore[import-untyped]
import gevent.event  # type: ignore[import-untyped]

LONGEST_WAIT_SECONDS = 3.0
"""The longest a crowded peer's connection waits for its turn before it is read anyway."""

CROWDED_PEER = "crowded_peer"
"""The app's extension: whether a peer's new connection belongs in the lane (``service.app`` sets it)."""
CLOSE_AFTER = "cardrules.close_after"
"""Set in a request's environ by an answer after which its connection should close (a refused stream): a client
asking again must come on a new connection, which the lane sees, not on a kept-alive one, which it cannot."""

Crowded = Callable[[str], bool]


class SlowLane:
    def __init__(self, crowded: Crowded, longest_wait: float = LONGEST_WAIT_SECONDS) -> None:
        self.crowded, self.longest_wait = crowded, longest_wait
        self._turns: deque[gevent.event.Event] = deque()
        self._giver: Any = None

    def takes(self, addr: Any) -> bool:
        """True when the connection from ``addr`` (the peer's ``(host, port, ...)``) belongs in the lane."""
        if not isinstance(addr, tuple) or not addr or not isinstance(addr[0], str):
            return False  # a Unix socket has no client address to count
        try:
            return self.crowded(addr[0])
        except Exception:  # a count that cannot be read never holds a connection back
            return False

    @property
    def waiting(self) -> int:
        return len(self._turns)

    def wait_turn(self) -> bool:
        """Wait for this connection's turn; False when ``longest_wait`` ran out first."""
        turn = gevent.event.Event()
        self._turns.append(turn)
        if self._giver is None:
            self._giver = gevent.spawn(self._give_turns)
        given: bool = turn.wait(self.longest_wait)
        if not given:
            with contextlib.suppress(ValueError):
                self._turns.remove(turn)
        return given

    def open(self) -> None:
        """Every waiting connection's turn, now (the worker stops: what it accepted is answered at once)."""
        while self._turns:
            self._turns.popleft().set()

    def _give_turns(self) -> None:
        try:
            while self._turns:
                gevent.idle()
                if self._turns:
                    self._turns.popleft().set()
        finally:
            self._giver = None


def lane_for(app: Any) -> SlowLane | None:
    """The lane for a worker serving ``app``: None for an app that cannot say which peers are crowded."""
    crowded = getattr(app, "extensions", {}).get(CROWDED_PEER)
    return None if crowded is None else SlowLane(crowded)


def closing_when_told(app: Any) -> Any:
    """The WSGI app, closing the connection after any answer that sets ``CLOSE_AFTER`` in its environ.

    gunicorn drops a ``Connection`` header an app sets (hop-by-hop), so the close is asked of its response object,
    which ``start_response`` is a method of; a server without one keeps the connection as it would."""

    def wsgi(environ: dict[str, Any], start_response: Any) -> Any:
        answer = app(environ, start_response)
        if environ.get(CLOSE_AFTER):
            force_close = getattr(getattr(start_response, "__self__", None), "force_close", None)
            if callable(force_close):
                force_close()
        return answer

    return wsgi
