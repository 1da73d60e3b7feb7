"""The playground at ``/play``: a page that plays and inspects games through the public API only.

Its files are plain ES modules, a stylesheet and one HTML page in ``static/play`` (no build step,
no third-party code): the page is a client like any other and calls only ``/v1/...`` on the
origin that served it. Its Content-Security-Policy says so to the browser too: nothing is
loaded from or sent to anywhere else, so the page works offline.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC = Path(__file__).parent / "static" / "play"

#: Everything from this origin only; `data:` for the inline icon. No inline script or style.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def play_blueprint() -> Blueprint:
    blp = Blueprint("play", __name__, static_folder=str(STATIC), static_url_path="/play/assets")

    @blp.get("/play")
    def page() -> Response:
        response = send_from_directory(STATIC, "index.html", mimetype="text/html")
        response.headers["Content-Security-Policy"] = POLICY
        return response

    return blp
