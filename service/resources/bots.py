"""CPU players: one legal action for a seat, from its view only."""

from __future__ import annotations

from typing import Any

from flask import Response

from .. import suggest as suggest_op
from ..extensions import Blueprint
from ..responses import json_answer
from ..schemas_bots import SuggestAnswerSchema, SuggestRequestSchema
from .common import game_named
from .table import _errors

blp = Blueprint("bots", __name__, url_prefix="/v1/games", description="CPU players.")


@blp.route("/<game>/suggest", methods=["POST"])
@blp.doc(operationId="suggest_action")
@blp.arguments(SuggestRequestSchema())
@blp.response(200, SuggestAnswerSchema())
@_errors
def suggest(body: dict[str, Any], game: str) -> Response:
    """Suggest an action for a seat (a CPU player)

    Give the table `state` (the service redacts it to `seat`'s view first) or the seat's `view`
    itself; the bot sees only that view, never another hand or the draw pile. Answers one legal
    `action` for `seat` at `level` (`random`, `easy`, `normal`, `strong`) with a short `rationale`:
    plays with their declarations, draws, claims and continues, return choices, shields,
    suit choices. `seed` makes the answer reproducible. When play does not wait for the seat (an
    out-of-turn chance, or `optional: true`) the bot may answer `action: null`.
    422 for an impossible state or a view no game could show (`invalid-view`: a member missing or
    unknown at its pointer, or what the bot could not read), 422 `over-budget` when choosing would
    cost more than the documented work budget.
    """
    return json_answer(suggest_op.suggest(game_named(game), body))
