"""Safe retries (docs/sessions.md): the answers a session record keeps for ``Idempotency-Key``.

A client whose answer was lost sends the request again with the same key. The record keeps the last keyed
answers (compressed), at most ``KEPT_REPLIES`` of them and ``KEPT_BYTES`` together: a retry with the same key and
body from the same token gets the original answer, status, body and ETag, even after the session moved on; the
same key with another body is refused. The HTTP layer reads the key (``api/session_writes``).
"""

from __future__ import annotations

import base64
import hashlib
import zlib
from typing import Any, NamedTuple

import orjson

from ..schemas.fastpath import dumps

KEPT_REPLIES = 16
"""Keyed answers a session keeps at most: a lost answer is retried within seconds, while a few other seats may
play."""
KEPT_BYTES = 5120
"""What the kept answers may weigh together in the record, as stored; the oldest go first. One weighs 0.7 to
1.15 KB with its hashes in the games measured, so four always fit (a table of four seats each retrying once) and
a record ends at 5 to 7 times its size at creation, where 16 answers made it 13 times."""


class Retry(NamedTuple):
    key: str  # SHA-256 of the operation, the token's digest and the key: a key is never another token's
    body: str  # SHA-256 of the request body, its keys sorted


class Reply(NamedTuple):
    """A kept answer: its status, its JSON body and the version its ETag names."""

    status: int
    body: bytes
    version: int


class KeyReused(Exception):
    """The key was first sent with another body."""


def retry(operation: str, place: str, token_digest: str, key: str, data: dict[str, Any]) -> Retry:
    """The retry a keyed request is: bound to the token (its digest, as the record keeps it), not only to its
    place, so that after the owner replaces a seat's token the seat's new holder is not handed what the old
    holder's keyed requests were answered."""
    bound = hashlib.sha256(f"{operation}\n{place}\n{token_digest}\n{key}".encode()).hexdigest()
    body = hashlib.sha256(orjson.dumps(data, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return Retry(bound, body)


def earlier(replies: list[dict[str, Any]], retry: Retry | None) -> Reply | None:
    """The answer first given to this key, or None; ``KeyReused`` when the key came with another body."""
    if retry is None:
        return None
    for reply in replies:
        if reply.get("k") != retry.key:
            continue
        if reply.get("b") != retry.body:
            raise KeyReused(retry.key)
        return Reply(int(reply["s"]), zlib.decompress(base64.b64decode(reply["r"])), int(reply["v"]))
    return None


def with_reply(
    replies: list[dict[str, Any]], retry: Retry | None, version: int, answer: dict[str, Any]
) -> list[dict[str, Any]]:
    """The replies to keep once ``answer`` (status 200, ``version``) is given to a keyed request.

    The oldest make room for the newest; an answer too big to keep even alone is not kept (its retry is a new
    request, which its stale If-Match refuses with a 412), and the others stay.
    """
    if retry is None:
        return replies
    packed = base64.b64encode(zlib.compress(dumps(answer))).decode("ascii")
    reply = {"k": retry.key, "b": retry.body, "s": 200, "v": version, "r": packed}
    if stored_size(reply) > KEPT_BYTES:
        return replies
    kept = [*replies, reply][-KEPT_REPLIES:]
    sizes = [stored_size(each) for each in kept]
    total, first = sum(sizes), 0
    while total > KEPT_BYTES:
        total -= sizes[first]
        first += 1
    return kept[first:]


def stored_size(reply: dict[str, Any]) -> int:
    """The bytes a kept answer takes in the record (its JSON, as the record is written)."""
    return len(orjson.dumps(reply))


def valid_replies(value: object) -> bool:
    """Whether a stored record's replies have the shape written here (else the record is corrupt)."""
    return isinstance(value, list) and all(
        isinstance(reply, dict) and {"k", "b", "s", "v", "r"} <= set(reply) for reply in value
    )
