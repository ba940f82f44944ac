"""Safe retries (docs/sessions.md): ``Idempotency-Key`` on a session's moves and next round.

A client whose answer was lost sends the request again with the same key. The record keeps the last
``KEPT_REPLIES`` keyed answers (compressed): a retry with the same key and body from the same token's place (the
owner, or a seat) gets the original answer, status, body and ETag, even after the session moved on; the same key
with another body is a 422 ``idempotency_key_reused``. Keys are checked before If-Match, since a retry carries
the version it was first sent against.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from typing import Any, NamedTuple

import orjson
from flask import Response, request

from ..engine.errors import FieldProblem
from .problems import ApiProblem
from .session_access import Caller, etag

KEY = re.compile(r"[\x21-\x7e]{1,128}")
KEPT_REPLIES = 16
"""Keyed answers a session keeps: a lost answer is retried within seconds, while a few other seats may play."""


class Retry(NamedTuple):
    key: str  # SHA-256 of the operation, the caller's place and the key: a key is never another caller's
    body: str  # SHA-256 of the request body, its keys sorted


def retry_of(caller: Caller, operation: str, data: dict[str, Any]) -> Retry | None:
    raw = request.headers.get("Idempotency-Key")
    if raw is None:
        return None
    if not KEY.fullmatch(raw):
        raise ApiProblem(
            400,
            "validation_error",
            "Idempotency-Key must be 1 to 128 visible ASCII characters",
            problems=[FieldProblem("/Idempotency-Key", "1 to 128 visible ASCII characters")],
        )
    place = "owner" if caller.owner else f"seat {caller.seat}"
    key = hashlib.sha256(f"{operation}\n{place}\n{raw}".encode()).hexdigest()
    body = hashlib.sha256(orjson.dumps(data, option=orjson.OPT_SORT_KEYS)).hexdigest()
    return Retry(key, body)


def earlier_reply(replies: list[dict[str, Any]], retry: Retry | None) -> Response | None:
    """The answer first given to this key, or None; the key with another body is a 422."""
    if retry is None:
        return None
    for reply in replies:
        if reply.get("k") != retry.key:
            continue
        if reply.get("b") != retry.body:
            raise ApiProblem(
                422,
                "idempotency_key_reused",
                "this Idempotency-Key was first sent with another body: use a new key for a new request",
            )
        body = zlib.decompress(base64.b64decode(reply["r"]))
        response = Response(body, status=int(reply["s"]), mimetype="application/json")
        response.headers["ETag"] = etag(int(reply["v"]))
        return response
    return None


def with_reply(
    replies: list[dict[str, Any]], retry: Retry | None, version: int, answer: dict[str, Any]
) -> list[dict[str, Any]]:
    """The replies to keep once ``answer`` (status 200, ``version``) is given to a keyed request."""
    if retry is None:
        return replies
    packed = base64.b64encode(zlib.compress(orjson.dumps(answer))).decode("ascii")
    return [*replies, {"k": retry.key, "b": retry.body, "s": 200, "v": version, "r": packed}][-KEPT_REPLIES:]


def valid_replies(value: object) -> bool:
    """Whether a stored record's replies have the shape written here (else the record is corrupt)."""
    return isinstance(value, list) and all(
        isinstance(reply, dict) and {"k", "b", "s", "v", "r"} <= set(reply) for reply in value
    )
