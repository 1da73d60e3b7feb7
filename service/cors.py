"""CORS: a browser front end may call the service directly (issue #27), from listed origins only.

A sealed service can face browsers: the envelope hides the hands and the seat credential
(``X-Table-Credential``) proves who asks, so a web client needs no game server in between. A
browser lets a page of another origin read the answers only when the service says so (CORS), and
asks first (a preflight ``OPTIONS``) before a POST of ``application/json`` or with custom
headers. ``flask-cors`` answers both; this module only decides what it is told.

``CORS_ORIGINS`` (env ``TABLE_JUDGE_CORS_ORIGINS``): comma-separated origins, each
``scheme://host[:port]`` compared literally (case-insensitively), or ``*`` for any origin. Empty
(the default): CORS is not installed at all and no answer carries its headers, so a browser on
another origin can read nothing, as before. Credentials mode (cookies) stays off: the service
reads none, and a seat credential travels in its own header.

A preflight is answered by Flask's automatic ``OPTIONS`` response: the body guard
(``service.guard``) checks only POST/PUT/PATCH bodies and the CPU limit is armed and disarmed
around it like any request, so neither refuses it.
"""

from __future__ import annotations

import re

from flask import Flask
from flask_cors import CORS

from .observability import HEADER as REQUEST_ID_HEADER

#: The seat credential of sealed tables (the sealed-mode credentials' header).
CREDENTIAL_HEADER = "X-Table-Credential"

#: Request headers a cross-origin call may send (the preflight lists those it will use).
ALLOWED_HEADERS = ("Content-Type", REQUEST_ID_HEADER, CREDENTIAL_HEADER)
#: Answer headers a page may read besides the always-safe ones (Content-Type ...).
EXPOSED_HEADERS = (REQUEST_ID_HEADER,)
#: How long a browser may reuse a preflight's answer (seconds): one preflight per route per
#: 10 minutes instead of one per request.
PREFLIGHT_MAX_AGE = 600

# scheme://host[:port], as a browser sends it in ``Origin`` (no path, no trailing slash).
_ORIGIN = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^/\s*?$^\\()\[\]]+")


def parse_origins(value: str | None) -> list[str]:
    """The origins of ``CORS_ORIGINS``; a ``ValueError`` names one that is not an origin.

    Checked at start because flask-cors reads an entry with any of ``*?$^[]()\\`` as a regular
    expression, matched from the start only: ``https://app.example.com.*`` would let
    ``https://app.example.com.evil.example`` in. Only literal origins and a lone ``*`` pass.
    """
    origins = []
    for item in (value or "").split(","):
        origin = item.strip().rstrip("/")
        if not origin:
            continue
        if origin != "*" and not _ORIGIN.fullmatch(origin):
            raise ValueError(
                f"TABLE_JUDGE_CORS_ORIGINS: {origin!r} is not an origin (scheme://host[:port]) or '*'"
            )
        origins.append(origin)
    return origins


def install(app: Flask) -> None:
    """Answer CORS on ``/v1`` for ``CORS_ORIGINS``; nothing at all when it is empty."""
    origins = parse_origins(app.config.get("CORS_ORIGINS"))
    if not origins:
        return
    CORS(
        app,
        # The API only: /metrics and the docs pages are for operators and people, not pages.
        resources={r"/v1/*": {}},
        origins="*" if "*" in origins else origins,
        # With "*", answer "*" rather than echo each Origin: the same answer for every page.
        send_wildcard="*" in origins,
        methods=["GET", "POST"],
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        supports_credentials=False,
        max_age=PREFLIGHT_MAX_AGE,
        # An answer that depends on Origin says so, so a shared cache does not serve one
        # origin's answer to another.
        vary_header=True,
    )
    app.extensions["table_judge_cors_origins"] = origins
