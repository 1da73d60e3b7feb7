"""Short seeded playouts of every registered game through HTTP.

At each step: the state the service returned is accepted unchanged, every listed action
validates as legal, applying one (chosen by a seeded generator) succeeds, and each seat's view
is answered. The games test their rules in depth; this proves the HTTP round trip carries them.
A failure names the game, seed and step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules_core.games import REGISTRY

SEEDS = (1, 2)
MAX_STEPS = 15


@pytest.mark.parametrize("name", list(REGISTRY.names()))
@pytest.mark.parametrize("seed", SEEDS)
def test_playout_round_trips_through_http(client: Any, name: str, seed: int) -> None:
    game = REGISTRY.get(name)
    assert game is not None
    chooser = random.Random(f"http-playout/{name}/{seed}")
    seats = chooser.randint(game.min_seats, min(game.max_seats, 4))
    answer = _post(client, name, "deal", {"seats": seats, "seed": seed}, where=f"{name} seed {seed} deal")
    state = answer["state"]
    for step in range(MAX_STEPS):
        where = f"{name} seed {seed} step {step}"
        listed = _post(client, name, "legal-actions", {"state": state, "limit": 1000}, where=where)
        for seat in range(seats):
            view = _post(client, name, "view", {"state": state, "seat": seat}, where=where)["view"]
            assert "seed" not in view, where
        if not listed["actions"]:
            assert answer["to_act"] == [] or answer["over"], where
            break
        sample = chooser.sample(listed["actions"], min(3, len(listed["actions"])))
        for entry in sample:
            verdict = _post(
                client, name, "validate", {"state": state, "action": entry["action"]}, where=where
            )
            assert verdict["legal"], (where, entry["action"], verdict["reasons"])
        action = chooser.choice(listed["actions"])["action"]
        answer = _post(client, name, "apply", {"state": state, "action": action}, where=f"{where} {action}")
        state = answer["state"]


def _post(client: Any, game: str, operation: str, body: dict[str, Any], *, where: str) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game}/{operation}", json=body)
    assert response.status_code == 200, (where, operation, response.status_code, response.get_json())
    return response.get_json()  # type: ignore[no-any-return]
