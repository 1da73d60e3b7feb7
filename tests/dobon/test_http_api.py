"""Dobon through the other HTTP operations: catalogue, legal actions, view, errors, rounds."""

from __future__ import annotations

from typing import Any

from tests.dobon.http_tables import Table
from tests.http_helpers import call


def test_catalogue_lists_presets_options_and_reasons(client: Any) -> None:
    answer = client.get("/v1/games/dobon").get_json()
    assert answer["default_preset"] == "sum_only" and set(answer["presets"]) == {"sum_only", "action_cards"}
    assert answer["presets"]["action_cards"]["hand_size"] == 5
    assert {o["name"] for o in answer["options"]} >= {"returns", "eight", "drawing", "match_rounds"}
    codes = {r["code"] for r in answer["reason_codes"]}
    assert {"claim_must_use_whole_hand", "claim_on_own_discard", "final_card_cannot_be_discarded"} <= codes
    assert set(answer["action_types"]) == {
        "play",
        "draw",
        "take",
        "end_turn",
        "claim",
        "continue",
        "next_round",
    }


def test_legal_actions_in_a_check_and_on_a_turn(client: Any) -> None:
    table = Table(client, [["9H", "4C", "JD", "10S"], ["AS", "2S", "3S", "7S"]], "KH")
    assert table.legal() == [{"type": "continue", "seat": 0}]
    table.act("continue", 0)
    assert table.legal() == [
        {"type": "claim", "seat": 1, "cards": ["AS", "2S", "3S", "7S"], "top": top}
        for top in ["AS", "2S", "3S", "7S"]
    ] + [{"type": "continue", "seat": 1}]
    assert table.legal(0) == []


def test_view_of_a_seat(client: Any) -> None:
    table = Table(client, [["9H", "4C", "JD", "10S"], ["AS", "2S", "3S", "7S"]], "KH")
    view = call(client, "dobon", "view", {"state": table.state, "seat": 0})["view"]
    assert view["hands"][1] == {"count": 4} and "seed" not in view and view["viewer"] == 0


def test_an_impossible_state_is_a_422_listing_every_problem(client: Any) -> None:
    table = Table(client, [["9H", "4C", "JD", "10S"], ["AS", "2S", "3S", "7S"]], "KH")
    state = dict(table.state)
    state["hands"] = [["9H", "4C", "JD", "10S", "10S"], ["AS", "2S", "3S", "7S"]]
    state["obligation"] = 2
    state["turn"] = 1
    answer = call(
        client, "dobon", "validate", {"state": state, "action": {"type": "continue", "seat": 0}}, 422
    )
    pointers = {e["pointer"] for e in answer["errors"]}
    assert {"/state/hands/0/4", "/state/obligation", "/state/turn"} <= pointers


def test_a_match_of_three_rounds_waits_for_next_round(client: Any) -> None:
    table = Table(
        client, [["9H", "4C", "JD", "10S"], ["AS", "2S", "3S", "7S"]], "KH", match_rounds=3, returns=False
    )
    table.act("continue", 0)
    table.act("claim", 1, cards=["AS", "2S", "3S", "7S"])
    state = table.state
    assert state["status"] == "round_over" and state["winner"] == 1 and state["wins"] == [0, 1]
    assert table.refused("draw", 0) == ["round_over"]
    assert table.legal() == [{"type": "next_round", "seat": 0}, {"type": "next_round", "seat": 1}]
    table.act("next_round", 0)
    assert table.state["round"] == 2 and table.state["record"][0]["winner"] == 1
    assert table.state["status"] == "checking" and table.state["leaders"] == [1]


def test_an_empty_claim_or_round_record_is_read_not_dropped(client: Any) -> None:
    """``{}`` in ``chain`` or ``record`` was skipped, so the state read as one without it."""
    state = call(client, "dobon", "deal", {"seats": 2, "seed": 3})["state"]
    for field, pointers in (
        ("chain", {"/state/chain/0/seat", "/state/chain/0/cards", "/state/chain/0/target"}),
        ("record", {"/state/record/0/round", "/state/record/0/how"}),
    ):
        bad = dict(state, **{field: [{}]})
        problem = call(client, "dobon", "view", {"state": bad, "seat": 0}, status=422)
        assert problem["type"] == "urn:table-judge:problem:invalid-state"
        missing = {e["pointer"] for e in problem["errors"] if e["code"] == "missing"}
        assert pointers <= missing, (field, problem["errors"])
