"""Request ids, one structured log line per request, CORS and Prometheus metrics."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, g, request
from flask_cors import CORS

from ..config import Settings
from .metrics import init_metrics
from .problems import language

REQUEST_ID = "X-Request-ID"
_REQUEST_ID_KEY = "HTTP_X_REQUEST_ID"  # the WSGI environ's name for it
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
log = logging.getLogger("service.requests")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        with contextlib.suppress(RuntimeError):  # outside a request there is no request id
            entry.setdefault("request_id", g.get("request_id"))
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


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
        expose_headers=["ETag", "Location", REQUEST_ID, "Retry-After", "Content-Language"],
        allow_headers=["Content-Type", "If-Match", "Accept-Language", REQUEST_ID],
        methods=["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    )
    # CORS headers matter only to browsers, which send Origin on every cross-origin request (preflights too);
    # requests without one (servers, apps, tools) skip flask-cors's per-request work.
    funcs = app.after_request_funcs[None]
    funcs[:] = [hook if hook in hooks_before else _only_with_origin(hook) for hook in funcs]
    observe = init_metrics(app)

    @app.before_request
    def start() -> None:
        inbound = request.environ.get(_REQUEST_ID_KEY)
        context = g._get_current_object()
        context.request_id = inbound if inbound and _SANE_ID.fullmatch(inbound) else os.urandom(16).hex()
        context.started = time.perf_counter()

    @app.after_request
    def finish(response: Response) -> Response:
        context = g._get_current_object()  # every request pays for these lines: one proxy lookup, not six
        current = request._get_current_object()  # type: ignore[attr-defined]
        request_id = getattr(context, "request_id", "")
        headers = response.headers
        # ``add`` where the header cannot be there yet: ``set`` would search the headers first.
        headers.add(REQUEST_ID, request_id)
        if "Content-Language" not in headers:
            headers.add("Content-Language", language())
        # Answers differ by language, and by whether an Origin was sent (CORS headers or none).
        headers.add("Vary", "Accept-Language, Origin")
        _merge_vary(response)  # a view may have set a Vary of its own
        now = time.perf_counter()
        elapsed = now - getattr(context, "started", now)
        rule = current.url_rule
        route = rule.rule if rule is not None else "unmatched"
        observe(current.method, route, response.status_code, elapsed)
        if log.isEnabledFor(logging.INFO):
            log.info(
                "request",
                extra={
                    "fields": {
                        "method": current.method,
                        "path": current.path,
                        "route": route,
                        "status": response.status_code,
                        "duration_ms": round(elapsed * 1000, 3),
                        "request_id": request_id,
                    }
                },
            )
        return response


def _only_with_origin(hook: Callable[[Response], Any]) -> Callable[[Response], Any]:
    def gated(response: Response) -> Any:
        if not request.environ.get("HTTP_ORIGIN"):
            return response
        response = hook(response)
        _merge_vary(response)  # flask-cors adds a Vary line of its own
        return response

    return gated


def _merge_vary(response: Response) -> None:
    """Several Vary lines as one, each name once (first spelling kept)."""
    lines = response.headers.getlist("Vary")
    if len(lines) < 2:
        return
    names: dict[str, str] = {}
    for line in lines:
        for name in line.split(","):
            if name.strip():
                names.setdefault(name.strip().lower(), name.strip())
    response.headers["Vary"] = ", ".join(names.values())
