"""Situations through HTTP: complete one (``POST .../situations``), or send one in place of a state.

The game reads and completes the situation (``Game.situations``, ``rules_core.kernel.situations``);
this module reads ``preset``/``options`` as ``deal`` does, points every problem under the
situation's member, and answers a moment no game can reach as such: with the reason and the
outcome the rules give, an answer at ``/situations`` and a 422 ``unreachable-situation`` where a
state was needed. A situation chooses the cards, so a sealed server takes none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.kernel import Game, InvalidInput, Problem
from rules_core.kernel.situations import Completion, SituationSpec, Unreachable

from . import state_io
from .answers import who_acts
from .problems import ApiProblem, prefixed

#: The member of a request that holds a situation.
MEMBER = "situation"


def spec_of(game: Game[Any], pointer: str) -> SituationSpec:
    spec: SituationSpec | None = game.situations
    if spec is None:
        message = f"{game.name} takes no situations yet: send a state"
        raise ApiProblem(
            "invalid-input", message, [Problem(pointer=pointer, code="no_situations", message=message)]
        )
    if state_io.sealer() is not None:
        message = "a situation chooses the cards: a sealed server takes none (docs/security.md)"
        raise ApiProblem(
            "credential-refused", message, [Problem(pointer=pointer, code="sealed_server", message=message)]
        )
    return spec


def complete(game: Game[Any], data: Any, pointer: str = f"/{MEMBER}") -> Completion[Any]:
    """The state ``data`` describes and what was assumed; ``Unreachable`` passes through."""
    spec = spec_of(game, pointer)
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        message = "a situation is an object"
        raise ApiProblem(
            "invalid-input", message, [Problem(pointer=pointer, code="wrong_type", message=message)]
        )
    options = None
    for name, kind, expected in (("preset", str, "a preset name"), ("options", Mapping, "an object")):
        if name in data and not isinstance(data[name], kind):
            problems.append(
                Problem(pointer=f"{pointer}/{name}", code="wrong_type", message=f"expected {expected}")
            )
    if not problems:
        try:
            options = game.options_for(data.get("preset"), data.get("options"), "/options")
        except InvalidInput as exc:
            problems.extend(prefixed(exc.problems, pointer))
    facts, reader = spec.read(data, game.max_seats)
    problems.extend(prefixed(reader.problems, pointer))
    if problems:
        raise _invalid(problems)
    try:
        return spec.complete(facts, options)
    except InvalidInput as exc:
        raise _invalid(prefixed(exc.problems, pointer)) from None


def _invalid(problems: list[Problem]) -> ApiProblem:
    detail = f"{len(problems)} problem(s) found; each is listed with a JSON pointer into the request body"
    return ApiProblem("invalid-input", detail, problems)


def unreachable_json(exc: Unreachable, pointer: str = f"/{MEMBER}") -> dict[str, Any]:
    return {
        "reason": exc.reason,
        "rule_id": exc.rule_id,
        "pointer": f"{pointer}{exc.pointer}",
        "outcome": exc.outcome.to_json() if exc.outcome is not None else None,
    }


def unreachable_problem(exc: Unreachable, pointer: str = f"/{MEMBER}") -> ApiProblem:
    """Where a state was needed: a 422 naming why no game reaches it, and what happens instead."""
    found = unreachable_json(exc, pointer)
    return ApiProblem(
        "unreachable-situation",
        exc.reason,
        [Problem(pointer=found["pointer"], code="unreachable", message=exc.reason)],
        extra={"rule_id": exc.rule_id, "outcome": found["outcome"]},
    )


def state_of(game: Game[Any], body: Mapping[str, Any]) -> tuple[Any, list[dict[str, str]]]:
    """The state a request's ``situation`` completes to, and its assumptions (as JSON)."""
    try:
        completion = complete(game, body[MEMBER])
    except Unreachable as exc:
        raise unreachable_problem(exc) from None
    return completion.state, [a.to_json() for a in completion.assumptions]


def situation_answer(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    """``POST .../situations``: the completed state and every assumption, or why none exists."""
    try:
        completion = complete(game, body[MEMBER])
    except Unreachable as exc:
        return {"reachable": False, **unreachable_json(exc)}
    state = completion.state
    return {
        "reachable": True,
        "state": game.state_to_json(state),
        "assumptions": [a.to_json() for a in completion.assumptions],
        **who_acts(game, state),
        "over": game.is_over(state),
    }
