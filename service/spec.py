"""Finishing the OpenAPI document apispec builds from the schemas.

apispec cannot know what depends on the registry (the game names, the reason
codes of every game, real examples) or express "extra action fields are
scalars"; ``finalize`` adds those to the generated dict. It is a pure
function of the generated dict and the registry, so the document is stable.
"""

from __future__ import annotations

import logging
from typing import Any

from rules_core.kernel import Registry

from . import config
from .examples import PROBLEM_EXAMPLES, catalogue_examples, game_examples
from .problems import PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, TYPE_PREFIX
from .spec_games import per_game_paths, prune

log = logging.getLogger(__name__)

_PROBLEM_LIST = ", ".join(f"`{TYPE_PREFIX}{slug}` ({status})" for slug, (status, _t) in PROBLEM_TYPES.items())

DESCRIPTION = f"""\
Table Judge adjudicates card games (dabong!, Dobon, 99) statelessly: send a table state and a
proposed action, get back whether it is legal, why (a stable reason `code`, a human `message` and
the `rule_id` that decided), its effects and the next state. Nothing is kept between requests:
every answer that changes the table returns the whole new `state`, which the client sends back
unchanged with the next request.

A typical session: `GET /v1/games` (the games), `GET /v1/games/{{game}}` (options, presets, action
types, reason codes, rules), `POST /v1/games/{{game}}/deal` (a first state), then
`POST .../legal-actions` (what may be done), `POST .../validate` (may this be done? always 200 for
a well-formed action, `legal: false` when not) and `POST .../apply` (do it; an illegal action is a
422 problem carrying the verdict). `POST .../view` redacts a state for one seat,
`POST .../replay` applies a list of actions.

To answer a rules question or explain a refusal: `GET /v1/games/{{game}}/rules` (the rulebook as
sections with the stable ids reasons cite, rulings, worked examples ready to POST to `validate`),
`GET .../rules/search?q=...` (a question as a player asks it: a few rules, each with a short
snippet, or an explicit "no rule matches"), `GET .../rules?q=...` (ranked search, whole sections),
`GET .../rules/{{rule_id}}` (one rule, for a reason's `rule_id`) and `POST .../explain` (a verdict
in plain sentences, each citing rule ids).

Cards are short strings: rank then suit, `QS`, `10H`, `AD`; the dabong! suits are `F W E A`
(Fire, Water, Earth, Air) and its Shamans are `SH1 SH2 SH3`. Seats are 0-based integers.

Errors are RFC 9457 problems (`application/problem+json`) with `type`, `title`, `status`, `detail`
and `errors` (the problems found, each with a JSON `pointer` into the request body, a `code` and a
`message`). Problem types: {_PROBLEM_LIST}. A problem document is bounded whatever the request:
`errors` lists at most {config.PROBLEM_MAX_ERRORS} problems and `errors_omitted` (present only then)
counts the rest; a `message` or `detail` longer than {config.PROBLEM_MAX_MESSAGE} characters is cut
and ends with "…", and a `pointer` longer than {config.PROBLEM_MAX_POINTER} characters is cut back to
its closest ancestor that fits.

Limits: bodies up to {config.MAX_BODY_BYTES} bytes (413 above, chunked bodies too), JSON nesting up to
{config.MAX_JSON_DEPTH} levels, no NaN/Infinity and no member named twice in one object (400, each
repeated name listed at its pointer), integers within ±{config.MAX_JSON_INT} (422),
`legal-actions` pages of at most {config.LEGAL_ACTIONS_MAX_LIMIT} entries (default
{config.LEGAL_ACTIONS_DEFAULT_LIMIT}), at most {config.REPLAY_MAX_ACTIONS} actions per replay.
Work past a documented budget (the dabong! matcher's check and listing budgets) is a 422
`over-budget` problem (code `over_budget`) saying what to ask instead; behind the budgets, a request
that has used {config.REQUEST_CPU_SECONDS:g} s of CPU is stopped with the same problem (code
`cpu_limit`), so no request runs until the server kills it.
A table state the game finds impossible, or a request that breaks a rule OpenAPI cannot express
(a seat count outside the game's range, an option the game does not have) is a 422 listing every
problem.

Sealed tables (a server started with `TABLE_JUDGE_SEAL_KEYS`; `GET /v1/ready` says `seal`): states
are encrypted envelopes, `deal` answers `credentials` (one per seat and the host's), and every call
on a table names the caller in the `X-Table-Credential` header (security scheme `TableCredential`):
a seat may see and act only as itself and gets answers that name no card it may not see; the host
may act as any seat and sees everything. Missing: 401 `credential-missing`; not allowed: 403
`credential-refused`. `docs/security.md` in the repository states the threat model.
"""

#: The sealed-table credential, as a security scheme generated clients know how to send.
CREDENTIAL_SCHEME = {
    "type": "apiKey",
    "in": "header",
    "name": "X-Table-Credential",
    "description": (
        "Sealed servers only: a credential `deal` answered (a seat's or the host's). Several may be "
        "sent comma-separated when an action needs more than one seat's consent (a dabong! trade)."
    ),
}

OPERATION_BY_PATH_END = {
    "deal": "deal",
    "validate": "validate",
    "apply": "apply",
    "legal-actions": "legal-actions",
    "view": "view",
    "replay": "replay",
}


def finalize(doc: dict[str, Any], registry: Registry, *, sealed: bool = False) -> dict[str, Any]:
    """The finished document; ``sealed`` when the server seals tables (states are envelopes)."""
    games = list(registry)
    names = [g.name for g in games]
    doc.setdefault("info", {})["description"] = DESCRIPTION
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    _reason_codes(doc, schemas, games)
    _game_parameter(doc, names)
    _examples(doc, games)
    _reference_examples(doc, games)
    _problem_examples(doc)
    doc["components"].setdefault("securitySchemes", {})["TableCredential"] = CREDENTIAL_SCHEME
    effects = per_game_paths(doc, games, sealed=sealed)
    _sealed_table_security(doc)
    _effect_types(doc, schemas, effects)
    _problem_types(schemas)
    prune(doc, keep=OPEN_STRINGS)
    return doc


def _sealed_table_security(doc: dict[str, Any]) -> None:
    """Every operation on a table state may carry the credential (optional: open servers and a
    plain ``deal`` need none) and, on a sealed server, be refused as such: 401/403 for the
    credential, 409 for an envelope older than its table's latest, 503 for the head store down."""
    responses = doc["components"].setdefault("responses", {})
    problem = responses.get("BAD_REQUEST")
    if problem is not None:  # the same problem document, under the statuses' own phrases
        responses.setdefault("UNAUTHORIZED", {**problem, "description": "Unauthorized"})
        responses.setdefault("FORBIDDEN", {**problem, "description": "Forbidden"})
        responses.setdefault("CONFLICT", {**problem, "description": "Conflict"})
        responses.setdefault("SERVICE_UNAVAILABLE", {**problem, "description": "Service Unavailable"})
    for path, item in doc.get("paths", {}).items():
        if not path.startswith("/v1/games/") or path.count("/") != 4:
            continue
        for method, operation in item.items():
            if method == "post" and isinstance(operation, dict):
                operation["security"] = [{}, {"TableCredential": []}]
                responses = operation.setdefault("responses", {})
                responses.setdefault("401", {"$ref": "#/components/responses/UNAUTHORIZED"})
                responses.setdefault("403", {"$ref": "#/components/responses/FORBIDDEN"})
                # With a head store: an envelope older than its table's latest; the store down.
                responses.setdefault("409", {"$ref": "#/components/responses/CONFLICT"})
                responses.setdefault("503", {"$ref": "#/components/responses/SERVICE_UNAVAILABLE"})


#: Open strings with known values: documented, never a closed enum (a new value breaks no client).
OPEN_STRINGS = ("ReasonCode", "EffectType", "ProblemType")


def _effect_types(doc: dict[str, Any], schemas: dict[str, Any], table: dict[str, list[str]]) -> None:
    doc["x-effect-types"] = table
    known = sorted({name for names in table.values() for name in names})
    schemas["EffectType"] = {
        "type": "string",
        "description": (
            "An effect's `type`: a past-tense name such as `CardsPlayed`. An open set: the values "
            "listed are those known when this document was made (`x-effect-types` lists them per "
            "game); a client should keep an effect of a type it does not know."
        ),
        "examples": known,
    }


def _problem_types(schemas: dict[str, Any]) -> None:
    schemas["ProblemType"] = {
        "type": "string",
        "description": (
            "A problem's `type`, `urn:table-judge:problem:<slug>`. An open set: the values listed are "
            "those the service (and its gunicorn worker, before the app) answers today."
        ),
        "examples": [TYPE_PREFIX + slug for slug in PROBLEM_TYPES],
    }
    if "Problem" in schemas:
        schemas["Problem"]["properties"]["type"] = {"$ref": "#/components/schemas/ProblemType"}


def _reason_codes(doc: dict[str, Any], schemas: dict[str, Any], games: list[Any]) -> None:
    table = {
        g.name: [{"code": r.code, "rule_id": r.rule_id, "template": r.template} for r in g.reasons]
        for g in games
    }
    doc["x-reason-codes"] = table
    codes = sorted({entry["code"] for entries in table.values() for entry in entries})
    schemas["ReasonCode"] = {
        "type": "string",
        "description": (
            "A reason code (stable snake_case, never renamed). An open set: the values listed are "
            "every code the registered games give today, and a game may add codes, so a client "
            "should show the `message` of a code it does not know. `x-reason-codes` at the top of "
            "this document lists, per game, each code's rule id and message template."
        ),
        "examples": codes,
    }
    if "Reason" in schemas:
        schemas["Reason"]["properties"]["code"] = {"$ref": "#/components/schemas/ReasonCode"}


def _game_parameter(doc: dict[str, Any], names: list[str]) -> None:
    for item in doc.get("paths", {}).values():
        for param in item.get("parameters", []):
            if param.get("name") == "game" and param.get("in") == "path":
                param["description"] = "A game's registry name, as listed by `GET /v1/games`."
                if names:
                    param["schema"] = {"type": "string", "enum": names}
                    param["example"] = names[0]


def _examples(doc: dict[str, Any], games: list[Any]) -> None:
    paths = doc.get("paths", {})
    catalogue = catalogue_examples(games)
    _set_answer_example(paths.get("/v1/health", {}).get("get"), {"default": catalogue["health"]})
    _set_answer_example(paths.get("/v1/games", {}).get("get"), {"default": catalogue["games"]})
    per_game: dict[str, dict[str, Any]] = {}
    for game in games:
        try:
            per_game[game.name] = game_examples(game)
        except Exception:  # a game under construction must not take the document down
            log.exception("could not build OpenAPI examples for %s", game.name)
    describe = {name: ex["describe"][1] for name, ex in per_game.items()}
    _set_answer_example(paths.get("/v1/games/{game}", {}).get("get"), describe)
    for end, key in OPERATION_BY_PATH_END.items():
        operation = paths.get(f"/v1/games/{{game}}/{end}", {}).get("post")
        if operation is None:
            continue
        requests = {name: ex[key][0] for name, ex in per_game.items() if key in ex}
        answers = {name: ex[key][1] for name, ex in per_game.items() if key in ex}
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if content is not None and requests:
            content["examples"] = {name: {"summary": f"{name}", "value": v} for name, v in requests.items()}
        _set_answer_example(operation, answers)


def _reference_examples(doc: dict[str, Any], games: list[Any]) -> None:
    """Real answers of the rules reference (a search, one rule, one explanation) per game."""
    from .resources.reference import reference_examples

    paths = doc.get("paths", {})
    per_game: dict[str, dict[str, Any]] = {}
    for game in games:
        try:
            per_game[game.name] = reference_examples(game)
        except Exception:  # a game under construction must not take the document down
            log.exception("could not build rules reference examples for %s", game.name)
    for path, method, key in (
        ("/v1/games/{game}/rules", "get", "rules"),
        ("/v1/games/{game}/rules/search", "get", "search"),
        ("/v1/games/{game}/rules/{rule_id}", "get", "rule"),
        ("/v1/games/{game}/explain", "post", "explain"),
    ):
        operation = paths.get(path, {}).get(method)
        if operation is None:
            continue
        answers = {name: ex[key][1] for name, ex in per_game.items() if key in ex}
        _set_answer_example(operation, answers)
        if method == "post":
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            requests = {name: ex[key][0] for name, ex in per_game.items() if key in ex}
            if content is not None and requests:
                content["examples"] = {n: {"summary": n, "value": v} for n, v in requests.items()}
        else:
            values = {name: ex[key][0] for name, ex in per_game.items() if key in ex}
            _query_examples(operation, values)
            for param in paths[path].get("parameters", []):
                if param.get("name") == "rule_id":
                    param["description"] = (
                        "A stable rule id, as cited by a reason's, effect's or interpretation's `rule_id`."
                    )
                    _query_examples({"parameters": [param]}, values)


def _query_examples(operation: dict[str, Any], values: dict[str, Any]) -> None:
    """Each game's example parameter values, on the query and path parameters they fill."""
    for param in operation.get("parameters", []):
        found = {name: v[param["name"]] for name, v in values.items() if v and param.get("name") in v}
        if found and param.get("name") != "game":
            param["examples"] = {name: {"summary": name, "value": v} for name, v in found.items()}


def _set_answer_example(operation: dict[str, Any] | None, values: dict[str, Any]) -> None:
    if operation is None or not values:
        return
    content = operation.get("responses", {}).get("200", {}).get("content", {}).get("application/json")
    if content is not None:
        content["examples"] = {name: {"summary": name, "value": v} for name, v in values.items()}


def _problem_examples(doc: dict[str, Any]) -> None:
    responses = doc.get("components", {}).get("responses", {})
    for response in responses.values():
        content = response.get("content", {}).get(PROBLEM_CONTENT_TYPE)
        if content is None:
            continue
        status = _status_of(response.get("description", ""))
        example = PROBLEM_EXAMPLES.get(status) if status is not None else None
        if example is not None:
            content["example"] = example


_PHRASE_STATUS = {
    "Bad Request": "400",
    "Not Found": "404",
    "Request Entity Too Large": "413",
    "Content Too Large": "413",
    "Unsupported Media Type": "415",
    "Unprocessable Entity": "422",
    "Unprocessable Content": "422",
}


def _status_of(description: str) -> str | None:
    return _PHRASE_STATUS.get(description)
