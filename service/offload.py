"""Where a computer player thinks: in a child process at the lowest CPU priority, in a host-wide pool of slots.

A suggestion's cost is the caller's to choose (``budget_ms``), so it must not run where the rules are served.
``Offload.run`` forks the calling worker, lowers the child's priority (``os.nice``) and has it compute and pickle
the answer into a pipe; the parent waits on the pipe with ``select``, which under gevent's patch is a greenlet's
wait, so the worker goes on serving other requests meanwhile. A child that has not answered by its hard deadline
(the budget plus a grace) is killed. Without forking (``fork=False``, the in-process app of the tests and tools)
the same work runs inline.

``SlotFiles`` caps how many run at once across every worker of the host: a slot is a lock file held with
``flock(LOCK_NB)``, so taking one never waits, and the kernel releases it when its holder closes it or dies.
A forked child inherits the lock; the request that took a slot releases it once its child has answered or been
killed, so a slot stays taken for as long as anything still computes under it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
import select
import signal
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

Result = TypeVar("Result")
CLIENT_BUCKETS = 4096
"""Per-client slot files are kept for this many hashes of client addresses, so their number stays bounded."""
_RESET_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2)
_READ_SIZE = 65536
_REAP_POLL_SECONDS = 0.0005
_MAX_DESCRIPTORS = os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 65536


class ThinkingFailed(Exception):
    """The child gave no answer: killed at its hard deadline, or dead without one."""


class ThinkingLate(ThinkingFailed):
    """The child had not answered by its hard deadline, and was killed; ``report``: the last value it reported."""

    report: Any = None


class SlotFiles:
    """``count`` slots shared by every process that names the same ``directory`` and ``name``."""

    def __init__(self, directory: Path, name: str, count: int) -> None:
        self.directory, self.name, self.count = directory, name, count

    def take(self, key: str = "") -> int | None:
        """An open descriptor holding a free slot (close it to give the slot back), or None when all are taken.

        ``key`` selects a separate group of ``count`` slots (one per client), among ``CLIENT_BUCKETS`` groups.
        """
        for path in self.paths(key):
            descriptor = _locked(path)
            if descriptor is not None:
                return descriptor
        return None

    def paths(self, key: str = "") -> list[Path]:
        group = ""
        if key:
            bucket = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") % CLIENT_BUCKETS
            group = f"-{bucket}"
        return [self.directory / f"{self.name}{group}-{number}.lock" for number in range(self.count)]


def _locked(path: Path) -> int | None:
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except FileNotFoundError:  # the directory is made on first use (or again, if a cleaner took it)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


@contextlib.contextmanager
def releasing(*descriptors: int) -> Iterator[None]:
    """Hold slots for the block, then release their locks. Unlocked explicitly, not by the close alone: a child
    killed before it could close its inherited copies still shares each lock until the kernel has ended it, and
    it computes nothing more."""
    try:
        yield
    finally:
        for descriptor in descriptors:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
            os.close(descriptor)


class Offload:
    """Runs a computer player's work inline or in a forked child at ``niceness``, within a hard deadline."""

    def __init__(
        self,
        fork: bool,
        niceness: int = 19,
        grace_seconds: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.fork, self.niceness, self.grace_seconds, self.clock = fork, niceness, grace_seconds, clock

    def run(self, work: Callable[[], Result], budget_seconds: float) -> Result:
        """``work()``'s answer; its exception propagates as if it had run here. Raises ``ThinkingLate`` when
        a child is killed at ``budget_seconds`` plus the grace (with the last value the child handed to
        ``report``, if any), ``ThinkingFailed`` when it dies without answering."""
        if not self.fork:
            return work()
        deadline = self.clock() + budget_seconds + self.grace_seconds
        fork, waitpid = _process_calls()
        reading, writing = os.pipe()
        pid = fork()
        if pid == 0:  # the child: never returns
            os.close(reading)
            _think_and_exit(work, writing, self.niceness)
        os.close(writing)
        frames = _Frames()
        try:
            finished = self._read_until(reading, deadline, frames)
        finally:
            os.close(reading)
            _reap(pid, waitpid)
        if not finished:
            late = ThinkingLate(f"no answer within {budget_seconds + self.grace_seconds:.3f} s: killed")
            late.report = None if frames.report is None else pickle.loads(frames.report)
            raise late
        if frames.final is None:
            raise ThinkingFailed("the child ended without an answer")
        try:
            kind, value = pickle.loads(frames.final)
        except Exception as error:  # a child that died halfway through its answer
            raise ThinkingFailed("the child's answer was cut short") from error
        if kind == "raised":
            raise _rebuilt(*value)
        if kind != "answered":
            raise ThinkingFailed(f"the child failed: {value}")
        answer: Result = value
        return answer

    def _read_until(self, descriptor: int, deadline: float, frames: _Frames) -> bool:
        """Read the child's frames until its answer, or its end, or the deadline (False)."""
        os.set_blocking(descriptor, False)
        while frames.final is None:
            remaining = deadline - self.clock()
            if remaining <= 0:
                return False
            ready, _, _ = select.select([descriptor], [], [], remaining)
            if not ready:
                continue
            try:
                chunk = os.read(descriptor, _READ_SIZE)
            except BlockingIOError:
                continue
            if not chunk:
                return True  # the child ended; ``frames.final`` says whether it answered
            frames.feed(chunk)
        return True


_HEADER = struct.Struct(">cI")
"""A frame on the child's pipe: its kind (``b"r"`` a report, ``b"a"`` the answer), the length of its pickle."""


class _Frames:
    """The frames read from a child so far: the last report, and the answer once it has come whole."""

    def __init__(self) -> None:
        self.buffer = b""
        self.report: bytes | None = None
        self.final: bytes | None = None

    def feed(self, chunk: bytes) -> None:
        self.buffer += chunk
        while len(self.buffer) >= _HEADER.size:
            kind, size = _HEADER.unpack_from(self.buffer)
            end = _HEADER.size + size
            if len(self.buffer) < end:
                return
            body, self.buffer = self.buffer[_HEADER.size : end], self.buffer[end:]
            if kind == b"r":
                self.report = body
            else:
                self.final = body


_reports_to: int | None = None
"""In a child of ``Offload.run``: the pipe to its parent."""


def report(value: Any) -> None:
    """In a child of ``Offload.run``, hand the parent ``value``: what it answers if the child is late. Elsewhere
    (inline, or in the parent) nothing."""
    if _reports_to is not None:
        _write_frame(_reports_to, b"r", pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def _write_frame(descriptor: int, kind: bytes, payload: bytes) -> None:
    view = memoryview(_HEADER.pack(kind, len(payload)) + payload)
    while view:
        view = view[os.write(descriptor, view) :]


def _think_and_exit(work: Callable[[], Any], descriptor: int, niceness: int) -> None:
    status = 1
    try:
        # The worker's handlers (gunicorn's graceful shutdown) mean nothing here: a signal ends the child.
        for number in _RESET_SIGNALS:
            signal.signal(number, signal.SIG_DFL)
        # Copies of the worker's descriptors would outlive it here: a client connection the worker has closed
        # (the client would wait for this child to finish), and other requests' slots (held past their end).
        # The parent keeps this request's slots until it has collected or killed the child.
        os.closerange(3, descriptor)
        os.closerange(descriptor + 1, _MAX_DESCRIPTORS)
        os.nice(niceness)
        global _reports_to
        _reports_to = descriptor
        try:
            outcome: tuple[str, Any] = ("answered", work())
        except Exception as error:
            outcome = ("raised", (type(error), error.args, dict(vars(error))))
        try:
            payload = pickle.dumps(outcome, pickle.HIGHEST_PROTOCOL)
        except Exception as error:
            payload = pickle.dumps(("failed", f"{type(error).__name__}: {error}"))
        _write_frame(descriptor, b"a", payload)
        status = 0
    finally:
        os._exit(status)


def _rebuilt(kind: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> BaseException:
    """The child's exception as it was raised there (the engine's errors keep their fields in ``__dict__``)."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


def _process_calls() -> tuple[Callable[[], int], Callable[[int, int], tuple[int, int]]]:
    """``os.fork`` and ``os.waitpid`` as the kernel gives them, also in a gevent worker.

    gevent's patched pair watches each child through a SIGCHLD handler installed after the fork returns; a child
    that ends before then (a search with little budget can) is never seen to end, and a blocking ``waitpid``
    on it waits for ever. The child here needs nothing of gevent: it computes, writes to a pipe and exits.
    """
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("os"):
        return monkey.get_original("os", "fork"), monkey.get_original("os", "waitpid")
    return os.fork, os.waitpid


def _reap(pid: int, waitpid: Callable[[int, int], tuple[int, int]]) -> None:
    """Collect the child, or kill it and have it collected in the background: the answer does not wait for a
    child at the lowest priority to be given the CPU to die (a killed child does no more work). No zombie and no
    orphan is left thinking."""
    with contextlib.suppress(ChildProcessError):
        if waitpid(pid, os.WNOHANG)[0]:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        if waitpid(pid, os.WNOHANG)[0]:
            return
        threading.Thread(target=_collect, args=(pid, waitpid), name="child-reaper", daemon=True).start()


def _collect(pid: int, waitpid: Callable[[int, int], tuple[int, int]]) -> None:
    """Wait for a killed child by polling, so that under gevent (a greenlet) the worker serves on meanwhile."""
    with contextlib.suppress(ChildProcessError):
        while not waitpid(pid, os.WNOHANG)[0]:
            time.sleep(_REAP_POLL_SECONDS)
