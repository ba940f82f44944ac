"""The one composition root: ``create_app()`` builds the service; gunicorn runs ``service.app:create_app()``."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from flask import Flask, Request, Response
from flask.globals import request_ctx
from flask.sessions import NullSession, SessionInterface
from flask.signals import request_tearing_down

from .config import Settings


class NoCookieSession(SessionInterface):
    """The API keeps no cookie session (a game session is a stored record reached by token, api/sessions.py):
    every request gets the one read-only empty session, rather than a new one made and dropped each time."""

    empty = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return self.empty

    def save_session(self, app: Flask, session: object, response: object) -> None:
        return None


class Service(Flask):
    """Flask, with three changes to its per-request work, none of which changes what a request does.

    - Whether a view or hook is a coroutine function is asked once per function, not on every call (asking cost
      about 2% of a request). The views and hooks are registered once, so the answers are few; a function made
      per request (``after_this_request``) past ``MAX_REMEMBERED`` is asked anew.
    - The steps that only run registered functions (URL value preprocessors and ``before_request`` before the
      view, ``teardown_request`` and its signal after it) are skipped while nothing is registered for them: the
      first thing each does is read ``request.blueprints`` through Flask's proxy, about 8,000 instructions, and
      this service registers none. Anything registered later (an extension, a test) runs as in Flask.
    - After the view, Flask's response step runs only when something applies to the request: a function of
      its blueprints or the app, one from ``after_this_request``, a session to save. ``origin_hooks`` (CORS,
      observability.py) run after them, only for a request with an ``Origin`` header: they matter only to
      browsers, and the others (servers, apps, tools) skip their work.
    """

    MAX_REMEMBERED = 256

    def __init__(self, import_name: str) -> None:
        super().__init__(import_name)
        self._runnable: dict[Callable[..., Any], Callable[..., Any]] = {}
        self.origin_hooks: list[Callable[..., Any]] = []

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        found = self._runnable.get(func)
        if found is None:
            found = super().ensure_sync(func)
            if len(self._runnable) < self.MAX_REMEMBERED:
                self._runnable[func] = found
        return found

    def preprocess_request(self) -> Any:
        if any(self.url_value_preprocessors.values()) or any(self.before_request_funcs.values()):
            return super().preprocess_request()
        return None

    def do_teardown_request(self, *args: Any, **kwargs: Any) -> None:
        if request_tearing_down.receivers or any(self.teardown_request_funcs.values()):
            super().do_teardown_request(*args, **kwargs)

    def process_response(self, response: Response) -> Response:
        context = request_ctx._get_current_object()  # type: ignore[attr-defined]
        current = context.request
        hooks = self.after_request_funcs
        if (
            getattr(context, "_after_request_functions", True)  # after_this_request (if Flask still keeps it there)
            or any(hooks.get(name) for name in current.blueprints)
            or hooks.get(None)
            or not isinstance(self.session_interface, NoCookieSession)
        ):
            response = super().process_response(response)
        if self.origin_hooks and current.environ.get("HTTP_ORIGIN"):
            for hook in self.origin_hooks:
                response = self.ensure_sync(hook)(response)
        return response


def _crowded_unless_a_proxy(trusted: Callable[[str], bool], crowded: Callable[[str], bool], peer: str) -> bool:
    # Behind a trusted proxy the peer is the proxy, whose connections carry every client's requests.
    return not trusted(peer) and crowded(peer)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    settings = Settings.from_env()
    app = Service(__name__)
    app.session_interface = NoCookieSession()
    app.config.update(
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
        MAX_JSON_DEPTH=settings.max_json_depth,
        SETTINGS=settings,
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    settings = app.config["SETTINGS"]

    from .api import games, meta, problems, sessions, thinking
    from .api.jsonio import OrjsonProvider
    from .api.observability import init_app as init_observability
    from .api.ratelimit import init_app as init_rate_limit
    from .api.session_events import init_gate as init_stream_gate
    from .fairness import SeedSealer, load_key_or_fallback
    from .sessions.accepting import GIVES_WAY
    from .sessions.admission import Caps
    from .sessions.lanes import CROWDED_PEER
    from .sessions.waiting import Hub
    from .storage import open_store

    app.json = OrjsonProvider(app)
    # "is None", not "or": an empty in-memory store has a length of 0, and is still the store asked for.
    given = app.config.get("SESSION_STORE")
    app.extensions["session_store"] = (
        given if given is not None else open_store(settings.redis_url, settings.session_ttl_seconds)
    )
    # One hub per worker: its feed starts with the first waiting reader, in that process.
    caps = Caps(settings.event_waiters_max, settings.event_waiters_per_client, settings.event_waiters_host_max)
    app.extensions["event_hub"] = Hub(app.extensions["session_store"], caps, settings.event_waiters_dir)
    app.extensions["seed_sealer"] = app.config.get("SEED_SEALER") or SeedSealer(
        load_key_or_fallback(settings.seed_key, settings.seed_key_file, bool(os.environ.get("SEED_KEY_FILE")))
    )
    problems.register(app)
    # WSGI middleware, innermost first: the streams' gate and the rate limit sit inside the bookkeeping, so a
    # refused request still gets its request id, log line and metric, and the gate inside the rate limit, so a
    # refused stream still spends its client's budget; the trusted proxies' middleware is outermost, so all of
    # them see the client's own address.
    init_stream_gate(app)
    init_rate_limit(app, settings)
    init_observability(app, settings)
    hub: Hub = app.extensions["event_hub"]
    crowded = hub.holds_its_share
    if settings.trusted_proxies:
        from .forwarded import TrustedProxies

        proxies = TrustedProxies(app.wsgi_app, settings.trusted_proxies)
        app.wsgi_app = proxies  # type: ignore[method-assign]
        crowded = partial(_crowded_unless_a_proxy, proxies.trusted, hub.holds_its_share)
    # The gevent worker asks it of each connection it accepts (service/sessions/lanes.py).
    app.extensions[CROWDED_PEER] = crowded
    app.extensions[GIVES_WAY] = hub.gives_way  # and which worker accepts (service/sessions/accepting.py)
    thinking.init_app(app, settings)
    meta.init_app(app)
    games.init_app(app)
    sessions.init_app(app)
    return app
