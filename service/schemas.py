"""Request and response schemas (marshmallow) from which the OpenAPI document is built.

The table ``state`` is game-specific and large: it is taken as a raw JSON
object and validated by the game itself, which reports every problem with a
pointer. Everything else is concrete and strict, so the published schema and
the behaviour agree.
"""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema

from rules_core.kernel import MAX_SEED
from rules_core.kernel.actions import MAX_ACTION_CARDS

from .config import (
    LEGAL_ACTIONS_MAX_LIMIT,
    PROBLEM_MAX_ERRORS,
    PROBLEM_MAX_MESSAGE,
    PROBLEM_MAX_POINTER,
    REPLAY_MAX_ACTIONS,
)
from .fields import CardString, RawList, RawObject, StrictInteger, StrictString

#: Generous static bounds; each game enforces its own (answering 422 with a pointer).
MAX_SEATS_ANY_GAME = 16
MAX_CARDS_IN_LIST = MAX_ACTION_CARDS

STATE_DESCRIPTION = (
    "A complete table state exactly as this service returned it (from `deal`, `apply` or `replay`). "
    "Its shape is game-specific; every game has `game`, `options`, `seats`, `seed`, `shuffles`, "
    "`hands` (one list of cards per seat), `draw_pile` (index 0 is the top), its play pile (last item "
    "is the top), `turn`, `status`, `winner` and `move`. Send it back unchanged: the game re-validates "
    "it and answers 422 listing every problem (pointers start with `/state`)."
)


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class ActionSchema(Schema):
    """An action proposed by a seat; fields that make no sense for its `type` are reported by the game."""

    class Meta:
        unknown = INCLUDE

    type = StrictString(
        required=True,
        validate=validate.Length(min=1, max=40),
        metadata={"description": "The action type; see `action_types` in `GET /v1/games/{game}`."},
    )
    seat = StrictInteger(
        required=True,
        validate=validate.Range(min=0, max=MAX_SEATS_ANY_GAME - 1),
        metadata={"description": "The acting seat (0-based)."},
    )
    cards = fields.List(
        CardString(),
        validate=validate.Length(max=MAX_CARDS_IN_LIST),
        metadata={"description": "Cards in the order laid (the last one laid ends on top)."},
    )
    suit = StrictString(
        allow_none=True,
        validate=validate.OneOf(["S", "H", "D", "C", "F", "W", "E", "A"]),
        metadata={"description": "A declared suit (after an 8, a Jack ...)."},
    )
    declare = fields.Dict(
        keys=CardString(),
        values=CardString(),
        allow_none=True,
        metadata={"description": "Shaman identities: Shaman card -> the real card it is declared as."},
    )
    value = StrictInteger(
        allow_none=True,
        validate=validate.Range(min=0, max=10_000),
        metadata={"description": "A chosen number (a Shaman's value in a natural dabong! ...)."},
    )
    top = CardString(allow_none=True, metadata={"description": "A chosen card (the card put on top ...)."})


class DealRequestSchema(StrictSchema):
    seats = StrictInteger(
        required=True,
        validate=validate.Range(min=1, max=MAX_SEATS_ANY_GAME),
        metadata={"description": "Number of seats; each game has its own range (`min_seats`..`max_seats`)."},
    )
    preset = StrictString(
        validate=validate.Length(min=1, max=60),
        metadata={"description": "A preset name (see `presets`); the game's `default_preset` when absent."},
    )
    options = fields.Dict(
        keys=StrictString(),
        values=fields.Raw(),
        metadata={
            "description": "Option overrides on top of the preset: name -> boolean, integer or string."
        },
    )
    seed = StrictInteger(
        validate=validate.Range(min=0, max=MAX_SEED),
        metadata={"description": "Seed of the shuffle and of every later reshuffle; random when absent."},
    )
    deck_order = fields.List(
        CardString(),
        validate=validate.Length(max=MAX_CARDS_IN_LIST),
        metadata={"description": "A full permutation of the game's deck, top first; replaces the shuffle."},
    )
    table = RawObject(
        metadata={
            "description": "Sealed servers only: a table's latest envelope, for a new deal at that table "
            "(the host's credential in `X-Table-Credential`); `seed` and `deck_order` are taken only so."
        }
    )


SITUATION_DESCRIPTION = (
    "Instead of `state`: a situation, the facts a player would state (whose turn, the Count or top "
    "card, the hands that matter ...), completed into a state; the answer's `assumptions` say what was "
    "filled in. Games that take situations: `POST /v1/games/{game}/situations` shows the completion. "
    "Give `state` or `situation`, not both."
)


class TableRequestSchema(StrictSchema):
    """A request about a table: its ``state``, or a ``situation`` that completes to one."""

    state = RawObject(metadata={"description": STATE_DESCRIPTION + " Give `state` or `situation`."})
    situation = RawObject(metadata={"description": SITUATION_DESCRIPTION})

    @validates_schema
    def _one_table(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("state" in data) == ("situation" in data):
            raise ValidationError("give exactly one of 'state' or 'situation'", field_name="_schema")


class StateActionRequestSchema(TableRequestSchema):
    action = fields.Nested(ActionSchema, required=True)


class SituationRequestSchema(StrictSchema):
    situation = RawObject(required=True, metadata={"description": SITUATION_DESCRIPTION})


class AssumptionSchema(StrictSchema):
    about = StrictString(required=True, metadata={"description": "What it fills: a pointer into the state."})
    text = StrictString(required=True, metadata={"description": "What was assumed, in a player's words."})
    why = StrictString(
        required=True,
        metadata={
            "description": "Why it cannot change the answer, or what it could and how to say otherwise."
        },
    )


def assumptions_field(required: bool = False) -> fields.List:
    """What a situation's completion assumed (only in answers to a request that sent one)."""
    return fields.List(
        fields.Nested(AssumptionSchema),
        required=required,
        metadata={"description": "Present when the request sent a `situation`: what its completion assumed."},
    )


class LegalActionsRequestSchema(TableRequestSchema):
    seat = StrictInteger(
        allow_none=True,
        validate=validate.Range(min=0, max=MAX_SEATS_ANY_GAME - 1),
        metadata={
            "description": "Only this seat's actions; every seat's (out-of-turn claims too) when absent."
        },
    )
    cursor = StrictString(
        allow_none=True,
        validate=validate.Length(max=200),
        metadata={
            "description": "`next_cursor` of the previous page; only valid with the same state and seat."
        },
    )
    limit = StrictInteger(
        validate=validate.Range(min=1, max=LEGAL_ACTIONS_MAX_LIMIT),
        metadata={"description": "Entries per page (default 200)."},
    )
    types = fields.List(
        StrictString(validate=validate.Length(min=1, max=60)),
        validate=validate.Length(min=1, max=50),
        metadata={
            "description": "Only actions of these types (`play`, `draw`, `trade` ... : the game's "
            "`action_types`); only those are generated, so a huge listing can be asked for its few "
            "plays. Counted and paged as a whole listing."
        },
    )
    patterns = fields.List(
        StrictString(validate=validate.Length(min=1, max=60)),
        validate=validate.Length(min=1, max=50),
        metadata={
            "description": "Only entries of these patterns or rules (an entry's `patterns`: a dabong! "
            "pattern such as `addition`, or a rule id such as `dabong.draw`). A play is listed "
            "under each pattern it is, even where the whole listing names an earlier one."
        },
    )


class ViewRequestSchema(StrictSchema):
    state = RawObject(required=True, metadata={"description": STATE_DESCRIPTION})
    seat = StrictInteger(
        required=True,
        validate=validate.Range(min=0, max=MAX_SEATS_ANY_GAME - 1),
        metadata={"description": "The seat whose view is wanted."},
    )


class ReplayRequestSchema(StrictSchema):
    state = RawObject(metadata={"description": "Start from this state (give `state` or `deal`, not both)."})
    deal = fields.Nested(DealRequestSchema, metadata={"description": "Or start from a fresh deal."})
    actions = fields.List(
        fields.Nested(ActionSchema),
        required=True,
        validate=validate.Length(max=REPLAY_MAX_ACTIONS),
        metadata={"description": f"The actions, in order (at most {REPLAY_MAX_ACTIONS})."},
    )

    @validates_schema
    def _one_start(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("state" in data) == ("deal" in data):
            raise ValidationError("give exactly one of 'state' or 'deal'", field_name="_schema")


# -- answers --------------------------------------------------------------------------------------


class ReasonSchema(StrictSchema):
    code = fields.String(required=True, metadata={"description": "Stable snake_case code (see ReasonCode)."})
    rule_id = fields.String(required=True, metadata={"description": "The rule that decided."})
    message = fields.String(required=True)
    details = RawObject(required=True)


class InterpretationSchema(StrictSchema):
    pattern = fields.String(required=True)
    rule_id = fields.String(required=True)
    description = fields.String(required=True)
    effects = RawList(required=True)
    declarations = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class ReadingSchema(StrictSchema):
    pattern = fields.String(
        required=True,
        metadata={
            "description": "The pattern (a dabong! play pattern such as `clone`, `twenty_one`, "
            "`twos_add_on`), as the legal-actions listing names it."
        },
    )
    rule_id = fields.String(
        required=True,
        metadata={"description": "The rule that makes it legal this way (`GET .../rules/{rule_id}`)."},
    )
    title = fields.String(required=True, metadata={"description": "That rule's title."})
    via = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The pattern the play is made as, when `pattern` names what it does to "
            "pending 2s (`twos_neutralization` via `straight`); null otherwise."
        },
    )


EFFECTS_DESCRIPTION = (
    "What the action did (or would do), in order: each an object with `type` (a past-tense name such as "
    "`CardsPlayed`, `CardsDrawn`, `TurnPassed`), `rule_id` and its own fields."
)


class VerdictSchema(StrictSchema):
    assumptions = assumptions_field()
    legal = fields.Boolean(required=True)
    action = RawObject(required=True, metadata={"description": "The action as the game read it."})
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    effects = RawList(required=True, metadata={"description": EFFECTS_DESCRIPTION})
    interpretations = fields.List(fields.Nested(InterpretationSchema), required=True)
    readings = fields.List(
        fields.Nested(ReadingSchema),
        required=True,
        metadata={
            "description": "A legal action: every pattern it is, once each, the first being the one "
            "the reasons and effects cite (for dabong! two 2s on a pending 2: `twos_add_on`, then "
            "`clone`). The effects are the same under every reading: only the top card's power "
            "fires. Empty for a refused action and for actions that are no pattern play (every "
            "Dobon and 99 action: one way each, said by its reasons)."
        },
    )
    needs = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "What the action must declare before it can be adjudicated."},
    )
    extra = RawObject(required=True, metadata={"description": "Game-specific facts about the verdict."})


TURN_DESCRIPTION = (
    "The seat play waits for: whose turn it is, or who must answer before play goes on (a Death Card's "
    "target, the seat a Dobon check asks); null once the game is over."
)
OUT_OF_TURN_DESCRIPTION = (
    "Seats of `to_act` other than `turn`: they may act out of turn now (a Dobon claim, a natural "
    "dabong!, a take-back, a trade ...). A seat of a sealed table is told only of its own."
)


def turn_field(required: bool = True) -> fields.Integer:
    return fields.Integer(required=required, allow_none=True, metadata={"description": TURN_DESCRIPTION})


def out_of_turn_field(required: bool = True) -> fields.List:
    return fields.List(fields.Integer(), required=required, metadata={"description": OUT_OF_TURN_DESCRIPTION})


class StateAnswerSchema(StrictSchema):
    state = RawObject(required=True, metadata={"description": "The table state; send it back unchanged."})
    to_act = fields.List(fields.Integer(), required=True, metadata={"description": "Seats that may act now."})
    turn = turn_field()
    out_of_turn = out_of_turn_field()
    over = fields.Boolean(required=True)


class CredentialsSchema(StrictSchema):
    host = StrictString(required=True, metadata={"description": "The table host's credential."})
    seats = fields.List(
        StrictString(), required=True, metadata={"description": "Each seat's, in seat order."}
    )


class DealAnswerSchema(StateAnswerSchema):
    credentials = fields.Nested(
        CredentialsSchema,
        metadata={
            "description": "Sealed servers only: the table's credentials. Hand each seat its own; the host's "
            "may act as any seat and sees everything. Send one in the `X-Table-Credential` header."
        },
    )


class ApplyAnswerSchema(StateAnswerSchema):
    assumptions = assumptions_field()
    verdict = fields.Nested(VerdictSchema, required=True)
    effects = RawList(required=True, metadata={"description": EFFECTS_DESCRIPTION})


class LegalEntrySchema(StrictSchema):
    action = RawObject(required=True, metadata={"description": "An action to send to validate/apply."})
    orderings = fields.Integer(
        required=True, metadata={"description": "Ordered actions this entry stands for."}
    )
    note = fields.String(allow_none=True, required=True)
    patterns = fields.List(fields.String(), required=True)


class LegalActionsAnswerSchema(StrictSchema):
    assumptions = assumptions_field()
    actions = fields.List(fields.Nested(LegalEntrySchema), required=True)
    total_entries = fields.Integer(required=True)
    total_actions = fields.Integer(required=True)
    next_cursor = fields.String(allow_none=True, required=True)


class ViewAnswerSchema(StrictSchema):
    view = RawObject(required=True, metadata={"description": "The state as `viewer` may see it."})


class ReplayStepSchema(StrictSchema):
    index = fields.Integer(required=True)
    action = RawObject(required=True)
    effects = RawList(required=True)


class ReplayFailureSchema(StrictSchema):
    index = fields.Integer(required=True)
    verdict = fields.Nested(VerdictSchema, required=True)


class ReplayAnswerSchema(StrictSchema):
    completed = fields.Boolean(required=True)
    final_state = RawObject(required=True)
    to_act = fields.List(fields.Integer(), required=True)
    turn = turn_field()
    out_of_turn = out_of_turn_field()
    over = fields.Boolean(required=True)
    steps = fields.List(fields.Nested(ReplayStepSchema), required=True)
    failed = fields.Nested(ReplayFailureSchema, allow_none=True, required=True)


class HealthSchema(StrictSchema):
    status = fields.String(required=True)
    games = fields.List(fields.String(), required=True)
    version = fields.String(
        required=True, metadata={"description": "The service's version (also the document's info.version)."}
    )


class ReadySchema(StrictSchema):
    status = fields.String(required=True, metadata={"description": "`ready`."})
    version = fields.String(required=True)
    checks = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each check made and its outcome (`ok`, or `off` when not configured)."},
    )


class GameSummarySchema(StrictSchema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    summary = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    default_preset = fields.String(required=True)
    presets = fields.List(fields.String(), required=True)


class GameListSchema(StrictSchema):
    games = fields.List(fields.Nested(GameSummarySchema), required=True)


class OptionSchema(StrictSchema):
    name = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    default = fields.Raw(required=True)
    description = fields.String(required=True)
    rule_id = fields.String(required=True)
    allowed = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()


class ReasonCodeInfoSchema(StrictSchema):
    code = fields.String(required=True)
    rule_id = fields.String(required=True)
    template = fields.String(required=True)


class RuleSchema(StrictSchema):
    id = fields.String(required=True)
    title = fields.String(required=True)
    statement = fields.String(required=True)
    level = fields.String(required=True)
    options = fields.List(fields.String(), required=True)
    ruling = fields.String(allow_none=True, required=True)
    not_adjudicated = fields.String(allow_none=True, required=True)


class GameDetailSchema(StrictSchema):
    name = fields.String(required=True)
    title = fields.String(required=True)
    summary = fields.String(required=True)
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    default_preset = fields.String(required=True)
    max_actions = fields.Integer(required=True)
    deck = fields.List(fields.String(), required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    presets = fields.Dict(keys=fields.String(), values=RawObject(), required=True)
    action_types = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    action_params = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    reason_codes = fields.List(fields.Nested(ReasonCodeInfoSchema), required=True)
    rules = fields.List(fields.Nested(RuleSchema), required=True)


class ProblemItemSchema(StrictSchema):
    pointer = fields.String(
        required=True,
        metadata={
            "description": f"JSON pointer into the request body; one longer than {PROBLEM_MAX_POINTER} "
            "characters is cut back to its closest ancestor that fits."
        },
    )
    code = fields.String(required=True)
    message = fields.String(
        required=True,
        metadata={
            "description": f"At most {PROBLEM_MAX_MESSAGE} characters (a longer one, which can only "
            'come from echoing the request, is cut and ends with "…").'
        },
    )


class ProblemSchema(Schema):
    """RFC 9457 problem details."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"description": "`urn:table-judge:problem:<slug>`."})
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(
        required=True, metadata={"description": f"At most {PROBLEM_MAX_MESSAGE} characters."}
    )
    errors = fields.List(
        fields.Nested(ProblemItemSchema),
        required=True,
        metadata={
            "description": f"The problems found, in order, at most {PROBLEM_MAX_ERRORS}; "
            "`errors_omitted` counts the rest."
        },
    )
    errors_omitted = fields.Integer(
        metadata={
            "description": "How many more problems were found than `errors` lists; present only "
            f"when some were left out (more than {PROBLEM_MAX_ERRORS})."
        }
    )
    verdict = fields.Nested(VerdictSchema, metadata={"description": "For an illegal `apply`: the verdict."})


class SituationAnswerSchema(StrictSchema):
    reachable = fields.Boolean(
        required=True, metadata={"description": "False when no game reaches the situation (then `reason`)."}
    )
    state = RawObject(metadata={"description": "The completed state: send it as `state` to any operation."})
    assumptions = assumptions_field()
    to_act = fields.List(fields.Integer(), metadata={"description": "Seats that may act now."})
    turn = turn_field(required=False)
    out_of_turn = out_of_turn_field(required=False)
    over = fields.Boolean()
    reason = StrictString(metadata={"description": "Why no game reaches it, in a player's words."})
    rule_id = StrictString(metadata={"description": "The rule that makes it so."})
    pointer = StrictString(metadata={"description": "The member of the request at fault."})
    outcome = fields.Dict(
        allow_none=True,
        metadata={
            "description": "What the rules make of the moment instead (`text`, `rule_id`, the seats "
            "`eliminated`), or null when they settle nothing."
        },
    )
