"""What a game's JSON looks like on the wire, as JSON Schema (the dialect of OpenAPI 3.1).

The service publishes these in its OpenAPI document so that generated clients get typed
models of every game's state, view, action, effects and options. A game returns them from
``Game.wire_schemas``; the kernel's default is an open object per role, which a game
replaces by the schemas derived from its own field declarations.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The roles every game fills; the service refers to them by these names.
ROLES: tuple[str, ...] = ("state", "view", "action", "effect", "options")


@dataclass(frozen=True, slots=True, kw_only=True)
class WireSchemas:
    """Component schemas of one game, and which of them plays each role.

    ``components`` maps a component name (unique across games: prefix it with the game's
    schema prefix, e.g. ``DabongState``, ``DabongPenalty``) to a JSON Schema; schemas refer
    to each other only as ``{"$ref": "#/components/schemas/<name>"}``. ``roles`` maps each
    of ``ROLES`` to a name in ``components``.
    """

    components: Mapping[str, dict[str, Any]]
    roles: Mapping[str, str]

    def ref(self, role: str) -> dict[str, str]:
        return {"$ref": f"#/components/schemas/{self.roles[role]}"}


def schema_prefix(game_name: str) -> str:
    """``ninety_nine`` -> ``NinetyNine``: the prefix of a game's component names."""
    return "".join(part[:1].upper() + part[1:] for part in game_name.replace("-", "_").split("_"))


_OPEN_DESCRIPTIONS = {
    "state": "The whole table state, as the service returned it; send it back unchanged.",
    "view": "What one seat may see: the state's shape, hidden cards as counts.",
    "action": "An action: `type`, `seat` and the parameters its type reads.",
    "effect": "What an action did: `type`, `rule_id` and the effect's fields.",
    "options": "The game's options (any left out come from the preset).",
}


def open_wire_schemas(prefix: str) -> WireSchemas:
    """The kernel default: an open object per role (a game without field declarations)."""
    components: dict[str, dict[str, Any]] = {}
    roles: dict[str, str] = {}
    for role in ROLES:
        name = prefix + role.capitalize()
        description = _OPEN_DESCRIPTIONS[role]
        components[name] = {"type": "object", "additionalProperties": True, "description": description}
        roles[role] = name
    return WireSchemas(components=components, roles=roles)


# -- actions and effects, derived from a game's declarations ---------------------------------

#: What each action field means (``type`` and ``seat`` are in every action).
ACTION_FIELD_DOCS = {
    "cards": "The cards the action uses, in the game's notation, in the order played.",
    "suit": "A suit the action names (a wild card's chosen suit).",
    "declare": "Shaman identities: shaman card -> the real card it is declared as.",
    "value": "A number the action chooses.",
    "top": "A card the action chooses (the card put on top).",
}


def pascal(name: str) -> str:
    """``end_turn`` -> ``EndTurn``: an action or record name as part of a component name."""
    return "".join(part[:1].upper() + part[1:] for part in name.replace("-", "_").split("_"))


def action_components(
    prefix: str,
    action_types: Mapping[str, str],
    action_fields: Mapping[str, Mapping[str, bool]],
    field_schemas: Mapping[str, dict[str, Any]],
    max_seats: int,
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """One component per action type (``<prefix><Type>``) and the ``oneOf`` over them.

    ``action_fields[type]`` maps each field the type takes to whether it is required;
    ``field_schemas`` gives each field's schema (with its description).
    """
    components: dict[str, dict[str, Any]] = {}
    mapping: dict[str, str] = {}
    for kind, doc in action_types.items():
        takes = action_fields.get(kind, {})
        props: dict[str, Any] = {
            "type": {"type": "string", "const": kind, "description": "The action type."},
            "seat": {
                "type": "integer",
                "minimum": 0,
                "maximum": max_seats - 1,
                "description": "The seat that acts (below the table's seat count).",
            },
        }
        for name in takes:
            props[name] = field_schemas[name]
        name = prefix + pascal(kind)
        components[name] = {
            "type": "object",
            "description": doc,
            "properties": props,
            "required": ["type", "seat", *[n for n, required in takes.items() if required]],
            "additionalProperties": False,
        }
        mapping[kind] = f"#/components/schemas/{name}"
    one_of = {
        "description": "An action: its `type` says which parameters it takes.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }
    return components, one_of


#: What the fields common to many effects mean; a game adds its own names.
EFFECT_FIELD_DOCS = {
    "rule_id": "The rule that made it happen (see the game's rules).",
    "seat": "The seat it happened to (or that did it).",
    "cards": "The cards concerned, in the game's notation.",
    "count": "How many cards.",
    "to_seat": "The seat the turn went to.",
    "direction": "The direction of play now: 1 clockwise, -1 counter-clockwise.",
    "suit": "The suit named.",
    "reason": "Why, as a short code.",
    "how": "How the round was won, as a short code.",
    "shuffle_number": "The number of this reshuffle in the game (its seeded stream).",
}

_ANNOTATIONS: dict[str, dict[str, Any]] = {
    "int": {"type": "integer"},
    "str": {"type": "string"},
    "bool": {"type": "boolean"},
    "int | None": {"type": ["integer", "null"]},
    "tuple[int, ...]": {"type": "array", "items": {"type": "integer"}},
}


def effect_components(
    prefix: str, effect_types: tuple[type, ...], docs: Mapping[str, str], suits: tuple[str, ...]
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """One component per effect class (``<prefix><ClassName>``) and the ``oneOf`` over them.

    Fields come from the dataclass; a private field (``PRIVATE``: only its owner sees it)
    is optional, since a view leaves it out for every other seat.
    """
    import dataclasses

    card = {"$ref": f"#/components/schemas/{prefix}Card"}
    kinds = {
        **_ANNOTATIONS,
        "Card": card,
        "Card | None": {"anyOf": [card, {"type": "null"}]},
        "tuple[Card, ...]": {"type": "array", "items": card},
        "Suit": {"type": "string", "enum": list(suits)},
    }
    components: dict[str, dict[str, Any]] = {}
    mapping: dict[str, str] = {}
    for cls in effect_types:
        props: dict[str, Any] = {
            "type": {"type": "string", "const": cls.__name__, "description": "The effect."}
        }
        private: frozenset[str] = getattr(cls, "PRIVATE", frozenset())
        required = ["type"]
        for f in dataclasses.fields(cls):
            annotation = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            schema = dict(kinds[annotation])
            doc = docs.get(f"{cls.__name__}.{f.name}") or docs.get(f.name) or EFFECT_FIELD_DOCS[f.name]
            props[f.name] = (
                {"allOf": [schema], "description": doc}
                if "$ref" in schema
                else {**schema, "description": doc}
            )
            if f.name not in private:
                required.append(f.name)
        name = prefix + cls.__name__
        description = (cls.__doc__ or "").strip()
        if not description or description.startswith(cls.__name__ + "("):  # the dataclass's own
            description = f"{cls.__name__}: a record of what the action did."
        if private:
            description += f" Only its seat sees {', '.join(sorted(private))}; other views leave it out."
        components[name] = {
            "type": "object",
            "description": description,
            "properties": props,
            "required": required,
            "additionalProperties": False,
        }
        mapping[cls.__name__] = f"#/components/schemas/{name}"
    one_of = {
        "description": "What an action did: `type` names the effect. These are the effect types known "
        "today; a new one may be added at any time (not a breaking change), so a client skips an effect "
        "whose `type` it does not know.",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "type", "mapping": mapping},
    }
    return components, one_of


def merge_components(*parts: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The components of every part; a name given twice is a declaration error, not an override."""
    out: dict[str, dict[str, Any]] = {}
    for part in parts:
        clash = out.keys() & part.keys()
        if clash:
            raise ValueError(f"component names declared twice: {sorted(clash)}")
        out.update(part)
    return out
