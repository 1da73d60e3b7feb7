"""The per-game half of the OpenAPI document, built from the registry when the app starts.

marshmallow describes the request and answer envelopes once, for any game; what a table
state, a seat's view, an action, an effect and the options look like is each game's own
(``Game.wire_schemas``). ``per_game_paths`` turns every operation on a table
(``/v1/games/{game}/apply`` ...) into one operation per registered game
(``/v1/games/dabong/apply``, operationId ``dabong_apply_action``) whose envelope is a copy of
the generic one with the game's components in place of the open objects: a generated client
gets a typed model per game, and a new game needs no service edit (its facts make its
paths). The flask routes stay generic: they serve these paths, and any other game name is
a 404 problem.

A game whose ``wire_schemas`` leaves the action or the options an open object (the kernel
default) gets them from its facts: the action types and parameters, the seat range, the
deck's cards and suits, the option specs and their defaults.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from typing import Any

from rules_core.kernel import Game

from .schemas import MAX_CARDS_IN_LIST

REF = "#/components/schemas/"

#: The table operations published per game: path end -> what the operationId says after the game.
PER_GAME_OPERATIONS = (
    "deal",
    "validate",
    "apply",
    "legal-actions",
    "view",
    "replay",
    "suggest",
    "explain",
    "situations",
)
#: Operations only games with that ability publish: path end -> whether ``game`` has it.
OPTIONAL_OPERATIONS: dict[str, Any] = {"situations": lambda game: game.situations is not None}

#: Which members of the generic envelopes hold a game's own JSON: (component, property) -> role
#: (a ``wire.ROLES`` name), as a list of that role when the role is in brackets.
ROLE_MEMBERS: dict[tuple[str, str], str] = {
    ("DealRequest", "options"): "options",
    ("StateActionRequest", "state"): "state",
    ("StateActionRequest", "situation"): "situation",
    ("SituationRequest", "situation"): "situation",
    ("SituationAnswer", "state"): "state",
    ("SuggestRequest", "situation"): "situation",
    ("LegalActionsRequest", "situation"): "situation",
    ("StateActionRequest", "action"): "action",
    ("ValidateRequest", "state"): "state",
    ("ValidateRequest", "situation"): "situation",
    ("ValidateRequest", "action"): "action",
    ("ValidateAnswer", "action"): "action",
    ("ValidateAnswer", "effects"): "[effect]",
    ("LegalActionsRequest", "state"): "state",
    ("ViewRequest", "state"): "state",
    ("ReplayRequest", "state"): "state",
    ("ReplayRequest", "actions"): "[action]",
    ("SuggestRequest", "state"): "state",
    ("SuggestRequest", "view"): "view",
    ("DealAnswer", "state"): "state",
    ("ApplyAnswer", "state"): "state",
    ("ApplyAnswer", "effects"): "[effect]",
    ("Verdict", "action"): "action",
    ("Verdict", "effects"): "[effect]",
    ("Interpretation", "effects"): "[effect]",
    ("LegalEntry", "action"): "action",
    ("ViewAnswer", "view"): "view",
    ("ReplayStep", "action"): "action",
    ("ReplayStep", "effects"): "[effect]",
    ("ReplayAnswer", "final_state"): "state",
    ("SuggestAnswer", "action"): "action",
}

#: Members bounded by the game's seat range: (component, property) -> "seat" (0 .. max_seats-1)
#: or "seats" (min_seats .. max_seats).
SEAT_MEMBERS: dict[tuple[str, str], str] = {
    ("DealRequest", "seats"): "seats",
    ("LegalActionsRequest", "seat"): "seat",
    ("ViewRequest", "seat"): "seat",
    ("SuggestRequest", "seat"): "seat",
}

#: Members that are lists of the game's cards.
CARD_LIST_MEMBERS = {("DealRequest", "deck_order")}


def snake(prefix: str) -> str:
    """``NinetyNine`` -> ``ninety_nine``: a game's part of a method name."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", prefix).lower()


def game_prefix(game: Game[Any]) -> str:
    from rules_core.kernel.wire import schema_prefix

    return game.wire_prefix or schema_prefix(game.name)


def _is_open(schema: dict[str, Any]) -> bool:
    """An object schema that says nothing of its members (the kernel's default)."""
    return not any(key in schema for key in ("properties", "oneOf", "anyOf", "allOf", "$ref"))


def card_schema(game: Game[Any]) -> dict[str, Any]:
    from rules_core.kernel import format_card

    cards = list(dict.fromkeys(format_card(c) for c in game.deck.cards))
    return {
        "type": "string",
        "enum": cards,
        "description": f"A card of the {game.deck.name} deck in notation: rank then suit (`{cards[0]}`).",
    }


def suit_schema(game: Game[Any]) -> dict[str, Any]:
    return {
        "type": "string",
        "enum": [s.value for s in game.deck_suits()],
        "description": "A suit of the game's deck, as in card notation.",
    }


def action_schema(game: Game[Any], prefix: str, description: str) -> dict[str, Any]:
    """The action a game reads (``kernel.action_codec``), from its facts."""
    card = {"$ref": f"{REF}{prefix}Card"}
    types = "; ".join(f"`{name}`: {text}" for name, text in game.action_types.items())
    properties: dict[str, Any] = {
        "type": {
            "type": "string",
            "description": f"The action type (a known value; a game may add types). {types}.",
            "examples": list(game.action_types),
        },
        "seat": {
            "type": "integer",
            "minimum": 0,
            "maximum": game.max_seats - 1,
            "description": "The acting seat (0-based).",
        },
        "cards": {
            "type": "array",
            "items": card,
            # The service's bound, not the deck's size: repeated cards are well-formed, and
            # validate answers them with a verdict (illegal), not a refusal.
            "maxItems": MAX_CARDS_IN_LIST,
            "description": "Cards in the order laid (the last one laid ends on top). Omit when none.",
        },
        "suit": {
            "anyOf": [{"$ref": f"{REF}{prefix}Suit"}, {"type": "null"}],
            "description": "A declared suit, for the actions that declare one. Omit otherwise.",
        },
        "declare": {
            "anyOf": [{"type": "object", "additionalProperties": card}, {"type": "null"}],
            "description": "Declarations: a card laid -> the card it is declared as. Omit when none.",
        },
        "value": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": 10_000,
            "description": "A chosen number, for the actions that choose one. Omit otherwise.",
        },
        "top": {
            "anyOf": [card, {"type": "null"}],
            "description": "A chosen card, for the actions that choose one. Omit otherwise.",
        },
    }
    for name, text in game.action_params.items():
        properties[name] = {"type": ["string", "integer", "boolean", "null"], "description": text}
    return {
        "type": "object",
        "description": description
        + " Fields that make no sense for the action's `type` are refused (`unexpected_field`).",
        "properties": properties,
        "required": ["type", "seat"],
        "additionalProperties": False,
    }


def options_schema(game: Game[Any], description: str) -> dict[str, Any]:
    """The game's options, every one optional (a left-out option comes from the preset)."""
    from rules_core.kernel import options_to_json

    defaults = options_to_json(game.presets[game.default_preset])
    kinds = {"boolean": "boolean", "integer": "integer", "string": "string"}
    properties: dict[str, Any] = {}
    for spec in game.option_specs():
        prop: dict[str, Any] = {
            "type": kinds.get(spec.type, "string"),
            "description": f"{spec.doc} (rule `{spec.rule}`)",
        }
        if spec.name in defaults:
            prop["default"] = defaults[spec.name]
        if spec.choices is not None:
            prop["enum"] = list(spec.choices)
        if spec.lo is not None:
            prop["minimum"] = spec.lo
        if spec.hi is not None:
            prop["maximum"] = spec.hi
        properties[spec.name] = prop
    return {
        "type": "object",
        "description": description + f" Defaults shown are the `{game.default_preset}` preset's.",
        "properties": properties,
        "additionalProperties": False,
    }


def game_components(game: Game[Any]) -> tuple[dict[str, dict[str, Any]], dict[str, str], str]:
    """The game's components (its ``wire_schemas``, the open action and options filled in from
    its facts, its ``Card`` and ``Suit``), its role -> component name, and its prefix."""
    prefix = game_prefix(game)
    wire = game.wire_schemas()
    components = {name: copy.deepcopy(schema) for name, schema in wire.components.items()}
    roles = dict(wire.roles)
    if game.situations is not None:
        components.update(game.situations.schema(prefix, list(game.presets)))
        roles["situation"] = f"{prefix}{game.situations.record.name}"
    components.setdefault(f"{prefix}Card", card_schema(game))
    components.setdefault(f"{prefix}Suit", suit_schema(game))
    action = components[roles["action"]]
    if _is_open(action):
        components[roles["action"]] = action_schema(game, prefix, action.get("description", ""))
    options = components[roles["options"]]
    if _is_open(options):
        components[roles["options"]] = options_schema(game, options.get("description", ""))
    return components, roles, prefix


def effect_types(components: dict[str, dict[str, Any]], effect: str) -> list[str]:
    """Effect type names a game declares: a ``type`` member with a ``const`` in the effect
    component or any component it refers to (one per effect, under a ``oneOf``)."""
    found: set[str] = set()
    seen: set[str] = set()
    frontier = [effect]
    while frontier:
        name = frontier.pop()
        if name in seen or name not in components:
            continue
        seen.add(name)
        schema = components[name]
        for node in [schema, *schema.get("oneOf", []), *schema.get("anyOf", [])]:
            member = node.get("properties", {}).get("type", {}) if isinstance(node, dict) else {}
            if isinstance(member.get("const"), str):
                found.add(member["const"])
        frontier.extend(_refs(schema))
    return sorted(found)


def _refs(node: Any) -> Iterable[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            yield ref[len(REF) :]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _needing_copies(schemas: dict[str, Any]) -> set[str]:
    """Generic components that hold a game's JSON, directly or through a component they refer to."""
    needed = {component for component, _ in (*ROLE_MEMBERS, *SEAT_MEMBERS, *CARD_LIST_MEMBERS)}
    needed &= set(schemas)
    changed = True
    while changed:
        changed = False
        for name, schema in schemas.items():
            if name not in needed and any(ref in needed for ref in _refs(schema)):
                needed.add(name)
                changed = True
    return needed


def _retarget(node: Any, prefix: str, copied: set[str]) -> Any:
    """``node`` with every reference to a copied component pointing at the game's copy."""
    if isinstance(node, dict):
        out = {k: _retarget(v, prefix, copied) for k, v in node.items()}
        ref = out.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF) and ref[len(REF) :] in copied:
            out["$ref"] = f"{REF}{prefix}{ref[len(REF) :]}"
        return out
    if isinstance(node, list):
        return [_retarget(v, prefix, copied) for v in node]
    return node


def _role_member(original: dict[str, Any], role: str, roles: dict[str, str]) -> dict[str, Any]:
    listed = role.startswith("[")
    target = {"$ref": REF + roles[role.strip("[]")]}
    out: dict[str, Any] = {}
    if listed:
        out = {k: v for k, v in original.items() if k in ("maxItems", "minItems")}
        out.update({"type": "array", "items": target})
    elif "null" in original.get("type", ()):
        out = {"anyOf": [target, {"type": "null"}]}
    else:
        out = dict(target)
    if "description" in original:
        out["description"] = original["description"]
    return out


def _game_copy(
    name: str, schema: dict[str, Any], game: Game[Any], roles: dict[str, str], prefix: str, copied: set[str]
) -> dict[str, Any]:
    out = _retarget(copy.deepcopy(schema), prefix, copied)
    properties = out.get("properties", {})
    for member, value in list(properties.items()):
        role = ROLE_MEMBERS.get((name, member))
        if role is not None and role.strip("[]") not in roles:
            del properties[member]  # the game takes no such member (a situation, for one)
            continue
        if role is not None:
            properties[member] = _role_member(value, role, roles)
        seat = SEAT_MEMBERS.get((name, member))
        if seat == "seats":
            value.update(minimum=game.min_seats, maximum=game.max_seats)
        elif seat == "seat":
            value.update(minimum=0, maximum=game.max_seats - 1)
        if (name, member) in CARD_LIST_MEMBERS:
            value["items"] = {"$ref": f"{REF}{prefix}Card"}
            value["maxItems"] = len(game.deck.cards)
    return out


#: What a state is on a server that seals tables (``service.sealing``): the envelope it answered.
SEALED_STATE = {
    "type": "object",
    "description": (
        "A sealed table state (this server seals tables): send the envelope back exactly as the "
        "service answered it. `sealed` is the encrypted state; the other members say which table "
        "and move it is and are checked against it."
    ),
    "properties": {
        "sealed": {"type": "string", "description": "The encrypted state."},
        "table_id": {"type": "string", "description": "The table, the same from answer to answer."},
        "move": {"type": "integer", "description": "The state's move number."},
        "game": {"type": "string", "description": "The game's registry name."},
    },
    "required": ["sealed", "table_id", "move", "game"],
    "additionalProperties": False,
}


def per_game_paths(
    doc: dict[str, Any], games: list[Game[Any]], *, sealed: bool = False
) -> dict[str, list[str]]:
    """Replace the generic table operations by one per game; answer each game's effect types.
    With ``sealed`` the states the requests and answers carry are the sealing envelope."""
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    if sealed:
        schemas["SealedState"] = SEALED_STATE
    paths = doc.setdefault("paths", {})
    # A renamed envelope or member would silently stay an open object: refuse to build instead.
    missing = [
        f"{c}.{m}"
        for c, m in (*ROLE_MEMBERS, *SEAT_MEMBERS, *CARD_LIST_MEMBERS)
        if m not in schemas.get(c, {}).get("properties", {})
    ]
    if missing:
        raise ValueError(f"per-game members not in the generic schemas: {', '.join(sorted(missing))}")
    copied = _needing_copies(schemas)
    generic_paths = {end: paths.pop(f"/v1/games/{{game}}/{end}", None) for end in PER_GAME_OPERATIONS}
    known_effects: dict[str, list[str]] = {}
    for game in games:
        components, roles, prefix = game_components(game)
        if sealed:
            roles["state"] = "SealedState"
        for name in copied:
            components[f"{prefix}{name}"] = _game_copy(name, schemas[name], game, roles, prefix, copied)
        clash = set(components) & set(schemas)
        if clash:
            raise ValueError(f"{game.name}: component names already taken: {sorted(clash)}")
        schemas.update(components)
        known_effects[game.name] = effect_types(components, roles["effect"])
        for end, item in generic_paths.items():
            has = OPTIONAL_OPERATIONS.get(end)
            if item is not None and (has is None or has(game)):
                paths[f"/v1/games/{game.name}/{end}"] = _game_path(item, game, prefix, copied)
    for end, item in generic_paths.items():
        if item is not None and not games:
            paths[f"/v1/games/{{game}}/{end}"] = item  # no game: nothing to type
    return known_effects


def _game_path(item: dict[str, Any], game: Game[Any], prefix: str, copied: set[str]) -> dict[str, Any]:
    out = _retarget(copy.deepcopy(item), prefix, copied)
    params = [p for p in out.get("parameters", []) if not (p.get("in") == "path" and p.get("name") == "game")]
    if params:
        out["parameters"] = params
    else:
        out.pop("parameters", None)
    for method, operation in out.items():
        if method == "parameters":
            continue
        base = operation.get("operationId") or method
        operation["operationId"] = f"{snake(prefix)}_{base}"
        operation["summary"] = f"{operation.get('summary', '')} ({game.title})".strip()
        for content in _contents(operation):
            examples = content.get("examples")
            if isinstance(examples, dict):
                mine = {k: v for k, v in examples.items() if k == game.name}
                if mine:
                    content["examples"] = mine
                else:
                    content.pop("examples")
    return out


def _contents(operation: dict[str, Any]) -> Iterable[dict[str, Any]]:
    yield from operation.get("requestBody", {}).get("content", {}).values()
    for response in operation.get("responses", {}).values():
        if isinstance(response, dict):
            yield from response.get("content", {}).values()


def prune(doc: dict[str, Any], keep: Iterable[str] = ()) -> None:
    """Drop the components nothing refers to any more (the generic envelopes the games replaced)."""
    schemas = doc.get("components", {}).get("schemas", {})
    roots = [doc.get("paths", {}), doc.get("components", {}).get("responses", {})]
    reached: set[str] = set()
    frontier = [ref for root in roots for ref in _refs(root)] + list(keep)
    while frontier:
        name = frontier.pop()
        if name in reached or name not in schemas:
            continue
        reached.add(name)
        frontier.extend(_refs(schemas[name]))
    for name in list(schemas):
        if name not in reached:
            del schemas[name]
