"""The flat take-back log (#26): its shape, what reading refuses, what a take-back proves."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules_core.games.dabong import GAME
from rules_core.kernel import Action, StateInvalid, parse_cards

from .tables import table


def play(seat: int, *cards: str) -> Action:
    return Action(type="play", seat=seat, cards=parse_cards(cards))


def _two_plays() -> tuple[Any, dict[str, Any]]:
    """Seat 0 lays 3W from the middle of its hand, seat 1 lays 4W: a log of two entries."""
    state = GAME.state_from_json(table([["5A", "3W", "6A"], ["4F", "4W"], ["6E", "7E"]], ["10W"]))
    s1 = GAME.resolve(state, play(0, "3W")).state
    s2 = GAME.resolve(s1, play(1, "4W")).state
    assert s2 is not None
    return s2, GAME.state_to_json(s2)


def _problems(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(StateInvalid) as caught:
        GAME.state_from_json(data)
    return {p.pointer: p.code for p in caught.value.problems}


def test_an_entry_is_flat_and_says_what_the_play_overwrote() -> None:
    _, data = _two_plays()
    first, second = data["take_back"]
    assert first["seat"] == 0 and first["cards"] == ["3W"] and first["hand_positions"] == [1]
    assert first["declare"] == {} and first["suit"] is None
    assert first["before"]["turn"] == 0 and first["before"]["top_play"] == 1
    assert second["seat"] == 1 and second["before"]["turn"] == 1 and second["before"]["top_seat"] == 0
    assert len(json.dumps(second)) < 400


def test_unwinding_restores_the_hand_order_exactly() -> None:
    s2, _ = _two_plays()
    back1 = GAME.resolve(s2, Action(type="take_back", seat=1)).state
    back0 = GAME.resolve(back1, Action(type="take_back", seat=0)).state
    assert back0 is not None and back0.take_back == ()
    assert [str(c) for c in back0.hands[0]] == ["5A", "3W", "6A"]
    assert [str(c) for c in back1.hands[1]] == ["4F", "4W"]


def test_the_old_nested_format_is_refused_as_a_format_change() -> None:
    _, data = _two_plays()
    old = copy.deepcopy(data)
    old["take_back"] = {"action": {"type": "play", "seat": 1, "cards": ["4W"]}, "before": {}}
    assert _problems(old) == {"/take_back": "format_changed"}
    old["take_back"] = None
    assert _problems(old) == {"/take_back": "format_changed"}


def test_the_old_format_gets_a_422_that_says_so(client: Any) -> None:
    _, data = _two_plays()
    data["take_back"] = {"action": {"type": "play", "seat": 1, "cards": ["4W"]}, "before": {}}
    answer = client.post("/v1/games/dabong/view", json={"state": data, "seat": 0})
    assert answer.status_code == 422
    [error] = answer.get_json()["errors"]
    assert error["pointer"] == "/state/take_back" and error["code"] == "format_changed"
    assert "format changed" in error["message"]


@pytest.mark.parametrize(
    ("change", "pointer", "code"),
    [
        (lambda d: d["take_back"][1].update(cards=["4F"]), "/take_back/1/cards", "inconsistent"),
        (lambda d: d["take_back"][0].update(seat=2), "/take_back/0", "inconsistent"),
        (
            lambda d: d["take_back"][0].update(hand_positions=[9]),
            "/take_back/0/hand_positions",
            "out_of_range",
        ),
        (
            lambda d: d["take_back"][0].update(hand_positions=[0, 1]),
            "/take_back/0/hand_positions",
            "wrong_count",
        ),
        (lambda d: d["take_back"][0]["before"].pop("turn"), "/take_back/0/before/turn", "missing"),
        (lambda d: d["take_back"][0]["before"].update(turn=7), "/take_back/0/before/turn", "out_of_range"),
        (lambda d: d["take_back"][0]["before"].update(mood="x"), "/take_back/0/before/mood", "unknown_field"),
        (lambda d: d["take_back"][0].update(extra=1), "/take_back/0/extra", "unknown_field"),
        (lambda d: d["take_back"][0].update(declare={"SH1": "5F"}), "/take_back/0/declare", "not_allowed"),
        (lambda d: d["take_back"].append(d["take_back"][0]), "/take_back/2/cards", "inconsistent"),
        (lambda d: d.update(take_back={}), "/take_back", "format_changed"),
        (lambda d: d.update(take_back="x"), "/take_back", "wrong_type"),
        (lambda d: d.pop("take_back"), "/take_back", "missing"),
    ],
)
def test_reading_refuses_a_log_that_does_not_fit_the_table(change: Any, pointer: str, code: str) -> None:
    _, data = _two_plays()
    change(data)
    assert _problems(data) == {pointer: code}


def test_a_log_needs_unwinding_on_and_a_game_being_played() -> None:
    _, data = _two_plays()
    data["options"]["unwinding"] = False
    assert _problems(data) == {"/take_back": "not_allowed"}


def test_an_entry_that_reads_but_is_not_what_the_play_overwrote_is_refused_at_its_take_back() -> None:
    """Reading runs no rules; the take-back replays the entry's play on the state it restores."""
    s2, data = _two_plays()
    data["take_back"][1]["before"]["direction"] = -1  # a direction the 4W did not change
    forged = GAME.state_from_json(data)
    assert GAME.resolve(forged, Action(type="draw", seat=2)).verdict.legal
    with pytest.raises(StateInvalid) as caught:
        GAME.resolve(forged, Action(type="take_back", seat=1))
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/take_back/1", "inconsistent")]
    # the entry below it is still sound, and the real state unwinds
    assert GAME.resolve(s2, Action(type="take_back", seat=1)).verdict.legal


def test_an_entry_restoring_an_impossible_state_is_refused_at_its_take_back() -> None:
    _, data = _two_plays()
    data["take_back"][1]["before"]["penalty"] = {"cards": 2, "skip": False}
    forged = GAME.state_from_json(data)
    with pytest.raises(StateInvalid) as caught:
        GAME.resolve(forged, Action(type="take_back", seat=1))
    [problem] = caught.value.problems
    assert problem.pointer == "/take_back/1" and problem.code == "inconsistent"
    assert "/penalty" in problem.message


@pytest.mark.parametrize("operation", ["validate", "apply", "explain"])
def test_a_forged_entry_is_a_422_at_the_entry_through_http(client: Any, operation: str) -> None:
    _, data = _two_plays()
    data["take_back"][1]["before"]["direction"] = -1
    answer = client.post(
        f"/v1/games/dabong/{operation}", json={"state": data, "action": {"type": "take_back", "seat": 1}}
    )
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["type"] == "urn:table-judge:problem:invalid-state"
    [error] = problem["errors"]
    assert error["pointer"] == "/state/take_back/1" and error["code"] == "inconsistent"


def test_entries_written_and_viewed_fit_the_declared_schema() -> None:
    """The schema comes from the same declarations as the reader and the writer."""
    import jsonschema

    from rules_core.games.dabong.take_back_fields import entry_schema

    state, data = _two_plays()
    for entry in data["take_back"]:
        jsonschema.validate(entry, entry_schema())
    for seat in range(state.seats):
        for entry in GAME.view(state, seat)["take_back"]:
            jsonschema.validate(entry, entry_schema(in_view=True))
            if entry["seat"] != seat:
                with pytest.raises(jsonschema.ValidationError):
                    jsonschema.validate(entry, entry_schema())
    forged = copy.deepcopy(data["take_back"][0])
    forged["before"]["direction"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(forged, entry_schema())
