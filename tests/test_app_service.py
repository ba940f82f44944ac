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


def test_with_nothing_registered_the_steps_around_the_view_are_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The service registers no URL value preprocessor, before- or teardown-request function: Flask's steps that
    would look for them (each reading the request through its proxy) are not entered at all."""
    app = create_app({"TESTING": True})
    entered: list[str] = []
    monkeypatch.setattr(Flask, "preprocess_request", lambda self: entered.append("before"))
    monkeypatch.setattr(Flask, "do_teardown_request", lambda self, *args, **kwargs: entered.append("teardown"))
    answer = app.test_client().get("/v1/games/scopa")
    assert answer.status_code == 200 and "scopa" in answer.get_data(as_text=True)
    assert entered == []


def test_functions_registered_later_run_as_in_flask() -> None:
    """An extension or a test that registers a hook gets Flask's own behaviour: before-request functions of the
    app and of a blueprint (one answering in place of the view), URL value preprocessors, teardown functions,
    with the exception that ended the request, and receivers of the teardown signal."""
    from flask import Blueprint
    from flask.signals import request_tearing_down

    app = create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False})
    ran: list[Any] = []
    extra = Blueprint("extra", __name__, url_prefix="/extra")

    @extra.get("/<word>")
    def echo(word: str) -> str:
        if word == "FAIL":  # upper-cased by the preprocessor
            raise ValueError("failed on purpose")
        return word

    @extra.url_value_preprocessor
    def upper(endpoint: str | None, values: dict[str, Any] | None) -> None:
        if values is not None:
            values["word"] = values["word"].upper()

    @extra.before_request
    def stop() -> Any:
        from flask import request

        ran.append("extra.before")
        return "stopped" if request.args.get("stop") else None

    app.register_blueprint(extra)
    app.before_request(lambda: ran.append("app.before"))
    app.teardown_request(lambda error: ran.append(("teardown", type(error).__name__ if error else None)))

    def tearing_down(sender: Flask, **extra_args: Any) -> None:
        ran.append("signal")

    client = app.test_client()
    with request_tearing_down.connected_to(tearing_down, app):
        assert client.get("/extra/hello").get_data(as_text=True) == "HELLO"
        assert client.get("/extra/hello?stop=1").get_data(as_text=True) == "stopped"
        assert client.get("/extra/fail").status_code == 500
    assert ran == [
        *("app.before", "extra.before", ("teardown", None), "signal"),
        *("app.before", "extra.before", ("teardown", None), "signal"),
        *("app.before", "extra.before", ("teardown", None), "signal"),
    ]
    ran.clear()
    with app.test_request_context("/extra/x"):
        app.do_teardown_request(KeyError("left unhandled"))
    assert ran == [("teardown", "KeyError"), ("teardown", None)]  # then the context's own end


def test_the_response_step_runs_only_when_something_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game answer has no after-request function to run: Flask's response step is not entered. A session
    answer has its blueprint's (no-store); a function from after_this_request runs; the CORS hook only for a
    request that names its Origin."""
    from flask import request

    app = create_app({"TESTING": True})
    entered: list[str] = []
    original = Flask.process_response

    def counted(self: Flask, response: Any) -> Any:
        entered.append(request.path)
        return original(self, response)

    monkeypatch.setattr(Flask, "process_response", counted)

    @app.get("/probe-after")
    def probe() -> str:
        after_this_request(lambda response: (response.headers.__setitem__("X-Probe", "ran"), response)[1])
        return "ok"

    client = app.test_client()
    plain = client.get("/v1/games/scopa")
    assert plain.status_code == 200 and "Access-Control-Allow-Origin" not in plain.headers
    assert entered == []
    session = client.get("/v1/sessions/no-such-session")
    assert session.status_code in (401, 404) and session.headers["Cache-Control"] == "no-store"
    assert client.get("/probe-after").headers["X-Probe"] == "ran"
    assert entered == ["/v1/sessions/no-such-session", "/probe-after"]
    browser = client.get("/v1/games/scopa", headers={"Origin": "https://table.example"})
    assert browser.headers["Access-Control-Allow-Origin"] in ("*", "https://table.example")
    assert len(entered) == 2
