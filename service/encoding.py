"""Kernel values to JSON answers (verdicts, legal entries, game facts)."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules_core.kernel import (
    JUDGED_ONLY,
    Effect,
    Game,
    Interpretation,
    LegalEntry,
    Verdict,
    format_cards,
    options_to_json,
    readings_of,
)
from rules_core.kernel import effects as kernel_effects

#: ``Effect.to_json`` as the kernel defines it, and the value encoder it uses (None if renamed).
_PLAIN_TO_JSON = Effect.to_json
_PLAIN_NAME = Effect.__dict__.get("name")
_ENCODE = getattr(kernel_effects, "_encode", None)
#: Effect class -> its field names, or None when the class encodes itself its own way.
_PLAIN_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _plain_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of an effect class that uses the kernel's own ``to_json`` and ``name``."""
    try:
        return _PLAIN_FIELDS[cls]
    except KeyError:
        pass
    plain = (
        _ENCODE is not None
        and dataclasses.is_dataclass(cls)
        and getattr(cls, "to_json", None) is _PLAIN_TO_JSON
        and getattr(cls, "name", None) is _PLAIN_NAME
    )
    names = tuple(f.name for f in dataclasses.fields(cls)) if plain else None
    _PLAIN_FIELDS[cls] = names
    return names


def effect_json(effect: Any) -> dict[str, Any]:
    """``effect.to_json()`` (the omniscient encoding), without looking the fields up each time."""
    cls = type(effect)
    names = _plain_fields(cls)
    if names is None or _ENCODE is None:
        return effect.to_json()  # type: ignore[no-any-return]
    out: dict[str, Any] = {"type": cls.__name__}
    for name in names:
        out[name] = _ENCODE(getattr(effect, name))
    return out


def effects_json(effects: Any, viewer: int | None = None) -> list[dict[str, Any]]:
    if viewer is None:
        return [effect_json(e) for e in effects]
    return [e.to_json(viewer) for e in effects]


#: The viewer of an answer about an action not applied, to a seat of a sealed table: nobody owns
#: its private fields, not even the seat acting (validating a draw must not show the card it
#: would give: the seat could then choose not to draw), and no card it would reveal is shown.
NOBODY = JUDGED_ONLY


def interpretation_json(item: Interpretation, viewer: int | None = None) -> dict[str, Any]:
    return {
        "pattern": item.pattern,
        "rule_id": item.rule_id,
        "description": item.description,
        "effects": effects_json(item.effects, viewer),
        "declarations": {k: v for k, v in item.declarations},
    }


def readings_json(verdict: Verdict, game: Game[Any] | None = None) -> list[dict[str, Any]]:
    """Every pattern a legal action is, once, the one applied first; each with its rule's title
    (the rule id when ``game`` does not name it)."""
    rules = game.rules if game is not None else None
    return [
        {
            "pattern": r.pattern,
            "rule_id": r.rule_id,
            "title": rules[r.rule_id].title if rules is not None and r.rule_id in rules else r.rule_id,
            "via": r.via,
        }
        for r in readings_of(verdict.interpretations)
    ]


def verdict_json(
    verdict: Verdict, viewer: int | None = None, game: Game[Any] | None = None
) -> dict[str, Any]:
    """The verdict as ``viewer`` may see it (None: everything, for a full state's holder); ``game``
    gives the readings' rule titles."""
    return {
        "legal": verdict.legal,
        "action": verdict.action.to_json(),
        "reasons": [r.to_json() for r in verdict.reasons],
        "effects": effects_json(verdict.effects, viewer),
        "interpretations": [interpretation_json(i, viewer) for i in verdict.interpretations],
        "readings": readings_json(verdict, game),
        "needs": list(verdict.needs),
        "extra": {k: v for k, v in verdict.extra},
    }


def legal_entry_json(entry: LegalEntry) -> dict[str, Any]:
    return {
        "action": entry.action.to_json(),
        "orderings": entry.orderings,
        "note": entry.note,
        "patterns": list(entry.patterns),
    }


def game_summary(game: Game[Any]) -> dict[str, Any]:
    return {
        "name": game.name,
        "title": game.title,
        "summary": game.summary,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "default_preset": game.default_preset,
        "presets": list(game.presets),
    }


def game_detail(game: Game[Any]) -> dict[str, Any]:
    out = game_summary(game)
    out.update(
        {
            "max_actions": game.max_actions,
            "deck": format_cards(game.deck.cards),
            "options": [spec.to_json() for spec in game.option_specs()],
            "presets": {name: options_to_json(preset) for name, preset in game.presets.items()},
            "action_types": dict(game.action_types),
            "action_params": dict(game.action_params),
            "reason_codes": [
                {"code": r.code, "rule_id": r.rule_id, "template": r.template} for r in game.reasons
            ],
            "rules": [
                {
                    "id": rule.id,
                    "title": rule.title,
                    "statement": rule.statement,
                    "level": rule.level,
                    "options": list(rule.options),
                    "ruling": rule.ruling,
                    "not_adjudicated": rule.not_adjudicated,
                }
                for rule in game.rules
            ],
        }
    )
    return out
