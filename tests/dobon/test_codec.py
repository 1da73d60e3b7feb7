"""State JSON: round trips, and impossible states rejected with every problem listed."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules_core.games.dobon import GAME
from rules_core.kernel import StateInvalid
from tests.dobon.tables import as_json, do, pass_check, position, table

FOUR = [["9H", "4C", "JD", "10S"], ["9C", "6D", "QS", "QD"], ["3H", "5C", "7S", "AD"]]


def problems(data: Any) -> dict[str, set[str]]:
    with pytest.raises(StateInvalid) as caught:
        GAME.state_from_json(data)
    out: dict[str, set[str]] = {}
    for p in caught.value.problems:
        out.setdefault(p.pointer, set()).add(p.code)
    return out


def test_round_trip_of_states_in_every_phase() -> None:
    state = table(FOUR, "2H")
    seen = [state]
    state = pass_check(state)
    seen += [state, do(state, type="take", seat=0)]
    for s in seen:
        data = as_json(s)
        assert GAME.state_to_json(GAME.state_from_json(copy.deepcopy(data))) == data


def test_every_shape_problem_is_reported_at_once() -> None:
    data = as_json(table(FOUR, "9S"))
    data["hands"][0][0] = "1Z"
    data["seats"] = 7
    data["surprise"] = 1
    data["status"] = "paused"
    found = problems(data)
    assert "unknown_card" in found["/hands/0/0"]
    assert found["/seats"] == {"out_of_range"} and found["/surprise"] == {"unknown_field"}
    assert found["/status"] == {"not_allowed"}


def test_conservation_duplicates_and_missing_cards() -> None:
    data = as_json(table(FOUR, "9S"))
    data["draw_pile"][0] = "9S"
    found = problems(data)
    assert "duplicate_card" in {c for codes in found.values() for c in codes}
    assert "missing_cards" in found[""]


def test_opening_hands_must_be_the_deal_size() -> None:
    data = as_json(table(FOUR, "9S"))
    data["draw_pile"].append(data["hands"][1].pop())
    assert "wrong_size" in problems(data)["/hands/1"]


def test_an_obligation_needs_twos_behind_it() -> None:
    data = as_json(pass_check(table(FOUR, "2H")))
    assert data["obligation"] == 2
    data["obligation"] = 4  # doubling: 4 needs two twos on top
    assert problems(data)["/obligation"] == {"impossible"}
    data["obligation"] = 3
    assert problems(data)["/obligation"] == {"impossible"}
    plain = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"]))
    plain["obligation"] = 2
    assert "/obligation" in problems(plain)


def test_a_checking_seat_must_be_eligible() -> None:
    state = do(
        position([["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], top_owner=2),
        type="play",
        seat=0,
        cards=["8D"],
    )
    data = as_json(state)
    data["check"]["asking"] = [0, 1, 2]
    data["turn"] = 0
    found = problems(data)
    assert "not_eligible" in found["/check/asking"] and "inconsistent" in found["/check/asking"]
    data = as_json(state)
    data["turn"] = 2
    assert problems(data)["/turn"] == {"inconsistent"}


def test_record_wins_and_leaders_must_agree() -> None:
    data = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"]))
    data["wins"] = [1, 0]
    data["leaders"] = [1]
    found = problems(data)
    assert found["/wins"] == {"inconsistent"} and found["/leaders"] == {"inconsistent"}


def test_direction_and_active_suit_must_be_explained() -> None:
    data = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"]))
    data["direction"] = -1
    data["active_suit"] = "H"
    found = problems(data)
    assert found["/direction"] == {"inconsistent"} and found["/active_suit"] == {"inconsistent"}


def test_empty_hands_only_for_claimants_and_finishers() -> None:
    data = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"]))
    data["draw_pile"] += data["hands"][1]
    data["hands"][1] = []
    assert problems(data)["/hands/1"] == {"impossible"}


def test_a_drawn_card_must_be_in_the_drawers_hand() -> None:
    state = pass_check(
        do(
            position([["9H", "4C"], ["KH", "QH"]], ["4S"], preset="action_cards", stock=["5S"]),
            type="draw",
            seat=0,
        )
    )
    data = as_json(state)
    assert data["drawn"] == "5S" and data["step"] == "drawn"
    data["drawn"] = "KH"
    assert problems(data)["/drawn"] == {"inconsistent"}
    data["drawn"] = None
    assert "/drawn" in problems(data)


def test_not_an_object_and_wrong_game() -> None:
    assert problems([]) == {"/": {"wrong_type"}}
    data = as_json(position([["9H", "4C"], ["KH", "QH"]], ["4S"]))
    data["game"] = "99"
    assert problems(data)["/game"] == {"not_allowed"}


def test_the_seat_after_a_check_must_follow_from_the_discard() -> None:
    state = do(
        position([["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], top_owner=2),
        type="play",
        seat=0,
        cards=["8D"],
    )
    data = as_json(state)
    assert data["check"]["resume"] == {"seat": 1, "step": "turn"}
    data["check"]["resume"] = {"seat": 2, "step": "turn"}  # an eight skips nobody
    assert problems(data)["/check/resume"] == {"inconsistent"}
