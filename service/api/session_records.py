"""A session's stored record (docs/sessions.md): reading it for a caller, writing it, and the store's errors as
problems. The record holds the game, the state, the token digests, the sealed seed of a server-dealt round
(``fairness``) and whether the table is sealed (docs/fairness.md, sealed tables).
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

import orjson
from flask import Response, g

from ..engine.errors import InvalidState, RulesError
from ..engine.game import Game
from ..engine.state import GameState
from ..schemas.errors import RequestInvalid
from ..schemas.reader import READER
from ..sessions import clock as clocks
from ..sessions import ending
from ..sessions.record import NO_TABLE, RECORD_FORMAT, TableFields, UnknownFormat, read, table_fields
from ..sessions.retries import valid_replies
from ..sessions.seats import Seats, unnamed
from ..storage import (
    QuotaExceeded,
    SessionCorrupt,
    SessionNotFound,
    SessionStore,
    Snapshot,
    StoreFull,
    StoreUnavailable,
    VersionConflict,
)
from ..storage.base import is_valid_session_id
from ..usecases import checked_state
from .common import game_for, owner_answer
from .jsonio import current_flask_app, json_response
from .problems import ApiProblem, store_problem
from .session_access import (
    Caller,
    Preconditions,
    bearer_token,
    etag,
    identify,
    identify_digest,
    if_match,
    matched_version,
    no_access,
    none_match,
    runner,
    short_hash,
    stale,
    wall_now,
)

log = logging.getLogger("service.sessions")


# -- the stored record ----------------------------------------------------------------------------------------


@dataclass
class Loaded:
    snapshot: Snapshot
    game: str
    state: dict[str, Any]
    auth: dict[str, Any]
    caller: Caller
    preconditions: Preconditions = None
    fairness: dict[str, str] | None = None
    """The commitment and sealed seed of a round the service dealt with a seed it drew."""
    sealed: bool = False
    """A sealed table: no token, the owner's included, reads a card before it is played face up."""
    replies: list[dict[str, Any]] = field(default_factory=list)
    """The last answers given to requests with an Idempotency-Key (``sessions.retries``)."""
    state_tag: str | None = None
    """The deployment's tag over the game and the state (``state_tag``): a state it wrote itself."""
    table: TableFields = NO_TABLE
    """Who sits at the table (``sessions.seats``), a conceded match (``sessions.ending``), the clock."""
    updated: float | None = None
    presence_base: int | None = None
    """The earliest version If-Match may name (``sessions.presence``); None: the stored one only."""

    @property
    def seats(self) -> Seats:
        return self.table.seats

    @property
    def ended(self) -> ending.Conceded | None:
        return self.table.ended

    @property
    def clock(self) -> clocks.TableClock | None:
        return self.table.clock

    def for_caller(self, caller: Caller, preconditions: Preconditions) -> Loaded:
        """The same record for another request's caller: ``dataclasses.replace`` made by hand (it costs about a
        tenth), every field copied, so a field added later is copied too."""
        copied = object.__new__(Loaded)
        copied.__dict__.update(self.__dict__)
        copied.caller, copied.preconditions = caller, preconditions
        return copied

    def unchanged_since(self, version: int) -> bool:
        """Whether the stored record is ``version``, or differs from it by presence events only."""
        current, since = self.snapshot.version, self.presence_base
        return version == current or (since is not None and since <= version <= current)

    def version(self) -> int:
        """The version a write replaces (If-Match checked against the stored one)."""
        return matched_version(self.preconditions, self.snapshot.version, self.presence_base)

    def with_auth(self, auth: dict[str, Any]) -> bytes:
        """The stored record with other tokens, and everything else as it was."""
        return self.with_table(auth, self.table)

    def with_table(self, auth: dict[str, Any], table: TableFields, presence_base: int | None = None) -> bytes:
        """The stored record with other tokens and table fields, and everything else as it was."""
        document, _ = tagged_document(
            self.game, self.state, auth, self.fairness, self.sealed, self.replies, table, presence_base
        )
        return document


def store() -> SessionStore:
    found: SessionStore = current_flask_app().extensions["session_store"]
    return found


def call(action: Any, *args: Any) -> Any:
    """Run a store call, mapping its errors to problems."""
    try:
        return action(*args)
    except SessionNotFound as error:
        raise ApiProblem(404, "session_not_found", "no such session (unknown, deleted or expired)") from error
    except VersionConflict as error:
        raise stale(error.current_version) from error
    except SessionCorrupt as error:
        raise corrupt(error.session_id, error.reason) from error
    except QuotaExceeded as error:
        what = "live sessions" if error.kind == "live" else "sessions created in this window"
        raise ApiProblem(
            429,
            "session_quota_exceeded",
            f"this client holds too many {what} (limit {error.limit}); try again after Retry-After, and give a "
            "backend that opens many tables an API key (X-API-Key)",
            {"quota": error.kind, "limit": error.limit},
            headers={"Retry-After": str(error.retry_after)},
        ) from error
    except (StoreFull, StoreUnavailable) as error:
        raise store_problem(error) from error


def corrupt(session_id: str, reason: str) -> ApiProblem:
    log.error("session %s: stored record unreadable (%s)", short_hash(session_id), reason)
    return ApiProblem(
        500,
        "session_corrupt",
        "this session's stored record cannot be read; other sessions are not affected",
    )


def load(session_id: str, write: bool = False) -> Loaded:
    """Authenticate the caller against the stored session: 404, 401 or 403 before anything else happens.

    A malformed id names no session (404 without looking at the token); a well-formed one needs a token
    (401), and a write a well-formed If-Match (428, 400), before the store is asked. A token that opens no
    session with this id is a 403 whether or not the session exists, so an id alone (from a log, say) does
    not tell whether its game is still on.
    """
    return stored(session_id, *asked(session_id, write))


def asked(session_id: str, write: bool) -> tuple[str, Preconditions]:
    """The caller's token and (for a write) If-Match: 404 for a malformed id, then 401, 428 or 400, before the
    store is asked."""
    if not is_valid_session_id(session_id):
        raise ApiProblem(404, "session_not_found", "no such session (unknown, deleted or expired)")
    token = bearer_token()
    return token, if_match() if write else None


def stored(
    session_id: str, token: str | None, preconditions: Preconditions, token_digest: str = "", service: bool = False
) -> Loaded:
    """``load`` once the id, the token and (for a write) If-Match are read: the stored record for the caller
    (known by its token, or by the token's digest when ``token`` is None: a stream opened with a ticket; with
    ``service``, no token at all: the service itself, acting for the table as its owner would, a computer seat)."""
    try:
        snapshot: Snapshot = call(store().get, session_id)
    except ApiProblem as problem:
        if problem.code == "session_not_found":
            raise no_access() from problem
        raise
    try:
        record = read(snapshot.document)
        if not valid_replies(record.replies):
            raise TypeError("replies field")
    except UnknownFormat as error:
        raise corrupt(session_id, str(error)) from error
    except (orjson.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
        raise corrupt(session_id, type(error).__name__) from error
    auth = record.auth
    if service:
        caller = Caller(None)
    else:
        caller = identify(token, auth) if token is not None else identify_digest(token_digest, auth)
    loaded = Loaded(
        snapshot, record.game, record.state, auth, caller, preconditions, record.fairness, record.sealed,
        record.replies, record.state_tag, record.table, record.updated, record.presence_base,
    )
    hold(loaded)
    if caller.seat is not None:  # its player is there, once the request is answered (``session_seats``)
        g.presence_heard = (session_id, caller.seat)
    if record.table.ended is None:
        runner().noticed(session_id, snapshot.version, record.state, record.table)
    return loaded


# -- the records this worker holds ----------------------------------------------------------------------------

_kept_lock = threading.Lock()
"""Held by one thread at a time while it changes what this worker keeps (its held records, its checked states)."""

HELD_KEPT = 256
"""Sessions whose last record this worker read or wrote is kept, parsed, by session id (by each app: tests and
benches run several in one process, each a worker of its own)."""


def held_records() -> dict[str, Loaded]:
    extensions = current_flask_app().extensions
    found: dict[str, Loaded] | None = extensions.get("held_records")
    if found is None:
        found = extensions.setdefault("held_records", {})
    return found


def hold(loaded: Loaded) -> None:
    """Keep ``loaded`` (its caller aside) as the record this worker knows for its session."""
    kept = held_records()
    with _kept_lock:
        if len(kept) >= HELD_KEPT and loaded.snapshot.id not in kept:
            kept.pop(next(iter(kept)), None)
        kept[loaded.snapshot.id] = loaded


CHECKED_KEPT = 256
"""Stored records whose state this worker keeps checked (each a few KB, up to some tens with its kept answers): a
table's legal moves, view and move read the same record."""
_checked: dict[bytes, tuple[Game, GameState]] = {}


def engine_state(loaded: Loaded) -> tuple[Game, GameState]:
    """The stored game and state, checked again: a stored state that no longer loads is a corrupt record.

    The check is a function of the game's name and the state alone, so its result for the same stored record,
    byte for byte (read as it is, not written again), is kept and given again: a record changed in any way (a
    tampered card) is checked in full.
    """
    key = loaded.snapshot.document
    found = _checked.get(key)
    if found is not None:
        return found
    try:
        game, _ = game_for(loaded.game)
        if loaded.state_tag is not None and hmac.compare_digest(
            loaded.state_tag, state_tag(game.name, orjson.dumps(loaded.state))
        ):
            # The service wrote this state after checking it (a move of the engine's, or a state checked on
            # the way in): it is read, not checked again. A tag that does not match (the record altered, or
            # the deployment's key changed) costs the full check, never a refusal of a state that passes it.
            checked = game, READER.state(game, loaded.state, "/state")[0]
        else:
            checked = game, checked_state(READER, game, loaded.state)
    except (ApiProblem, RequestInvalid, InvalidState, RulesError) as error:
        raise corrupt(loaded.snapshot.id, type(error).__name__) from error
    remember(key, *checked)
    return checked


NOBODY = Caller(None, spectator=True)
"""The caller of a record kept for later requests, each of which is identified again."""


def kept_written(
    snapshot: Snapshot,
    game: Game,
    state: GameState,
    dumped: dict[str, Any],
    auth: dict[str, Any],
    tag: str,
    fairness: dict[str, str] | None = None,
    sealed: bool = False,
    replies: list[dict[str, Any]] | None = None,
    table: TableFields = NO_TABLE,
) -> None:
    """Keep what a write has just stored, as the store now holds it: its checked state (``remember``) and the
    record (``hold``), so that the table's next request in this worker reads neither again."""
    remember(snapshot.document, game, state)
    kept = table if table.seats else dataclasses.replace(table, seats=unnamed(len(auth["seats"])))
    hold(Loaded(snapshot, game.name, dumped, auth, NOBODY, None, fairness, sealed, replies or [], tag, kept))


def remember(record: bytes, game: Game, state: GameState) -> None:
    """Keep ``state`` as the checked state of the stored ``record``: one this worker has checked on a read, or
    has just written itself (the engine's move from a checked state, or a state checked on the way in), so that
    the next request of the table in this worker reads nothing again."""
    with _kept_lock:  # threaded workers: the oldest is dropped by one thread at a time
        if len(_checked) >= CHECKED_KEPT:
            _checked.pop(next(iter(_checked)), None)
        _checked[record] = game, state


def state_tag(game: str, written: bytes) -> str:
    """The deployment's tag over a stored state as written (``SeedSealer.record_tag``), bound to its game and to
    the record's format, so that a state checked by other rules than this release's is checked again."""
    sealer = current_flask_app().extensions["seed_sealer"]
    tag: str = sealer.record_tag(b"%d\x00%s\x00%s" % (RECORD_FORMAT, game.encode(), written))
    return tag


def tagged_document(
    game: str,
    state: dict[str, Any],
    auth: dict[str, Any],
    fairness: dict[str, str] | None = None,
    sealed: bool = False,
    replies: list[dict[str, Any]] | None = None,
    table: TableFields = NO_TABLE,
    presence_base: int | None = None,
) -> tuple[bytes, str]:
    """The stored record, and the tag over its state (``state_tag``)."""
    written = orjson.dumps(state)
    tag = state_tag(game, written)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game,
        "state": orjson.Fragment(written),
        "state_tag": tag,
        "auth": auth,
    }
    if fairness is not None:
        record["fairness"] = fairness
    if sealed:
        record["sealed"] = True
    if replies:
        record["replies"] = replies
    record.update(table_fields(table))
    if presence_base is not None:
        record["presence_base"] = presence_base
    record["updated"] = wall_now()
    return orjson.dumps(record), tag


# -- responses ------------------------------------------------------------------------------------------------


def sealed_table(what: str) -> ApiProblem:
    return ApiProblem(
        403,
        "session_sealed",
        f"this table is sealed: {what}; nobody, the owner included, sees a card before it is played face up",
    )


def not_modified(loaded: Loaded) -> Response | None:
    """304 for a read whose If-None-Match names the current version: answered after the token is checked (the
    version is no one else's to learn) and before the state is read."""
    if not none_match(loaded.snapshot.version):
        return None
    response = Response(status=304)
    response.headers["ETag"] = etag(loaded.snapshot.version)
    return response


def owner_body(
    snapshot: Snapshot, game: Game, state: GameState, dumped: dict[str, Any] | None, public_only: bool, **extra: Any
) -> Response:
    """``owner_answer`` about the stored snapshot, with its ETag."""
    return answered(owner_answer(snapshot.id, snapshot.version, game, state, dumped, public_only, **extra))


def answered(answer: dict[str, Any]) -> Response:
    """A session answer with its version as the ETag."""
    response = json_response(answer)
    response.headers["ETag"] = etag(answer["version"])
    return response
