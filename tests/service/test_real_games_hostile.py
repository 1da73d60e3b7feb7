"""Hostile but well-formed JSON for every registered game: never a 500.

Each top-level field of a real dealt state (and of a real legal action) is replaced in turn by
values of the wrong type or range; every answer must be a 200 verdict or a 4xx problem.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core.games import REGISTRY

HOSTILE = [None, True, "x", -1, 10**18, 3.5, [], {}, ["ZZ"], [["AS", "AS"]], {"count": 1}]


def _deal(client: Any, name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    game = REGISTRY.get(name)
    assert game is not None
    state = client.post(f"/v1/games/{name}/deal", json={"seats": game.min_seats, "seed": 3}).get_json()[
        "state"
    ]
    listed = client.post(f"/v1/games/{name}/legal-actions", json={"state": state}).get_json()["actions"]
    return state, listed[0]["action"]


@pytest.mark.parametrize("name", list(REGISTRY.names()))
def test_mutated_states_never_crash(client: Any, name: str) -> None:
    state, action = _deal(client, name)
    for key in state:
        for value in HOSTILE:
            mutated = copy.deepcopy(state)
            mutated[key] = value
            for operation, body in (
                ("validate", {"state": mutated, "action": action}),
                ("legal-actions", {"state": mutated}),
                ("view", {"state": mutated, "seat": 0}),
            ):
                response = client.post(f"/v1/games/{name}/{operation}", json=body)
                assert response.status_code < 500, (name, operation, key, value, response.get_json())


@pytest.mark.parametrize("name", list(REGISTRY.names()))
def test_mutated_actions_never_crash(client: Any, name: str) -> None:
    state, action = _deal(client, name)
    game = REGISTRY.get(name)
    assert game is not None
    for key in ("type", "seat", "cards", "suit", "declare", "value", "top", *game.action_params):
        for value in HOSTILE:
            mutated = dict(action, **{key: value})
            response = client.post(f"/v1/games/{name}/validate", json={"state": state, "action": mutated})
            assert response.status_code < 500, (name, key, value, response.get_json())
