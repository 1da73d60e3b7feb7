"""The table operations through HTTP, on the fake game: deal, validate, apply, view, replay."""

from __future__ import annotations

from typing import Any

from tests.http_helpers import apply, call, deal, validate

from .fake_game import GAME

ORDER = ["AS", "2S", "3S", "4S", "AH", "2H", "3H", "4H"]


def rigged(client: Any) -> dict[str, Any]:
    """Seat 0: AS 3S, seat 1: 2S 4S, pile top AH, draw pile 2H 3H 4H."""
    return deal(client, "tiny", seats=2, deck_order=ORDER, seed=7)


def test_deal_follows_the_deck_order(fake_client: Any) -> None:
    state = rigged(fake_client)
    assert state["hands"] == [["AS", "3S"], ["2S", "4S"]]
    assert state["pile"] == ["AH"]
    assert state["draw_pile"] == ["2H", "3H", "4H"]


def test_deal_answers_who_acts(fake_client: Any) -> None:
    answer = call(fake_client, "tiny", "deal", {"seats": 3, "seed": 1})
    assert answer["to_act"] == [0]
    assert answer["over"] is False


def test_same_seed_same_deal(fake_client: Any) -> None:
    assert deal(fake_client, "tiny", seats=2, seed=42) == deal(fake_client, "tiny", seats=2, seed=42)


def test_deal_without_seed_draws_one(fake_client: Any) -> None:
    state = deal(fake_client, "tiny", seats=2)
    assert isinstance(state["seed"], int)


def test_preset_and_override(fake_client: Any) -> None:
    state = deal(fake_client, "tiny", seats=2, preset="short", seed=1)
    assert [len(h) for h in state["hands"]] == [1, 1]
    state = deal(fake_client, "tiny", seats=2, preset="short", options={"hand_size": 3}, seed=1)
    assert [len(h) for h in state["hands"]] == [3, 3]


def test_legal_play_verdict(fake_client: Any) -> None:
    state = rigged(fake_client)
    verdict = validate(fake_client, "tiny", state, {"type": "play", "seat": 0, "cards": ["AS"]})
    assert verdict["legal"] is True
    assert verdict["reasons"][0] == {
        "code": "matches",
        "rule_id": "tiny.match",
        "message": "AS matches AH",
        "details": {"card": "AS", "top": "AH"},
    }
    assert [e["type"] for e in verdict["effects"]] == ["CardsPlayed", "TurnPassed"]


def test_illegal_play_is_a_200_verdict(fake_client: Any) -> None:
    state = rigged(fake_client)
    verdict = validate(fake_client, "tiny", state, {"type": "play", "seat": 0, "cards": ["3S"]})
    assert verdict["legal"] is False
    assert verdict["reasons"][0]["code"] == "does_not_match"


def test_out_of_turn_is_a_200_verdict(fake_client: Any) -> None:
    state = rigged(fake_client)
    verdict = validate(fake_client, "tiny", state, {"type": "play", "seat": 1, "cards": ["2S"]})
    assert (verdict["legal"], verdict["reasons"][0]["code"]) == (False, "not_your_turn")


def test_apply_illegal_is_422_with_the_verdict_and_no_state(fake_client: Any) -> None:
    state = rigged(fake_client)
    problem = apply(fake_client, "tiny", state, {"type": "play", "seat": 0, "cards": ["3S"]}, status=422)
    assert problem["type"].endswith("illegal-action")
    assert problem["verdict"]["legal"] is False
    assert problem["verdict"]["reasons"][0]["code"] == "does_not_match"
    assert "state" not in problem


def test_applied_state_is_accepted_unchanged_by_the_next_request(fake_client: Any) -> None:
    """Chain apply -> apply -> apply, each time sending back exactly the state received."""
    state = rigged(fake_client)
    moves = [
        {"type": "play", "seat": 0, "cards": ["AS"]},
        {"type": "play", "seat": 1, "cards": ["2S"]},
        {"type": "draw", "seat": 0},
        {"type": "play", "seat": 1, "cards": ["4S"]},
    ]
    for move in moves:
        answer = apply(fake_client, "tiny", state, move)
        assert answer["verdict"]["legal"] is True
        state = answer["state"]
    assert answer["over"] is True
    assert answer["to_act"] == []
    assert state["winner"] == 1
    assert GAME.state_to_json(GAME.state_from_json(state)) == state


def test_view_hides_other_hands_the_draw_pile_and_the_seed(fake_client: Any) -> None:
    state = rigged(fake_client)
    seen = call(fake_client, "tiny", "view", {"state": state, "seat": 1})["view"]
    assert seen["viewer"] == 1
    assert seen["hands"] == [{"count": 2}, ["2S", "4S"]]
    assert seen["draw_pile"] == {"count": 3}
    assert "seed" not in seen
    assert seen["pile"] == ["AH"]


def test_replay_from_a_deal_completes(fake_client: Any) -> None:
    actions = [{"type": "play", "seat": 0, "cards": ["AS"]}, {"type": "play", "seat": 1, "cards": ["2S"]}]
    answer = call(
        fake_client,
        "tiny",
        "replay",
        {"deal": {"seats": 2, "deck_order": ORDER, "seed": 7}, "actions": actions},
    )
    assert answer["completed"] is True
    assert answer["failed"] is None
    assert [s["index"] for s in answer["steps"]] == [0, 1]
    assert answer["final_state"]["pile"] == ["AH", "AS", "2S"]


def test_replay_stops_at_the_first_illegal_action(fake_client: Any) -> None:
    state = rigged(fake_client)
    actions = [
        {"type": "play", "seat": 0, "cards": ["AS"]},
        {"type": "play", "seat": 0, "cards": ["3S"]},
        {"type": "draw", "seat": 1},
    ]
    answer = call(fake_client, "tiny", "replay", {"state": state, "actions": actions})
    assert answer["completed"] is False
    assert answer["failed"]["index"] == 1
    assert answer["failed"]["verdict"]["reasons"][0]["code"] == "not_your_turn"
    assert len(answer["steps"]) == 1
    assert answer["final_state"]["move"] == 1


def test_replay_agrees_with_chained_applies(fake_client: Any) -> None:
    state = rigged(fake_client)
    actions = [{"type": "play", "seat": 0, "cards": ["AS"]}, {"type": "draw", "seat": 1}]
    chained = state
    for action in actions:
        chained = apply(fake_client, "tiny", chained, action)["state"]
    replayed = call(fake_client, "tiny", "replay", {"state": state, "actions": actions})["final_state"]
    assert replayed == chained


def test_replay_at_the_limit_is_accepted(fake_app: Any) -> None:
    client = fake_app.test_client()
    fake_app.config["REPLAY_MAX_ACTIONS"] = 3
    try:
        too_many = [{"type": "draw", "seat": 0}] * 4
        response = client.post("/v1/games/tiny/replay", json={"deal": {"seats": 2}, "actions": too_many})
        assert response.status_code == 422
        assert response.get_json()["type"].endswith("replay-too-long")
        response = client.post("/v1/games/tiny/replay", json={"deal": {"seats": 2}, "actions": too_many[:3]})
        assert response.status_code == 200
    finally:
        fake_app.config["REPLAY_MAX_ACTIONS"] = 5000
