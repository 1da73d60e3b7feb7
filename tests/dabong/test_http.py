"""dabong! through the other HTTP operations: deal, legal-actions, view, replay, bad states."""

from __future__ import annotations

from tests.http_helpers import call, deal

from .tables import act, play, table

G = "dabong"


def test_deal_and_describe(client) -> None:  # type: ignore[no-untyped-def]
    state = deal(client, G, seats=4, seed=9)
    assert state["game"] == G and len(state["hands"]) == 4 and all(len(h) == 8 for h in state["hands"])
    facts = client.get(f"/v1/games/{G}").get_json()
    assert {"play", "draw", "claim_natural", "take_back", "trade"} <= set(facts["action_types"])
    assert set(facts["presets"]) == {"beginner", "intermediate", "master"}


def test_legal_actions_paged_with_exact_totals(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3W", "5W", "8F"], ["4F", "KE"]], ["10W"])
    first = call(client, G, "legal-actions", {"state": state, "seat": 0, "limit": 3})
    assert len(first["actions"]) == 3 and first["next_cursor"]
    rest = call(client, G, "legal-actions", {"state": state, "seat": 0, "cursor": first["next_cursor"]})
    kinds = [a["action"]["type"] for a in first["actions"] + rest["actions"]]
    assert kinds[0] == "draw" and "play" in kinds and "trade" in kinds
    assert first["total_entries"] == len(kinds)


def test_view_hides_other_hands(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    view = call(client, G, "view", {"state": state, "seat": 1})["view"]
    assert view["hands"][0] == {"count": 2} and view["hands"][1] == ["4F", "KE"] and "seed" not in view


def test_replay_stops_at_the_first_illegal_action(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    body = {"state": state, "actions": [play(0, "3W"), act("take_back", 0), play(0, "5W"), play(1, "KE")]}
    result = call(client, G, "replay", body)
    assert not result["completed"] and result["failed"]["index"] == 3
    assert [s["index"] for s in result["steps"]] == [0, 1, 2]


def test_impossible_state_is_a_422_listing_every_problem(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    state["hands"][1][0] = "3W"
    state["turn"] = 9
    problem = call(client, G, "validate", {"state": state, "action": act("draw", 0)}, status=422)
    pointers = {e["pointer"] for e in problem["errors"]}
    assert "/state/turn" in pointers and any(p.startswith("/state/hands/1") for p in pointers)


def test_illegal_apply_is_422_with_verdict(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3W", "5W"], ["4F", "KE"]], ["10W"])
    problem = call(client, G, "apply", {"state": state, "action": play(1, "KE")}, status=422)
    assert problem["verdict"]["reasons"][0]["code"] == "not_your_turn"
