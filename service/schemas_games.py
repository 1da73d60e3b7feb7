"""Each game's request schemas, made from its facts when the app starts.

``service.schemas`` declares the request bodies once, with generous bounds that hold for
any game (16 seats, the card notation of every deck the project knows). A body sent to one
game is loaded by that game's copy instead: the seats it has, the cards of its deck, the
suits of its deck. So a new game (more seats, other cards) needs no edit here, and a request
the game could never accept is refused by the schema, pointing at the field, like any other
malformed body. ``GuardedParser.use_args`` picks the copy by the game named in the URL; a
name no game has keeps the generic schema (and the view answers 404).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from rules_core.kernel import Game, Registry, format_card

from .fields import StrictInteger, StrictString
from .schemas import (
    MAX_CARDS_IN_LIST,
    ActionSchema,
    DealRequestSchema,
    LegalActionsRequestSchema,
    ReplayRequestSchema,
    StateActionRequestSchema,
    ViewRequestSchema,
)
from .schemas_bots import SuggestRequestSchema
from .schemas_reference import ValidateRequestSchema

#: The generic request schemas a game gets its own copy of.
COPIED: tuple[type[Schema], ...] = (
    DealRequestSchema,
    StateActionRequestSchema,
    ValidateRequestSchema,
    LegalActionsRequestSchema,
    ViewRequestSchema,
    ReplayRequestSchema,
    SuggestRequestSchema,
)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What of a game bounds a request body."""

    max_seats: int
    min_seats: int
    cards: frozenset[str]
    suits: frozenset[str]

    @classmethod
    def of(cls, game: Game[Any]) -> GameFacts:
        return cls(
            max_seats=game.max_seats,
            min_seats=game.min_seats,
            cards=frozenset(format_card(c) for c in game.deck.cards),
            suits=frozenset(s.value for s in game.deck_suits()),
        )


def _card(facts: GameFacts, **kwargs: Any) -> fields.Field:
    """A card of the game's deck (same message as the generic card field: a card in notation)."""
    pattern = "^(?:" + "|".join(re.escape(c) for c in sorted(facts.cards)) + ")$"
    return StrictString(validate=validate.Regexp(pattern, error="not a card in notation"), **kwargs)


def _seat(facts: GameFacts, base: fields.Field) -> fields.Field:
    return StrictInteger(
        required=base.required,
        allow_none=base.allow_none,
        validate=validate.Range(min=0, max=facts.max_seats - 1),
        metadata=dict(base.metadata),
    )


def action_schema(facts: GameFacts, prefix: str) -> type[Schema]:
    base = ActionSchema._declared_fields
    overrides: dict[str, Any] = {
        "seat": _seat(facts, base["seat"]),
        "cards": fields.List(
            _card(facts),
            validate=validate.Length(max=MAX_CARDS_IN_LIST),
            metadata=dict(base["cards"].metadata),
        ),
        "suit": StrictString(
            allow_none=True,
            validate=validate.OneOf(sorted(facts.suits)),
            metadata=dict(base["suit"].metadata),
        ),
        "declare": fields.Dict(
            keys=_card(facts), values=_card(facts), allow_none=True, metadata=dict(base["declare"].metadata)
        ),
        "top": _card(facts, allow_none=True, metadata=dict(base["top"].metadata)),
    }
    return type(f"{prefix}ActionSchema", (ActionSchema,), overrides)


def request_schemas(game: Game[Any], prefix: str) -> dict[type[Schema], Schema]:
    """The game's instance of each generic request schema (keyed by the generic class)."""
    facts = GameFacts.of(game)
    action = action_schema(facts, prefix)
    out: dict[type[Schema], Schema] = {}
    for generic in COPIED:
        declared = generic._declared_fields
        overrides: dict[str, Any] = {}
        for name, field in declared.items():
            if name == "seat":
                overrides[name] = _seat(facts, field)
            elif name == "seats":
                overrides[name] = StrictInteger(
                    required=field.required,
                    validate=validate.Range(min=facts.min_seats, max=facts.max_seats),
                    metadata=dict(field.metadata),
                )
            elif name == "deck_order":
                overrides[name] = fields.List(
                    _card(facts),
                    validate=validate.Length(max=MAX_CARDS_IN_LIST),
                    metadata=dict(field.metadata),
                )
            elif name == "action":
                overrides[name] = fields.Nested(
                    action, required=field.required, metadata=dict(field.metadata)
                )
            elif name == "actions":
                overrides[name] = fields.List(
                    fields.Nested(action),
                    required=field.required,
                    validate=field.validators,
                    metadata=dict(field.metadata),
                )
            elif name == "deal" and generic is ReplayRequestSchema:
                deal = out[DealRequestSchema]
                overrides[name] = fields.Nested(type(deal), metadata=dict(field.metadata))
        out[generic] = type(f"{prefix}{generic.__name__}", (generic,), overrides)()
    return out


def registry_schemas(registry: Registry) -> dict[str, dict[type[Schema], Schema]]:
    """Every registered game's request schemas, by game name (made once, at app creation)."""
    from .spec_games import game_prefix

    return {game.name: request_schemas(game, game_prefix(game)) for game in registry}
