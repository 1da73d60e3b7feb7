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
