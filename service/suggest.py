"""The ``suggest`` operation: a seat's CPU player, fed only that seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_core.bots import Level
from rules_core.kernel import Game, InvalidInput, Problem, WorkBudgetExceeded

from . import situations, state_io
from .jsonbody import escape
from .operations import problem_for, read_table, seat_viewer, with_assumptions
from .problems import ApiProblem, prefixed

#: What reading a malformed view raises in a bot (a member missing or of the wrong type, a bad
#: card or number, a list too short). A client's own view is not validated like a state (a
#: view hides what validation needs), so on a client's view these are the view's fault; any
#: other exception, and any at all on a view the service made from a state it read, is a bug
#: in the bot and answered as one (a logged 500), never blamed on the client.
_VIEW_READ_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError)


class BotFailed(RuntimeError):
    """A bot refused a view the service made itself: a bug, answered with a logged 500."""


def suggest(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    bot = game.bot
    if bot is None:
        raise ApiProblem("no-bot", f"{game.name} has no CPU player")
    seat = body["seat"]
    problems: list[Problem] = []
    assumed = None
    if "state" in body or situations.MEMBER in body:
        state, assumed = read_table(game, body, problems)
        if state is not None:
            seat_viewer(state_io.caller(), seat, "/seat", f"a suggestion for seat {seat}")
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
        # Optional when play does not wait for this seat (its chance is out of turn).
        optional = body["optional"] or seat not in game.to_act(state) or game.waits_for(state) != seat
    else:
        if state_io.sealer() is not None:
            # A view a client wrote is no proof of a seat: the bot's answer would be an oracle.
            message = "this server only accepts sealed states: send the envelope as 'state', not a 'view'"
            problem = Problem(pointer="/view", code="state_not_sealed", message=message)
            raise ApiProblem("invalid-state", message, [problem])
        view = body["view"]
        if view.get("viewer") != seat:
            problem = Problem(
                pointer="/view/viewer", code="wrong_viewer", message=f"this is not seat {seat}'s view"
            )
            raise ApiProblem("invalid-view", "the view is not the seat's own", [problem])
        shape = _shape_problems(game, view)
        if shape:
            raise ApiProblem("invalid-view", "the view is not one this game could show", shape)
        optional = body["optional"]
    level = Level(body["level"])
    from_state = "state" in body or situations.MEMBER in body
    try:
        suggestion = bot.suggest(view, seat, level, seed=body["seed"], optional=optional)
    except WorkBudgetExceeded:
        raise  # the app answers it: 422 over-budget, as for every other operation
    except (InvalidInput, *_VIEW_READ_ERRORS) as exc:
        if from_state:
            raise BotFailed(f"{game.name} bot failed on a view of a valid state: {exc!r}") from exc
        raise _invalid_view(exc) from None
    if suggestion is None:
        answer = {
            "action": None,
            "rationale": f"seat {seat} has nothing to do now",
            "level": level.value,
            "seat": seat,
        }
    else:
        answer = {
            "action": suggestion.action.to_json(),
            "rationale": suggestion.rationale,
            "level": suggestion.level.value,
            "seat": seat,
        }
    return with_assumptions(answer, assumed)


def _shape_problems(game: Game[Any], view: Mapping[str, Any]) -> list[Problem]:
    """The members a client's view lacks or adds, against a view the game shows (every view of
    a game has the same members, so the view of any dealt table serves)."""
    options = game.options_for(None, None)
    dealt = game.deal(seats=game.min_seats, options=options, seed=0, deck_order=None)
    members = game.view(dealt, 0)
    problems = [
        Problem(pointer=f"/view/{escape(key)}", code="missing", message=f"a {game.name} view has {key!r}")
        for key in members
        if key not in view
    ]
    problems += [
        Problem(pointer=f"/view/{escape(str(key))}", code="unknown_field", message=f"unknown field {key!r}")
        for key in view
        if key not in members
    ]
    return problems


def _invalid_view(exc: Exception) -> ApiProblem:
    """A client's view that its game's bot could not read: the game's own problems when it gave
    some, else the reading error at ``/view``."""
    if isinstance(exc, InvalidInput) and exc.problems:
        problems = prefixed(exc.problems, "/view")
    else:
        text = str(exc) if not isinstance(exc, KeyError) else f"no member {exc}"
        problems = [Problem(pointer="/view", code="invalid_view", message=text or type(exc).__name__)]
    return ApiProblem("invalid-view", "the view is not one this game could show", problems)
