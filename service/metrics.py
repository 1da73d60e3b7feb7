"""Prometheus metrics, from the standard ``prometheus-client``, at ``GET /metrics``.

Under gunicorn every worker is a process with its own counters, and a scrape reaches one of
them: the counts are kept in ``PROMETHEUS_MULTIPROC_DIR`` (one file per worker, the client's
multiprocess mode) and ``/metrics`` adds up every worker's, the dead ones' included, so a
counter never goes back when a worker is replaced. gunicorn.conf.py sets the directory up
(before any worker imports this module: the client picks its storage at import), empties it
at start and marks dead workers. Without the variable (the flask test client, a single
process) the metrics live in this process, in ``REGISTRY``.

Labels are bounded: ``operation`` is a route's endpoint name, ``game`` a registered game (or
``none``/``unknown``), ``status`` an HTTP status, ``code`` a fixed problem code. Nothing a
client writes becomes a label value.
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector

from .version import __version__

#: In-process metrics (also where the objects below are registered in multiprocess mode,
#: where only their files are read).
REGISTRY = CollectorRegistry(auto_describe=True)

#: Requests take a millisecond to a few seconds (the costliest documented ones, docs/reliability.md).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

REQUESTS = Counter(
    "table_judge_requests",
    "Requests answered, by operation, game and HTTP status.",
    ["operation", "game", "status"],
    registry=REGISTRY,
)
LATENCY = Histogram(
    "table_judge_request_duration_seconds",
    "Time from the request reaching the app to its answer being ready, by operation and game.",
    ["operation", "game"],
    buckets=LATENCY_BUCKETS,
    registry=REGISTRY,
)
BUDGET_REFUSALS = Counter(
    "table_judge_budget_refusals",
    "422 over-budget answers, by the problem's code: over_budget (a game's work budget) or "
    "cpu_limit (the per-request CPU limit behind the work budgets).",
    ["operation", "game", "code"],
    registry=REGISTRY,
)
SEALED_REFUSALS = Counter(
    "table_judge_sealed_refusals",
    "States refused by the seal check (not sealed, tampered, another game's, mismatched), the head "
    "store (stale_envelope: older than the table's latest move) or a seat credential "
    "(credential_missing, credential_invalid, not_your_seat, seat_required, host_only), by code.",
    ["operation", "game", "code"],
    registry=REGISTRY,
)
BUILD_INFO = Gauge(
    "table_judge_build_info",
    "Always 1; the label says which version answers.",
    ["version"],
    registry=REGISTRY,
    multiprocess_mode="max",
)
BUILD_INFO.labels(version=__version__).set(1)


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


def exposition() -> tuple[bytes, str]:
    """The text exposition of every metric (every worker's in multiprocess mode) and its type."""
    if multiprocess_dir() is None:
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    # A fresh registry per scrape: the collector reads the workers' files when collected.
    merged = CollectorRegistry()
    MultiProcessCollector(merged)
    return generate_latest(merged), CONTENT_TYPE_LATEST
