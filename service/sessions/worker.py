"""gunicorn's gevent worker, made to stop at once and to recycle one worker of a host at a time.

Stopping (``max_requests``, ``HUP``, ``TERM``, a deploy, the master gone): the moment ``alive`` turns false the
worker raises ``service.sessions.stopping`` (its event streams send ``retry:`` and end, its long polls answer),
stops accepting, ends the kept-alive connections that wait idle for a next request, and exits as soon as its
last connection is done. gunicorn's own gevent worker looks at ``alive`` once a second and then waits, up to
``graceful_timeout``, for streams that never end by themselves: about 21 s of a worker that answers nothing.

Recycling: gunicorn stops a worker at ``max_requests`` (plus jitter) to bound slow memory growth. Two workers
that reach it together (a flood of cheap requests shared evenly) would leave the host with none accepting, so
here a worker that reaches it asks a host-wide ``RecyclingPermit`` first; refused (another worker recycled less
than ``RECYCLE_SPACING_SECONDS`` ago) it serves on and asks again a second later. deploy/gunicorn.conf.py names
this class and the permit's directory (``RECYCLE_PERMIT_DIR``).

A connection from a client that holds all its waiting places waits in a slow lane until the worker has nothing
else to do (``service.sessions.lanes``): a flood of refused streams cannot queue ahead of other clients.
"""

from __future__ import annotations

import fcntl
import math
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import gevent  # type: ignore[import-untyped]
import gevent.event  # type: ignore[import-untyped]
from gevent.pool import Pool  # type: ignore[import-untyped]
from gevent.server import StreamServer  # type: ignore[import-untyped]
from gunicorn.http.wsgi import base_environ  # type: ignore[import-untyped]
from gunicorn.sock import ssl_context  # type: ignore[import-untyped]
from gunicorn.workers.base import Worker  # type: ignore[import-untyped]
from gunicorn.workers.ggevent import VERSION, GeventWorker  # type: ignore[import-untyped]

from . import stopping
from .accepting import GIVES_WAY, give_way_when_told
from .lanes import SlowLane, closing_when_told, lane_for

PERMIT_DIR_VARIABLE = "RECYCLE_PERMIT_DIR"
SPACING_VARIABLE = "RECYCLE_SPACING_SECONDS"
DEFAULT_SPACING_SECONDS = 60.0
ASK_AGAIN_SECONDS = 1.0
# The master counts a worker dead when it has not heard from it for `timeout` (30 s): once a second is plenty.
HEARTBEAT_SECONDS = 1.0
STAMP_NAME = "last-recycle"

Clock = Callable[[], float]


class RecyclingPermit:
    """At most one recycle every ``spacing`` seconds among the workers that share ``directory``.

    The stamp file holds when the last permit was given, read and written under ``flock``. ``clock`` must read
    the same in every process of the host: the monotonic clock does, and a step of the wall clock cannot hold
    recycling back. A refused worker asks again at most every ``ask_every`` seconds, so waiting for its turn
    costs a file lock a second, not one a request."""

    def __init__(
        self,
        directory: Path,
        spacing: float,
        clock: Clock = time.monotonic,
        ask_every: float = ASK_AGAIN_SECONDS,
    ) -> None:
        self.stamp = directory / STAMP_NAME
        self.spacing, self.clock, self.ask_every = spacing, clock, ask_every
        self._next_ask = -math.inf

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> RecyclingPermit | None:
        """The permit deploy/gunicorn.conf.py sets up; None (every recycle allowed) without a directory."""
        environ = dict(os.environ) if environ is None else environ
        directory = environ.get(PERMIT_DIR_VARIABLE)
        if not directory:
            return None
        raw = environ.get(SPACING_VARIABLE) or str(DEFAULT_SPACING_SECONDS)
        try:
            spacing = float(raw)
        except ValueError:
            raise ValueError(f"{SPACING_VARIABLE} must be a number of seconds, not {raw!r}") from None
        return cls(Path(directory), spacing)

    def ask(self) -> bool:
        """True when this worker may recycle now (and the next one must then wait ``spacing``)."""
        now = self.clock()
        if now < self._next_ask:
            return False
        granted = self._take(now)
        if not granted:
            self._next_ask = now + self.ask_every
        return granted

    def _take(self, now: float) -> bool:
        try:
            descriptor = os.open(self.stamp, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            # The memory bound matters more than the spacing: a permit that cannot be read never holds back.
            return True
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            last = _stamped(os.pread(descriptor, 64, 0))
            # A stamp ahead of the clock was left before a reboot (the monotonic clock starts again): stale.
            if last is not None and 0 <= now - last < self.spacing:
                return False
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, repr(now).encode(), 0)
            return True
        finally:
            os.close(descriptor)  # and the lock with it


def _stamped(raw: bytes) -> float | None:
    try:
        return float(raw)
    except ValueError:
        return None


class StoppingGeventWorker(GeventWorker):  # type: ignore[misc]
    max_requests: int
    wsgi: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._alive = True
        self._stop_wake: gevent.event.Event | None = None
        self._answered: set[Any] = set()  # connections (their greenlets) that have had at least one answer
        self._idle: dict[Any, gevent.Timeout] = {}  # those of them waiting for their next request
        self._told_waiting = False
        super().__init__(*args, **kwargs)
        # gunicorn would stop at its own count without asking anyone: it is told never, and handle_request
        # counts against the permit instead.
        self.recycle_after: int = self.max_requests
        self.max_requests = sys.maxsize
        self.counted = 0
        """The requests counted toward ``recycle_after``: not the streams that resume (``resumes_a_stream``)."""
        self.permit = RecyclingPermit.from_environment()
        self.lane: SlowLane | None = None
        self.gives_way: Callable[[int], bool] | None = None
        """Whether this worker leaves new connections to the others (``sessions.accepting``)."""

    @property
    def alive(self) -> bool:
        return self._alive

    @alive.setter
    def alive(self, value: bool) -> None:
        stops = self._alive and not value
        self._alive = value
        if stops:
            # Set from a signal handler too, which may have interrupted any greenlet (one holding a lock that a
            # stopping listener takes, say): the stopping work runs in a greenlet of its own, at the next turn.
            gevent.spawn(self._stop_now)

    def _stop_now(self) -> None:
        stopping.begin()
        hub = gevent.get_hub()
        for connection, wait in list(self._idle.items()):
            hub.loop.run_callback(self._end_if_still_idle, connection, wait)
        if self.lane is not None:
            self.lane.open()
        if self._stop_wake is not None:
            self._stop_wake.set()

    def _end_if_still_idle(self, connection: Any, wait: gevent.Timeout) -> None:
        # Checked in the hub, where the connection's greenlet cannot be running: one that has since begun
        # reading a request is left to answer it.
        if self._idle.get(connection) is wait:
            connection.throw(wait)

    def timeout_ctx(self) -> _NextRequestWait:
        return _NextRequestWait(self)

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        lane = self.lane
        if lane is not None and self.alive and lane.takes(addr):
            lane.wait_turn()
        try:
            super().handle(listener, client, addr)
        finally:
            self._answered.discard(gevent.getcurrent())

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> None:
        self._answered.add(gevent.getcurrent())
        if not resumes_a_stream(req):
            self.counted += 1
        if self.alive and self.counted >= self.recycle_after and self._may_recycle():
            self.log.info("Autorestarting worker after current request.")
            # Before gunicorn's handling, which then closes this connection after its answer.
            self.alive = False
        super().handle_request(listener_name, req, sock, addr)

    def _may_recycle(self) -> bool:
        if self.permit is None or self.permit.ask():
            return True
        if not self._told_waiting:
            self._told_waiting = True
            self.log.info(
                "Worker %s reached max_requests (%s) but another worker of this host recycled less than %s s ago: "
                "serving on until its turn",
                self.pid,
                self.recycle_after,
                self.permit.spacing,
            )
        return False

    def notify(self) -> None:
        Worker.notify(self)
        # gunicorn's gevent worker exits on the spot here, cutting every stream without a reconnect hint.
        if self.alive and self.ppid != os.getppid():
            self.log.info("Parent changed, shutting down: %s", self)
            self.alive = False

    def run(self) -> None:
        self._stop_wake = gevent.event.Event()
        app: Any = self.wsgi
        self.lane = lane_for(app)
        self.gives_way = getattr(app, "extensions", {}).get(GIVES_WAY)
        if self.lane is not None:
            self.wsgi = closing_when_told(app)
        servers = self._start_servers()
        while self.alive:
            self.notify()
            self._stop_wake.wait(HEARTBEAT_SECONDS)
        for server in servers:
            server.close()
        self._drain(servers)

    def _start_servers(self) -> list[Any]:
        """As GeventWorker.run starts them (gunicorn 27)."""
        servers = []
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        for listener in self.sockets:
            listener.setblocking(1)
            pool = Pool(self.worker_connections)
            server: Any
            if self.server_class is not None:
                environ = base_environ(self.cfg)
                environ.update({"wsgi.multithread": True, "SERVER_SOFTWARE": VERSION})
                server = self.server_class(
                    listener,
                    application=self.wsgi,
                    spawn=pool,
                    log=self.log,
                    handler_class=self.wsgi_handler,
                    environ=environ,
                    **ssl_args,
                )
            else:
                named = NamedListener(listener)
                server = StreamServer(listener, handle=partial(self.handle, named), spawn=pool, **ssl_args)
                if self.cfg.workers > 1:
                    server.max_accept = 1
            if self.cfg.workers > 1 and self.gives_way is not None:
                give_way_when_told(server, self.gives_way)
            server.start()
            servers.append(server)
        return servers

    def _drain(self, servers: list[Any]) -> None:
        """Wait for the open connections to end, woken by the last of them (no polling), up to graceful_timeout."""
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while (remaining := deadline - time.monotonic()) > 0:
            self.notify()
            if all(server.pool.join(timeout=min(HEARTBEAT_SECONDS, remaining)) for server in servers):
                return
        self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
        for server in servers:
            server.stop(timeout=1)


def resumes_a_stream(req: Any) -> bool:
    """A request that reopens an event stream where it broke (``Last-Event-ID``): not counted toward recycling.

    A recycled worker's streams reconnect to the other workers at once. Counted, thousands of them would bring
    the next worker to its ``max_requests`` in turn, whose streams would then do the same: with 5,000 streams a
    worker and ``max_requests`` 2,000, the workers of a host recycled every two seconds for as long as the
    streams lasted (``bench/recycling.py``). A resumed stream is the same reader in another worker."""
    path = getattr(req, "path", None) or ""
    if not path.endswith("/events"):
        return False
    return any(name == "LAST-EVENT-ID" for name, _ in getattr(req, "headers", ()))


class NamedListener:
    """The listening socket as a connection's handling sees it, its name read once, at the start.

    gunicorn asks the listener for its name before each request of a connection. A stopping worker closes its
    listener at once, and a connection it accepted just before (its first request on the way) then failed on a
    closed socket: gunicorn logged a socket error and dropped the connection unanswered, a reset for its client
    (seen under a flood of fresh connections while workers recycled). The name outlives the socket."""

    def __init__(self, listener: Any) -> None:
        self._listener = listener
        self._name = listener.getsockname()

    def getsockname(self) -> Any:
        return self._name

    def __getattr__(self, name: str) -> Any:
        return getattr(self._listener, name)


class _NextRequestWait:
    """gunicorn's wait for a connection's next request (``keepalive`` seconds). A stopping worker ends it at
    once on a connection that has had its answer, as the keepalive timeout would later: the client opens a new
    connection, to a worker that stays. A fresh connection keeps its wait, its first request on the way."""

    def __init__(self, worker: StoppingGeventWorker) -> None:
        self.worker = worker
        self.connection = gevent.getcurrent()
        self.reused = self.connection in worker._answered
        seconds = 0.0 if self.reused and not worker.alive else worker.cfg.keepalive
        self.timeout = gevent.Timeout(seconds, False)

    def __enter__(self) -> _NextRequestWait:
        self.timeout.start()
        if self.reused:
            self.worker._idle[self.connection] = self.timeout
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool:
        self.worker._idle.pop(self.connection, None)
        swallowed: bool = self.timeout.__exit__(kind, value, traceback)
        return swallowed
