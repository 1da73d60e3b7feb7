"""Real states, views, actions and effects of seeded playouts against a game's wire schemas.

The schemas are checked with ``jsonschema`` (draft 2020-12, the dialect of OpenAPI 3.1) in
a document shaped like the OpenAPI one (``#/components/schemas/<name>``), so the ``$ref``s
resolve as they will for a client.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from jsonschema import Draft202012Validator

from rules_core.kernel import ROLES, Action, Game
from tests.fuzz.reachable import PLAYERS, playout


def validators(game: Game[Any]) -> dict[str, Draft202012Validator]:
    wire = game.wire_schemas()
    out = {}
    for role in ROLES:
        schema = {"components": {"schemas": dict(wire.components)}, **wire.ref(role)}
        Draft202012Validator.check_schema(schema)
        out[role] = Draft202012Validator(schema)
    return out


def check_playouts(game: Game[Any], seeds: range) -> Counter[str]:
    """Validate everything seeded playouts of every preset and seat count produce; what was checked."""
    checks = validators(game)
    seen: Counter[str] = Counter()

    def ok(role: str, data: Any) -> None:
        errors = sorted(checks[role].iter_errors(data), key=lambda e: list(e.path))
        assert not errors, f"{role}: {errors[0].message} at {list(errors[0].path)}\n{data}"
        seen[role] += 1

    for preset, options in game.presets.items():
        ok(
            "options",
            game.state_to_json(game.deal(seats=game.min_seats, options=options, seed=0, deck_order=None))[
                "options"
            ],
        )
        for seats in range(game.min_seats, game.max_seats + 1):
            for seed in seeds:
                players = tuple(PLAYERS[(seed + i) % len(PLAYERS)] for i in range(seats))
                run = playout(game.name, preset, seats, seed, players)
                for i, data in enumerate(run.states):
                    ok("state", data)
                    state = game.state_from_json(data)
                    for seat in range(seats):
                        ok("view", game.view(state, seat))
                    if i < len(run.actions):
                        ok("action", run.actions[i])
                        action = game.action_from_json(run.actions[i])
                        outcome = game.resolve(state, action)
                        for effect in outcome.verdict.effects:
                            seen["effect:" + type(effect).__name__] += 1
                            ok("effect", effect.to_json())
                            for seat in range(seats):
                                ok("effect", effect.to_json(seat))
    return seen


def assert_rejects(game: Game[Any], role: str, data: Any) -> None:
    assert not validators(game)[role].is_valid(data), data


def action_json(action: Action) -> dict[str, Any]:
    return action.to_json()
