"""A session's events as a token may read them (API.md, tables): a page, a long poll, or a stream.

``GET /v1/sessions/{id}/events?after=N`` answers ``{version, first_version, events}``: the events of every
version after ``N`` the token may see (``session_log``), each with its ``version``. ``?wait=S`` (up to 30 s)
answers as soon as the log holds something after ``N``, or after ``S`` seconds with no events. With ``Accept:
text/event-stream`` the same events come as Server-Sent Events: one message an event (``event:`` its type,
``data:`` the event as JSON), the message that ends a version carrying ``id:`` that version, so a stream
broken in the middle of a version resumes (``Last-Event-ID``) with the whole version again; a comment every
``HEARTBEAT_SECONDS`` keeps proxies from closing a quiet stream. A stream closes when its token stops opening
the session (revoked, the session deleted or expired) and after ``event_stream_seconds``; EventSource then
reconnects with ``Last-Event-ID`` by itself. A stream whose worker stops sends a reconnect hint (``retry:``)
and ends at once (``service.sessions.stopping``); a store that fails for a while ends no stream: it waits,
beats, and reads again.

A browser's ``EventSource`` cannot send the ``Authorization`` header: ``POST .../stream-tickets`` gives it a
single-use ticket for ``?ticket=`` instead (``service.sessions.tickets``).

Waiting costs no rules worker: the waiting readers park on the hub (``waiting``), woken by the store's change
feed; the readers of one session share one read of each new version (``Hub.shared_read``).
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import orjson
from flask import Blueprint, Flask, Response, current_app, request
from werkzeug.datastructures import MIMEAccept
from werkzeug.http import parse_accept_header

from ..engine.errors import FieldProblem
from ..schemas.errors import RequestInvalid
from ..sessions import disconnect, stopping, tickets
from ..sessions.admission import Refused
from ..sessions.lanes import CLOSE_AFTER
from ..sessions.waiting import RECHECK_SECONDS, Hub
from ..storage import EventLog
from ..storage.base import is_valid_session_id
from ..storage.claims import claim_once
from . import session_seats
from .common import logged_events, with_fairness
from .event_stream import STREAM, read_log, stream, table_event
from .jsonio import json_response
from .observability import ROUTE_ENVIRON
from .problems import ApiProblem, best_language, waiting_refused, waiting_retry_after
from .session_access import client_address, digest, etag, hub, none_match, settings, token_digests
from .session_records import Loaded, asked, call, store, stored

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse
    from _typeshed.wsgi import WSGIApplication as WsgiApp

MAX_WAIT_SECONDS = 30
VERSION_PARAM = re.compile(r"[0-9]{1,18}")
WAIT_PARAM = re.compile(r"[0-9]{1,2}")



def register(blueprint: Blueprint) -> None:
    blueprint.add_url_rule("/<session_id>/events", "events", events, methods=["GET"])
    blueprint.add_url_rule("/<session_id>/stream-tickets", "stream_tickets", stream_ticket, methods=["POST"])


def events(session_id: str) -> Response:
    resumed = request.headers.get("Last-Event-ID")
    if wants_stream():
        after = after_param(resumed)
        if not stopping.is_stopping():
            # A client at its cap is refused before its token is read from the store: a refusal then costs
            # a look at the counts, so one that retries at once cannot hold up the rules requests of others
            # (docs/deployment.md, waiting and streams). The 503 says nothing of the session or the token.
            hub().refuse_if_full(client_address())
        token_digest, loaded = reader(session_id)
        return stream(session_id, loaded, after, token_digest, starts=resumed is None and after == 0)
    if resumed is not None:
        after_param(resumed)  # a page reads ?after, but a malformed header is refused for it as for a stream
    after, wait = after_param(None), wait_param()
    if wait and not stopping.is_stopping():
        hub().refuse_if_full(client_address())
    token_digest, loaded = reader(session_id)
    if wait and loaded.caller.seat is not None:  # heard from now, not only when the wait is over
        session_seats.seen(session_id, loaded.caller.seat)
    log = read_log(session_id, after)
    if not log.entries and wait and not stopping.is_stopping():
        with hub().watching(session_id, client_address()) as wake:
            gone = threading.Event()

            def client_left() -> None:
                gone.set()
                wake.set()

            stop_watching = disconnect.watch(request.environ, client_left)
            try:
                log = read_log(session_id, after)
                deadline = time.monotonic() + wait
                while not log.entries and (remaining := deadline - time.monotonic()) > 0:
                    if hub().alarms.wait(wake, min(remaining, RECHECK_SECONDS)):
                        wake.clear()
                    if gone.is_set() or stopping.is_stopping():
                        break  # nobody to answer, or the worker stops: answer what there is, now
                    log = read_log(session_id, after)
            finally:
                stop_watching()
        if log.entries:  # the table moved on while this reader waited: its token is checked again
            loaded = stored(session_id, None, None, token_digest)
    version = max(loaded.snapshot.version, log.entries[-1][0] if log.entries else 0)
    if none_match(version):  # the page this client holds, if its ETag is the current one (docs/sessions.md)
        unchanged = Response(status=304)
        unchanged.headers["ETag"] = etag(version)
        return unchanged
    response = json_response(page(loaded, log, version, after))
    response.headers["ETag"] = etag(version)
    return response


def reader(session_id: str) -> tuple[str, Loaded]:
    """Who reads, by the digest of their token, and the record for them: from the ``Authorization`` header,
    or (on this route only) from a stream ticket in ``?ticket``."""
    ticket = request.args.get("ticket")
    if ticket is None:
        token, _ = asked(session_id, False)
        return digest(token), stored(session_id, token, None)
    return by_ticket(session_id, ticket)


def by_ticket(session_id: str, text: str) -> tuple[str, Loaded]:
    """The reader a ticket opens; every refusal is the same 401, whatever the fault (tickets' module)."""
    now = time.time()
    keys = ticket_keys()
    ticket = tickets.read(keys, text, session_id, now) if is_valid_session_id(session_id) else None
    if ticket is None:
        raise invalid_ticket()
    try:
        record = orjson.loads(call(store().get, session_id).document)
        held_by = tickets.holder(ticket, keys, token_digests(record["auth"]))
        if held_by is None:
            raise invalid_ticket()
        loaded = stored(session_id, None, None, held_by)
    except ApiProblem as problem:
        if problem.status in (403, 404):  # the session is gone, or the token no longer opens it
            raise invalid_ticket() from problem
        raise
    if not tickets.use(ticket, lambda name, seconds: bool(call(claim_once, store(), name, seconds)), now):
        raise invalid_ticket()
    return held_by, loaded


def stream_ticket(session_id: str) -> Response:
    """``POST /v1/sessions/{id}/stream-tickets``: a single-use ticket for one stream, for the token that asks."""
    token, _ = asked(session_id, False)
    stored(session_id, token, None)
    seconds = tickets.TICKET_SECONDS
    ticket = tickets.issue(ticket_keys(), session_id, digest(token), time.time(), seconds)
    response = json_response({"ticket": ticket, "expires_in": seconds}, status=201)
    response.headers["Cache-Control"] = "no-store"
    return response


def ticket_keys() -> tickets.TicketKeys:
    keys: tickets.TicketKeys | None = current_app.extensions.get("ticket_keys")
    if keys is None:
        keys = current_app.extensions["ticket_keys"] = tickets.TicketKeys(
            current_app.extensions["seed_sealer"].ticket_key_material()
        )
    return keys


def invalid_ticket() -> ApiProblem:
    return ApiProblem(
        401,
        "invalid_ticket",
        "this stream ticket cannot open a stream: ask for a new one (POST .../stream-tickets) and use it within "
        "expires_in seconds, once",
    )


def page(loaded: Loaded, log: EventLog, version: int, after: int = -1) -> dict[str, Any]:
    audience = loaded.caller.audience(loaded.sealed)
    events = logged_events(loaded.game, audience, log.entries)
    if after == 0:
        events.insert(0, table_event(loaded))
    answer = {
        "id": loaded.snapshot.id,
        "version": version,
        "first_version": log.start,
        "events": events,
    }
    return with_fairness(answer, loaded.fairness, loaded.state.get("round_over") is True, loaded.sealed)


def wants_stream() -> bool:
    return names_stream(request.headers.get("Accept", ""))


@lru_cache(maxsize=256)
def names_stream(accept: str) -> bool:
    """A stream only for a client that names ``text/event-stream`` (as EventSource does): ``*/*``, which most
    HTTP libraries send by default, gets the JSON page rather than an answer that stays open for minutes."""
    accepted = parse_accept_header(accept, MIMEAccept)
    named = max((quality for value, quality in accepted if value == STREAM), default=0)
    return named > 0 and named >= accepted.quality("application/json")


# -- a stream refused before Flask --------------------------------------------------------------------------------

EVENTS_PATH = re.compile(r"/v1/sessions/[^/]+/events")
EVENTS_ROUTE = "/v1/sessions/<session_id>/events"


class StreamGate:
    """WSGI middleware: a stream no cap has room for is refused here, before Flask (docs/deployment.md, waiting
    and streams).

    A client that ignores ``Retry-After`` and asks again at once is a flood of such refusals, each as dear as a
    rules request when Flask routes it and builds its problem (about 0.2 ms of a worker's CPU, besides the
    server's own work on the connection), and they queue ahead of other clients' requests. Here a refusal costs a
    look at the counts and an answer made once per language and ``Retry-After``. The answer is the one the view
    gives (the same problem, headers and log line); a browser's (``Origin``) is made in full, with its CORS
    headers. What the gate lets through is checked again by the view."""

    def __init__(self, app: Flask, wsgi_app: WsgiApp) -> None:
        self.app, self.wsgi_app = app, wsgi_app
        self.answers: dict[tuple[str, str], tuple[str, list[tuple[str, str]], bytes]] = {}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        if (
            environ.get("REQUEST_METHOD") == "GET"
            and EVENTS_PATH.fullmatch(environ.get("PATH_INFO", ""))
            and names_stream(environ.get("HTTP_ACCEPT", ""))
            and not stopping.is_stopping()
        ):
            waiting: Hub = self.app.extensions["event_hub"]
            try:
                waiting.refuse_if_full(environ.get("REMOTE_ADDR") or "unknown")
            except Refused:
                return self.refuse(environ, start_response)
        return self.wsgi_app(environ, start_response)

    def refuse(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        environ[ROUTE_ENVIRON] = EVENTS_ROUTE
        environ[CLOSE_AFTER] = True  # asked again, on a new connection (``sessions.lanes``)
        retry_after = waiting_retry_after()
        if environ.get("HTTP_ORIGIN"):
            return self.made(environ, retry_after)(environ, start_response)
        key = (best_language(environ.get("HTTP_ACCEPT_LANGUAGE", "")), retry_after)
        made = self.answers.get(key)
        if made is None:
            response = self.made(environ, retry_after)
            made = self.answers[key] = (response.status, list(response.headers.items()), response.get_data())
        status, headers, body = made
        start_response(status, list(headers))
        return [body]

    def made(self, environ: dict[str, Any], retry_after: str) -> Response:
        """The refusal as the view's would be once Flask's response hooks (the blueprint's, CORS) have run. An
        error answer has its CORS headers with or without ``Origin`` (flask-cors wraps the error handlers)."""
        with self.app.request_context(environ):
            response = self.app.process_response(waiting_refused(retry_after))
            if not environ.get("HTTP_ORIGIN"):
                for hook in getattr(self.app, "origin_hooks", ()):
                    response = self.app.ensure_sync(hook)(response)
            return response


def init_gate(app: Flask) -> None:
    app.wsgi_app = StreamGate(app, app.wsgi_app)  # type: ignore[method-assign]


def after_param(resumed: str | None) -> int:
    """``?after`` (default 0), or for a stream its ``Last-Event-ID`` when the browser reconnects."""
    raw = request.args.get("after") if resumed is None else resumed
    if raw is None:
        return 0
    if not VERSION_PARAM.fullmatch(raw):
        where = "/after" if resumed is None else "/Last-Event-ID"
        raise RequestInvalid([FieldProblem(where, "must be a version: a whole number 0 or more")])
    return int(raw)


def wait_param() -> float:
    """``?wait``: whole seconds up to 30, cut to the operator's ``EVENT_WAIT_MAX_SECONDS``."""
    raw = request.args.get("wait")
    if raw is None:
        return 0.0
    if not WAIT_PARAM.fullmatch(raw) or int(raw) > MAX_WAIT_SECONDS:
        raise RequestInvalid([FieldProblem("/wait", f"must be a whole number of seconds, 0 to {MAX_WAIT_SECONDS}")])
    return min(float(raw), settings().event_wait_max_seconds)
