"""The session snapshot storage interface.

A *session* is an opaque document (JSON bytes produced and parsed by the HTTP layer) stored under an
unguessable id, together with a version number. The version starts at 1 and grows by exactly 1 on every
successful write, so the HTTP layer can use it as a strong ``ETag`` and require ``If-Match`` for writes:
every write is an atomic compare-and-set on the version.

Sessions expire after ``ttl_seconds`` without access. The expiry is *sliding*: a successful ``get`` or
``replace`` restarts the countdown.

Each session also has an append-only *event log*: a write may carry an opaque entry (``events``) that is
stored for the new version in the same atomic step as the document, so a reader of the log never sees an
entry without its write nor a write without its entry. At most :data:`LOG_LIMIT` entries are kept per session
(the oldest go first); the log lives and dies with its session. A :class:`ChangeFeed` tells a worker process
which sessions got new entries, so that long-polling readers wake up and re-read the log.

Error mapping suggested for the HTTP layer:

=========================  ====================================================================
exception                  HTTP
=========================  ====================================================================
``SessionNotFound``        404 (unknown, malformed, deleted or expired id)
``VersionConflict``        412 Precondition Failed (stale ``If-Match``); ``current_version`` is
                           the version the client should re-read
``QuotaExceeded``          429 with ``Retry-After`` (the client's live-session or creation quota)
``StoreFull``              507 Insufficient Storage (no room for a new session; existing ones work)
``SessionCorrupt``         500 for that one session only (its record cannot be read)
``StoreBusy``              503 with ``Retry-After`` (another writer held the lock past the wait)
``StoreCorrupt``           503 without ``Retry-After``: the whole store is damaged until an operator acts
``StoreUnavailable``       503 with ``Retry-After: <retry_after>``
=========================  ====================================================================
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

__all__ = [
    "LOG_LIMIT",
    "SESSION_ID_BYTES",
    "ChangeFeed",
    "CircuitOpen",
    "EventLog",
    "Quota",
    "QuotaExceeded",
    "SessionCorrupt",
    "SessionNotFound",
    "SessionStore",
    "Snapshot",
    "StoreBusy",
    "StoreCorrupt",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "VersionConflict",
    "is_valid_session_id",
    "new_session_id",
]

#: Entries a session's event log keeps at most: appending beyond it drops the oldest (see :class:`EventLog`).
LOG_LIMIT: Final = 2000

#: Random bytes per session id: 24 bytes = 192 bits, 32 URL-safe base64 characters.
SESSION_ID_BYTES: Final = 24

# Ids are URL-safe base64 (``secrets.token_urlsafe``). Anything else cannot name a session; rejecting it
# early keeps arbitrary client input (braces, separators, huge strings) out of backend keys.
_SESSION_ID_RE: Final = re.compile(r"[A-Za-z0-9_-]{16,128}")


def new_session_id() -> str:
    """Return a fresh unguessable session id (192 random bits, URL-safe, no padding)."""
    return secrets.token_urlsafe(SESSION_ID_BYTES)


def is_valid_session_id(session_id: object) -> bool:
    """Whether ``session_id`` has the shape of an id this package could have issued."""
    return isinstance(session_id, str) and _SESSION_ID_RE.fullmatch(session_id) is not None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One stored version of a session.

    ``version`` starts at 1 and grows by 1 per successful write; use it as the strong ETag.
    ``document`` is opaque: the store never parses it.
    """

    id: str
    version: int
    document: bytes


@dataclass(frozen=True, slots=True)
class EventLog:
    """What :meth:`SessionStore.events` found in a session's log.

    ``entries`` are ``(version, body)`` pairs for the versions after the caller's ``after``, oldest first;
    versions written without an entry (a token rotation, say) are simply absent. ``start`` is the version of
    the oldest entry the store still holds (0 when the log is empty): a reader whose ``after`` is below
    ``start - 1`` may have missed trimmed entries and should re-read the document instead.
    """

    start: int
    entries: tuple[tuple[int, bytes], ...]


class StoreError(Exception):
    """Base class of every error raised by a :class:`SessionStore`."""


class SessionNotFound(StoreError):
    """The id is unknown, malformed, deleted or expired."""

    def __init__(self, session_id: str) -> None:
        super().__init__("session not found")
        self.session_id = session_id


class VersionConflict(StoreError):
    """The caller's expected version is stale; ``current_version`` is the stored one."""

    def __init__(self, session_id: str, current_version: int, expected_version: int) -> None:
        super().__init__(f"version conflict: expected {expected_version}, current {current_version}")
        self.session_id = session_id
        self.current_version = current_version
        self.expected_version = expected_version


class StoreUnavailable(StoreError):
    """The backend is down, timed out or refused the operation.

    The operation may or may not have been applied when the backend timed out *after* receiving it (the
    usual distributed-systems ambiguity); it was never applied partially. ``retry_after`` is a hint in
    whole seconds (>= 1) for the ``Retry-After`` header.
    """

    def __init__(self, message: str = "session store unavailable", retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = max(1, int(retry_after))


class StoreBusy(StoreUnavailable):
    """Another writer held the store's write lock for longer than the store waits (a short, bounded time)."""

    def __init__(self, message: str = "session store busy", retry_after: int = 1) -> None:
        super().__init__(message, retry_after)


class StoreCorrupt(StoreUnavailable):
    """The store itself is damaged (a corrupt database file): retrying will not help until an operator acts.

    A :class:`StoreUnavailable`, so that code which only knows "the store cannot serve" still answers 503.
    """

    def __init__(self, message: str = "session store corrupt") -> None:
        super().__init__(message, retry_after=1)


class StoreFull(StoreError):
    """The store has no room for a new session (its session cap, a full disk, Redis at ``maxmemory``).

    Existing sessions can still be read and deleted. Sessions are never evicted to make room.
    """

    def __init__(self, message: str = "session store full", retry_after: int = 60) -> None:
        super().__init__(message)
        self.retry_after = max(1, int(retry_after))


class SessionCorrupt(StoreError):
    """The record of this one session cannot be read (wrong type, bad fields). Other sessions are fine."""

    def __init__(self, session_id: str, reason: str = "unreadable record") -> None:
        super().__init__(f"session record is corrupt ({reason})")
        self.session_id = session_id
        self.reason = reason


class QuotaExceeded(StoreError):
    """The client holds ``limit`` live sessions, or created ``limit`` in the current window (``kind``)."""

    def __init__(self, kind: str, limit: int, retry_after: int) -> None:
        super().__init__(f"session quota exceeded ({kind}: {limit})")
        self.kind = kind
        self.limit = limit
        self.retry_after = max(1, int(retry_after))


@dataclass(frozen=True, slots=True)
class Quota:
    """Per-client limits checked atomically by :meth:`SessionStore.create`.

    ``client`` is an opaque short string (a hash of the caller's address or API key). ``max_live``: live
    sessions the client may hold (0: no limit). ``max_creates`` per ``window_seconds``: creations (0: no
    limit).
    """

    client: str
    max_live: int = 0
    max_creates: int = 0
    window_seconds: int = 60


class CircuitOpen(StoreUnavailable):
    """The backend failed repeatedly; calls fail fast without touching it until the cooldown ends."""


@runtime_checkable
class SessionStore(Protocol):
    """Storage of session snapshots with optimistic concurrency.

    Implementations are thread-safe. All writes are atomic: a failed or rejected call leaves the previous
    snapshot intact. Ids that are not well-formed simply raise :class:`SessionNotFound`.
    """

    def create(self, document: bytes, quota: Quota | None = None, events: bytes | None = None) -> Snapshot:
        """Store ``document`` under a new unguessable id with version 1.

        ``events`` (opaque, ``None`` for no entry) becomes the log entry of version 1, in the same atomic
        step. With a ``quota``, the session is counted against ``quota.client`` and refused with
        :class:`QuotaExceeded` when the client is over either limit (checked and counted atomically).
        Raises :class:`StoreFull` or :class:`StoreUnavailable`.
        """
        ...

    def get(self, session_id: str) -> Snapshot:
        """Return the current snapshot and restart its expiry countdown.

        Raises :class:`SessionNotFound`, :class:`SessionCorrupt` or :class:`StoreUnavailable`.
        """
        ...

    def replace(
        self, session_id: str, expected_version: int, document: bytes, events: bytes | None = None
    ) -> Snapshot:
        """Atomically replace the document if the stored version equals ``expected_version``.

        Returns the new snapshot (version ``expected_version + 1``) and restarts the expiry countdown. When
        ``events`` is not ``None`` it is appended to the log as the entry of the new version, atomically with
        the write (a refused write appends nothing; a retried call appends once); beyond :data:`LOG_LIMIT`
        entries the oldest is dropped. Raises :class:`VersionConflict` (with ``current_version``),
        :class:`SessionNotFound` or :class:`StoreUnavailable`.
        """
        ...

    def events(self, session_id: str, after: int) -> EventLog:
        """The log entries of the versions after ``after``, oldest first, and where the log starts.

        Polled by waiting readers, so it is cheap when nothing is newer than ``after`` (indexed lookups, the
        log is not read whole) and it does not restart the expiry countdown. Raises
        :class:`SessionNotFound`, :class:`SessionCorrupt` or :class:`StoreUnavailable`.
        """
        ...

    def feed(self) -> ChangeFeed:
        """A new :class:`ChangeFeed` of this store's backend (one per worker process; see there)."""
        ...

    def delete(self, session_id: str, expected_version: int) -> None:
        """Atomically delete the session if the stored version equals ``expected_version``.

        Raises :class:`VersionConflict`, :class:`SessionNotFound` or :class:`StoreUnavailable`.
        """
        ...

    def status(self) -> dict[str, object]:
        """Health summary for readiness probes; fast and never raises.

        Always holds ``"backend"`` (``"sqlite"``, ``"redis"`` or ``"memory"``), ``"ok"`` (bool) and
        ``"full"`` (bool); a store that cannot take new sessions says ``"full": True`` (and ``"ok": False``);
        when not ok, ``"reason"`` is the problem code a session request would get (``store_full``,
        ``store_busy``, ``store_corrupt``, ``store_unavailable``). Other keys are operator details (paths,
        counts, latencies), JSON-serializable, that the HTTP layer does not show to the public.
        """
        ...

    def close(self) -> None:
        """Release resources (idempotent). The store must not be used afterwards."""
        ...


@runtime_checkable
class ChangeFeed(Protocol):
    """Which sessions got new log entries: a wake-up for the long-polling readers of one worker process.

    The shape is deliberately small. A worker makes one feed and runs one background thread (a greenlet under
    gevent) that calls :meth:`wait` in a loop and wakes the requests waiting on the sessions it returns;
    those requests then re-read the log itself with :meth:`SessionStore.events`. So the feed carries no
    entries and promises no delivery: it only has to be cheap and prompt, once per worker whatever the
    number of waiters. A missed wake-up (a reconnect, a backend hiccup) costs a reader its poll timeout,
    never an entry; readers should still re-check the log when their own wait times out.
    """

    def wait(self, timeout: float) -> set[str]:
        """Block for at most ``timeout`` seconds; the ids of sessions that got a new log entry since the
        previous call (the first call: since the feed was made).

        May return an empty set early. Never raises for a backend failure: it logs it, pauses a little and
        returns an empty set (the next call tries again).
        """
        ...

    def close(self) -> None:
        """Release the feed's connection (idempotent); :meth:`wait` then returns an empty set at once."""
        ...


def check_document(document: object) -> bytes:
    """Validate a document argument; the stores accept ``bytes`` only."""
    if not isinstance(document, bytes):
        raise TypeError(f"document must be bytes, not {type(document).__name__}")
    return document


def check_events(events: object) -> bytes | None:
    """Validate an events argument: ``bytes``, or ``None`` for no log entry."""
    if events is not None and not isinstance(events, bytes):
        raise TypeError(f"events must be bytes or None, not {type(events).__name__}")
    return events


def check_version(expected_version: object, name: str = "expected_version") -> int:
    """Validate an expected-version argument (or another version, ``name``): an ``int``, not a ``bool``."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise TypeError(f"{name} must be int, not {type(expected_version).__name__}")
    return expected_version
