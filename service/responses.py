"""Successful answers, encoded once and returned as ready responses.

The answer dicts are built by ``service.operations`` from the game's own
encoders and already have the documented shape, so they are not dumped again
through marshmallow (the response schemas document them; schemathesis checks
every answer against them). ``ensure_ascii`` keeps any lone surrogate a client
sent (and a message echoes) encodable.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Response, current_app

#: One encoder for every answer (``json.dumps`` with options builds a new one per call).
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True)


def json_answer(data: Any, status: int = 200) -> Response:
    text = _ENCODER.encode(data)
    return current_app.response_class(text, status=status, mimetype="application/json")
