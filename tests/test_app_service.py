"""The Flask application as composed here: what it changes of Flask's per-request work, and that nothing else
changes with it."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, after_this_request, session
from flask.sessions import NullSession

from service.app import NoCookieSession, Service, create_app


def test_the_service_keeps_no_cookie_session() -> None:
    """No cookie is read or written: every request sees one empty, read-only session."""
    app = create_app({"TESTING": True})
    assert isinstance(app.session_interface, NoCookieSession)
    seen: list[Any] = []

    @app.get("/probe-session")
    def probe() -> str:
        seen.append(session._get_current_object())  # type: ignore[attr-defined]
        with pytest.raises(RuntimeError):
            session["player"] = 1
        return "ok"

    client = app.test_client()
    client.set_cookie("session", "eyJwbGF5ZXIiOjF9.forged")
    for _ in range(2):
        response = client.get("/probe-session")
        assert response.status_code == 200
        assert "Set-Cookie" not in response.headers
        assert "Cookie" not in response.headers.get("Vary", "")
    assert len(seen) == 2 and seen[0] is seen[1] and isinstance(seen[0], NullSession) and not seen[0]


def test_a_synchronous_view_or_hook_is_asked_about_once() -> None:
    app = Service(__name__)
    calls: list[object] = []
    original = Flask.ensure_sync

    def counted(self: Flask, func: Any) -> Any:
        calls.append(func)
        return original(self, func)

    def view() -> str:
        return "ok"

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "ensure_sync", counted)
        assert app.ensure_sync(view) is view
        assert app.ensure_sync(view) is view
    assert calls == [view]


def test_functions_made_per_request_do_not_grow_the_memory_past_its_bound() -> None:
    app = Service(__name__)
    ran: list[int] = []

    @app.get("/per-request")
    def per_request() -> str:
        @after_this_request
        def mark(response: Any) -> Any:
            ran.append(1)
            return response

        return "ok"

    client = app.test_client()
    for _ in range(Service.MAX_REMEMBERED + 50):
        assert client.get("/per-request").status_code == 200
    assert len(ran) == Service.MAX_REMEMBERED + 50
    assert len(app._runnable) <= Service.MAX_REMEMBERED


def test_a_coroutine_view_is_still_handed_to_flask() -> None:
    """An async view goes through Flask's own ``async_to_sync`` (which needs the ``async`` extra, not installed
    here): the remembered answer is Flask's, not the function itself."""
    app = Service(__name__)

    async def view() -> str:
        return "ok"

    try:
        runnable = app.ensure_sync(view)
    except RuntimeError as missing:  # Flask without asgiref says so
        assert "async" in str(missing)
    else:
        assert runnable is not view
        assert app.ensure_sync(view) is runnable
