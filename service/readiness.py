"""``GET /v1/ready``: can this process answer a game request now?

``/v1/health`` (liveness) only says the process answers HTTP. Readiness also checks what a
request needs, so a balancer or Kubernetes sends no traffic to a replica that would only fail:

* ``games``: at least one game is registered and each deals a first state (done once per
  process, then remembered: it also warms the games' imports and caches before traffic);
* ``seal``: with ``TABLE_JUDGE_SEAL_KEYS`` set, a state seals and opens again (``off`` without);
* ``metrics``: under gunicorn, ``PROMETHEUS_MULTIPROC_DIR`` is a writable directory (every
  request writes its counts there; ``off`` in a single process);
* ``head_store``: with ``TABLE_JUDGE_REDIS_URL`` set, the head store of sealed tables answers a
  PING (``off`` without). Sealed requests fail closed while it is down (503), so a replica that
  cannot reach it is not ready; when the store itself is down that is every replica, on purpose.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask

from rules_core.kernel import Problem

from . import metrics
from .head_store import HeadStore, HeadStoreUnavailable
from .operations import deal_state
from .sealing import Sealer

_WARM = "table_judge_ready_games"


def _games(app: Flask) -> Problem | None:
    if app.extensions.get(_WARM):
        return None
    games = list(app.config["REGISTRY"])
    if not games:
        return Problem(pointer="", code="no_games", message="no game is registered")
    for game in games:
        try:
            deal_state(game, {"seats": game.min_seats, "seed": 1})
        except Exception as exc:  # any failure means not ready; the message says which game
            return Problem(pointer="", code="game_failed", message=f"{game.name} cannot deal: {exc!r}")
    app.extensions[_WARM] = True
    return None


def _seal(app: Flask) -> Problem | str | None:
    sealer: Sealer | None = app.extensions.get("table_judge_sealer")
    if sealer is None:
        return "off"
    try:
        envelope = sealer.seal("ready", {"move": 0}, table_id="ready")
        sealer.open("ready", envelope)
    except Exception as exc:  # a key that seals but cannot open, or the reverse
        return Problem(pointer="", code="seal_failed", message=f"sealing does not work: {exc!r}")
    return None


def _metrics() -> Problem | str | None:
    directory = metrics.multiprocess_dir()
    if directory is None:
        return "off"
    if not (os.path.isdir(directory) and os.access(directory, os.W_OK | os.X_OK)):
        return Problem(
            pointer="",
            code="metrics_dir_unwritable",
            message=f"PROMETHEUS_MULTIPROC_DIR {directory!r} is not a writable directory",
        )
    return None


def _head_store(app: Flask) -> Problem | str | None:
    store: HeadStore | None = app.extensions.get("table_judge_head_store")
    if store is None:
        return "off"
    try:
        store.ping()
    except HeadStoreUnavailable as exc:
        return Problem(pointer="", code="head_store_unreachable", message=str(exc))
    return None


def check(app: Flask) -> tuple[dict[str, Any], list[Problem]]:
    """(each check's outcome, the problems of those that failed)."""
    outcomes: dict[str, Any] = {}
    problems: list[Problem] = []
    for name, result in (
        ("games", _games(app)),
        ("seal", _seal(app)),
        ("metrics", _metrics()),
        ("head_store", _head_store(app)),
    ):
        if isinstance(result, Problem):
            problems.append(result)
            outcomes[name] = "failed"
        else:
            outcomes[name] = result or "ok"
    return outcomes, problems
