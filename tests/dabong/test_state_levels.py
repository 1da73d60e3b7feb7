"""State fields of the Intermediate and Master flow: round trip, and impossible values refused."""

from __future__ import annotations

import pytest

from rules_core.games.dabong import GAME
from rules_core.kernel import StateInvalid

from .tables import table

MID = "intermediate"


def problems(data) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    with pytest.raises(StateInvalid) as info:
        GAME.state_from_json(data)
    out: dict[str, set[str]] = {}
    for p in info.value.problems:
        out.setdefault(p.pointer, set()).add(p.code)
    return out


def hands() -> list[list[str]]:
    return [["3W", "5A"], ["4W", "4F"]]


def test_level_fields_round_trip() -> None:
    data = table(
        hands(),
        ["2F", "7F", "7W", "7A"],
        preset=MID,
        top_play=3,
        answerable="heaven",
        river="KE",
        options={"deal_river": True, "calendar_year": 2026},
        years_used=[[2024, 2025], []],
    )
    assert GAME.state_to_json(GAME.state_from_json(data)) == data


def test_penalty_of_add_ons_needs_that_many_twos_on_top() -> None:
    ok = table(hands(), ["2F", "2W"], preset=MID, penalty={"cards": 4, "skip": True})
    GAME.state_from_json(ok)
    too_many = table(hands(), ["5F", "2W"], preset=MID, penalty={"cards": 4, "skip": True})
    assert "impossible" in problems(too_many)["/penalty"]
    beginner = table(hands(), ["2F", "2W"], penalty={"cards": 4, "skip": True})
    assert "impossible" in problems(beginner)["/penalty"]


def test_rank_run_and_previous_play_must_fit_the_pile() -> None:
    assert "impossible" in problems(table(hands(), ["5F", "7W"], preset=MID, rank_run=3))["/rank_run"]
    data = table(hands(), ["5F", "7W"], preset=MID)
    data["previous_play"] = ["8W"]
    assert "impossible" in problems(data)["/previous_play"]
    data["previous_play"] = ["SH1"]
    assert "not_real" in problems(data)["/previous_play/0"]


def test_extra_play_and_answer_need_their_cause() -> None:
    data = table(hands(), ["5F", "7W"], preset=MID, extra_play={"then": 1})
    assert "impossible" in problems(data)["/extra_play"]
    beginner = table(hands(), ["7E", "7F", "7W", "7A"], top_seat=0, extra_play={"then": 1})
    assert "not_allowed" in problems(beginner)["/extra_play"]
    ok = table(hands(), ["7E", "7F", "7W", "7A"], preset=MID, top_seat=0, extra_play={"then": 1})
    GAME.state_from_json(ok)
    wrong = table(hands(), ["2F", "6F", "7W", "7A"], preset=MID, top_play=3, answerable="heaven")
    assert "impossible" in problems(wrong)["/answerable"]


def test_river_as_dealt_and_ledger_are_checked() -> None:
    no_rule = table(hands(), ["5F"], river="KE")
    assert "not_allowed" in problems(no_rule)["/river"]
    dup = table(hands(), ["5F"], preset=MID, options={"deal_river": True})
    dup["river"] = "5F"
    assert "duplicate_card" in problems(dup)["/river"]
    assert "impossible" in problems(table(hands(), ["5F"], as_dealt=[0]))["/as_dealt"]
    late = table(hands(), ["5F"], preset=MID, options={"calendar_year": 2025}, years_used=[[2026], []])
    assert "out_of_range" in problems(late)["/years_used/0"]
    unsorted = table(hands(), ["5F"], years_used=[[2025, 2024], []])
    assert "not_sorted" in problems(unsorted)["/years_used/0/1"]


def test_deal_records_hands_as_dealt_and_an_empty_ledger() -> None:
    state = GAME.deal(seats=3, options=GAME.presets[MID], seed=5, deck_order=None)
    assert state.as_dealt == (0, 1, 2) and state.years_used == ((), (), ())
