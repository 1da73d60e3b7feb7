"""Per-request observability: a request id, one JSON log line and the Prometheus metrics.

``install(app)`` adds, for every request:

* ``X-Request-ID``: the client's (or the balancer's) when it is sane — 1 to 128 characters
  from ``A-Z a-z 0-9 . _ ~ : + / = -``, so it is safe to log and to echo — else a new one (32
  hex digits); always echoed on the answer and written on every log line of the request.
* One line on the ``table_judge.access`` logger (JSON, ``service.logs``): request id, method,
  route (the URL rule, never the raw path), operation, game, status, duration, the CPU used
  and how much of the per-request CPU budget that is (``REQUEST_CPU_SECONDS``; the games' work
  budgets are metered inside the matcher and not reported per request), and the budget or seal
  refusal code when the answer was one.
* The metrics of ``service.metrics`` and the ``GET /metrics`` route (not in the OpenAPI
  document: it is for the operator's scraper, not for clients).
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from typing import Any

from flask import Flask, Response, current_app, g, request

from . import metrics
from .logs import json_handler

HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._~:+/=-]{1,128}")
ACCESS_LOG = logging.getLogger("table_judge.access")
_OVER_BUDGET = "urn:table-judge:problem:over-budget"
_BUDGET_CODES = frozenset({"over_budget", "cpu_limit"})
#: Seal refusals besides the ``seal_*`` codes: a plain state, a stale envelope (head store) and
#: the seat credentials' refusals (``service.credentials``).
_SEALED_CODES = frozenset(
    {
        "state_not_sealed",
        "stale_envelope",
        "credential_missing",
        "credential_invalid",
        "not_your_seat",
        "seat_required",
        "host_only",
    }
)


def request_id_from(header: str | None) -> str:
    """The header's id when it is sane, else a new one (never an error: the id only helps)."""
    if header is not None and _SANE_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


def _labels() -> tuple[str, str]:
    """(operation, game), both from bounded sets: an unknown game is ``unknown``, no route ``none``."""
    rule = request.url_rule
    operation = rule.endpoint.rpartition(".")[2] if rule is not None else "none"
    name = (request.view_args or {}).get("game")
    if name is None:
        return operation, "none"
    return operation, name if name in current_app.config["REGISTRY"].names() else "unknown"


def _refusal_codes(response: Response) -> tuple[set[str], set[str]]:
    """(budget codes, seal codes) of a 401, 403, 409 or 422 problem; only those are read (they are
    small: bounded). A 409 is a sealed envelope older than the head store's head
    (``stale_envelope``); a 401/403 a seat credential refused."""
    if response.status_code not in (401, 403, 409, 422) or response.mimetype != "application/problem+json":
        return set(), set()
    try:
        body = json.loads(response.get_data())
    except ValueError:
        return set(), set()
    errors = body.get("errors") if isinstance(body, dict) else None
    codes = {e["code"] for e in errors or [] if isinstance(e, dict) and isinstance(e.get("code"), str)}
    budget = codes & _BUDGET_CODES if body.get("type") == _OVER_BUDGET else set()
    sealed = {c for c in codes if c.startswith("seal_") or c in _SEALED_CODES}
    return budget, sealed


def _start() -> None:
    g.request_id = request_id_from(request.headers.get(HEADER))
    g.started = time.perf_counter()
    g.cpu_started = time.process_time()


def _finish(response: Response) -> Response:
    started = g.get("started")
    if started is None:  # a request that never reached _start (not expected): leave it alone
        return response
    seconds = time.perf_counter() - started
    cpu = time.process_time() - g.cpu_started
    response.headers[HEADER] = g.request_id
    operation, game = _labels()
    status = response.status_code
    budget, sealed = _refusal_codes(response)
    metrics.REQUESTS.labels(operation, game, str(status)).inc()
    metrics.LATENCY.labels(operation, game).observe(seconds)
    for code in budget:
        metrics.BUDGET_REFUSALS.labels(operation, game, code).inc()
    for code in sealed:
        metrics.SEALED_REFUSALS.labels(operation, game, code).inc()
    fields: dict[str, Any] = {
        "request_id": g.request_id,
        "method": request.method,
        "route": request.url_rule.rule if request.url_rule is not None else None,
        "operation": operation,
        "game": None if game == "none" else game,
        "status": status,
        "duration_ms": round(seconds * 1000, 3),
        "cpu_ms": round(cpu * 1000, 3),
    }
    limit = float(current_app.config.get("REQUEST_CPU_SECONDS") or 0)
    if limit > 0:
        fields["budget_used"] = round(cpu / limit, 4)
    if budget:
        fields["budget_refusal"] = sorted(budget)
    if sealed:
        fields["sealed_refusal"] = sorted(sealed)
    ACCESS_LOG.info("request", extra={"fields": fields})
    return response


def metrics_view() -> Response:
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)


def install(app: Flask) -> None:
    """Start the clock before every other hook; write the log line and metrics after the answer."""
    if not any(getattr(h, "table_judge", False) for h in ACCESS_LOG.handlers):
        # Its own handler, not the root's: the line is JSON whoever configured logging, and a
        # host app's root handler does not print it twice. Once per process (apps share it).
        handler = json_handler()
        handler.table_judge = True  # type: ignore[attr-defined]
        ACCESS_LOG.addHandler(handler)
        ACCESS_LOG.setLevel(logging.INFO)
        ACCESS_LOG.propagate = False
    app.before_request_funcs.setdefault(None, []).insert(0, _start)
    app.after_request(_finish)
    app.add_url_rule("/metrics", "metrics", metrics_view, methods=["GET"])
