"""Thin subclasses of flask-smorest's ``Api`` and ``Blueprint``.

``Api`` renders every HTTP error as an RFC 9457 problem and documents error
answers as ``application/problem+json``. ``Blueprint`` reads JSON bodies with
the guarded parser of ``jsonbody`` (see ``app._guard_body``), never webargs'
own ``json.loads``.
"""

from __future__ import annotations

import copy
import functools
import http
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import flask_smorest
from flask import current_app, g, request
from flask_smorest.spec import prepare_response
from marshmallow import Schema, ValidationError
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import HTTPException

from .problems import PROBLEM_CONTENT_TYPE, Bounds, payload_for
from .schemas import ProblemSchema


class GuardedParser(FlaskParser):
    """Takes the body already decoded (and checked) by the app's ``before_request`` guard.

    A JSON body is loaded by its schema directly (``use_args``): webargs' general machinery
    (locations, pre-load hooks, validators) costs more than the load itself on the hot
    operations, and the body is already parsed. Every body takes this one path, so every
    refusal is the schema's, listed by ``handle_error``.
    """

    def use_args(self, argmap: Any, req: Any = None, *, location: str | None = None, **kwargs: Any) -> Any:
        if location not in (None, "json") or not isinstance(argmap, Schema) or req is not None:
            return super().use_args(argmap, req, location=location, **kwargs)
        schema = argmap
        status = kwargs.get("error_status_code")
        headers = kwargs.get("error_headers")

        generic = type(schema)

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def wrapper(*args: Any, **kw: Any) -> Any:
                body = g.get("json_body", core.missing)
                # The game's own copy of the schema (its seats, cards, suits), when it has one.
                per_game = current_app.extensions["table_judge_request_schemas"]
                chosen = per_game.get((request.view_args or {}).get("game"), {}).get(generic, schema)
                try:
                    # As webargs does: no body is an empty object (the schema says what is missing).
                    loaded = chosen.load({} if body is core.missing else body)
                except ValidationError as error:
                    error.messages = {"json": error.messages}
                    self.handle_error(error, request, schema, error_status_code=status, error_headers=headers)
                return func(*args, loaded, **kw)

            return wrapper

        return decorator

    def _raw_load_json(self, req: Any) -> Any:
        body = g.get("json_body", core.missing)
        return body

    def handle_error(
        self,
        error: ValidationError,
        req: Any,
        schema: Any,
        *,
        error_status_code: int | None,
        error_headers: Mapping[str, str] | None,
    ) -> NoReturn:
        """A 422 listing the schema's problems and, when a table state came along, the game's too."""
        from .operations import schema_refusal
        from .resources.common import registry

        game = registry().get(str((req.view_args or {}).get("game", "")))
        raise schema_refusal(game, error.messages, g.get("json_body"))


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = GuardedParser()


class Api(flask_smorest.Api):
    ERROR_SCHEMA = ProblemSchema

    def document(self) -> dict[str, Any]:
        """The finished OpenAPI document (built once: nothing in it changes after start-up)."""
        cached = getattr(self, "_document", None)
        if cached is None:
            from flask import current_app

            from .spec import finalize

            cached = finalize(
                copy.deepcopy(self.spec.to_dict()),
                current_app.config["REGISTRY"],
                sealed=current_app.extensions.get("table_judge_sealer") is not None,
            )
            self._document = cached
        return cached

    def _openapi_json(self) -> Any:
        from flask import current_app, json

        return current_app.response_class(json.dumps(self.document(), indent=2), mimetype="application/json")

    def handle_http_exception(self, error: HTTPException) -> Any:
        from flask import current_app, jsonify

        body = payload_for(error, Bounds.from_config(current_app.config))
        response = jsonify(body)
        response.status_code = body["status"]
        response.content_type = PROBLEM_CONTENT_TYPE
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        data = getattr(error, "data", None)
        if isinstance(data, dict) and isinstance(data.get("headers"), dict):
            response.headers.update(data["headers"])
        if body["status"] >= 500:
            current_app.logger.error("answered %s: %s", body["status"], body["detail"])
        return response

    def _register_responses(self) -> None:
        """As flask-smorest does, but error answers are ``application/problem+json``."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Any other error, as a problem", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)
