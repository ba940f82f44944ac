"""Stream tickets: how a browser's ``EventSource``, which cannot send an ``Authorization`` header, opens a stream.

``POST /v1/sessions/{id}/stream-tickets`` with any token of the session answers a ticket; ``GET
/v1/sessions/{id}/events?ticket=...`` takes it in place of the header, once, within ``expires_in`` seconds.

A ticket is ``t1.<body>.<mac>`` in base64url: the body names the session, the expiry (Unix seconds), a random
nonce, and a *reference* to the token that asked for it: a keyed hash of that token's stored digest, so the
ticket reveals neither the token nor its digest, and the reader it opens has exactly that token's audience.
The MAC is keyed BLAKE2b under a key of its own derived from the deployment's seed key, so every worker and
replica can check a ticket and nobody else can make one. When the ticket is used, the session's record is
read and the reference must still match one of its tokens: a ticket dies with its token (rotated, revoked,
the session deleted). Single use is a claim of the nonce in the session store (``storage.claims``), which
every worker and instance shares.

Only a well-formed ticket is ever looked up; every refusal (forged, expired, used, for another session, of a
revoked token) is the same 401 ``invalid_ticket``, so a refusal does not say which.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass

TICKET_SECONDS = 60
"""How long a ticket may wait to be used (API.md: at most 60 s)."""
TICKET = re.compile(r"t1\.([A-Za-z0-9_-]{40,120})\.([A-Za-z0-9_-]{22})")
_NONCE = 16
_REFERENCE = 16
_BODY = struct.Struct(f">Q{_NONCE}s{_REFERENCE}s")


@dataclass(frozen=True)
class Ticket:
    session_id: str
    expires_at: int
    nonce: str
    reference: bytes

    def references(self, token_digest: str, keys: TicketKeys) -> bool:
        return hmac.compare_digest(keys.reference(self.session_id, token_digest), self.reference)


class TicketKeys:
    """The two keys of tickets, derived from the deployment's 32-byte seed key (never the key itself)."""

    def __init__(self, seed_key: bytes) -> None:
        self._mac_key = hashlib.blake2b(seed_key, digest_size=32, person=b"cardrules-tickt").digest()
        self._reference_key = hashlib.blake2b(seed_key, digest_size=32, person=b"cardrules-tkref").digest()

    def mac(self, data: bytes) -> bytes:
        return hashlib.blake2b(data, key=self._mac_key, digest_size=16).digest()

    def reference(self, session_id: str, token_digest: str) -> bytes:
        data = f"{session_id}\n{token_digest}".encode()
        return hashlib.blake2b(data, key=self._reference_key, digest_size=_REFERENCE).digest()


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def issue(keys: TicketKeys, session_id: str, token_digest: str, now: float, seconds: int = TICKET_SECONDS) -> str:
    """A ticket for the token whose digest is ``token_digest``, valid ``seconds`` from ``now``."""
    body = session_id.encode() + _BODY.pack(
        int(now) + seconds, secrets.token_bytes(_NONCE), keys.reference(session_id, token_digest)
    )
    return f"t1.{_encode(body)}.{_encode(keys.mac(body))}"


def read(keys: TicketKeys, text: str, session_id: str, now: float) -> Ticket | None:
    """The ticket ``text`` if it is genuine, for this session and not expired; else None (which fault is not
    said). Its single use and its token are checked by the caller, against the store."""
    found = TICKET.fullmatch(text)
    if found is None:
        return None
    try:
        body, mac = _decode(found.group(1)), _decode(found.group(2))
    except ValueError:
        return None
    if not hmac.compare_digest(keys.mac(body), mac) or len(body) <= _BODY.size:
        return None
    named, packed = body[: -_BODY.size], body[-_BODY.size :]
    expires_at, nonce, reference = _BODY.unpack(packed)
    if named != session_id.encode() or now >= expires_at:
        return None
    return Ticket(session_id, expires_at, nonce.hex(), reference)


def holder(ticket: Ticket, keys: TicketKeys, digests: Iterable[str]) -> str | None:
    """Which of a session's token digests the ticket was issued to (every one is compared), or None."""
    found = None
    for stored in digests:
        if stored and ticket.references(stored, keys):
            found = stored
    return found


Claim = Callable[[str, int], bool]
"""Claim a name once for some seconds (``storage.claims.claim_once`` bound to the store)."""


def use(ticket: Ticket, claim: Claim, now: float) -> bool:
    """Claim the ticket's single use: true the first time, false ever after."""
    return claim(f"ticket:{ticket.nonce}", max(1, ticket.expires_at - int(now)) + 5)
