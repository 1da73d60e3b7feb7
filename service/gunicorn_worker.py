"""A gunicorn sync worker whose own error pages are RFC 9457 problems too.

gunicorn answers some requests before the app sees them (a request line over
``limit_request_line``: 414; too many or too large headers: 431; a malformed
request line: 400) with a small HTML page. This worker keeps gunicorn's
decision (status, reason, logging) and only changes the page it writes into
``application/problem+json``, so every error of the service has one shape.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gunicorn import util
from gunicorn.workers.sync import SyncWorker

from .problems import PROBLEM_CONTENT_TYPE, TYPE_PREFIX, WORKER_SLUG_BY_STATUS


def problem_page(status: int, reason: str, message: str) -> bytes:
    slug = WORKER_SLUG_BY_STATUS.get(status, "malformed-request")
    body = json.dumps(
        {
            "type": TYPE_PREFIX + slug,
            "title": reason,
            "status": status,
            "detail": message[:300] or reason,
            "errors": [{"pointer": "", "code": slug.replace("-", "_"), "message": message[:300] or reason}],
        },
        separators=(",", ":"),
    ).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
        f"Content-Type: {PROBLEM_CONTENT_TYPE}\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode("latin1")
    return head + body


def _write_problem(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    util.write_nonblock(sock, problem_page(int(status_int), reason, mesg))


@contextmanager
def _problem_pages() -> Iterator[None]:
    original = util.write_error
    util.write_error = _write_problem
    try:
        yield
    finally:
        util.write_error = original


class ProblemSyncWorker(SyncWorker):  # type: ignore[misc]
    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        # A sync worker handles one request at a time, so swapping the writer is safe.
        with _problem_pages():
            super().handle_error(req, client, addr, exc)
