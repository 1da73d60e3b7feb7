"""A fast path past webargs for the hot request bodies, with marshmallow as the judge.

The schemas of ``service.schemas`` document every request body, and webargs loads each
body through them. For the bodies of ``validate``, ``apply``, ``legal-actions`` and
``view`` that costs more than the rest of the request layer put together, although the
only big member, ``state``, is passed through untouched (the game reads it).

``fast_arguments(loader)`` wraps a flask-smorest view (outside ``blp.arguments``): the
``loader`` accepts only bodies that are plainly valid under the schema (exact JSON types,
values inside every bound) and returns exactly what ``schema.load`` returns for them
(the game's own copy, ``service.schemas_games``: its seats, its deck's cards and suits);
for anything else it returns ``None`` and the request takes the documented path
(webargs, marshmallow, the problem listing of ``GuardedParser.handle_error``), so every
refusal is the one marshmallow gives. The loaders are conservative: a body they do not
recognise costs one extra look, never a different answer.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from flask import current_app, g, request

from .config import LEGAL_ACTIONS_MAX_LIMIT
from .schemas import MAX_CARDS_IN_LIST
from .schemas_games import GameFacts

Loader = Callable[[Any, GameFacts], "dict[str, Any] | None"]

#: ``ActionSchema``'s fields in their declared order (marshmallow loads them in this order).
ACTION_FIELDS = ("type", "seat", "cards", "suit", "declare", "value", "top")
_ACTION_FIELD_SET = frozenset(ACTION_FIELDS)


def _seat(value: Any, facts: GameFacts) -> bool:
    return type(value) is int and 0 <= value < facts.max_seats


def _card(value: Any, facts: GameFacts) -> bool:
    return type(value) is str and value in facts.cards


def load_action(data: Any, facts: GameFacts) -> dict[str, Any] | None:
    """The game's ``ActionSchema`` load of a plainly valid action, else None."""
    if type(data) is not dict:
        return None
    kind = data.get("type")
    if type(kind) is not str or not 1 <= len(kind) <= 40:
        return None
    seat = data.get("seat")
    if not _seat(seat, facts):
        return None
    out: dict[str, Any] = {"type": kind, "seat": seat}
    if len(data) == 2:
        return out
    if "cards" in data:
        cards = data["cards"]
        if type(cards) is not list or len(cards) > MAX_CARDS_IN_LIST:
            return None
        for card in cards:
            if type(card) is not str or card not in facts.cards:
                return None
        out["cards"] = list(cards)
    if "suit" in data:
        suit = data["suit"]
        if suit is not None and (type(suit) is not str or suit not in facts.suits):
            return None
        out["suit"] = suit
    if "declare" in data:
        declare = data["declare"]
        if declare is not None:
            if type(declare) is not dict:
                return None
            for key, value in declare.items():
                if not (_card(key, facts) and _card(value, facts)):
                    return None
            declare = dict(declare)
        out["declare"] = declare
    if "value" in data:
        value = data["value"]
        if value is not None and not (type(value) is int and 0 <= value <= 10_000):
            return None
        out["value"] = value
    if "top" in data:
        top = data["top"]
        if top is not None and not _card(top, facts):
            return None
        out["top"] = top
    # ``unknown = INCLUDE``: other members are passed through as they are.
    for key, value in data.items():
        if key not in _ACTION_FIELD_SET:
            out[key] = value
    return out


def state_action(body: Any, facts: GameFacts) -> dict[str, Any] | None:
    """``StateActionRequestSchema``: exactly ``state`` (an object) and ``action``."""
    if type(body) is not dict or len(body) != 2:
        return None
    state = body.get("state")
    if type(state) is not dict:
        return None
    action = load_action(body.get("action"), facts)
    if action is None:
        return None
    return {"state": state, "action": action}


def state_view(body: Any, facts: GameFacts) -> dict[str, Any] | None:
    """``ViewRequestSchema``: exactly ``state`` (an object) and ``seat``."""
    if type(body) is not dict or len(body) != 2:
        return None
    state = body.get("state")
    seat = body.get("seat")
    if type(state) is not dict or not _seat(seat, facts):
        return None
    return {"state": state, "seat": seat}


_LEGAL_FIELDS = ("state", "seat", "cursor", "limit")


def state_listing(body: Any, facts: GameFacts) -> dict[str, Any] | None:
    """``LegalActionsRequestSchema``: ``state`` and the optional ``seat``, ``cursor``, ``limit``."""
    if type(body) is not dict:
        return None
    state = body.get("state")
    if type(state) is not dict:
        return None
    out: dict[str, Any] = {"state": state}
    if len(body) == 1:
        return out
    for key in body:
        if key not in _LEGAL_FIELDS:
            return None
    if "seat" in body:
        seat = body["seat"]
        if seat is not None and not _seat(seat, facts):
            return None
        out["seat"] = seat
    if "cursor" in body:
        cursor = body["cursor"]
        if cursor is not None and not (type(cursor) is str and len(cursor) <= 200):
            return None
        out["cursor"] = cursor
    if "limit" in body:
        limit = body["limit"]
        if not (type(limit) is int and 1 <= limit <= LEGAL_ACTIONS_MAX_LIMIT):
            return None
        out["limit"] = limit
    return out


def fast_arguments(loader: Loader) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Wrap a view decorated with ``blp.arguments``/``blp.response``: a body ``loader`` accepts
    goes straight to the undecorated view (which returns a ready ``Response``); any other
    body goes through the decorated view as before."""

    def decorator(view: Callable[..., Any]) -> Callable[..., Any]:
        inner = inspect.unwrap(view)

        @functools.wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            name = (request.view_args or {}).get("game")
            facts = current_app.extensions["table_judge_game_facts"].get(name)
            loaded = None if facts is None else loader(g.get("json_body"), facts)
            if loaded is None:
                return view(*args, **kwargs)
            return inner(*args, loaded, **kwargs)

        return wrapper

    return decorator
