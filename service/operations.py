"""The operations, as translations between request JSON and the ``Game`` interface.

Each function takes a game and an already schema-checked body and returns the
answer body, or raises ``ApiProblem``. They hold no rule logic: what is legal,
what a state may contain and what a seat may see is decided by the game.
They are plain functions so the OpenAPI examples are produced by the same code.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from rules_core.kernel import (
    MAX_SEED,
    Action,
    Game,
    InvalidInput,
    JsonReader,
    Problem,
    StateInvalid,
    check_conservation,
)

from . import paging, state_io
from .encoding import effects_json, legal_entry_json, verdict_json
from .problems import ApiProblem, prefixed


@dataclass(frozen=True, slots=True, kw_only=True)
class Limits:
    legal_default: int
    legal_max: int
    replay_max: int


def _raise(problems: list[Problem], *, state_only: bool) -> None:
    if problems:
        raise problem_for(problems, "invalid-state" if state_only else "invalid-input")


@contextmanager
def state_found_invalid(prefix: str) -> Iterator[None]:
    """A game may find a state impossible only while adjudicating (dabong!'s take-back proves
    the log entry it undoes): the same invalid-state 422, pointed under ``prefix``."""
    try:
        yield
    except StateInvalid as exc:
        raise problem_for(prefixed(exc.problems, prefix), "invalid-state") from None


def problem_for(problems: Any, slug: str = "invalid-input") -> ApiProblem:
    """A 422 problem listing ``problems`` (never an empty list: an error always says why)."""
    listed = list(problems) or [Problem(pointer="/", code="invalid", message="the request was refused")]
    detail = f"{len(listed)} problem(s) found; each is listed with a JSON pointer into the request body"
    return ApiProblem(slug, detail, listed)


def read_state(game: Game[Any], data: Any, prefix: str, problems: list[Problem]) -> Any:
    """Decode a state (opening its seal first when tables are sealed), adding its problems
    (re-pointed under ``prefix``) to ``problems``."""
    data = state_io.unseal(game, data, prefix, problems)
    if data is None:
        return None
    try:
        return game.state_from_json(data)
    except InvalidInput as exc:
        problems.extend(prefixed(exc.problems, prefix))
        return None


def read_action(game: Game[Any], data: Any, pointer: str, problems: list[Problem]) -> Action | None:
    try:
        return game.action_from_json(data, pointer)
    except InvalidInput as exc:
        problems.extend(exc.problems)
        return None


def _state_answer(game: Game[Any], state: Any) -> dict[str, Any]:
    return {
        "state": state_io.emit(game, game.state_to_json(state)),
        "to_act": list(game.to_act(state)),
        "over": game.is_over(state),
    }


def deal_state(game: Game[Any], body: Mapping[str, Any]) -> Any:
    """The first state; problems are pointed relative to ``body`` (a deal request)."""
    reader = JsonReader()
    seats = body["seats"]
    if not game.min_seats <= seats <= game.max_seats:
        reader.add(
            "/seats", "seats_out_of_range", f"{game.name} takes {game.min_seats} to {game.max_seats} seats"
        )
    options = None
    try:
        options = game.options_for(body.get("preset"), body.get("options"), "/options")
    except InvalidInput as exc:
        reader.problems.extend(exc.problems)
    deck_order = None
    if "deck_order" in body:
        cards = reader.cards(body, "deck_order", "", game.deck)
        if len(cards) == len(body["deck_order"]):
            check_conservation(reader, game.deck, [(f"/deck_order/{i}", [c]) for i, c in enumerate(cards)])
            deck_order = cards
    if reader.problems:
        raise InvalidInput(reader.problems, "invalid deal")
    seed = body["seed"] if "seed" in body else secrets.randbelow(MAX_SEED + 1)
    return game.deal(seats=seats, options=options, seed=seed, deck_order=deck_order)


def deal(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    try:
        state = deal_state(game, body)
    except InvalidInput as exc:
        raise problem_for(exc.problems) from None
    return _state_answer(game, state)


def validate(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    problems: list[Problem] = []
    state = read_state(game, body["state"], "/state", problems)
    action = read_action(game, body["action"], "/action", problems)
    _raise(problems, state_only=action is not None)
    with state_found_invalid("/state"):
        verdict = game.validate(state, action)  # type: ignore[arg-type]
    return verdict_json(verdict)


def apply(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    problems: list[Problem] = []
    state = read_state(game, body["state"], "/state", problems)
    action = read_action(game, body["action"], "/action", problems)
    _raise(problems, state_only=action is not None)
    with state_found_invalid("/state"):
        outcome = game.apply(state, action)  # type: ignore[arg-type]
    verdict = verdict_json(outcome.verdict)
    if not outcome.verdict.legal or outcome.state is None:
        codes = ", ".join(r["code"] for r in verdict["reasons"]) or "no reason given"
        raise ApiProblem(
            "illegal-action",
            f"the action is not legal now ({codes}); nothing was applied",
            [Problem(pointer="/action", code=r["code"], message=r["message"]) for r in verdict["reasons"]],
            extra={"verdict": verdict},
        )
    answer = _state_answer(game, outcome.state)
    answer.update({"verdict": verdict, "effects": verdict["effects"]})
    return answer


def legal_actions(game: Game[Any], body: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    problems: list[Problem] = []
    state = read_state(game, body["state"], "/state", problems)
    seat = body.get("seat")
    if state is not None and seat is not None and seat >= game.seat_count(state):
        problems.append(
            Problem(
                pointer="/seat", code="no_such_seat", message=f"the table has {game.seat_count(state)} seats"
            )
        )
    _raise(problems, state_only=True)
    print_ = paging.fingerprint(body["state"], seat)
    offset = 0
    if body.get("cursor") is not None:
        try:
            offset = paging.decode(body["cursor"], print_)
        except paging.CursorInvalid as exc:
            raise ApiProblem("invalid-input", str(exc), [exc.problem]) from None
    limit = body.get("limit", limits.legal_default)
    if limit > limits.legal_max:
        problem = Problem(
            pointer="/limit", code="out_of_range", message=f"at most {limits.legal_max} per page"
        )
        raise ApiProblem("invalid-input", f"limit above {limits.legal_max}", [problem])
    page = game.legal_actions(state, seat, offset=offset, limit=limit)
    next_cursor = paging.encode(page.next_offset, print_) if page.next_offset is not None else None
    return {
        "actions": [legal_entry_json(e) for e in page.entries],
        "total_entries": page.total_entries,
        "total_actions": page.total_actions,
        "next_cursor": next_cursor,
    }


def view(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    problems: list[Problem] = []
    state = read_state(game, body["state"], "/state", problems)
    seat = body["seat"]
    if state is not None and seat >= game.seat_count(state):
        problems.append(
            Problem(
                pointer="/seat", code="no_such_seat", message=f"the table has {game.seat_count(state)} seats"
            )
        )
    _raise(problems, state_only=True)
    return {"view": game.view(state, seat)}


def replay(game: Game[Any], body: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    """Apply ``actions`` in order from a state or a deal, stopping at the first illegal one."""
    raw_actions = body["actions"]
    if len(raw_actions) > limits.replay_max:
        raise ApiProblem(
            "replay-too-long",
            f"{len(raw_actions)} actions; at most {limits.replay_max} per request",
            [Problem(pointer="/actions", code="too_long", message=f"at most {limits.replay_max} actions")],
        )
    problems: list[Problem] = []
    state = None
    if "state" in body:
        state = read_state(game, body["state"], "/state", problems)
    else:
        try:
            state = deal_state(game, body["deal"])
        except InvalidInput as exc:
            problems.extend(prefixed(exc.problems, "/deal"))
    actions = [read_action(game, raw, f"/actions/{i}", problems) for i, raw in enumerate(raw_actions)]
    _raise(problems, state_only=False)
    steps: list[dict[str, Any]] = []
    failed = None
    for index, action in enumerate(actions):
        assert action is not None
        with state_found_invalid("/state" if "state" in body else "/deal"):
            outcome = game.apply(state, action)
        if not outcome.verdict.legal or outcome.state is None:
            failed = {"index": index, "verdict": verdict_json(outcome.verdict)}
            break
        state = outcome.state
        steps.append(
            {"index": index, "action": action.to_json(), "effects": effects_json(outcome.verdict.effects)}
        )
    return {
        "completed": failed is None,
        "final_state": state_io.emit(game, game.state_to_json(state)),
        "to_act": list(game.to_act(state)),
        "over": game.is_over(state),
        "steps": steps,
        "failed": failed,
    }
