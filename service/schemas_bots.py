"""Schemas of the CPU-player operation (``suggest``)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate, validates_schema

from rules_core.bots import LEVELS
from rules_core.kernel import MAX_SEED

from .fields import RawObject, StrictInteger, StrictString
from .schemas import (
    MAX_SEATS_ANY_GAME,
    SITUATION_DESCRIPTION,
    STATE_DESCRIPTION,
    StrictSchema,
    assumptions_field,
)


class SuggestRequestSchema(StrictSchema):
    state = RawObject(
        metadata={"description": STATE_DESCRIPTION + " Give one of `state`, `situation` or `view`."}
    )
    situation = RawObject(metadata={"description": SITUATION_DESCRIPTION})
    view = RawObject(
        metadata={"description": "Or the seat's view exactly as `view` returned it (hidden cards as counts)."}
    )
    seat = StrictInteger(
        required=True,
        validate=validate.Range(min=0, max=MAX_SEATS_ANY_GAME - 1),
        metadata={"description": "The seat to play (0-based)."},
    )
    level = StrictString(
        load_default="normal",
        validate=validate.OneOf([level.value for level in LEVELS]),
        metadata={"description": "`random` (uniform legal), `easy`, `normal` (99's Bud) or `strong`."},
    )
    seed = StrictInteger(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_SEED),
        metadata={"description": "Seeds the bot's choices: the same request gives the same answer."},
    )
    optional = fields.Boolean(
        load_default=False,
        metadata={
            "description": "True when play does not wait for this seat (an out-of-turn chance): the bot may "
            "then answer no action."
        },
    )

    @validates_schema
    def _one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
        if sum(name in data for name in ("state", "situation", "view")) != 1:
            raise ValidationError("give exactly one of 'state', 'situation' or 'view'", field_name="_schema")


class SuggestAnswerSchema(StrictSchema):
    action = RawObject(
        required=True,
        allow_none=True,
        metadata={"description": "One legal action for the seat (send it to validate/apply), or null."},
    )
    rationale = StrictString(required=True, metadata={"description": "Why, in a sentence a person can read."})
    assumptions = assumptions_field()
    level = StrictString(required=True)
    seat = StrictInteger(required=True)
