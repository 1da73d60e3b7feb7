"""The service app plus a bare route, for the HTTP benchmark only (never deployed).

``POST /bench/bare`` lives in the same app and the same gunicorn workers as the
real endpoints and reads the same body (``request.get_data()``), then answers a
constant: the difference to a real endpoint is the schema and rules work.
Point gunicorn at ``benchmarks.bench_wsgi:app``; ``service/`` is not touched.
"""

from __future__ import annotations

from flask import Flask, Response, request

from service.app import create_app

BARE_PATH = "/bench/bare"
_CONSTANT = b'{"ok": true}'


def _bare() -> Response:
    request.get_data()
    return Response(_CONSTANT, status=200, mimetype="application/json")


def build_app() -> Flask:
    flask_app = create_app()
    flask_app.add_url_rule(BARE_PATH, endpoint="bench_bare", view_func=_bare, methods=["POST"])
    return flask_app


app = build_app()
