"""Request ids, one structured log line per request, CORS and Prometheus metrics."""

from __future__ import annotations

import codecs
import hashlib
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import orjson
from flask import Flask, has_request_context
from flask_cors import CORS

from ..config import Settings
from .jsonio import current_request
from .metrics import init_metrics
from .problems import best_language

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse
    from _typeshed.wsgi import WSGIApplication as WsgiApp

REQUEST_ID = "X-Request-ID"
_REQUEST_ID_KEY = "HTTP_X_REQUEST_ID"  # the WSGI environ's name for it
REQUEST_ID_ENVIRON = "cardrules.request_id"
ROUTE_ENVIRON = "cardrules.route"
"""The route a middleware answered for itself, for the log line and the metrics (Flask's own is in its request)."""
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
# A session id is its owner's only credential: log lines name a session by a short hash of its id.
SESSIONS_PREFIX = "/v1/sessions/"
MAX_LOGGED_PATH = 256
MAX_LOGGED_METHOD = 16
SHARED_VARY = "Accept-Language, Origin"  # answers differ by language, and by Origin (CORS headers or none)
log = logging.getLogger("service.requests")


class JsonFormatter(logging.Formatter):
    """One JSON object per line (orjson); the timestamp text is made once a second, not once a line."""

    _stamp: tuple[int, str] = (-1, "")

    def stamp(self, created: float) -> str:
        second, text = self._stamp
        if int(created) != second:
            text = time.strftime("%Y-%m-%dT%H:%M:%S", self.converter(created))
            self._stamp = (int(created), text)
        return text

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.stamp(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        if "request_id" not in entry:  # lines written inside a request (the request line carries its own)
            entry["request_id"] = current_request_id()
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


def request_line_handler() -> logging.StreamHandler[Any] | None:
    """The one handler request lines go to when nothing else listens (the service as configured here), else None.

    Then a request line is written straight to its stream, the same JSON as ``JsonFormatter`` makes of a record:
    building a ``LogRecord`` and passing it through the logging machinery cost more than the rest of the line.
    Anything else (another handler, a filter, propagation to the root, as under pytest's log capture) gets records.
    """
    parent = log.parent
    if log.handlers or log.filters or not log.propagate or parent is None or parent.propagate or parent.filters:
        return None
    if len(parent.handlers) != 1:
        return None
    handler = parent.handlers[0]
    if (
        type(handler) is not logging.StreamHandler
        or type(handler.formatter) is not JsonFormatter
        or handler.filters
        or handler.level > logging.INFO
    ):
        return None
    return handler


def write_request_line(handler: logging.StreamHandler[Any], entry: dict[str, Any]) -> None:
    """One line, in one write: to the stream's file descriptor when it has one and takes UTF-8 (stderr, a file),
    which is what the text stream would end up writing, without its layers of encoding and buffering."""
    lock = handler.lock  # the lock ``emit`` holds, taken directly rather than through the handler's methods
    assert lock is not None  # a StreamHandler makes it when created
    with lock:
        try:
            descriptor = _descriptor_of(handler.stream) if handler.terminator == "\n" else None
            if descriptor is None:
                handler.stream.write(orjson.dumps(entry).decode() + handler.terminator)
                handler.stream.flush()
                return
            handler.stream.flush()  # whatever the text layer holds goes first (usually nothing: emit flushes)
            line = orjson.dumps(entry, option=orjson.OPT_APPEND_NEWLINE)
            while line:  # a line is far below PIPE_BUF, so a pipe takes it whole; a socket might not
                line = line[os.write(descriptor, line) :]
        except (OSError, ValueError):  # as logging does: a log line that cannot be written never fails the request
            pass


_direct: list[Any] = [None, None]  # the stream last written to, and its UTF-8 file descriptor (or None)


def _descriptor_of(stream: Any) -> int | None:
    if _direct[0] is not stream:
        descriptor = None
        try:
            if codecs.lookup(stream.encoding).name == "utf-8":
                descriptor = stream.fileno()
        except (AttributeError, LookupError, OSError, TypeError, ValueError):  # no descriptor: StringIO, a socket
            descriptor = None
        _direct[:] = [stream, descriptor]
    found: int | None = _direct[1]
    return found


def configure_logging(level: str) -> None:
    root = logging.getLogger("service")
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)
    root.setLevel(level.upper() if level.upper() in logging.getLevelNamesMapping() else "INFO")
    root.propagate = False


def init_app(app: Flask, settings: Settings) -> None:
    configure_logging(settings.log_level)
    hooks_before = list(app.after_request_funcs[None])
    CORS(
        app,
        origins=list(settings.cors_origins),
        expose_headers=["ETag", "Location", REQUEST_ID, "Retry-After", "Content-Language", "WWW-Authenticate"],
        allow_headers=[
            "Content-Type",
            "If-Match",
            "If-None-Match",
            "Idempotency-Key",
            "Last-Event-ID",
            "Accept-Language",
            REQUEST_ID,
            "Authorization",
            "X-API-Key",
        ],
        methods=["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    )
    # CORS headers matter only to browsers, which send Origin on every cross-origin request (preflights too):
    # flask-cors's hook runs among the app's origin hooks, only for them (Service.process_response).
    funcs = app.after_request_funcs[None]
    origin_hooks = getattr(app, "origin_hooks", None)  # service.app.Service runs them
    if origin_hooks is None:
        raise TypeError("the CORS hooks need the service's app, service.app.Service")
    origin_hooks.extend(hook for hook in funcs if hook not in hooks_before)
    funcs[:] = hooks_before
    observe = init_metrics(app, settings.metrics_token, settings.metrics_port)
    app.wsgi_app = RequestBookkeeping(app.wsgi_app, observe)  # type: ignore[method-assign]


class RequestBookkeeping:
    """WSGI middleware: a request id, the shared response headers, a metric and a log line for every request.

    It works on the plain header list the response hands to ``start_response``; as Flask hooks the same work
    cost a tenth of a request (hook dispatch, context proxies, header lookups that raise and catch).
    """

    def __init__(self, wsgi_app: WsgiApp, observe: Callable[[str, str, int, float], None]) -> None:
        self.wsgi_app = wsgi_app
        self.observe = observe

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        inbound = environ.get(_REQUEST_ID_KEY)
        request_id = inbound if inbound and _SANE_ID.fullmatch(inbound) else os.urandom(16).hex()
        environ[REQUEST_ID_ENVIRON] = request_id

        def finish(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            elapsed = time.perf_counter() - started
            add_shared_headers(headers, request_id, best_language(environ.get("HTTP_ACCEPT_LANGUAGE", "")))
            # Flask's request object is still in the environ while the response starts (it is dropped after).
            route = environ.get(ROUTE_ENVIRON)
            if route is None:
                current = environ.get("werkzeug.request")
                rule = getattr(current, "url_rule", None)
                route = rule.rule if rule is not None else "unmatched"
            method = environ.get("REQUEST_METHOD", "")
            code = int(status[:3])
            self.observe(method, route, code, elapsed)
            if log.isEnabledFor(logging.INFO):
                log_request(environ, method, route, code, elapsed, request_id)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, finish)


def log_request(environ: dict[str, Any], method: str, route: str, code: int, elapsed: float, request_id: str) -> None:
    """The request's one log line: straight to the stream when the service's own handler is the only listener
    (its ten fields built as one dict, as ``JsonFormatter`` would lay them out), else as a record."""
    path = environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")
    if path.startswith(SESSIONS_PREFIX) or len(path) > MAX_LOGGED_PATH:
        path = loggable_path(path)
    method = method[:MAX_LOGGED_METHOD]
    duration_ms = int(elapsed * 1_000_000 + 0.5) / 1000  # to the microsecond: round(x, 3) costs ten times more
    handler = request_line_handler()
    if handler is None:
        fields = {
            "method": method,
            "path": path,
            "route": route,
            "status": code,
            "duration_ms": duration_ms,
            "request_id": request_id,
        }
        log.info("request", extra={"fields": fields})
        return
    formatter = handler.formatter
    assert isinstance(formatter, JsonFormatter)
    entry = {
        "time": formatter.stamp(time.time()),
        "level": "INFO",
        "logger": log.name,
        "message": "request",
        "method": method,
        "path": path,
        "route": route,
        "status": code,
        "duration_ms": duration_ms,
        "request_id": request_id,
    }
    write_request_line(handler, entry)


def loggable_path(path: str) -> str:
    """The path for a log line: a session's id replaced by the first 12 hex digits of its SHA-256, bounded.

    Headers (Authorization among them), the query string and bodies are never logged.
    """
    if path.startswith(SESSIONS_PREFIX):
        session_id, slash, rest = path[len(SESSIONS_PREFIX) :].partition("/")
        if session_id:
            digest = hashlib.sha256(session_id.encode("utf-8", "surrogateescape")).hexdigest()[:12]
            path = f"{SESSIONS_PREFIX}sha256:{digest}{slash}{rest}"
    return path if len(path) <= MAX_LOGGED_PATH else path[:MAX_LOGGED_PATH] + "..."


def add_shared_headers(headers: list[tuple[str, str]], request_id: str, language: str) -> None:
    """The request id, the answer's language unless a view named it, and one merged Vary line."""
    for name, _ in headers:
        if name == "Vary" or name == "Content-Language":
            break
    else:  # the usual answer, with neither
        headers += ((REQUEST_ID, request_id), ("Vary", SHARED_VARY), ("Content-Language", language))
        return
    varies = []
    has_language = False
    for name, value in headers:
        if name == "Vary":  # a view or CORS set one
            varies.append(value)
        elif name == "Content-Language":
            has_language = True
    if varies:  # one line, each name once
        headers[:] = [header for header in headers if header[0] != "Vary"]
    varies.append(SHARED_VARY)
    headers.append((REQUEST_ID, request_id))
    headers.append(("Vary", _merged_names(", ".join(varies)) if len(varies) > 1 else varies[0]))
    if not has_language:
        headers.append(("Content-Language", language))


def current_request_id() -> str | None:
    """The id of the request being handled, for log lines written inside it."""
    return current_request().environ.get(REQUEST_ID_ENVIRON) if has_request_context() else None


def _merged_names(line: str) -> str:
    """A Vary line with each name once, first spelling kept."""
    names: dict[str, str] = {}
    for name in line.split(","):
        if name.strip():
            names.setdefault(name.strip().lower(), name.strip())
    return ", ".join(names.values())
