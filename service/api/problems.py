"""One error envelope for the whole service: ``application/problem+json`` (RFC 9457) with a stable ``code``.

The mapping from every error class to its status lives here and nowhere else.

The problems that say what is wrong with the session store as a whole (not with one session):

| code | status | ``Retry-After`` | when |
| --- | --- | --- | --- |
| ``store_full`` | 507 | yes | no room for a new session; the sessions already stored keep working |
| ``store_busy`` | 503 | yes | another writer held the store's lock past the short wait |
| ``store_corrupt`` | 503 | no | the store's file is damaged: retrying cannot help until an operator acts |
| ``store_unavailable`` | 503 | yes | the store cannot be reached |
"""

from __future__ import annotations

import logging
import random
from functools import lru_cache
from typing import Any

import orjson
from flask import Flask, Response, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header

from ..engine.errors import FieldProblem, IllegalMove, InvalidRules, InvalidState, RulesError
from ..schemas.errors import RequestInvalid
from ..sessions.admission import Refused
from ..storage import StoreBusy, StoreCorrupt, StoreFull, StoreUnavailable
from . import i18n
from .i18n import PROBLEMS

PROBLEM_TYPE = "https://cardrules.dev/problems/"
MAX_ERRORS = 20
FIELD_MESSAGES_LANGUAGE = "en"
log = logging.getLogger("service.errors")


class ApiProblem(Exception):
    """An error the HTTP layer raises itself (unknown game, bad JSON, sessions, ...)."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        params: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        problems: list[FieldProblem] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail = status, code, detail
        self.params = params or {}
        self.headers = headers or {}
        self.problems = problems or []


def language() -> str:
    """The caller's language among those the service speaks, parsed once per distinct header."""
    context = g._get_current_object()
    chosen: str | None = vars(context).get("language")  # ``getattr`` raises and catches twice when it is not set
    if chosen is None:
        # Through the request itself: an attribute read through its proxy costs a failed lookup first.
        environ = request._get_current_object().environ  # type: ignore[attr-defined]
        chosen = context.language = best_language(environ.get("HTTP_ACCEPT_LANGUAGE", ""))
    return chosen


@lru_cache(maxsize=512)
def best_language(header: str) -> str:
    if not header:
        return "en"
    return parse_accept_header(header, LanguageAccept).best_match(i18n.SUPPORTED, default="en") or "en"


MAX_QUOTED = 200
"""Characters of a caller's text (a field name, a method, a value) a problem quotes back; the rest is cut."""


def quoted(text: str) -> str:
    return text if len(text) <= MAX_QUOTED else text[:MAX_QUOTED] + "…"


def problem_response(
    status: int,
    code: str,
    detail: str,
    params: dict[str, Any] | None = None,
    problems: list[FieldProblem] | None = None,
    extra: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    lang = language()
    params = {name: quoted(value) if isinstance(value, str) else value for name, value in (params or {}).items()}
    if "Retry-After" in (headers or {}):
        # The detail tells when to come back in the same words as the header.
        params.setdefault("retry_after", (headers or {})["Retry-After"])
    title, localized = i18n.problem_text(code, lang, params)
    known = PROBLEMS.get(code)
    if lang == "en" and known is not None and known.engine_worded_in_english:
        localized = None
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE + code,
        "title": title,
        "status": status,
        # A template's params are quoted already; the engine's own message may carry a caller's text whole.
        "detail": localized or quoted(detail),
        "code": code,
    }
    if problems:
        # A hostile body can be wrong in thousands of places; the first few say enough, each quoted within bounds.
        body["errors"] = [
            {"pointer": quoted(p.pointer), "detail": quoted(p.message), "message": quoted(p.message)}
            for p in problems[:MAX_ERRORS]
        ]
        # Field messages name the value at fault in English whatever the problem's language (Content-Language).
        body["errors_language"] = FIELD_MESSAGES_LANGUAGE
    if extra:
        body.update(extra)
    # Content-Language and Vary are added for every response (observability.add_shared_headers).
    response = Response(orjson.dumps(body), status=status, mimetype="application/problem+json")
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def handle_illegal(error: IllegalMove) -> Response:
    lang = language()
    message = i18n.reason_text(error.reason, lang, error.params) or error.message
    extra = {"reason": error.reason, "message": message}
    if "options" in error.params:
        extra["options"] = error.params["options"]
    return problem_response(
        422, "illegal_move", message, {"reason": error.reason, **error.params}, extra=extra
    )


def store_problem(error: StoreFull | StoreUnavailable) -> ApiProblem:
    retry = {"Retry-After": str(error.retry_after)}
    if isinstance(error, StoreFull):
        detail = "the session store has no room for a new session; existing sessions still work"
        return ApiProblem(507, "store_full", detail, {"retry_after": error.retry_after}, headers=retry)
    if isinstance(error, StoreCorrupt):
        detail = "the session store is damaged and refuses every session until an operator repairs it"
        return ApiProblem(503, "store_corrupt", detail)
    if isinstance(error, StoreBusy):
        detail = "the session store is busy with another write; try again in a moment"
        return ApiProblem(503, "store_busy", detail, headers=retry)
    return ApiProblem(503, "store_unavailable", "the session store is unavailable; try again shortly", headers=retry)


def waiting_retry_after() -> str:
    """Spread the retries: readers refused together must not all come back in the same second."""
    return str(random.randint(2, 10))


def waiting_refused(retry_after: str) -> Response:
    """The 503 for a reader no cap has room for (``sessions.admission.Refused``), in the caller's language."""
    detail = "too many readers are waiting for events here; read again after Retry-After, or without ?wait"
    return problem_response(503, "too_many_waiting", detail, {}, headers={"Retry-After": retry_after})


def register(app: Flask) -> None:
    @app.errorhandler(RequestInvalid)
    def request_invalid(error: RequestInvalid) -> Response:
        return problem_response(400, error.code, str(error), problems=error.problems)

    @app.errorhandler(InvalidState)
    def invalid_state(error: InvalidState) -> Response:
        return problem_response(400, error.code, error.message, error.params, list(error.problems))

    @app.errorhandler(InvalidRules)
    def invalid_rules(error: InvalidRules) -> Response:
        return problem_response(400, error.code, error.message, problems=list(error.problems))

    @app.errorhandler(IllegalMove)
    def illegal_move(error: IllegalMove) -> Response:
        return handle_illegal(error)

    @app.errorhandler(RulesError)
    def rules_error(error: RulesError) -> Response:
        return problem_response(400, error.code, error.message, error.params)

    @app.errorhandler(ApiProblem)
    def api_problem(error: ApiProblem) -> Response:
        return problem_response(
            error.status, error.code, error.detail, error.params, error.problems, headers=error.headers
        )

    @app.errorhandler(Refused)
    def too_many_waiting(error: Refused) -> Response:
        return waiting_refused(waiting_retry_after())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        code = {
            400: "bad_request",
            404: "not_found",
            405: "method_not_allowed",
            413: "payload_too_large",
            415: "unsupported_media_type",
            429: "rate_limited",
        }.get(status, "bad_request" if status < 500 else "internal_error")
        params = {"method": request.method, "limit": app.config.get("MAX_CONTENT_LENGTH")}
        headers = {
            k: v for k, v in error.get_headers() if k.lower() not in ("content-type", "content-length")
        }
        return problem_response(status, code, error.description or error.name, params, headers=headers)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        log.exception("unhandled error")
        return problem_response(500, "internal_error", "an unexpected error occurred")
