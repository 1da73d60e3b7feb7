"""Read-only facts: health, the games, one game's options, rules and reason codes."""

from __future__ import annotations

from flask import Response, current_app

from ..encoding import game_detail, game_summary
from ..extensions import Blueprint
from ..problems import ApiProblem
from ..readiness import check
from ..responses import json_answer
from ..schemas import GameDetailSchema, GameListSchema, HealthSchema, ReadySchema
from ..version import __version__
from .common import game_named, registry

blp = Blueprint("catalogue", __name__, url_prefix="/v1", description="Health and the games served.")


@blp.route("/health", methods=["GET"])
@blp.doc(operationId="get_health")
@blp.response(200, HealthSchema())
def health() -> Response:
    """Liveness check

    Answers `{"status": "ok", "games": [...], "version": "..."}` with the registered game names
    and the service's version. It touches no game logic, so it is cheap enough for a container
    health check.
    """
    return json_answer({"status": "ok", "games": list(registry().names()), "version": __version__})


@blp.route("/ready", methods=["GET"])
@blp.doc(operationId="get_readiness")
@blp.response(200, ReadySchema())
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def ready() -> Response:
    """Readiness check

    `200 {"status": "ready", ...}` when this process can answer game requests now: the games are
    registered and each deals a first state (checked once per process), sealing works when
    `TABLE_JUDGE_SEAL_KEYS` is set, and the metrics directory is writable under gunicorn;
    otherwise a 503 `not-ready` problem listing what failed. Use it for a balancer's or
    Kubernetes' readiness probe, and `/v1/health` for liveness.
    """
    outcomes, problems = check(current_app)
    if problems:
        raise ApiProblem("not-ready", f"{len(problems)} readiness check(s) failed", problems)
    return json_answer({"status": "ready", "version": __version__, "checks": outcomes})


@blp.route("/games", methods=["GET"])
@blp.doc(operationId="list_games")
@blp.response(200, GameListSchema())
def list_games() -> Response:
    """List the games

    One entry per game: its registry `name` (the `{game}` of every other path), title, a one-line
    summary, the seat range and the preset names. Start here, then read `GET /v1/games/{game}`.
    """
    return json_answer({"games": [game_summary(g) for g in registry()]})


@blp.route("/games/<game>", methods=["GET"])
@blp.doc(operationId="describe_game")
@blp.response(200, GameDetailSchema())
@blp.alt_response(404, response="NOT_FOUND")
def describe_game(game: str) -> Response:
    """Describe one game

    Everything a client needs to build requests: the seat range, the deck (card notation), every
    option (type, default, allowed values, the rule it changes), the presets with their full option
    values, the action `type`s with what each means, extra action fields (`action_params`), every
    reason code with its rule id and message template, and the rules table (ids cited by reasons;
    rules that cannot be adjudicated say why in `not_adjudicated`).
    """
    return json_answer(game_detail(game_named(game)))
