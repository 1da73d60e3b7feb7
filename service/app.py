"""The application factory.

``create_app({"REGISTRY": registry})`` serves any registry of games (tests use
a small fake one); by default it serves ``rules_core.games.REGISTRY``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from werkzeug.exceptions import HTTPException, InternalServerError

from rules_core.kernel import InvalidInput, Problem, WorkBudgetExceeded

from . import config as default_config
from . import cors, cpu_limit, observability
from .credentials import Credentials
from .docs import docs_blueprint
from .extensions import Api
from .guard import guard_body
from .head_store import HeadStore, HeadStoreUnavailable, StaleTable
from .operations import over_budget_problem, problem_for
from .play import play_blueprint
from .problems import ApiProblem
from .resources import assistant, bots, catalogue, reference, table
from .schemas_games import GameFacts, registry_schemas
from .sealing import Sealer


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, static_folder=None)
    app.config.update(default_config.defaults())
    if config:
        app.config.update(config)
    if "REGISTRY" not in app.config:
        from rules_core.games import REGISTRY

        app.config["REGISTRY"] = REGISTRY
    app.url_map.strict_slashes = True
    app.extensions["table_judge_sealer"] = Sealer.from_config(app.config.get("SEAL_KEYS"))
    app.extensions["table_judge_credentials"] = Credentials.from_config(app.config.get("SEAL_KEYS"))
    # Rollback protection of sealed tables across replicas (None without TABLE_JUDGE_REDIS_URL).
    # Nothing connects here: a store that is down shows in /v1/ready and as 503s, not a crash.
    app.extensions["table_judge_head_store"] = HeadStore.from_url(app.config.get("REDIS_URL"))
    # Each game's request schemas and the facts the fast path checks, from the registry.
    app.extensions["table_judge_request_schemas"] = registry_schemas(app.config["REGISTRY"])
    app.extensions["table_judge_game_facts"] = {g.name: GameFacts.of(g) for g in app.config["REGISTRY"]}

    api = Api(app)
    api.register_blueprint(catalogue.blp)
    api.register_blueprint(table.blp)
    api.register_blueprint(reference.blp)
    api.register_blueprint(bots.blp)
    api.register_blueprint(assistant.blp)
    app.register_blueprint(docs_blueprint())
    app.register_blueprint(play_blueprint())
    app.before_request(guard_body)
    cpu_limit.install(app)
    _register_error_handlers(app, api)
    # An after_request hook (no before_request): a preflight passes every other hook untouched.
    cors.install(app)
    # Last: its clock goes first among the before_request hooks, so it times all of them.
    observability.install(app)
    app.extensions["table_judge_api"] = api
    return app


def _register_error_handlers(app: Flask, api: Api) -> None:
    def on_invalid_input(exc: InvalidInput) -> Any:
        return api.handle_http_exception(problem_for(exc.problems))

    def on_over_budget(exc: WorkBudgetExceeded) -> Any:
        return api.handle_http_exception(over_budget_problem(exc, g.get("json_body")))

    def on_cpu_limit(exc: cpu_limit.CpuLimitExceeded) -> Any:
        cpu_limit.stop_timer()
        app.logger.warning(
            "cpu limit reached (a path no work budget covers): %s %s", request.method, request.path
        )
        return api.handle_http_exception(over_budget_problem(exc, g.get("json_body")))

    def on_unexpected(exc: Exception) -> Any:
        if isinstance(exc, HTTPException):
            return api.handle_http_exception(exc)
        app.logger.exception("unhandled exception")
        return api.handle_http_exception(InternalServerError())

    def on_stale_table(exc: StaleTable) -> Any:
        message = (
            f"the table is at move {exc.head} and this envelope is move {exc.move}: "
            "send the latest envelope of this table"
        )
        return api.handle_http_exception(
            ApiProblem(
                "stale-table",
                f"table {exc.table_id} has moved on since this envelope was answered",
                [Problem(pointer="/state/move", code="stale_envelope", message=message)],
            )
        )

    def on_head_store_unavailable(exc: HeadStoreUnavailable) -> Any:
        # Fail closed: without the store no envelope can be told fresh, so none is accepted.
        app.logger.warning("head store unavailable: %s", exc)
        message = "the store of the tables' latest moves cannot be reached; try again shortly"
        return api.handle_http_exception(
            ApiProblem(
                "head-store-unavailable",
                message,
                [Problem(pointer="", code="head_store_unavailable", message=message)],
            )
        )

    app.register_error_handler(InvalidInput, on_invalid_input)
    app.register_error_handler(StaleTable, on_stale_table)
    app.register_error_handler(HeadStoreUnavailable, on_head_store_unavailable)
    app.register_error_handler(WorkBudgetExceeded, on_over_budget)
    app.register_error_handler(cpu_limit.CpuLimitExceeded, on_cpu_limit)
    app.register_error_handler(Exception, on_unexpected)
