"""JSON log lines: one object per line, for a log shipper to read without a parser of its own.

``JsonFormatter`` formats every record (gunicorn's, the app's, the per-request line of
``service.observability``) as ``{"ts", "level", "logger", "message", ...}``; a record's
``fields`` extra (a dict) is merged in, and inside a request the request id is added, so an
error logged deep in a view can be joined to its request line. gunicorn.conf.py installs it for
every logger with ``logconfig_dict``. Standard library only: gunicorn's master imports it.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any


def _request_id() -> str | None:
    try:
        from flask import g, has_request_context
    except ImportError:  # the master process need not have flask imported
        return None
    return g.get("request_id") if has_request_context() else None


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = _request_id()
        if request_id is not None:
            line["request_id"] = request_id
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        # default=str: a field that is not JSON (an exception, a path) is written, never lost.
        return json.dumps(line, ensure_ascii=False, default=str)


def json_handler() -> logging.Handler:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    return handler
