"""``/docs``: Swagger UI from flask-swagger-ui's own files (no other host, so it works offline), with a request
interceptor (``docs_assets/try-examples.js``) that sends each named body example to the game it was written for;
and the guides the contract names (``/docs/guide/fairness.md`` ..., the project's docs/ shipped with the package).
"""

from __future__ import annotations

import re
from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Flask, Response, abort, send_from_directory

SWAGGER_UI = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
ASSETS = Path(__file__).resolve().parent / "docs_assets"
GUIDES = Path(__file__).resolve().parents[1] / "guides"
GUIDE_NAME = re.compile(r"[a-z]+\.md")

PAGE = (ASSETS / "index.html").read_bytes()

blueprint = Blueprint("docs", __name__, url_prefix="/docs")


@blueprint.get("/")
@blueprint.get("/index.html")
def page() -> Response:
    return Response(PAGE, mimetype="text/html")


@blueprint.get("/guide/<name>")
def guide(name: str) -> Response:
    """A guide as its Markdown text (plain text, so that a browser shows it rather than saving it)."""
    if not GUIDE_NAME.fullmatch(name) or not (GUIDES / name).is_file():
        abort(404)
    return Response((GUIDES / name).read_bytes(), mimetype="text/plain")


@blueprint.get("/<path:asset>")
def asset(asset: str) -> Response:
    if (ASSETS / asset).is_file() and asset != "index.html":
        return send_from_directory(ASSETS, asset)
    return send_from_directory(SWAGGER_UI, asset)


def init_app(app: Flask) -> None:
    app.register_blueprint(blueprint)
