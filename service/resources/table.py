"""Operations on a table state: deal, validate, apply, legal-actions, view, replay.

Every view looks the game up, hands the body to ``service.operations`` and
returns its answer; rule decisions stay in the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response

from .. import operations, situations
from ..extensions import Blueprint
from ..fastargs import fast_arguments, state_action, state_listing, state_view
from ..responses import json_answer
from ..schemas import (
    ApplyAnswerSchema,
    DealAnswerSchema,
    DealRequestSchema,
    LegalActionsAnswerSchema,
    LegalActionsRequestSchema,
    ReplayAnswerSchema,
    ReplayRequestSchema,
    SituationAnswerSchema,
    SituationRequestSchema,
    StateActionRequestSchema,
    ViewAnswerSchema,
    ViewRequestSchema,
)
from ..schemas_reference import ValidateAnswerSchema, ValidateRequestSchema
from .common import game_named, limits

blp = Blueprint("table", __name__, url_prefix="/v1/games", description="Adjudication of table states.")


def _errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """The error answers every POST operation documents."""
    for status, name in (
        (400, "BAD_REQUEST"),
        (404, "NOT_FOUND"),
        (413, "REQUEST_ENTITY_TOO_LARGE"),
        (415, "UNSUPPORTED_MEDIA_TYPE"),
    ):
        func = blp.alt_response(status, response=name)(func)
    return func


@blp.route("/<game>/deal", methods=["POST"])
@blp.doc(operationId="deal")
@blp.arguments(DealRequestSchema())
@blp.response(200, DealAnswerSchema())
@_errors
def deal(body: dict[str, Any], game: str) -> Response:
    """Deal a new table

    Shuffles (with `seed`, random when absent) or takes `deck_order` (a full permutation of the
    deck, top card first), deals as the game's rules say and answers the first `state`, the seats
    that may act (`to_act`) and `over`. Options come from `preset` (the game's default preset when
    absent) with `options` overrides. 422 when the seat count is outside the game's range, an option
    is unknown or out of range, or `deck_order` is not exactly the deck.
    """
    return json_answer(operations.deal(game_named(game), body))


@blp.route("/<game>/validate", methods=["POST"])
@fast_arguments(state_action)
@blp.doc(operationId="validate_action")
@blp.arguments(ValidateRequestSchema())
@blp.response(200, ValidateAnswerSchema())
@_errors
def validate(body: dict[str, Any], game: str) -> Response:
    """Judge one action without applying it

    Answers whether `action` is legal in `state`: `legal`, the `reasons` that decided (each a stable
    `code`, a human `message` and the `rule_id` of the rule that decided), the `effects` it would
    have, every `interpretation` under which it is legal, its `readings` (every pattern it is, once:
    two 2s on a pending 2 are a `twos_add_on` and a `clone`; the first is the one its reasons cite,
    and every reading has the same effects) and what it still `needs` to declare.
    An illegal but well-formed action is a normal 200 answer with `legal: false` (for instance
    `not_your_turn`). 422 only when the state is impossible or the action is malformed (every
    problem listed with a pointer such as `/state/hands/1/0` or `/action/cards/0`).

    `voice: "player"` adds what `POST /v1/games/{game}/explain` says in that voice: `sentences` for
    the seat the action is for (cards in words, "you" and "the next player", each sentence's deciding
    `rule` and its `source`, the readings said), and for a refused action `legal_under`, the other
    levels, presets and option settings that allow it ("It would be legal from Intermediate").
    Without `voice` (or with `plain`) the answer is the verdict alone, as before.
    """
    return json_answer(operations.validate(game_named(game), body))


@blp.route("/<game>/apply", methods=["POST"])
@fast_arguments(state_action)
@blp.doc(operationId="apply_action")
@blp.arguments(StateActionRequestSchema())
@blp.response(200, ApplyAnswerSchema())
@_errors
def apply(body: dict[str, Any], game: str) -> Response:
    """Apply one action

    When `action` is legal in `state`: the `verdict`, the `effects` and the next `state` (send it
    back unchanged with the next request), `to_act` and `over`. When it is illegal: a 422 problem of
    type `urn:table-judge:problem:illegal-action` whose `verdict` member says why; nothing is applied.
    """
    return json_answer(operations.apply(game_named(game), body))


@blp.route("/<game>/legal-actions", methods=["POST"])
@fast_arguments(state_listing)
@blp.doc(operationId="list_legal_actions")
@blp.arguments(LegalActionsRequestSchema())
@blp.response(200, LegalActionsAnswerSchema())
@_errors
def legal_actions(body: dict[str, Any], game: str) -> Response:
    """List every legal action

    Every action that is legal now, in a stable order; only `seat`'s when given, otherwise every
    seat's (out-of-turn claims included). Each entry holds an `action` ready for validate/apply; an
    entry may stand for several orderings of the same cards (`orderings`, `note`). Paged: at most
    `limit` entries (default 200, max 1000); pass `next_cursor` back as `cursor` with the same
    state and seat for the next page (a cursor from another state is refused with 422).
    """
    return json_answer(operations.legal_actions(game_named(game), body, limits()))


@blp.route("/<game>/view", methods=["POST"])
@fast_arguments(state_view)
@blp.doc(operationId="view_for_seat")
@blp.arguments(ViewRequestSchema())
@blp.response(200, ViewAnswerSchema())
@_errors
def view(body: dict[str, Any], game: str) -> Response:
    """Redact a state to one seat's view

    The state as `seat` may see it: `viewer` is set, other seats' hands and the draw pile become
    `{"count": n}`, the `seed` is removed (it predicts every shuffle); public information stays.
    """
    return json_answer(operations.view(game_named(game), body))


@blp.route("/<game>/replay", methods=["POST"])
@blp.doc(operationId="replay_actions")
@blp.arguments(ReplayRequestSchema())
@blp.response(200, ReplayAnswerSchema())
@_errors
def replay(body: dict[str, Any], game: str) -> Response:
    """Replay a list of actions

    Starts from `state` or from a `deal` (exactly one), applies `actions` in order and answers each
    step's effects and the `final_state`. At the first illegal action it stops: `completed` is false
    and `failed` holds its index and verdict (the final state is the one before it). At most 5000
    actions per request (more is a 422 problem).
    """
    return json_answer(operations.replay(game_named(game), body, limits()))


@blp.route("/<game>/situations", methods=["POST"])
@blp.doc(operationId="complete_situation")
@blp.arguments(SituationRequestSchema())
@blp.response(200, SituationAnswerSchema())
@_errors
def complete_situation(body: dict[str, Any], game: str) -> Response:
    """Complete a situation into a state

    A `situation` holds the facts a player would state (whose turn, the Count or the top card, the
    hands that matter, a pending Death Card ...); everything left out is filled in. The answer is
    the completed `state` (send it as `state` to any operation, or send the `situation` itself in
    its place) with every `assumption`: what was filled in, and why it cannot change the answer or
    what it could change and how to say otherwise. A moment no game reaches is answered with
    `reachable: false`, the `reason` in a player's words, the `rule_id` and, where the rules settle
    what happens instead (the seat is out), the `outcome`. 422 when the situation contradicts itself
    (a card named twice) or the game takes no situations yet; a sealed server takes none (403).
    """
    return json_answer(situations.situation_answer(game_named(game), body))
