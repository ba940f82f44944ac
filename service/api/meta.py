"""Liveness, readiness, the contract and a browsable API page that works offline.

``/docs``: Swagger UI from flask-swagger-ui's own files (no other host, so it works offline), with a request
interceptor (``docs_assets/try-examples.js``) that sends each named body example to the game it was written for;
and the guides the contract names (``/docs/guide/fairness.md`` ..., the project's docs/ shipped with the package).
"""

from __future__ import annotations

import hmac
import re
from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Flask, Response, abort, current_app, redirect, request, send_from_directory
from flask.typing import ResponseReturnValue

from .jsonio import json_response

blueprint = Blueprint("meta", __name__)
SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"


def spec_text() -> bytes:
    packaged = Path(__file__).resolve().parents[1] / "openapi.yaml"
    path = packaged if packaged.exists() else SPEC_PATH
    return path.read_bytes()


@blueprint.get("/")
def root() -> ResponseReturnValue:
    """The bare address leads a newcomer to the browsable API page."""
    return redirect("/docs/", code=302)


@blueprint.get("/healthz")
def healthz() -> Response:
    return json_response({"status": "ok"})


PUBLIC_STATUS = ("backend", "ok", "full", "reason")
"""What anyone may learn from ``/readyz``: whether sessions work, and if not, the problem code they get. Paths,
counts, memory and latencies help an attacker size the store: they are ``details``, for the metrics token."""


def _operator() -> bool:
    """The request carries ``Authorization: Bearer <METRICS_TOKEN>`` (never true without a token set)."""
    token = current_app.config["SETTINGS"].metrics_token
    if not token:
        return False
    given = request.environ.get("HTTP_AUTHORIZATION", "").encode("latin-1", "replace")
    return hmac.compare_digest(given, f"Bearer {token}".encode())


@blueprint.get("/readyz")
def readyz() -> Response:
    """Ready to serve: always 200 (the stateless API works whatever the store does); ``sessions`` says how the
    store is, ``sessions.reason`` the problem code a session request would get now."""
    status = current_app.extensions["session_store"].status()
    sessions: dict[str, object] = {"full": False}
    sessions.update((key, status[key]) for key in PUBLIC_STATUS if key in status)
    if _operator():
        sessions["details"] = {key: value for key, value in status.items() if key not in PUBLIC_STATUS}
    return json_response({"status": "ok", "sessions": sessions})


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    return Response(current_app.extensions["openapi_text"], mimetype="application/yaml")


# -- /docs -------------------------------------------------------------------------------------------------------

SWAGGER_UI = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
ASSETS = Path(__file__).resolve().parent / "docs_assets"
GUIDES = Path(__file__).resolve().parents[1] / "guides"
GUIDE_NAME = re.compile(r"[a-z]+\.md")

PAGE = (ASSETS / "index.html").read_bytes()

docs_blueprint = Blueprint("docs", __name__, url_prefix="/docs")



@docs_blueprint.get("/")
@docs_blueprint.get("/index.html")
def page() -> Response:
    return Response(PAGE, mimetype="text/html")


@docs_blueprint.get("/guide/<name>")
def guide(name: str) -> Response:
    """A guide as its Markdown text (plain text, so that a browser shows it rather than saving it)."""
    if not GUIDE_NAME.fullmatch(name) or not (GUIDES / name).is_file():
        abort(404)
    return Response((GUIDES / name).read_bytes(), mimetype="text/plain")


@docs_blueprint.get("/<path:asset>")
def asset(asset: str) -> Response:
    if (ASSETS / asset).is_file() and asset != "index.html":
        return send_from_directory(ASSETS, asset)
    return send_from_directory(SWAGGER_UI, asset)


def init_app(app: Flask) -> None:
    app.extensions["openapi_text"] = spec_text()
    app.register_blueprint(blueprint)
    app.register_blueprint(docs_blueprint)
