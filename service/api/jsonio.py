"""Fast JSON in and out (orjson), with the request limits a public service needs."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import orjson
from flask import Flask, Request, Response, current_app, request
from flask.json.provider import JSONProvider
from werkzeug.exceptions import HTTPException

from ..engine.errors import FieldProblem
from ..schemas.fastpath import dumps
from .problems import ApiProblem

try:  # the variables behind ``flask.request`` and ``flask.current_app`` (Flask 2.2 to 3.1)
    from flask.globals import _cv_app as _app_context
    from flask.globals import _cv_request as _request_context
except ImportError:  # pragma: no cover - a later Flask: the proxies, as the docs name them
    _app_context = _request_context = None  # type: ignore[assignment]


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify``: orjson's bytes straight into the response, without a detour through ``str``."""
        body = dumps(self._prepare_response_obj(args, kwargs))
        return Response(body, content_type="application/json")


def json_response(value: Any, status: int = 200) -> Response:
    """A JSON answer: orjson's bytes in a plain response (``jsonify`` would reach the same through the app's JSON
    provider, at the cost of a proxy lookup and argument handling on every request)."""
    return Response(dumps(value), status=status, content_type="application/json")


MAX_CONTAINERS = 5000
"""A game request needs a few dozen; bookkeeping callers keep in a state (a move history) may add hundreds."""


def too_deep(value: Any, limit: int) -> bool:
    """Whether JSON nests deeper than ``limit``, walked level by level so a hostile body cannot recurse.

    Only non-empty containers are carried to the next level: a body of many empty arrays costs one pass.
    """
    level = [value] if isinstance(value, dict | list) else []
    depth = 1
    while level:
        deeper: list[Any] = []
        for item in level:
            children = item.values() if type(item) is dict else item
            nested = [child for child in children if type(child) is dict or type(child) is list]
            if nested:
                if depth >= limit:
                    return True
                deeper += [child for child in nested if child]
        level, depth = deeper, depth + 1
    return False


def _refused(
    status: int,
    code: str,
    detail: str,
    problems: list[FieldProblem] | None = None,
    params: dict[str, Any] | None = None,
) -> Exception:
    return ApiProblem(status, code, detail, params=params, problems=problems)


_READ_SIZE = 64 * 1024
log = logging.getLogger("service.requests")


def read_body(limit: int, environ: dict[str, Any] | None = None) -> bytes:
    """The request body, exactly: over ``limit`` bytes is a 413, a body that cannot be read (bad chunked framing,
    a client gone mid-body) a 400; never a body silently cut at the limit, never a server error.

    With a Content-Length, werkzeug checks the length against the limit before reading and stops at it. A chunked
    body (whose Content-Length, if any, does not count) is counted here as it arrives, and reading stops one byte
    past the limit: werkzeug would stop at the limit without saying so. The server (gunicorn) decodes the chunked
    framing and raises its own errors on bad framing.
    """
    if environ is None:
        environ = current_request().environ
    if "HTTP_TRANSFER_ENCODING" in environ:
        return _read_streamed(environ, limit)
    declared = environ.get("CONTENT_LENGTH", "")
    if declared.isdigit() and declared.isascii() and int(declared) <= limit:
        # The common case, read straight from the server's stream (werkzeug's wrapping costs a tenth of a request).
        return _read_exactly(environ["wsgi.input"], int(declared))
    try:
        return request.get_data(cache=True)
    except HTTPException:  # werkzeug's 413 (declared length over the limit) and 400 (client disconnected)
        raise
    except Exception as error:
        raise _unreadable(error) from error


def _read_exactly(stream: Any, size: int) -> bytes:
    pieces: list[bytes] = []
    missing = size
    while missing > 0:
        try:
            piece = stream.read(missing)
        except Exception as error:
            raise _unreadable(error) from error
        if not piece:
            raise _refused(400, "bad_request", f"the body ended {missing} bytes short of its Content-Length")
        pieces.append(piece)
        missing -= len(piece)
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


def _read_streamed(environ: dict[str, Any], limit: int) -> bytes:
    if "chunked" not in environ["HTTP_TRANSFER_ENCODING"].lower():
        raise _refused(400, "bad_request", "the only transfer coding understood is chunked")
    if not environ.get("wsgi.input_terminated"):
        # The server does not end the stream at the last chunk: reading could wait for ever.
        raise _refused(411, "length_required", "send the body with a Content-Length")
    stream = environ["wsgi.input"]
    pieces: list[bytes] = []
    size = 0
    while True:
        try:
            piece = stream.read(min(_READ_SIZE, limit + 1 - size))
        except Exception as error:
            raise _unreadable(error) from error
        if not piece:
            return b"".join(pieces)
        size += len(piece)
        if size > limit:
            detail = f"the request body exceeds the limit of {limit} bytes"
            raise _refused(413, "payload_too_large", detail, params={"limit": limit})
        pieces.append(piece)


def _unreadable(error: Exception) -> Exception:
    log.info("request body unreadable: %r", error)
    return _refused(400, "bad_request", "the request body could not be read: its framing is malformed")


def current_request() -> Request:
    """The request being handled, unwrapped from its proxy.

    Each attribute read through ``flask.request`` or ``flask.current_app`` first fails on the proxy itself (an
    AttributeError raised and caught inside) and costs about 8,000 instructions; on the object itself a read is
    a plain attribute lookup. Flask's own context variable is read where it has one (one call in C, where the
    proxy's unwrapping runs a dozen Python steps, and a session move asks for the app a dozen times).
    """
    if _request_context is None:  # pragma: no cover - a Flask without the context variables
        found: Request = request._get_current_object()
        return found
    return _request_context.get().request


def current_flask_app() -> Flask:
    """The app handling the request, unwrapped from its proxy (see ``current_request``)."""
    if _app_context is None:  # pragma: no cover - a Flask without the context variables
        found: Flask = current_app._get_current_object()
        return found
    return _app_context.get().app


def read_json() -> dict[str, Any]:
    """The request body as a JSON object, or an ApiProblem saying what is wrong with it."""
    flask_request, config = current_request(), current_flask_app().config
    environ = flask_request.environ
    # The plain header is by far the most common; anything else (parameters, other case, +json) is parsed.
    if environ.get("CONTENT_TYPE") != "application/json":
        mimetype = flask_request.mimetype
        if mimetype != "application/json" and not mimetype.endswith("+json"):
            raise _refused(415, "unsupported_media_type", "send the body as application/json")
    body = read_body(int(config["MAX_CONTENT_LENGTH"]), environ)
    # Counted on the raw bytes, before parsing: a body of thousands of tiny arrays is refused in microseconds.
    containers = body.count(b"[") + body.count(b"{")
    if containers > MAX_CONTAINERS:
        raise _refused(400, "bad_request", f"the body holds more than {MAX_CONTAINERS} JSON arrays and objects")
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as error:
        raise _refused(400, "invalid_json", f"the body is not valid JSON: {error}") from error
    if not isinstance(value, dict):
        raise _refused(400, "bad_request", "the body must be a JSON object", [FieldProblem("", "must be an object")])
    limit = int(config["MAX_JSON_DEPTH"])
    # Nesting cannot be deeper than the number of containers, so most bodies need no walk at all.
    if containers > limit and too_deep(value, limit):
        raise _refused(400, "bad_request", f"the body nests deeper than {limit} levels")
    return value


T = TypeVar("T")


class Once(Generic[T]):
    """A call made once: its result, or its exception, given again to every later caller (a request's body,
    read from the stream once, for a write that may be attempted twice)."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._result: T | None = None
        self._error: Exception | None = None

    def __call__(self) -> T:
        if self._make is not None:
            make, self._make = self._make, None
            try:
                self._result = make()
            except Exception as error:
                self._error = error
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]
