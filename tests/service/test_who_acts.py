"""Who must act and who may (#28): every answer that carries a table separates the seat play waits
for (``turn``) from the seats that may act out of turn (``out_of_turn``)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.games import REGISTRY
from service.app import create_app

GAMES = {g.name: g for g in REGISTRY}


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True, "REQUEST_CPU_SECONDS": 0}).test_client()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_turn_and_out_of_turn_split_to_act(client: Any, game: str) -> None:
    answer = client.post(f"/v1/games/{game}/deal", json={"seats": 3, "seed": 5}).get_json()
    for step in range(30):
        state = GAMES[game].state_from_json(answer["state"])
        assert answer["turn"] == GAMES[game].waits_for(state)
        assert answer["out_of_turn"] == [s for s in answer["to_act"] if s != answer["turn"]]
        if answer["over"]:
            assert answer["turn"] is None and answer["to_act"] == []
            break
        assert answer["turn"] in answer["to_act"]
        body = {"state": answer["state"], "seat": answer["turn"], "seed": step}
        action = client.post(f"/v1/games/{game}/suggest", json=body).get_json()["action"]
        answer = client.post(
            f"/v1/games/{game}/apply", json={"state": answer["state"], "action": action}
        ).get_json()


def test_dabong_out_of_turn_names_the_seats_with_a_chance(client: Any) -> None:
    # At Beginner every seat may trade at any time, so every other seat may act out of turn.
    dealt = client.post(
        "/v1/games/dabong/deal", json={"seats": 3, "seed": 1, "preset": "beginner"}
    ).get_json()
    assert sorted([dealt["turn"], *dealt["out_of_turn"]]) == [0, 1, 2]
    replayed = client.post(
        "/v1/games/99/replay", json={"deal": {"seats": 2, "seed": 1}, "actions": []}
    ).get_json()
    assert replayed["turn"] == 0 and replayed["out_of_turn"] == []
