"""Interactive documentation at ``/docs``, served entirely from vendored files.

Swagger UI (npm ``swagger-ui-dist`` 5.x, Apache-2.0, LICENSE beside the
files) lives in ``static/swagger-ui``; nothing is fetched from the internet.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, redirect, url_for
from werkzeug.wrappers import Response as ResponseBase

STATIC = Path(__file__).parent / "static"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Table Judge API</title>
<link rel="icon" href="{icon}">
<link rel="stylesheet" href="{css}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{bundle}"></script>
<script src="{preset}"></script>
<script>
window.ui = SwaggerUIBundle({{
  url: "{spec}",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  validatorUrl: null
}});
</script>
</body>
</html>
"""


def docs_blueprint() -> Blueprint:
    blp = Blueprint("docs", __name__, static_folder=str(STATIC), static_url_path="/static")

    @blp.get("/")
    def root() -> ResponseBase:
        # Someone who opens the bare address is looking for the service: send them to its docs.
        # 302, not 301: a browser caches a 301 for good, and `/` may some day answer itself.
        return redirect("/docs", code=302)

    @blp.get("/docs")
    def swagger_ui() -> Response:
        def asset(name: str) -> str:
            return url_for("docs.static", filename=f"swagger-ui/{name}")

        html = PAGE.format(
            icon=asset("favicon-32x32.png"),
            css=asset("swagger-ui.css"),
            bundle=asset("swagger-ui-bundle.js"),
            preset=asset("swagger-ui-standalone-preset.js"),
            spec="/v1/openapi.json",
        )
        return Response(html, mimetype="text/html")

    return blp
