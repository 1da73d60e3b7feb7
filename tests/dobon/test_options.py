"""Options and presets: every option decides a legal and an illegal case, in both presets.

Each probe builds a small position under ``preset`` with one option set, tries the one
action that option decides, and answers whether it was legal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from rules_core.games.dobon import ACTION_CARDS, GAME, PRESETS, SUM_ONLY, DobonOptions
from rules_core.kernel import InvalidInput, StateInvalid
from tests.dobon.tables import as_json, attempt, do, pass_check, position, table


def test_presets_are_the_documents_two_and_every_setting_is_an_option() -> None:
    assert set(PRESETS) == {"sum_only", "action_cards"} and GAME.default_preset == "sum_only"
    assert SUM_ONLY.hand_size == 4 and ACTION_CARDS.hand_size == 5
    names = {f.name for f in fields(DobonOptions)}
    assert names == {
        "hand_size",
        "returns",
        "empty_hand_wins",
        "two_growth",
        "penalty_ends_turn",
        "eight",
        "ace_skips",
        "jack_reverses",
        "queen_bundles",
        "drawing",
        "opening_effects",
        "match_rounds",
    }
    for spec in GAME.option_specs():
        assert spec.rule in GAME.rules, spec.name


def test_option_overrides_are_checked() -> None:
    with pytest.raises(InvalidInput) as caught:
        GAME.options_for("action_cards", {"match_rounds": 2, "eight": "joker", "speed": 1, "returns": "yes"})
    pointers = {p.pointer for p in caught.value.problems}
    assert pointers == {"/options/match_rounds", "/options/eight", "/options/speed", "/options/returns"}
    assert GAME.options_for("action_cards", {"returns": False}).returns is False


def _legal(state: Any, **action: Any) -> bool:
    return attempt(state, **action)[0].legal


def _play_eight(state: Any, preset: str) -> Any:
    """Seat 0 discards the 8D (choosing diamonds where the eight is wild)."""
    suit = {"suit": "D"} if state.options.eight == "wild_chosen_suit" else {}
    return do(state, type="play", seat=0, cards=["8D"], **suit)


def probe_hand_size(preset: str, value: Any) -> bool:
    state = GAME.deal(
        seats=2, options=GAME.options_for(preset, {"hand_size": value}), seed=1, deck_order=None
    )
    return all(len(h) == value for h in state.hands) and _legal(state, type="continue", seat=0)


def probe_returns(preset: str, value: Any) -> bool:
    state = position(
        [["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]], ["8S"], top_owner=2, preset=preset, returns=value
    )
    state = _play_eight(state, preset)
    return _legal(state, type="claim", seat=1, cards=["3H", "5C"], top="5C")


def probe_empty_hand_wins(preset: str, value: Any) -> bool:
    state = position([["9S"], ["KH", "QH"]], ["4S"], preset=preset, empty_hand_wins=value)
    return _legal(state, type="play", seat=0, cards=["9S"])


def probe_two_growth(preset: str, value: Any) -> bool:
    """An obligation of six (three twos on top) exists only when twos add two."""
    data = as_json(
        position(
            [["9H", "4C"], ["KH", "QH"]],
            ["2S", "2C", "2H"],
            turn=1,
            step="answer_two",
            obligation=4 if value == "double" else 6,
            preset=preset,
            two_growth=value,
        )
    )
    data["obligation"] = 6
    try:
        GAME.state_from_json(data)
    except StateInvalid:
        return False
    return True


def probe_penalty_ends_turn(preset: str, value: Any) -> bool:
    """After taking the two's cards, may the seat go on with an ordinary play?"""
    state = position(
        [["9H", "4C"], ["KH", "3S", "QH"]],
        ["2H"],
        turn=1,
        step="answer_two",
        obligation=2,
        preset=preset,
        penalty_ends_turn=value,
    )
    state = pass_check(do(state, type="take", seat=1))
    return _legal(state, type="play", seat=1, cards=["KH"])


def probe_eight(preset: str, value: Any) -> bool:
    """An eight played on another suit without choosing one."""
    state = position([["8C", "9C", "KC"], ["KH", "QH"]], ["5H"], preset=preset, eight=value)
    return _legal(state, type="play", seat=0, cards=["8C"])


def probe_ace_skips(preset: str, value: Any) -> bool:
    """After an ace, may the next seat (seat 1) take its turn?"""
    state = position([["AH", "9C", "KC"], ["KD", "QD"], ["KS", "QS"]], ["5H"], preset=preset, ace_skips=value)
    state = pass_check(do(state, type="play", seat=0, cards=["AH"]))
    return _legal(state, type="draw", seat=1)


def probe_jack_reverses(preset: str, value: Any) -> bool:
    """After a jack, may seat 1 (next in the old direction) take its turn?"""
    state = position(
        [["JH", "9C", "KC"], ["KD", "QD"], ["KS", "QS"]], ["5H"], preset=preset, jack_reverses=value
    )
    state = pass_check(do(state, type="play", seat=0, cards=["JH"]))
    return _legal(state, type="draw", seat=1)


def probe_queen_bundles(preset: str, value: Any) -> bool:
    state = position([["QH", "QS", "9D"], ["KD", "10D"]], ["5H"], preset=preset, queen_bundles=value)
    return _legal(state, type="play", seat=0, cards=["QH", "QS"])


def probe_drawing(preset: str, value: Any) -> bool:
    """After drawing a fitting card, may the seat play it?"""
    state = position([["9C", "4C", "JD"], ["KD", "QD"]], ["4H"], stock=["7H"], preset=preset, drawing=value)
    state = pass_check(do(state, type="draw", seat=0))
    return _legal(state, type="play", seat=0, cards=["7H"])


def probe_opening_effects(preset: str, value: Any) -> bool:
    """Does an opening two oblige seat 0 (is taking the cards legal)?"""
    size = 4 if preset == "sum_only" else 5
    hands = [["9H", "4C", "JD", "10S", "KS"][:size], ["9C", "6D", "QS", "QD", "KD"][:size]]
    state = pass_check(table(hands, "2H", preset=preset, opening_effects=value))
    return _legal(state, type="take", seat=0)


def probe_match_rounds(preset: str, value: Any) -> bool:
    """After a won round, may the next round start?"""
    state = position(
        [["KH", "4C", "8D"], ["3H", "5C"], ["QD", "QS"]],
        ["8S"],
        top_owner=2,
        preset=preset,
        returns=False,
        match_rounds=value,
    )
    state = do(_play_eight(state, preset), type="claim", seat=1, cards=["3H", "5C"])
    return _legal(state, type="next_round", seat=0)


PROBES: dict[str, tuple[Callable[[str, Any], bool], dict[Any, bool]]] = {
    "hand_size": (probe_hand_size, {4: True, 5: True}),
    "returns": (probe_returns, {True: True, False: False}),
    "empty_hand_wins": (probe_empty_hand_wins, {True: True, False: False}),
    "two_growth": (probe_two_growth, {"add_two": True, "double": False}),
    "penalty_ends_turn": (probe_penalty_ends_turn, {False: True, True: False}),
    "eight": (probe_eight, {"wild_printed_suit": True, "wild_chosen_suit": False, "ordinary": False}),
    "ace_skips": (probe_ace_skips, {False: True, True: False}),
    "jack_reverses": (probe_jack_reverses, {False: True, True: False}),
    "queen_bundles": (probe_queen_bundles, {True: True, False: False}),
    "drawing": (
        probe_drawing,
        {"draw_one_may_play": True, "draw_until_playable": True, "draw_one_ends_turn": False},
    ),
    "opening_effects": (probe_opening_effects, {True: True, False: False}),
    "match_rounds": (probe_match_rounds, {3: True, 5: True, 1: False}),
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("option", sorted(PROBES))
def test_each_option_decides_a_legal_and_an_illegal_case(option: str, preset: str) -> None:
    probe, expected = PROBES[option]
    answers = {value: probe(preset, value) for value in expected}
    assert answers == expected
    if option != "hand_size":
        assert set(answers.values()) == {True, False}
