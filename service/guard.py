"""The body guard: every POST body is read with a limit and checked before any view runs.

Order of refusals: 415 (not JSON), 413 (too large, even when chunked without a
Content-Length), 400 (not acceptable JSON: syntax, NaN/Infinity, nesting, a member
named twice in one object, each listed with its pointer),
422 (integers beyond the documented bound, each with its pointer).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, g, request
from werkzeug.exceptions import RequestEntityTooLarge

from rules_core.kernel import Problem

from . import jsonbody
from .problems import ApiProblem

BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def is_json_mimetype(mimetype: str) -> bool:
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


def guard_body() -> None:
    if request.method not in BODY_METHODS or request.routing_exception is not None:
        return
    config = current_app.config
    if not is_json_mimetype(request.mimetype):
        shown = request.mimetype or "none"
        raise ApiProblem("unsupported-media-type", f"Content-Type is {shown}; send application/json")
    limit = config["MAX_CONTENT_LENGTH"]
    too_large = body_too_large(limit)
    try:
        raw = request.get_data(cache=True)
        # Without a Content-Length (chunked), Werkzeug stops reading at the limit and returns a
        # truncated body; one more read tells a body that was cut from one that ended there.
        if (
            limit is not None
            and request.content_length is None
            and len(raw) >= limit
            and request.stream.read(1)
        ):
            raise too_large
    except RequestEntityTooLarge:
        raise too_large from None
    if limit is not None and len(raw) > limit:
        raise too_large
    g.json_body = checked_json(raw, config)


def body_too_large(limit: int | None) -> ApiProblem:
    return ApiProblem("body-too-large", f"the body is larger than {limit} bytes")


def checked_json(raw: bytes, config: Mapping[str, Any]) -> Any:
    """The JSON of ``raw``, or the problem refusing it: not acceptable JSON (syntax, NaN/Infinity,
    nesting deeper than ``MAX_JSON_DEPTH``, a member named twice: 400) or integers beyond
    ``MAX_JSON_INT`` (422), each listed with its pointer. The assistant tools check their
    arguments with it too."""
    try:
        body, big = jsonbody.parse(
            raw,
            max_depth=config["MAX_JSON_DEPTH"],
            max_int=config["MAX_JSON_INT"],
            max_listed=config["PROBLEM_MAX_ERRORS"],
        )
    except jsonbody.DuplicateMembers as exc:
        problems = [
            Problem(
                pointer=pointer,
                code="duplicate_member",
                message=f"{name!r} is named {times} times in this object; "
                "a JSON object names each member once",
            )
            for pointer, name, times in exc.found
        ]
        raise ApiProblem("malformed-json", str(exc), problems, omitted=exc.omitted) from None
    except jsonbody.MalformedJson as exc:
        raise ApiProblem("malformed-json", str(exc)) from None
    if big:
        bound = config["MAX_JSON_INT"]
        raise ApiProblem(
            "invalid-request",
            f"integers must lie within -{bound}..{bound}",
            [
                Problem(
                    pointer=n.pointer,
                    code="integer_too_large",
                    message=f"an integer of {n.value_digits} digits",
                )
                for n in big
            ],
        )
    return body
