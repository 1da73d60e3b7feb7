"""The ``suggest`` operation: a seat's CPU player, fed only that seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.bots import Level
from rules_core.kernel import Game, InvalidInput, Problem

from .operations import problem_for, read_state
from .problems import ApiProblem, prefixed

#: What a bot may raise on a view that no game could show. A client's own view is not validated
#: like a state (a view hides what validation needs), so any failure reading it is the view's.
_VIEW_ERRORS = (Exception,)


def suggest(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    bot = game.bot
    if bot is None:
        raise ApiProblem("no-bot", f"{game.name} has no CPU player")
    seat = body["seat"]
    problems: list[Problem] = []
    if "state" in body:
        state = read_state(game, body["state"], "/state", problems)
        if state is not None and seat >= game.seat_count(state):
            problems.append(
                Problem(
                    pointer="/seat",
                    code="no_such_seat",
                    message=f"the table has {game.seat_count(state)} seats",
                )
            )
        if problems:
            raise problem_for(problems)
        view = game.view(state, seat)
        optional = body["optional"] or seat not in game.to_act(state) or _not_waited(state, seat)
    else:
        view = body["view"]
        if view.get("viewer") != seat:
            problem = Problem(
                pointer="/view/viewer", code="wrong_viewer", message=f"this is not seat {seat}'s view"
            )
            raise ApiProblem("invalid-view", "the view is not the seat's own", [problem])
        optional = body["optional"]
    level = Level(body["level"])
    try:
        suggestion = bot.suggest(view, seat, level, seed=body["seed"], optional=optional)
    except InvalidInput as exc:
        raise ApiProblem(
            "invalid-view", "the view is not one this game could show", prefixed(exc.problems, "/view")
        ) from None
    except _VIEW_ERRORS as exc:
        problem = Problem(pointer="/view", code="invalid_view", message=str(exc)[:300] or type(exc).__name__)
        raise ApiProblem("invalid-view", "the view is not one this game could show", [problem]) from None
    if suggestion is None:
        return {
            "action": None,
            "rationale": f"seat {seat} has nothing to do now",
            "level": level.value,
            "seat": seat,
        }
    return {
        "action": suggestion.action.to_json(),
        "rationale": suggestion.rationale,
        "level": suggestion.level.value,
        "seat": seat,
    }


def _not_waited(state: Any, seat: int) -> bool:
    """True when another seat is the one ordinary play waits for (the seat's chance is optional)."""
    turn = getattr(state, "turn", None)
    return isinstance(turn, int) and turn != seat
