"""Real request/answer examples for the OpenAPI document, produced by the games themselves.

Each example is a request run through ``service.operations`` on a fixed seed,
so the published examples are the service's actual answers.
"""

from __future__ import annotations

import copy
from typing import Any

from rules_core.kernel import Game

from . import operations
from .encoding import game_detail, game_summary
from .version import __version__

EXAMPLE_SEED = 20261201
EXAMPLE_LIMITS = operations.Limits(legal_default=200, legal_max=1000, replay_max=5000)

#: (operation id used in the paths, request body or None, answer)
Example = tuple[dict[str, Any] | None, Any]


def game_examples(game: Game[Any]) -> dict[str, Example]:
    """Examples for every operation on ``game`` (keyed by the path's last segment)."""
    deal_body = {"seats": game.min_seats, "seed": EXAMPLE_SEED}
    dealt = operations.deal(game, deal_body)
    state = dealt["state"]
    first = operations.legal_actions(game, {"state": state, "limit": 1}, EXAMPLE_LIMITS)
    out: dict[str, Example] = {
        "describe": (None, game_detail(game)),
        "deal": (deal_body, dealt),
    }
    legal_body = {"state": state, "limit": 3}
    out["legal-actions"] = (legal_body, operations.legal_actions(game, legal_body, EXAMPLE_LIMITS))
    view_body = {"state": state, "seat": 0}
    out["view"] = (view_body, operations.view(game, view_body))
    if first["actions"]:
        action = first["actions"][0]["action"]
        body = {"state": state, "action": action}
        out["validate"] = (body, operations.validate(game, copy.deepcopy(body)))
        out["apply"] = (body, operations.apply(game, copy.deepcopy(body)))
        replay_body = {"deal": deal_body, "actions": [action]}
        out["replay"] = (replay_body, operations.replay(game, replay_body, EXAMPLE_LIMITS))
    return out


def catalogue_examples(games: list[Game[Any]]) -> dict[str, Any]:
    return {
        "health": {"status": "ok", "games": [g.name for g in games], "version": __version__},
        "games": {"games": [game_summary(g) for g in games]},
    }


PROBLEM_EXAMPLES: dict[str, dict[str, Any]] = {
    "400": {
        "type": "urn:table-judge:problem:malformed-json",
        "title": "The body is not acceptable JSON",
        "status": 400,
        "detail": "NaN is not JSON: numbers must be finite",
        "errors": [],
    },
    "404": {
        "type": "urn:table-judge:problem:unknown-game",
        "title": "No such game",
        "status": 404,
        "detail": "no game named 'chess' (games: 99, dobon, dabong)",
        "errors": [],
    },
    "413": {
        "type": "urn:table-judge:problem:body-too-large",
        "title": "Request body too large",
        "status": 413,
        "detail": "the body is larger than 262144 bytes",
        "errors": [],
    },
    "415": {
        "type": "urn:table-judge:problem:unsupported-media-type",
        "title": "The body must be JSON",
        "status": 415,
        "detail": "Content-Type is text/plain; send application/json",
        "errors": [],
    },
    "422": {
        "type": "urn:table-judge:problem:invalid-state",
        "title": "Impossible table state",
        "status": 422,
        "detail": "2 problem(s) found; each is listed with a JSON pointer into the request body",
        "errors": [
            {"pointer": "/state/hands/1/0", "code": "unknown_card", "message": "'ZZ' is not a card"},
            {"pointer": "/state/turn", "code": "out_of_range", "message": "7 is outside 0..3"},
        ],
    },
}
