"""Request ids, one structured log line per request, CORS and Prometheus metrics."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sys
import time
from typing import Any

from flask import Flask, Response, g, request
from flask_cors import CORS

from ..config import Settings
from .metrics import init_metrics
from .problems import language

REQUEST_ID = "X-Request-ID"
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
    CORS(
        app,
        origins=list(settings.cors_origins),
        expose_headers=["ETag", "Location", REQUEST_ID, "Retry-After", "Content-Language"],
        allow_headers=["Content-Type", "If-Match", "Accept-Language", REQUEST_ID],
        methods=["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    )
    observe = init_metrics(app)

    @app.before_request
    def start() -> None:
        inbound = request.headers.get(REQUEST_ID, "")
        g.request_id = inbound if _SANE_ID.fullmatch(inbound) else os.urandom(16).hex()
        g.started = time.perf_counter()

    @app.after_request
    def finish(response: Response) -> Response:
        response.headers[REQUEST_ID] = g.get("request_id", "")
        if "Content-Language" not in response.headers:
            response.headers["Content-Language"] = language()
        response.vary.add("Accept-Language")
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        route = request.url_rule.rule if request.url_rule else "unmatched"
        observe(request.method, route, response.status_code, elapsed)
        if not log.isEnabledFor(logging.INFO):
            return response
        log.info(
            "request",
            extra={
                "fields": {
                    "method": request.method,
                    "path": request.path,
                    "route": route,
                    "status": response.status_code,
                    "duration_ms": round(elapsed * 1000, 3),
                    "request_id": g.get("request_id"),
                }
            },
        )
        return response
