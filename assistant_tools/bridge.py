"""The service's own operations, run for a tool call without HTTP.

A tool call is judged exactly as the HTTP request it stands for: its arguments pass the same
JSON guard (size, nesting, integer bounds: ``service.guard.checked_json``), the body is loaded
by the same request schema (the game's own copy, ``service.schemas_games``), the same operation
of ``service.operations`` or ``service.resources`` answers, under the same work budgets and the
same CPU limit (``service.cpu_limit.limited``), and every refusal is the same RFC 9457 problem
document (type, title, status, detail, errors with pointer, code and message). Tool arguments
carry the HTTP body's member names (``situation``, ``state``, ``action``, ``seat`` ...), so a
problem's pointers point into the arguments as they point into the body.

The operations read their configuration and caches from a Flask app (``current_app``), so the
bridge holds one, made by ``service.app.create_app`` with the service's defaults, and runs each
call inside its application context: no request, no network. It never seals: the assistant
server trusts its caller with the whole table, as the HTTP API does without seal keys
(``docs/security.md``); a sealed envelope is not a state here.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from flask import Flask
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import HTTPException

from rules_core.kernel import Game, InvalidInput, WorkBudgetExceeded
from service.cpu_limit import CpuLimitExceeded, limited
from service.guard import body_too_large, checked_json
from service.operations import Limits, over_budget_problem, problem_for, schema_refusal
from service.problems import Bounds, payload_for

T = TypeVar("T")


class ToolProblem(Exception):
    """A refusal, as the problem document the HTTP API answers for the same request."""

    def __init__(self, problem: dict[str, Any]) -> None:
        super().__init__(problem.get("detail", ""))
        self.problem = problem


class Bridge:
    """One Flask app of the service, used only as the operations' configuration and caches."""

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        from service.app import create_app

        # Never sealed, never a head store: see the module's docstring.
        self.app: Flask = create_app({**(config or {}), "SEAL_KEYS": "", "REDIS_URL": ""})
        self._generic: dict[type[Schema], Schema] = {}

    # -- what the HTTP app knows --------------------------------------------------------
    @property
    def registry(self) -> Any:
        return self.app.config["REGISTRY"]

    def limits(self) -> Limits:
        config = self.app.config
        return Limits(
            legal_default=config["LEGAL_ACTIONS_DEFAULT_LIMIT"],
            legal_max=config["LEGAL_ACTIONS_MAX_LIMIT"],
            replay_max=config["REPLAY_MAX_ACTIONS"],
        )

    def game(self, name: str) -> Game[Any]:
        from service.resources.common import game_named

        with self.app.app_context():
            return game_named(name)

    def load(self, game: Game[Any], schema_type: type[Schema], body: dict[str, Any]) -> dict[str, Any]:
        """``body`` loaded by the game's copy of ``schema_type`` (the generic one when the game has
        none), as the HTTP view loads it; refused with the same ``invalid-request`` problem."""
        per_game = self.app.extensions["table_judge_request_schemas"].get(game.name, {})
        schema = per_game.get(schema_type)
        if schema is None:
            schema = self._generic.setdefault(schema_type, schema_type())
        try:
            loaded: dict[str, Any] = schema.load(body)
        except ValidationError as error:
            raise schema_refusal(game, {"json": error.messages}, body) from None
        return loaded

    # -- one call -----------------------------------------------------------------------
    def run(self, body: dict[str, Any], work: Callable[[], T]) -> T:
        """``work()`` inside the app's context and under the request CPU limit; any refusal raised
        as ``ToolProblem`` carrying the problem document. ``body`` is the HTTP body the call stands
        for (guarded first; an over-budget problem points into it)."""
        config = self.app.config
        try:
            with self.app.app_context():
                self.guard(body)
                # The CPU limit's timer interrupts the main thread only (as under gunicorn); the
                # server runs tools there. A call on another thread runs with the work budgets.
                seconds = float(config.get("REQUEST_CPU_SECONDS") or 0)
                with limited(seconds if threading.current_thread() is threading.main_thread() else 0):
                    return work()
        except HTTPException as exc:
            problem: HTTPException = exc
        except InvalidInput as exc:
            problem = problem_for(exc.problems)
        except (WorkBudgetExceeded, CpuLimitExceeded) as exc:
            problem = over_budget_problem(exc, body)
        raise ToolProblem(payload_for(problem, Bounds.from_config(config)))

    def guard(self, body: dict[str, Any]) -> None:
        """The HTTP body guard's checks that still mean something for decoded arguments: the
        body's size and its JSON's nesting and integers (``service.guard``)."""
        config = self.app.config
        raw = json.dumps(body, separators=(",", ":")).encode()
        limit = config["MAX_CONTENT_LENGTH"]
        if limit is not None and len(raw) > limit:
            raise body_too_large(limit)
        checked_json(raw, config)


_shared: Bridge | None = None
_lock = threading.Lock()


def shared() -> Bridge:
    """The process's bridge, made on first use (creating the app takes about a second)."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = Bridge()
        return _shared
