"""Liveness, readiness, the contract and a browsable API page that works offline."""

from __future__ import annotations

import hmac
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, redirect, request
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


def init_app(app: Flask) -> None:
    app.extensions["openapi_text"] = spec_text()
    app.register_blueprint(blueprint)
    from . import docs_page

    docs_page.init_app(app)
