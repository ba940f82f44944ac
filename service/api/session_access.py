"""Who may do what to a session: capability tokens, API keys for creation, and If-Match (docs/sessions.md).

Tokens are random secrets; a session record keeps only their SHA-256 digests, compared in constant time. The
owner token may do everything; a seat token reads its seat's view and legal moves and plays its own turns.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Any

from flask import request

from ..config import Settings
from ..engine.errors import FieldProblem
from ..sessions.log import Audience
from ..sessions.runner import Runner
from ..sessions.waiting import Hub
from ..storage import Quota
from .jsonio import current_flask_app, current_request
from .problems import ApiProblem

VERSION_TAG = re.compile(r"[1-9][0-9]{0,17}")
NUMBER_PARAM = re.compile(r"[0-9]{1,2}")
"""A seat or spectator number in a path or query: two digits at most, so no hostile length is parsed."""
# RFC 9110 8.8.3: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text.
ENTITY_TAG = re.compile(r'[ \t]*(W/)?"([\x21\x23-\x7e\x80-\xff]*)"[ \t]*')
BEARER = re.compile(r"Bearer[ ]+([A-Za-z0-9._~+/-]{16,256}=*)[ ]*", re.IGNORECASE)
TOKEN_BYTES = 32
REALM = 'Bearer realm="cardrules sessions"'


#: A parsed If-Match: None for ``*``, else (weak, opaque tag) pairs.
Preconditions = list[tuple[bool, str]] | None


def etag(version: int) -> str:
    return f'"{version}"'


def settings() -> Settings:
    found: Settings = current_flask_app().config["SETTINGS"]
    return found


# -- tokens -------------------------------------------------------------------------------------------------


RUNNER = "computer_turns"
"""Where the app keeps its runner of computer seats and clocks (``sessions.runner``)."""
WALL_CLOCK = "wall_clock"
"""The app's wall clock (seconds since the epoch): ``time.time`` unless a test sets its own."""


def runner() -> Runner:
    """This app's runner of computer seats and clocks."""
    found: Runner = current_flask_app().extensions[RUNNER]
    return found


def wall_now() -> float:
    return runner().wall_clock()


def hub() -> Hub:
    """This worker's readers waiting for events (``sessions.waiting``)."""
    found: Hub = current_flask_app().extensions["event_hub"]
    return found


def client_address() -> str:
    return request.remote_addr or "unknown"


def new_token() -> str:
    """A fresh capability: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def short_hash(value: str) -> str:
    """What the logs may say about an id or a token: 12 hex digits of its SHA-256."""
    return digest(value)[:12]


@dataclass(frozen=True)
class Caller:
    """Who a bearer token says the caller is: the owner, one seat, or a spectator (``seat`` None, read-only)."""

    seat: int | None
    spectator: bool = False

    @property
    def owner(self) -> bool:
        return self.seat is None and not self.spectator

    def audience(self, sealed: bool) -> Audience:
        """Whose events this caller reads (``sessions.log``): a seat its own, the owner of an unsealed table all."""
        return Audience.of(self.seat, self.owner, sealed)


def bearer_token() -> str:
    """The bearer token of the request, or 401 ``token_required`` (with ``WWW-Authenticate``)."""
    header = current_request().environ.get("HTTP_AUTHORIZATION", "")
    found = BEARER.fullmatch(header)
    if found is None:
        detail = (
            "send the session's token: Authorization: Bearer <token>"
            if not header
            else "the Authorization header is not a bearer token of this service"
        )
        raise ApiProblem(401, "token_required", detail, headers={"WWW-Authenticate": REALM})
    return found.group(1)


def no_access() -> ApiProblem:
    return ApiProblem(
        403,
        "invalid_token",
        "this token gives no access to a session with this id: it was revoked or issued for another session, "
        "or the session expired or was deleted",
        headers={"WWW-Authenticate": REALM + ', error="invalid_token"'},
    )


def identify(token: str, auth: dict[str, Any]) -> Caller:
    """Match a token against the session's digests in constant time (every digest is compared, a revoked
    spectator's empty place too)."""
    return identify_digest(digest(token), auth)


def token_digests(auth: dict[str, Any]) -> list[str]:
    """Every token digest a session's record holds (owner, seats, spectators), revoked places left out."""
    return [str(auth["owner"]), *map(str, auth["seats"]), *(str(s) for s in auth.get("spectators", ()) if s)]


def identify_digest(token_digest: str, auth: dict[str, Any]) -> Caller:
    """``identify`` for a token known by its digest (a stream opened with a ticket keeps no token)."""
    presented = token_digest.encode()
    owner = hmac.compare_digest(presented, str(auth["owner"]).encode())
    seat: int | None = None
    for index, stored in enumerate(auth["seats"]):
        if hmac.compare_digest(presented, str(stored).encode()):
            seat = index
    watching = False
    for stored in auth.get("spectators", ()):
        watching |= hmac.compare_digest(presented, str(stored or "").encode())
    if owner:
        return Caller(None)
    if seat is not None:
        return Caller(seat)
    if watching:
        return Caller(None, spectator=True)
    raise no_access()


def require_player(caller: Caller) -> None:
    """A spectator token reads the public view and nothing else."""
    if caller.spectator:
        raise ApiProblem(
            403,
            "read_only_token",
            "a spectator token reads the public view only: it plays, suggests and lists no moves",
        )


def require_owner(caller: Caller) -> None:
    if not caller.owner:
        raise ApiProblem(
            403,
            "owner_token_required",
            "a seat token may only read its seat's view and legal moves and play its own turns",
        )


# -- If-Match (RFC 9110 13.1.1) ---------------------------------------------------------------------------


def if_match() -> Preconditions:
    """Read If-Match (RFC 9110 13.1.1) before the session is looked at: 428 without it, 400 when malformed.

    ``*``, or a comma-separated list of entity tags (empty list elements are ignored, RFC 9110 5.6.1).
    """
    header = current_request().environ.get("HTTP_IF_MATCH")
    if header is None or not header.strip():
        raise ApiProblem(428, "precondition_required", "send If-Match with the session's ETag")
    if header.strip() == "*":
        return None
    tags: list[tuple[bool, str]] = []
    for element in header.split(","):
        if not element.strip():
            continue
        found = ENTITY_TAG.fullmatch(element)
        if found is None:
            raise ApiProblem(
                400,
                "invalid_if_match",
                'If-Match must be "*" or a list of entity tags: send the ETag as received, quotes included '
                '(If-Match: "3")',
                problems=[FieldProblem("/If-Match", 'a list of entity tags such as "3"')],
            )
        tags.append((found.group(1) is not None, found.group(2)))
    return tags


def none_match(current: int) -> bool:
    """Whether If-None-Match (RFC 9110 13.1.2) names the current version: ``*``, or one of its entity tags equal
    to the current ETag under the weak comparison (``W/"3"`` matches ``"3"``). A malformed header matches nothing,
    so the read is answered in full."""
    header = current_request().environ.get("HTTP_IF_NONE_MATCH")
    if header is None:
        return False
    if header.strip() == "*":
        return True
    for element in header.split(","):
        found = ENTITY_TAG.fullmatch(element) if element.strip() else None
        if found is not None and VERSION_TAG.fullmatch(found.group(2)) and int(found.group(2)) == current:
            return True
    return False


def stale(current: int) -> ApiProblem:
    return ApiProblem(
        412,
        "precondition_failed",
        "the session has changed since that version",
        {"current_version": current},
        headers={"ETag": etag(current)},
    )


def matched_version(tags: Preconditions, current: int, since: int | None = None) -> int:
    """The version a write may replace: ``current`` when If-Match matches it, else a 412.

    ``*`` matches any existing session; a list matches when one of its tags is strongly equal to the current
    ETag, or to one from ``since`` on (versions that differ from the current one by presence events only:
    ``sessions.presence``). A weak tag (``W/"3"``) never matches a write, and the 412 says so.
    """
    earliest = current if since is None else min(since, current)
    if tags is None or any(
        not weak and VERSION_TAG.fullmatch(tag) and earliest <= int(tag) <= current for weak, tag in tags
    ):
        return current
    if any(weak for weak, _ in tags):
        raise ApiProblem(
            412,
            "weak_etag",
            f'a weak entity tag (W/"...") never matches for a write: If-Match compares strongly; the '
            f'current ETag is "{current}"',
            {"current_version": current},
            headers={"ETag": etag(current)},
        )
    raise stale(current)


# -- quotas and API keys -------------------------------------------------------------------------------------


API_KEY_CLIENT = "k"
"""How the quotas (and a host's list of tables) name a client known by its API key."""


def creation_quota() -> Quota:
    """Check the API key when keys are configured, and pick the client and the limits to count against."""
    config = settings()
    key = request.headers.get("X-API-Key")
    if config.api_keys:
        if not key:
            raise ApiProblem(
                401,
                "api_key_required",
                "creating a session needs an API key: X-API-Key: <key>",
                headers={"WWW-Authenticate": 'ApiKey realm="cardrules sessions"'},
            )
        presented = digest(key).encode()
        if not any([hmac.compare_digest(presented, known.encode()) for known in config.api_keys]):
            raise ApiProblem(403, "invalid_api_key", "this API key is not accepted")
        return Quota(
            API_KEY_CLIENT + digest(key)[:24],
            config.session_key_quota_live,
            config.session_key_quota_creates,
            config.session_quota_window,
        )
    address = request.remote_addr or "unknown"
    return Quota(
        "a" + digest(address)[:24],
        config.session_quota_live,
        config.session_quota_creates,
        config.session_quota_window,
    )
