"""Default configuration; ``create_app(config)`` overrides any of these keys.

The limits are part of the published contract (the OpenAPI document states
them), so a client can know in advance what will be refused.
"""

from __future__ import annotations

import os
from typing import Any

from .version import __version__

#: Largest request body accepted, in bytes (413 above it, with or without Content-Length).
MAX_BODY_BYTES = 256 * 1024
#: Deepest JSON nesting accepted (a table state needs about 4 levels).
MAX_JSON_DEPTH = 32
#: Largest magnitude of a JSON integer anywhere in a body (a seed is below 2**63).
MAX_JSON_INT = 2**63 - 1
#: Paging of ``legal-actions``.
LEGAL_ACTIONS_DEFAULT_LIMIT = 200
LEGAL_ACTIONS_MAX_LIMIT = 1000
#: CPU seconds one request may use before it is stopped with a 422 ``over-budget`` problem
#: (code ``cpu_limit``): the backstop behind the work budgets (``service/cpu_limit.py``); 0: off.
#: 0.9 leaves the refusal itself room within the 1 s every request must stay under.
REQUEST_CPU_SECONDS = 0.9
#: Most actions one ``replay`` request may carry.
REPLAY_MAX_ACTIONS = 5000
#: Most problems a problem document lists in ``errors``; ``errors_omitted`` counts the rest (a
#: hostile body can hold tens of thousands of problems, and listing each made megabytes).
PROBLEM_MAX_ERRORS = 50
#: Longest ``message`` and ``detail`` in characters: messages may echo the client's input (a
#: card's text, a field name), so a longer one is cut and ends with "…".
PROBLEM_MAX_MESSAGE = 500
#: Longest ``pointer`` in characters: a pointer echoes the client's keys, so a longer one is cut
#: back to the closest ancestor that fits (still a true pointer, to what holds the problem).
PROBLEM_MAX_POINTER = 500


def defaults() -> dict[str, Any]:
    """A fresh dict of every setting (a new dict each call: apps never share one)."""
    return {
        "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
        "MAX_JSON_DEPTH": MAX_JSON_DEPTH,
        "MAX_JSON_INT": MAX_JSON_INT,
        "LEGAL_ACTIONS_DEFAULT_LIMIT": LEGAL_ACTIONS_DEFAULT_LIMIT,
        "LEGAL_ACTIONS_MAX_LIMIT": LEGAL_ACTIONS_MAX_LIMIT,
        "REPLAY_MAX_ACTIONS": REPLAY_MAX_ACTIONS,
        #: ``TABLE_JUDGE_REQUEST_CPU_SECONDS`` overrides it (an operator on a slow host).
        "REQUEST_CPU_SECONDS": float(os.environ.get("TABLE_JUDGE_REQUEST_CPU_SECONDS", REQUEST_CPU_SECONDS)),
        "PROBLEM_MAX_ERRORS": PROBLEM_MAX_ERRORS,
        "PROBLEM_MAX_MESSAGE": PROBLEM_MAX_MESSAGE,
        "PROBLEM_MAX_POINTER": PROBLEM_MAX_POINTER,
        "API_TITLE": "Table Judge",
        # pyproject.toml's version (service/version.py): the package and the document agree.
        "API_VERSION": __version__,
        "OPENAPI_VERSION": "3.1.0",
        "OPENAPI_URL_PREFIX": "/v1",
        "OPENAPI_JSON_PATH": "openapi.json",
        "JSON_SORT_KEYS": False,
        #: Comma-separated Fernet keys; set to seal tables (the first key seals, all open).
        "SEAL_KEYS": os.environ.get("TABLE_JUDGE_SEAL_KEYS", ""),
        #: The head store of sealed tables (``service.head_store``: rollback protection across
        #: replicas), a ``redis://host:port/db`` URL of a Redis or Valkey server; empty: none, and
        #: the game server compares each envelope's ``move`` with the latest it saw.
        "REDIS_URL": os.environ.get("TABLE_JUDGE_REDIS_URL", ""),
        #: Comma-separated origins (``https://app.example.com``) a browser may call the service
        #: from (CORS, ``service.cors``); ``*`` allows any. Empty: no CORS headers at all.
        "CORS_ORIGINS": os.environ.get("TABLE_JUDGE_CORS_ORIGINS", ""),
    }
