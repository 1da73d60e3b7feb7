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
    WorkBudgetExceeded,
    check_conservation,
)

from . import paging, situations, state_io
from .answers import who_acts
from .credentials import Caller, CredentialError, require_host, require_seats
from .encoding import NOBODY, effects_json, legal_entry_json, verdict_json
from .problems import ApiProblem, prefixed, schema_problems


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


def budget_pointer(body: Any) -> str:
    """Where a refusal for work past a budget points: the table the body gave, a state or a
    seat's view (suggest)."""
    return "/view" if isinstance(body, dict) and "view" in body and "state" not in body else "/state"


def over_budget_problem(exc: Exception, body: Any) -> ApiProblem:
    """The 422 ``over-budget`` problem of a request (``body``) stopped for its work: a work budget
    (``WorkBudgetExceeded``, code ``over_budget``) or the CPU limit behind them (``cpu_limit``)."""
    code = "over_budget" if isinstance(exc, WorkBudgetExceeded) else "cpu_limit"
    return ApiProblem(
        "over-budget", str(exc), [Problem(pointer=budget_pointer(body), code=code, message=str(exc))]
    )


def schema_refusal(game: Game[Any] | None, messages: Any, body: Any) -> ApiProblem:
    """A body its request schema refused: a 422 listing the schema's problems (marshmallow's
    ``messages``) and, when a table state came along that the schema did not name, the game's."""
    problems = schema_problems(messages)
    inner = messages.get("json", messages) if isinstance(messages, dict) else {}
    state_named = isinstance(inner, dict) and "state" in inner
    state = body.get("state") if isinstance(body, dict) else None
    if game is not None and isinstance(state, dict) and not state_named:
        read_state(game, state, "/state", problems)
    detail = f"{len(problems)} problem(s) found; each is listed with a JSON pointer into the request body"
    return ApiProblem("invalid-request", detail, problems)


def read_state(
    game: Game[Any], data: Any, prefix: str, problems: list[Problem], *, moves: bool = False
) -> Any:
    """Decode a state (opening its seal first when tables are sealed), adding its problems
    (re-pointed under ``prefix``) to ``problems``. ``moves``: the request makes the table's next
    move (its envelope is checked against the head store when the move is recorded)."""
    data = state_io.unseal(game, data, prefix, problems, moves=moves)
    if data is None:
        return None
    try:
        return game.state_from_json(data)
    except InvalidInput as exc:
        problems.extend(prefixed(exc.problems, prefix))
        return None


def authorized(check: Any) -> None:
    """Run a sealed table's credential check (``service.credentials``) as a 401/403 problem."""
    try:
        check()
    except CredentialError as exc:
        raise state_io.refusal(exc) from None


def acting_viewer(
    game: Game[Any], state: Any, action: Action, caller: Caller | None, *, applied: bool
) -> int | None:
    """Check that ``caller`` may act as every seat ``action`` needs; the viewer its answer is
    shaped for: None (everything) in open mode and for the host; for a seat, the seat acting
    when the action is applied, nobody's private fields when it is only judged."""
    if caller is None:
        return None
    seats = game.consenting_seats(state, action)
    authorized(lambda: require_seats(caller, seats, "/action/seat", "acting for the table"))
    if caller.host:
        return None
    return action.seat if applied else NOBODY


def seat_viewer(caller: Caller | None, seat: int, pointer: str, doing: str) -> int | None:
    """Check that ``caller`` may see as ``seat``; the viewer (None: open mode or the host)."""
    if caller is None:
        return None
    authorized(lambda: require_seats(caller, (seat,), pointer, doing))
    return None if caller.host else seat


def read_action(game: Game[Any], data: Any, pointer: str, problems: list[Problem]) -> Action | None:
    try:
        return game.action_from_json(data, pointer)
    except InvalidInput as exc:
        problems.extend(exc.problems)
        return None


def _state_answer(game: Game[Any], state: Any, viewer: int | None = None) -> dict[str, Any]:
    return {
        "state": state_io.emit(game, game.state_to_json(state), over=game.is_over(state)),
        **who_acts(game, state, viewer),
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
    made = state_io.credentials()
    base = 0
    if made is not None:
        base = _sealed_deal_base(game, body)
    elif "table" in body:
        problem = Problem(pointer="/table", code="not_sealed", message="this server does not seal tables")
        raise ApiProblem("invalid-input", "'table' is for a new deal at a sealed table", [problem])
    try:
        state = deal_state(game, body)
    except InvalidInput as exc:
        raise problem_for(exc.problems) from None
    if made is None:
        return _state_answer(game, state)
    table_id = state_io.new_table(base)
    answer = _state_answer(game, state)
    answer["credentials"] = made.for_table(table_id, game.seat_count(state))
    return answer


def _sealed_deal_base(game: Game[Any], body: Mapping[str, Any]) -> int:
    """On a sealed server a plain deal starts a new table with a random deck. ``seed`` and
    ``deck_order`` choose the deck, so only a table's host may give them, for a new deal at its
    table (``table``: its latest envelope); the new game continues the table's move numbering."""
    chooses = [name for name in ("seed", "deck_order") if name in body]
    if "table" not in body:
        if chooses:
            message = (
                f"'{chooses[0]}' chooses the deck: on a sealed server only a table's host may, for a new "
                "deal at its table (send 'table', the table's latest envelope, and the host's credential)"
            )
            raise ApiProblem(
                "credential-refused",
                message,
                [Problem(pointer=f"/{chooses[0]}", code="host_only", message=message)],
            )
        return 0
    problems: list[Problem] = []
    if state_io.unseal(game, body["table"], "/table", problems, moves=True) is None:
        raise problem_for(problems, "invalid-state")
    caller = state_io.caller()
    assert caller is not None
    authorized(lambda: require_host(caller, "a new deal at a table", "/table"))
    return int(state_io.current_move()) + 1


def read_table(
    game: Game[Any], body: Mapping[str, Any], problems: list[Problem], *, moves: bool = False
) -> tuple[Any, list[dict[str, str]] | None]:
    """The state of a request's ``state``, or of its ``situation`` completed, with what the
    completion assumed (None for a state)."""
    if situations.MEMBER in body:
        return situations.state_of(game, body)
    return read_state(game, body["state"], "/state", problems, moves=moves), None


def with_assumptions(answer: dict[str, Any], assumed: list[dict[str, str]] | None) -> dict[str, Any]:
    """The answer to a request that sent a situation says what its completion assumed."""
    if assumed is not None:
        answer["assumptions"] = assumed
    return answer


def read_state_and_action(
    game: Game[Any], body: Mapping[str, Any], *, applied: bool
) -> tuple[Any, Action, int | None, list[dict[str, str]] | None]:
    """The state (or situation) and action of a validate/apply/explain body, the viewer of its
    answer (the caller's credentials checked first on a sealed table) and the assumptions."""
    problems: list[Problem] = []
    state, assumed = read_table(game, body, problems, moves=applied)
    caller = state_io.caller() if state is not None else None
    action = read_action(game, body["action"], "/action", problems)
    _raise(problems, state_only=action is not None)
    assert action is not None
    return state, action, acting_viewer(game, state, action, caller, applied=applied), assumed


def validate(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    """The verdict; with ``voice: "player"`` also the player sentences (and, refused, ``legal_under``)
    that ``explain`` gives in that voice."""
    state, action, viewer, assumed = read_state_and_action(game, body, applied=False)
    if body.get("voice", "plain") == "player":
        from .voice import player_voice  # flask's app context: only this voice needs it

        with state_found_invalid("/state"):
            outcome = game.resolve(state, action)
        answer = verdict_json(outcome.verdict, viewer, game)
        answer.update(player_voice(game, state, action, outcome, viewer))
        return with_assumptions(answer, assumed)
    with state_found_invalid("/state"):
        verdict = game.validate(state, action)
    return with_assumptions(verdict_json(verdict, viewer, game), assumed)


def apply(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    state, action, viewer, assumed = read_state_and_action(game, body, applied=True)
    with state_found_invalid("/state"):
        outcome = game.apply(state, action)
    verdict = verdict_json(outcome.verdict, viewer, game)
    if not outcome.verdict.legal or outcome.state is None:
        codes = ", ".join(r["code"] for r in verdict["reasons"]) or "no reason given"
        raise ApiProblem(
            "illegal-action",
            f"the action is not legal now ({codes}); nothing was applied",
            [Problem(pointer="/action", code=r["code"], message=r["message"]) for r in verdict["reasons"]],
            extra={"verdict": verdict},
        )
    answer = _state_answer(game, outcome.state, viewer)
    answer.update({"verdict": verdict, "effects": verdict["effects"]})
    return with_assumptions(answer, assumed)


def legal_actions(game: Game[Any], body: Mapping[str, Any], limits: Limits) -> dict[str, Any]:
    problems: list[Problem] = []
    state, assumed = read_table(game, body, problems)
    caller = state_io.caller() if state is not None else None
    seat = body.get("seat")
    as_seat = caller is not None and not caller.host
    if as_seat:
        if seat is None:
            message = "a seat's credential lists that seat's actions: give 'seat'"
            raise ApiProblem(
                "credential-refused",
                message,
                [Problem(pointer="/seat", code="seat_required", message=message)],
            )
        seat_viewer(caller, seat, "/seat", f"listing seat {seat}'s actions")
    if state is not None and seat is not None and seat >= game.seat_count(state):
        problems.append(
            Problem(
                pointer="/seat", code="no_such_seat", message=f"the table has {game.seat_count(state)} seats"
            )
        )
    _raise(problems, state_only=True)
    table = body["state"] if assumed is None else {situations.MEMBER: body[situations.MEMBER]}
    types = frozenset(body["types"]) if body.get("types") else None
    patterns = frozenset(body["patterns"]) if body.get("patterns") else None
    filtered = types is not None or patterns is not None
    # A seat's own listing may leave out what the host's lists (trades), and a filtered one
    # is another listing: each has its own cursors.
    listing = ["seat", seat] if as_seat else seat
    if filtered:
        listing = [listing, sorted(types or ()), sorted(patterns or ())]
    print_ = paging.fingerprint(table, listing)
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
    if filtered:
        page = game.filtered_listing(
            state, seat, offset=offset, limit=limit, types=types, patterns=patterns, for_seat=as_seat
        )
    elif as_seat:
        assert seat is not None  # a seat's credential was refused above without one
        page = game.seat_listing(state, seat, offset=offset, limit=limit)
    else:
        page = game.legal_actions(state, seat, offset=offset, limit=limit)
    next_cursor = paging.encode(page.next_offset, print_) if page.next_offset is not None else None
    answer = {
        "actions": [legal_entry_json(e) for e in page.entries],
        "total_entries": page.total_entries,
        "total_actions": page.total_actions,
        "next_cursor": next_cursor,
    }
    return with_assumptions(answer, assumed)


def view(game: Game[Any], body: Mapping[str, Any]) -> dict[str, Any]:
    problems: list[Problem] = []
    state = read_state(game, body["state"], "/state", problems)
    seat = body["seat"]
    if state is not None:
        seat_viewer(state_io.caller(), seat, "/seat", f"seat {seat}'s view")
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
    sealed = state_io.credentials() is not None
    if "state" in body:
        state = read_state(game, body["state"], "/state", problems, moves=True)
        caller = state_io.caller() if state is not None else None
        if caller is not None:
            authorized(lambda: require_host(caller, "replaying several seats' actions"))
    elif sealed:
        message = "a sealed table is dealt by deal; replay from its envelope with the host's credential"
        raise ApiProblem(
            "credential-refused", message, [Problem(pointer="/deal", code="host_only", message=message)]
        )
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
            failed = {"index": index, "verdict": verdict_json(outcome.verdict, game=game)}
            break
        state = outcome.state
        steps.append(
            {"index": index, "action": action.to_json(), "effects": effects_json(outcome.verdict.effects)}
        )
    return {
        "completed": failed is None,
        "final_state": state_io.emit(game, game.state_to_json(state), over=game.is_over(state)),
        **who_acts(game, state),
        "over": game.is_over(state),
        "steps": steps,
        "failed": failed,
    }
