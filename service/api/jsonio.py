"""Fast JSON in and out (orjson), with the request limits a public service needs."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask, request
from flask.json.provider import JSONProvider

from ..engine.errors import FieldProblem


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


def dumps(obj: Any) -> bytes:
    return orjson.dumps(obj)


def too_deep(value: Any, limit: int) -> bool:
    """Whether JSON nests deeper than ``limit``: checked iteratively so a hostile body cannot recurse."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Any
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def read_json(app: Flask) -> dict[str, Any]:
    """The request body as a JSON object, or an ApiProblem saying what is wrong with it."""
    from .problems import ApiProblem

    if request.mimetype != "application/json" and not request.mimetype.endswith("+json"):
        raise ApiProblem(415, "unsupported_media_type", "send the body as application/json")
    body = request.get_data(cache=True)
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as error:
        raise ApiProblem(400, "invalid_json", f"the body is not valid JSON: {error}") from error
    if not isinstance(value, dict):
        raise ApiProblem(
            400,
            "bad_request",
            "the body must be a JSON object",
            problems=[FieldProblem("", "must be an object")],
        )
    limit = int(app.config["MAX_JSON_DEPTH"])
    if too_deep(value, limit):
        raise ApiProblem(400, "bad_request", f"the body nests deeper than {limit} levels")
    return value
