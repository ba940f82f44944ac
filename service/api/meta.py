"""Liveness, readiness, the contract and a browsable API page that works offline."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, redirect
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


@blueprint.get("/readyz")
def readyz() -> Response:
    store = current_app.extensions["session_store"]
    status = store.status()
    return json_response({"status": "ok", "sessions": status})


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    return Response(current_app.extensions["openapi_text"], mimetype="application/yaml")


def init_app(app: Flask) -> None:
    app.extensions["openapi_text"] = spec_text()
    app.register_blueprint(blueprint)
    from flask_swagger_ui import get_swaggerui_blueprint

    docs = get_swaggerui_blueprint(
        "/docs", "/openapi.yaml", config={"app_name": "cardrules", "validatorUrl": None}
    )
    app.register_blueprint(docs)
