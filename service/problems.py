"""RFC 9457 problem details: the one shape of every error answer.

``ApiProblem`` is raised anywhere in the service; the API's HTTP error handler
(``extensions.Api``) renders it, and every other ``HTTPException`` (404, 405,
webargs' 422, Flask's 500) into the same shape, as ``application/problem+json``.

Members: ``type`` (a URN naming the problem class), ``title`` (fixed per
type), ``status``, ``detail`` (this occurrence), ``errors`` (the problems
found, each with a JSON pointer into the request body), ``errors_omitted``
(how many more were found than ``errors`` lists, only when some were left out)
and, for an illegal ``apply``, ``verdict``.

The document is bounded whatever the request (``Bounds``): a body can hold
tens of thousands of problems, and pointers and messages may echo its keys and
values, so the list, each message and each pointer are cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from werkzeug.exceptions import HTTPException

from rules_core.kernel import Problem

from . import config

PROBLEM_CONTENT_TYPE = "application/problem+json"
TYPE_PREFIX = "urn:table-judge:problem:"

#: Problem types by slug: (status, title): the one list the app, the gunicorn worker
#: (``service.gunicorn_worker``, for what gunicorn refuses before the app) and the OpenAPI
#: document (``ProblemType``) use.
PROBLEM_TYPES: dict[str, tuple[int, str]] = {
    "malformed-json": (400, "The body is not acceptable JSON"),
    "not-found": (404, "No such resource"),
    "unknown-game": (404, "No such game"),
    "method-not-allowed": (405, "Method not allowed"),
    "body-too-large": (413, "Request body too large"),
    "unsupported-media-type": (415, "The body must be JSON"),
    "invalid-request": (422, "The request does not match its schema"),
    "invalid-state": (422, "Impossible table state"),
    "invalid-input": (422, "Invalid input"),
    "illegal-action": (422, "The action is not legal"),
    "replay-too-long": (422, "Too many actions to replay"),
    "invalid-view": (422, "The view is not one this game could show"),
    "unreachable-situation": (422, "No game reaches this situation"),
    "over-budget": (422, "The request would cost more than the documented budget"),
    "no-bot": (404, "This game has no CPU player"),
    # Sealed tables (``service.credentials``): no credential for the table, or one that does not
    # allow what was asked.
    "credential-missing": (401, "A table credential is required"),
    "credential-refused": (403, "The credential does not allow this"),
    "internal-error": (500, "Internal server error"),
    "not-ready": (503, "Not ready to serve"),
    # Sealed tables with a head store (``service.head_store``): an envelope older than the latest
    # move answered for its table, and the store that would tell being unreachable (fail closed).
    "stale-table": (409, "The table has moved on"),
    "head-store-unavailable": (503, "The head store of sealed tables is unavailable"),
    # Answered by the gunicorn worker, before the app sees the request.
    "malformed-request": (400, "Malformed HTTP request"),
    "forbidden": (403, "Forbidden"),
    "uri-too-long": (414, "Request line too long"),
    "expectation-failed": (417, "Expectation failed"),
    "headers-too-large": (431, "Request headers too large"),
    "not-implemented": (501, "Not implemented"),
}

#: What gunicorn's own refusals are, by the status it chose (any other: ``malformed-request``).
WORKER_SLUG_BY_STATUS = {
    400: "malformed-request",
    403: "forbidden",
    414: "uri-too-long",
    417: "expectation-failed",
    431: "headers-too-large",
    500: "internal-error",
    501: "not-implemented",
}

_SLUG_BY_STATUS = {
    400: "malformed-json",
    404: "not-found",
    405: "method-not-allowed",
    413: "body-too-large",
    415: "unsupported-media-type",
    422: "invalid-request",
    500: "internal-error",
}


class ApiProblem(HTTPException):
    """An error answer with a problem type, a detail and the problems found."""

    def __init__(
        self,
        slug: str,
        detail: str,
        errors: Iterable[Problem] = (),
        *,
        extra: Mapping[str, Any] | None = None,
        omitted: int = 0,
    ) -> None:
        status, title = PROBLEM_TYPES[slug]
        super().__init__(description=detail)
        self.code = status
        self.slug = slug
        self.title = title
        self.errors = tuple(errors)
        self.extra = dict(extra or {})
        #: Problems found but not passed in ``errors`` (counted in ``errors_omitted``).
        self.omitted = omitted


def prefixed(problems: Iterable[Problem], prefix: str) -> list[Problem]:
    """Problems re-pointed from a sub-document (``/hands/1``) to the request body (``/state/hands/1``)."""
    out = []
    for p in problems:
        pointer = p.pointer if p.pointer not in ("", "/") else ""
        out.append(Problem(pointer=f"{prefix}{pointer}" or "/", code=p.code, message=p.message))
    return out


@dataclass(frozen=True, slots=True)
class Bounds:
    """How much of a problem document may come from the request (see ``service.config``)."""

    errors: int = config.PROBLEM_MAX_ERRORS
    message: int = config.PROBLEM_MAX_MESSAGE
    pointer: int = config.PROBLEM_MAX_POINTER

    @classmethod
    def from_config(cls, settings: Mapping[str, Any]) -> Bounds:
        return cls(
            errors=settings.get("PROBLEM_MAX_ERRORS", config.PROBLEM_MAX_ERRORS),
            message=settings.get("PROBLEM_MAX_MESSAGE", config.PROBLEM_MAX_MESSAGE),
            pointer=settings.get("PROBLEM_MAX_POINTER", config.PROBLEM_MAX_POINTER),
        )


def payload_for(error: HTTPException, bounds: Bounds = Bounds()) -> dict[str, Any]:
    """The problem document for any HTTP exception, cut to ``bounds``."""
    status = error.code or 500
    if isinstance(error, ApiProblem):
        body: dict[str, Any] = {
            "type": TYPE_PREFIX + error.slug,
            "title": error.title,
            "status": status,
            "detail": _short_text(error.description or error.title, bounds.message),
        }
        kept = [p.to_json() for p in error.errors[: bounds.errors]]
        _put_errors(body, kept, len(error.errors) + error.omitted, bounds)
        body.update(error.extra)
        return body
    slug = _SLUG_BY_STATUS.get(status)
    title = PROBLEM_TYPES[slug][1] if slug else (error.name or "Error")
    errors = list(_webargs_errors(error))
    detail = error.description or title
    if errors:
        detail = f"{len(errors)} problem(s) found; each is listed with a JSON pointer into the request body"
    if status == 500:
        detail = "The server met an unexpected condition; the incident was logged."
    body = {
        "type": TYPE_PREFIX + slug if slug else "about:blank",
        "title": title,
        "status": status,
        "detail": _short_text(detail, bounds.message),
    }
    _put_errors(body, errors[: bounds.errors], len(errors), bounds)
    return body


def _put_errors(body: dict[str, Any], kept: list[dict[str, str]], found: int, bounds: Bounds) -> None:
    """``errors`` (each pointer and message cut), and ``errors_omitted`` when some were left out."""
    for item in kept:
        item["pointer"] = _short_pointer(item["pointer"], bounds.pointer)
        item["message"] = _short_text(item["message"], bounds.message)
    body["errors"] = kept
    if found > len(kept):
        body["errors_omitted"] = found - len(kept)


def _short_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def _short_pointer(pointer: str, limit: int) -> str:
    """``pointer``, or its closest ancestor within ``limit`` characters: a cut token would point
    at nothing, an ancestor still holds the problem. Every "/" separates tokens (RFC 6901 writes
    one inside a token as "~1")."""
    if len(pointer) <= limit:
        return pointer
    cut = pointer.rfind("/", 0, limit + 1)
    return pointer[:cut] if cut > 0 else "/"


def _webargs_errors(error: HTTPException) -> Iterable[dict[str, str]]:
    """Flatten webargs' nested ``messages`` ({"json": {"action": {"seat": [...]}}}) into pointers."""
    data = getattr(error, "data", None)
    messages = data.get("messages") if isinstance(data, Mapping) else None
    if not isinstance(messages, Mapping):
        return []
    out: list[dict[str, str]] = []
    for location in messages.values():
        _flatten(location, "", out)
    out.sort(key=lambda e: e["pointer"])
    return out


def schema_problems(messages: Any) -> list[Problem]:
    """marshmallow's nested messages as problems with pointers, sorted by pointer."""
    out: list[dict[str, str]] = []
    if isinstance(messages, Mapping) and set(messages) <= {"json", "view_args", "query"}:
        for location in messages.values():
            _flatten(location, "", out)
    else:
        _flatten(messages, "", out)
    out.sort(key=lambda e: e["pointer"])
    return [Problem(pointer=e["pointer"], code=e["code"], message=e["message"]) for e in out]


def _flatten(node: Any, pointer: str, out: list[dict[str, str]]) -> None:
    from .jsonbody import escape

    if isinstance(node, Mapping):
        for key, child in node.items():
            if key == "_schema":
                _flatten(child, pointer, out)
            else:
                _flatten(child, f"{pointer}/{escape(str(key))}", out)
    elif isinstance(node, list) and all(isinstance(m, str) for m in node):
        for message in node:
            out.append({"pointer": pointer or "/", "code": _code_for(message), "message": message})
    elif isinstance(node, list):
        for child in node:
            _flatten(child, pointer, out)
    else:
        out.append({"pointer": pointer or "/", "code": "invalid", "message": str(node)})


def _code_for(message: str) -> str:
    """A stable code for marshmallow's fixed messages (they are English sentences)."""
    lowered = message.lower()
    if "unknown field" in lowered:
        return "unknown_field"
    if "missing data" in lowered or "required" in lowered:
        return "missing"
    if "not a valid" in lowered or "invalid input type" in lowered or "invalid type" in lowered:
        return "wrong_type"
    if "may not be null" in lowered:
        return "null_not_allowed"
    if "length" in lowered or "shorter" in lowered or "longer" in lowered:
        return "wrong_length"
    if "greater than" in lowered or "less than" in lowered:
        return "out_of_range"
    if "must be one of" in lowered:
        return "not_allowed"
    if "does not match" in lowered:
        return "bad_format"
    return "invalid"
