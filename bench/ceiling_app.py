"""The ceiling for the HTTP benchmark: a bare Flask app that does what every endpoint must do, and no more.

One POST route parses the JSON body (orjson, as the service does) and answers a canned body of the same size
as the service's real answer, read at start from ``$CEILING_RESPONSES/<action>.json``. Run it under the same
gunicorn config as the service: ``gunicorn --config deploy/gunicorn.conf.py 'bench.ceiling_app:create_app()'``.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson
from flask import Flask, Response, abort, request


def create_app() -> Flask:
    directory = Path(os.environ.get("CEILING_RESPONSES", "."))
    canned = {path.stem: path.read_bytes() for path in directory.glob("*.json")}
    app = Flask(__name__)

    @app.post("/v1/games/<game>/<action>")
    def answer(game: str, action: str) -> Response:
        if not isinstance(orjson.loads(request.get_data()), dict):
            abort(400)
        body = canned.get(action)
        if body is None:
            abort(404)
        return Response(body, mimetype="application/json")

    @app.get("/healthz")
    def healthz() -> Response:
        return Response(b'{"status":"ok"}', mimetype="application/json")

    return app
