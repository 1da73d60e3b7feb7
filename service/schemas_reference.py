"""Schemas of the rules reference: rulebook sections, search, explanations."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from rules_core.reference.ask import DEFAULT_LIMIT, MAX_LIMIT

from .fields import RawObject, StrictString
from .schemas import StateActionRequestSchema, StrictSchema, VerdictSchema, assumptions_field

VOICES = ("plain", "player")

SEARCH_MAX_LIMIT = 100
SEARCH_HITS_DEFAULT = DEFAULT_LIMIT
SEARCH_HITS_MAX = MAX_LIMIT


class QueryInteger(fields.Integer):
    """An integer in a query string: decimal digits only (no sign games, no fractions)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> int:
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
            return int(value)
        raise self.make_error("invalid")


class RulesQuerySchema(StrictSchema):
    q = StrictString(
        validate=validate.Length(min=1, max=400),
        metadata={
            "description": "A question or keywords (`what does a Shaman do`, `queen of water`); the answer "
            "then holds the best-matching sections first, each with its `score`."
        },
    )
    level = StrictString(
        validate=validate.Length(min=1, max=40),
        metadata={
            "description": "Only sections of this rule level or preset (`beginner`, `intermediate`, "
            "`master` for dabong!), plus those that always apply (`all`)."
        },
    )
    limit = QueryInteger(
        validate=validate.Range(min=1, max=SEARCH_MAX_LIMIT),
        metadata={
            "description": f"At most this many sections (default: all; with `q`, 10). Max {SEARCH_MAX_LIMIT}."
        },
    )


class QueryBoolean(fields.Boolean):
    """A boolean in a query string: `true` or `false`, nothing else."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> bool:
        if value in ("true", "false"):
            return bool(value == "true")
        raise self.make_error("invalid", input=value)


class RulesSearchQuerySchema(StrictSchema):
    q = StrictString(
        required=True,
        validate=validate.Length(min=1, max=400),
        metadata={
            "description": "A question as a player asks it (`what is a King worth?`, `can I claim on my "
            "own discard`, `what does the Queen of Spades do`) or keywords."
        },
    )
    limit = QueryInteger(
        validate=validate.Range(min=1, max=SEARCH_HITS_MAX),
        metadata={
            "description": f"At most this many hits (default {SEARCH_HITS_DEFAULT}, max {SEARCH_HITS_MAX})."
        },
    )
    level = StrictString(
        validate=validate.Length(min=1, max=40),
        metadata={
            "description": "Only rules of this rule level or preset (`beginner`, `intermediate`, "
            "`master` for dabong!), plus those that always apply (`all`)."
        },
    )
    examples = QueryBoolean(
        metadata={
            "description": "`true`: each hit also carries the rule's worked `examples` (as in "
            "`GET .../rules/{rule_id}`; several KB). Default `false`."
        },
    )


class RulingSchema(StrictSchema):
    id = fields.String(
        required=True, metadata={"description": "The ruling's id in the game's rulings document."}
    )
    title = fields.String(allow_none=True, required=True)
    text = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "The ruling taken where the document is open."},
    )


class SectionReasonSchema(StrictSchema):
    code = fields.String(required=True)
    template = fields.String(required=True)


class ExampleRequestSchema(StrictSchema):
    state = RawObject(required=True, metadata={"description": "A table state, built by dealing and playing."})
    action = RawObject(required=True)


class ExampleExpectSchema(StrictSchema):
    legal = fields.Boolean(required=True)
    code = fields.String(
        allow_none=True, required=True, metadata={"description": "A reason code the verdict holds."}
    )


class WorkedExampleSchema(StrictSchema):
    title = fields.String(required=True)
    note = fields.String(required=True)
    request = fields.Nested(
        ExampleRequestSchema,
        required=True,
        metadata={"description": "POST this body unchanged to `/v1/games/{game}/validate` (or `explain`)."},
    )
    expect = fields.Nested(
        ExampleExpectSchema, required=True, metadata={"description": "The verdict it gets."}
    )


class SectionSchema(StrictSchema):
    id = fields.String(
        required=True, metadata={"description": "Stable rule id, as cited by verdict reasons."}
    )
    title = fields.String(required=True)
    level = fields.String(
        required=True, metadata={"description": "Rule level or preset; `all` always applies."}
    )
    options = fields.List(fields.String(), required=True, metadata={"description": "Options that switch it."})
    statement = fields.String(required=True, metadata={"description": "The rule in the project's own words."})
    ruling = fields.Nested(RulingSchema, allow_none=True, required=True)
    not_adjudicated = fields.String(
        allow_none=True, required=True, metadata={"description": "Why the service cannot adjudicate it."}
    )
    sources = fields.List(
        fields.String(), required=True, metadata={"description": "Rule-document sections covered."}
    )
    reason_codes = fields.List(fields.Nested(SectionReasonSchema), required=True)
    examples = fields.List(fields.Nested(WorkedExampleSchema), required=True)
    score = fields.Float(metadata={"description": "Search relevance (only when `q` is given)."})


class RulebookSchema(StrictSchema):
    game = fields.String(required=True)
    query = fields.String(allow_none=True, required=True)
    level = fields.String(allow_none=True, required=True)
    total = fields.Integer(required=True, metadata={"description": "Sections that matched (before `limit`)."})
    sections = fields.List(fields.Nested(SectionSchema), required=True)


class HitRulingSchema(StrictSchema):
    id = fields.String(
        required=True, metadata={"description": "The ruling's id in the game's rulings document."}
    )
    title = fields.String(allow_none=True, required=True)


class SearchHitSchema(StrictSchema):
    id = fields.String(required=True, metadata={"description": "The rule id (`GET .../rules/{rule_id}`)."})
    title = fields.String(required=True)
    level = fields.String(
        required=True, metadata={"description": "Rule level or preset; `all` always applies."}
    )
    source = fields.String(
        required=True,
        validate=validate.OneOf(["document", "ruling"]),
        metadata={
            "description": "`document` when the rule document says so, `ruling` when the rule rests on "
            "a project ruling where the document is open (then `ruling` names it)."
        },
    )
    ruling = fields.Nested(HitRulingSchema, allow_none=True, required=True)
    snippet = fields.String(
        required=True,
        metadata={
            "description": "The rule's statement, or where it is long the sentence(s) of it that best "
            "match the question: at most 300 characters."
        },
    )
    score = fields.Float(required=True, metadata={"description": "Relevance; hits come best first."})
    examples = fields.List(
        fields.Nested(WorkedExampleSchema),
        metadata={"description": "Only with `examples=true`: the rule's worked examples."},
    )


class RulesSearchAnswerSchema(StrictSchema):
    game = fields.String(required=True)
    question = fields.String(required=True)
    level = fields.String(allow_none=True, required=True)
    matched = fields.Boolean(
        required=True, metadata={"description": "`false` when no rule matches the question: `hits` is empty."}
    )
    message = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "When nothing matches, says so (and names the words no rule mentions)."},
    )
    total = fields.Integer(required=True, metadata={"description": "Rules that match (before `limit`)."})
    hits = fields.List(fields.Nested(SearchHitSchema), required=True)


PLAYER_VOICE = (
    "`player`: for the seat the action is for: cards in words (`Jack of Water`, `Shaman 1`), `you` "
    "and `the next player`, each sentence's deciding `rule` (id and title) and `source` (`document` "
    'or `ruling`), a play\'s readings said ("Two 2s on a 2: both a 2s add-on and a clone."); a '
    "refused action also says when another level, preset or option would allow it (`legal_under`)."
)


class ExplainRequestSchema(StateActionRequestSchema):
    voice = StrictString(
        validate=validate.OneOf(VOICES),
        metadata={
            "description": "`plain` (the default): sentences naming seats by number and cards in "
            "notation. " + PLAYER_VOICE
        },
    )


class ValidateRequestSchema(StateActionRequestSchema):
    voice = StrictString(
        validate=validate.OneOf(VOICES),
        metadata={
            "description": "`plain` (the default): the verdict alone, as without `voice`. "
            + PLAYER_VOICE
            + " The verdict is the same in either voice."
        },
    )


class CitedRuleSchema(StrictSchema):
    id = fields.String(required=True, metadata={"description": "The rule id (`GET .../rules/{rule_id}`)."})
    title = fields.String(required=True)


class SentenceRulingSchema(StrictSchema):
    id = fields.String(required=True, metadata={"description": "The ruling's id in the rulings document."})
    title = fields.String(required=True)


class SentenceSchema(StrictSchema):
    text = fields.String(required=True)
    rule_ids = fields.List(fields.String(), required=True, metadata={"description": "The rules it rests on."})
    rule = fields.Nested(
        CitedRuleSchema,
        metadata={"description": "Player voice: the rule that decided (the first of `rule_ids`)."},
    )
    source = fields.String(
        validate=validate.OneOf(["document", "ruling"]),
        metadata={
            "description": "Player voice: `document` when the rule document says so, `ruling` when it "
            "rests on a project ruling where the document is open (then `ruling` names it)."
        },
    )
    ruling = fields.Nested(SentenceRulingSchema, allow_none=True)


class LegalUnderSchema(StrictSchema):
    preset = fields.String(metadata={"description": "A preset (or dabong! level) whose rules allow it."})
    option = fields.String(metadata={"description": "An option that allows it when set to `value`."})
    value = fields.Raw(metadata={"description": "The option's value then (`true`/`false` or a choice)."})


class ValidateAnswerSchema(VerdictSchema):
    """The verdict; asked with `voice: "player"`, also what `explain` says in that voice."""

    voice = fields.String(
        validate=validate.Equal("player"),
        metadata={"description": 'Only with `voice: "player"`: the voice of `sentences`.'},
    )
    sentences = fields.List(
        fields.Nested(SentenceSchema),
        metadata={"description": 'Only with `voice: "player"`: the verdict in a player\'s words.'},
    )
    legal_under = fields.List(
        fields.Nested(LegalUnderSchema),
        metadata={
            "description": 'Only with `voice: "player"`, for a refused action: the other presets and '
            "option settings under which it is legal (empty when none)."
        },
    )


class ExplainAnswerSchema(StrictSchema):
    assumptions = assumptions_field()
    voice = fields.String(
        required=True, validate=validate.OneOf(VOICES), metadata={"description": "The voice of `sentences`."}
    )
    sentences = fields.List(fields.Nested(SentenceSchema), required=True)
    legal_under = fields.List(
        fields.Nested(LegalUnderSchema),
        metadata={
            "description": "Player voice, refused actions: the other presets and option settings under "
            "which the same action on the same table is legal (empty when none)."
        },
    )
    verdict = fields.Nested(VerdictSchema, required=True)
