"""dabong! state objects through HTTP: an object present but empty is read, never taken for absent.

Issue #25: ``"scores": {}`` on a state whose next play wins was read as a score sheet with no
entries, and scoring the win then indexed past its end (a 500 on validate, apply and explain).
Every object member of the state (scores, penalty, extra_play, take_back) is now refused with
a pointer at what it lacks, like any other incomplete state.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.http_helpers import call, deal

from .tables import table

G = "dabong"
OPERATIONS = ("validate", "apply", "explain")


def _on_the_brink(
    client: Any, scoring: str, *, unwinding: bool = False
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A dealt and played state (seeded, 2 cards a hand) whose seat on turn wins with its next
    play, and that play: each turn plays the first play listed, else draws or picks up. Without
    unwinding the state carries no take-back (whose replay would catch a changed score sheet)."""
    options = {"scoring": scoring, "hand_size": 2, "unwinding": unwinding}
    state = deal(client, G, seats=2, seed=1, options=options)
    for _ in range(20):
        seat = state["turn"]
        entries = call(client, G, "legal-actions", {"state": state, "seat": seat})["actions"]
        listed = [e["action"] for e in entries]
        plays = [a for a in listed if a["type"] == "play"]
        if plays and len(state["hands"][seat]) == 1:
            return state, plays[0]
        pick = next(a for kind in ("play", "draw", "pick_up") for a in listed if a["type"] == kind)
        state = call(client, G, "apply", {"state": state, "action": pick})["state"]
    raise AssertionError("no seat came within one play of winning")


def _problem(client: Any, operation: str, state: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/v1/games/{G}/{operation}", json={"state": state, "action": action})
    assert response.status_code == 422, (operation, response.status_code, response.get_json())
    assert response.content_type == "application/problem+json"
    return response.get_json()


@pytest.mark.parametrize(
    ("scoring", "unwinding"), [("single", False), ("tennis", False), ("points", False), ("tennis", True)]
)
def test_empty_scores_on_a_winning_play_is_an_invalid_state(
    client: Any, scoring: str, unwinding: bool
) -> None:
    state, winning = _on_the_brink(client, scoring, unwinding=unwinding)
    assert bool(state["take_back"]) is unwinding
    assert call(client, G, "validate", {"state": state, "action": winning})["legal"]
    state["scores"] = {}
    for operation in OPERATIONS:
        problem = _problem(client, operation, state, winning)
        assert problem["type"] == "urn:table-judge:problem:invalid-state"
        found = {e["pointer"]: e["code"] for e in problem["errors"]}
        assert found == {
            "/state/scores/games": "missing",
            "/state/scores/sets": "missing",
            "/state/scores/points": "missing",
            "/state/scores/played": "missing",
        }, operation


@pytest.mark.parametrize("key", ["games", "sets", "points"])
@pytest.mark.parametrize("entries", [[], [0], [0, 0, 0]])
def test_a_score_list_of_the_wrong_length_is_refused(client: Any, key: str, entries: list[int]) -> None:
    state, winning = _on_the_brink(client, "tennis" if key != "points" else "points")
    state["scores"][key] = entries
    for operation in OPERATIONS:
        problem = _problem(client, operation, state, winning)
        assert problem["type"] == "urn:table-judge:problem:invalid-state"
        [error] = problem["errors"]
        assert error["pointer"] == f"/state/scores/{key}" and error["code"] == "wrong_count"
        assert "one per seat" in error["message"] and "2 seats" in error["message"]


@pytest.mark.parametrize(
    ("field", "pointers"),
    [
        ("penalty", {"/state/penalty/cards", "/state/penalty/skip"}),
        ("extra_play", {"/state/extra_play/then"}),
        ("take_back", {"/state/take_back"}),
    ],
)
def test_an_empty_object_is_not_read_as_null(client: Any, field: str, pointers: set[str]) -> None:
    base = table([["3W"], ["4F", "KE"]], ["10W"], options={"scoring": "tennis"})
    winning = {"type": "play", "seat": 0, "cards": ["3W"]}
    state = copy.deepcopy(base)
    state[field] = {}
    problem = _problem(client, "validate", state, winning)
    assert problem["type"] == "urn:table-judge:problem:invalid-state"
    assert pointers <= {e["pointer"] for e in problem["errors"]}, problem["errors"]
