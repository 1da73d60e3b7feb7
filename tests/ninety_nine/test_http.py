"""Every rule and worked situation of the 99 document, through the HTTP API, with rigged deals."""

from __future__ import annotations

from typing import Any

import pytest

from rules_core.games.ninety_nine.rules import RULES
from tests.http_helpers import apply, call, deal, validate

from .scenarios import SCENARIOS
from .tables import deck_order, position, run_out_state


def _deal_body(scenario: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {
        "seats": len(scenario["hands"]),
        "seed": 99,
        "deck_order": deck_order(scenario["hands"], scenario.get("draw", [])),
    }
    if "options" in scenario:
        body["options"] = scenario["options"]
    return body


def _play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "cards": [card]}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_99_document_scenario(client: Any, scenario: dict[str, Any]) -> None:
    state = deal(client, "99", **_deal_body(scenario))
    assert state["count"] == 0 and state["turn"] == 0
    answer: dict[str, Any] = {}
    effects: list[dict[str, Any]] = []
    for seat, card in scenario["plays"]:
        verdict = validate(client, "99", state, _play(seat, card))
        assert verdict["legal"], (seat, card, verdict["reasons"])
        answer = apply(client, "99", state, _play(seat, card))
        state = answer["state"]
        effects = answer["effects"]
    expect = scenario["expect"]
    for key in ("count", "turn", "status", "winner", "eliminated", "play_pile"):
        if key in expect:
            assert state[key] == expect[key], key
    if "hand_0" in expect:
        assert state["hands"][0] == expect["hand_0"]
    if "hand_sizes" in expect:
        assert [len(hand) for hand in state["hands"]] == [expect["hand_sizes"]] * len(state["hands"])
    if "hits" in expect:
        assert [[h["kind"], h["seat"], h["via"]] for h in state["hits"]] == expect["hits"]
    if "reasons" in expect:
        assert [r["code"] for r in answer["verdict"]["reasons"]] == expect["reasons"]
    if "effect" in expect:
        assert expect["effect"] in [e["type"] for e in effects]
    if "no_effect" in expect:
        assert expect["no_effect"] not in [e["type"] for e in effects]
    if "legal_cards" in expect:
        listed = call(client, "99", "legal-actions", {"state": state})["actions"]
        assert [a["action"]["cards"][0] for a in listed] == expect["legal_cards"]
    for seat, card, code in scenario.get("illegal", []):
        verdict = validate(client, "99", state, _play(seat, card))
        assert not verdict["legal"] and code in [r["code"] for r in verdict["reasons"]], (seat, card, verdict)
        refused = apply(client, "99", state, _play(seat, card), status=422)
        assert "state" not in refused and refused["verdict"]["legal"] is False


@pytest.mark.parametrize("scenario", SCENARIOS[:4] + SCENARIOS[-4:], ids=lambda s: s["name"])
def test_99_document_scenario_replays_to_the_same_state(client: Any, scenario: dict[str, Any]) -> None:
    body = _deal_body(scenario)
    state = deal(client, "99", **body)
    for seat, card in scenario["plays"]:
        state = apply(client, "99", state, _play(seat, card))["state"]
    actions = [_play(seat, card) for seat, card in scenario["plays"]]
    replay = call(client, "99", "replay", {"deal": body, "actions": actions})
    assert replay["completed"] and replay["failed"] is None
    assert replay["final_state"] == state


def test_99_reshuffle_when_the_draw_pile_runs_out_the_count_stays(client: Any) -> None:
    state = run_out_state()
    card = state["hands"][0][0]
    answer = apply(client, "99", state, _play(0, card))
    assert "PileReshuffled" in [e["type"] for e in answer["effects"]]
    after = answer["state"]
    assert after["play_pile"] == [] and after["count"] == after["count_base"] == 89 + int(card[:-1])
    assert len(after["draw_pile"]) == 20 and after["shuffles"] == 3
    again = apply(client, "99", state, _play(0, card))["state"]
    assert again == after


def test_99_impossible_state_is_a_422_listing_every_problem(client: Any) -> None:
    state = position([["5H", "KD", "9S", "2C"], ["7D", "3H", "JC", "4S"]], ["KH", "2D"], count=50)
    state["hands"][1] = ["7D", "3H", "JC"]
    state["draw_pile"][0] = "ZZ"
    problem = call(client, "99", "validate", {"state": state, "action": _play(0, "2C")}, status=422)
    pointers = {e["pointer"] for e in problem["errors"]}
    assert {"/state/hands/1", "/state/draw_pile/0"} <= pointers


def test_99_unexpected_field_and_not_your_turn_are_verdicts(client: Any) -> None:
    state = deal(client, "99", seats=2, seed=1)
    action = {"type": "play", "seat": 1, "cards": [state["hands"][1][0]], "suit": "S"}
    verdict = validate(client, "99", state, action)
    assert not verdict["legal"]
    assert [r["code"] for r in verdict["reasons"]] == ["unexpected_field", "not_your_turn"]
    assert all(r["rule_id"].startswith("99.") and r["message"] for r in verdict["reasons"])


def test_99_view_hides_other_hands_the_draw_pile_and_the_seed(client: Any) -> None:
    state = deal(client, "99", seats=3, seed=5)
    view = call(client, "99", "view", {"state": state, "seat": 2})["view"]
    assert "seed" not in view and view["draw_pile"] == {"count": 40}
    assert view["hands"][:2] == [{"count": 4}, {"count": 4}] and view["hands"][2] == state["hands"][2]
    answer = apply(client, "99", state, _play(0, state["hands"][0][0]))
    drawn = [e for e in answer["effects"] if e["type"] == "CardsDrawn"]
    assert drawn and drawn[0]["cards"]


def test_99_game_description_lists_options_presets_and_reasons(client: Any) -> None:
    response = client.get("/v1/games/99")
    assert response.status_code == 200
    info = response.get_json()
    names = {o["name"] for o in info["options"]}
    assert names == {"first_seat", "two_player_blowback", "shrunk_game_blowback", "clubs_slide"}
    assert "standard" in info["presets"]
    assert {"must_shield", "over_99", "not_playable_at_99", "death_card"} <= {
        r["code"] for r in info["reason_codes"]
    }
    dealt = deal(client, "99", seats=3, seed=2, options={"first_seat": 2})
    assert dealt["turn"] == 2


def test_99_players_two_to_eight_and_first_seat_at_the_table(client: Any) -> None:
    for seats in (1, 9):
        problem = call(client, "99", "deal", {"seats": seats, "seed": 1}, status=422)
        assert [e["pointer"] for e in problem["errors"]] == ["/seats"]
    problem = call(client, "99", "deal", {"seats": 3, "seed": 1, "options": {"first_seat": 3}}, status=422)
    assert "/options/first_seat" in {e["pointer"] for e in problem["errors"]}
    for seats in range(2, 9):
        state = deal(client, "99", seats=seats, seed=seats)
        assert [len(h) for h in state["hands"]] == [4] * seats and len(state["draw_pile"]) == 52 - 4 * seats


def test_99_the_rule_table_is_published_with_what_is_not_adjudicated(client: Any) -> None:
    rules = {rule["id"]: rule for rule in client.get("/v1/games/99").get_json()["rules"]}
    assert set(rules) == {rule.id for rule in RULES}
    assert rules["99.loading_duty"]["not_adjudicated"]


#: Rules checked through HTTP by the tests above rather than by a scenario.
_HTTP_TESTED = {"99.players", "99.deal", "99.first_seat", "99.reshuffle", "99.hand_size", "99.win"}
#: Rules whose HTTP evidence is part of a scenario that names another rule.
_INSIDE_SCENARIOS = {"99.count.start", "99.death_card", "99.death_card.draw"}


def test_99_every_adjudicated_rule_has_an_http_test() -> None:
    covered = {s["rule"] for s in SCENARIOS} | _HTTP_TESTED | _INSIDE_SCENARIOS
    adjudicated = {rule.id for rule in RULES if not rule.not_adjudicated}
    assert adjudicated <= covered, adjudicated - covered
