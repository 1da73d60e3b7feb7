"""State JSON: round trip, and every impossible table rejected with every problem pointed at."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules_core.games.ninety_nine import GAME, NinetyNineOptions
from rules_core.kernel import StateInvalid

from .tables import position

HANDS = [["5H", "KD", "9S", "2C"], ["7D", "3H", "JC", "4S"], ["AH", "10S", "6D", "8C"]]


def problems(data):  # type: ignore[no-untyped-def]
    with pytest.raises(StateInvalid) as caught:
        GAME.state_from_json(data)
    return {(p.pointer, p.code) for p in caught.value.problems}


def test_99_state_round_trips_unchanged() -> None:
    data = position(HANDS, ["KH", "2D"], count=99, turn=0, shuffles=0)
    assert GAME.state_to_json(GAME.state_from_json(data)) == data
    dealt = GAME.state_to_json(GAME.deal(seats=5, options=NinetyNineOptions(), seed=3, deck_order=None))
    assert GAME.state_to_json(GAME.state_from_json(copy.deepcopy(dealt))) == dealt


def test_99_unknown_cards_duplicates_and_missing_cards_are_all_listed() -> None:
    data = position(HANDS, ["KH"], count=99)
    data["hands"][0][1] = "1X"
    data["draw_pile"][0] = "7D"  # 7D is also in seat 1's hand; the old top card is now missing
    found = problems(data)
    assert ("/hands/0/1", "unknown_card") in found
    assert any(code == "duplicate_card" for _, code in found)
    assert ("", "missing_cards") in found


def test_99_hand_size_is_four_for_every_seat_eliminated_included() -> None:
    data = position(HANDS, ["KH"], count=99, eliminated=(1,), turn=0)
    data["draw_pile"].append(data["hands"][1].pop())
    assert ("/hands/1", "wrong_hand_size") in problems(data)


def test_99_seats_two_to_eight_and_hands_per_seat() -> None:
    data = position(HANDS, ["KH"], count=99)
    data["seats"] = 9
    assert ("/seats", "out_of_range") in problems(data)
    data["seats"] = 2
    assert ("/hands", "wrong_hand_count") in problems(data)


def test_99_turn_must_point_at_a_live_seat_that_can_play() -> None:
    assert ("/turn", "turn_not_live") in problems(position(HANDS, ["KH"], count=99, turn=1, eliminated=(1,)))
    assert ("/turn", "turn_not_live") in problems(position(HANDS, ["KH"], count=99, turn=None))
    # seat 1 holds 7D 3H JC 4S: nothing it can play at 99, so it would already be out
    assert ("/turn", "turn_cannot_play") in problems(position(HANDS, ["KH"], count=99, turn=1))


def test_99_a_count_the_play_pile_cannot_explain_is_rejected() -> None:
    assert ("/count", "count_mismatch") in problems(position(HANDS, ["KH", "2D"], count=50))
    assert ("/count", "count_mismatch") in problems(position(HANDS, ["4D"], count=5))
    # 99, 89, 93, then 9C on 93 would have gone over 99; 4D on 99 was never playable
    assert ("/play_pile/3", "impossible_play") in problems(
        position(HANDS, ["KH", "10C", "4D", "9C"], count=99)
    )
    assert ("/play_pile/1", "impossible_play") in problems(position(HANDS, ["KH", "4D"], count=99))
    # after a reshuffle the pile restarts from count_base
    assert GAME.state_from_json(position(HANDS, ["4D"], count=94, count_base=90, shuffles=1, move=20))
    assert ("/count_base", "no_reshuffle") in problems(
        position(HANDS, ["4D"], count=94, count_base=90, shuffles=0)
    )


def test_99_the_ace_of_diamonds_at_99_must_answer_a_death_card() -> None:
    assert ("/play_pile/1", "impossible_play") in problems(position(HANDS, ["KH", "AD"], count=99))
    ok = position(HANDS, ["KH", "QS", "AD"], count=99, eliminated=(2,))
    assert GAME.state_from_json(ok)


def test_99_a_pending_death_card_needs_the_queen_of_spades_on_top() -> None:
    hands = [["5H", "KD", "9S", "2C"], ["7D", "AD", "JC", "4S"], ["AH", "10S", "6D", "8C"]]
    good = position(hands, ["KH", "QS"], count=99, status="death_card", turn=1, attacker=0)
    assert GAME.state_from_json(good).attacker == 0
    bad = position(hands, ["KH", "2S"], count=99, status="death_card", turn=1, attacker=0)
    assert ("/status", "no_death_card") in problems(bad)
    wrong_target = position(hands, ["KH", "QS"], count=99, status="death_card", turn=1, attacker=2)
    assert ("/turn", "wrong_target") in problems(wrong_target)
    no_shield = position(HANDS, ["KH", "QS"], count=99, status="death_card", turn=1, attacker=0)
    assert ("/hands/1", "no_shield") in problems(no_shield)
    stray = position(hands, ["KH"], count=99, attacker=2)
    assert ("/attacker", "no_death_card") in problems(stray)


def test_99_options_are_listed_in_full_and_first_seat_sits_at_the_table() -> None:
    data = position(HANDS, count=0, options=NinetyNineOptions(first_seat=5))
    data["options"].pop("clubs_slide")
    found = problems(data)
    assert ("/options/clubs_slide", "missing") in found and ("/options/first_seat", "no_such_seat") in found


def test_99_history_fields_agree() -> None:
    assert ("/move", "move_mismatch") in problems(position(HANDS, ["KH"], count=99, move=5))
    assert ("/turn", "not_first_seat") in problems(position(HANDS, count=0, turn=2))


def test_99_a_finished_hand_carries_its_winner_and_its_hits() -> None:
    data = position(HANDS, ["KH"], count=99, turn=None, eliminated=(1, 2), status="over")
    data["winner"] = 0
    data["hits"] = [{"kind": "win", "seat": 0, "via": []}]
    assert GAME.state_from_json(data).winner == 0
    data["hits"] = [{"kind": "win", "seat": 1, "via": []}]
    assert ("/hits", "wrong_hits") in problems(data)
    data["winner"] = 1
    assert ("/winner", "wrong_winner") in problems(data)


def test_99_many_problems_at_once_and_unknown_fields() -> None:
    data = position(HANDS, ["KH"], count=99)
    data["colour"] = "red"
    data["hands"][2][0] = 7
    data["count"] = 120
    data["status"] = "paused"
    found = problems(data)
    assert {("/colour", "unknown_field"), ("/hands/2/0", "unknown_card"), ("/count", "out_of_range")} <= found
    assert ("/status", "not_allowed") in found
    assert ("/", "wrong_type") in problems([])
    data = position(HANDS, ["KH"], count=99)
    del data["attacker"], data["turn"]
    assert {("/attacker", "missing"), ("/turn", "missing")} <= problems(data)


_JUNK: list[object] = [
    None,
    -1,
    0,
    1,
    7,
    99,
    100,
    2**70,
    1.5,
    True,
    "x",
    "AH",
    [],
    {},
    ["AH"],
    [["AH"]],
    {"a": 1},
]


def _mutations(data: dict, rng: random.Random):  # type: ignore[no-untyped-def,type-arg]
    for _ in range(40):
        mutated = copy.deepcopy(data)
        key = rng.choice(sorted(mutated))
        target: Any = mutated
        value = mutated[key]
        if isinstance(value, list) and value and rng.random() < 0.5:
            target, key = value, rng.randrange(len(value))
            if isinstance(target[key], list) and target[key] and rng.random() < 0.5:
                target, key = target[key], rng.randrange(len(target[key]))
        elif isinstance(value, dict) and value and rng.random() < 0.5:
            target, key = value, rng.choice(sorted(value))
        target[key] = rng.choice(_JUNK)
        yield mutated


def test_99_damaged_states_are_rejected_or_accepted_never_a_crash() -> None:
    rng = random.Random(99)
    rejected = 0
    for seed in range(15):
        state = GAME.deal(seats=2 + seed % 7, options=NinetyNineOptions(), seed=seed, deck_order=None)
        for _ in range(rng.randrange(1, 12)):
            entries = GAME.legal_actions(state).entries
            if not entries:
                break
            following = GAME.resolve(state, rng.choice(entries).action).state
            assert following is not None
            state = following
        for mutated in _mutations(GAME.state_to_json(state), rng):
            try:
                decoded = GAME.state_from_json(mutated)
            except StateInvalid as exc:
                assert exc.problems and all(
                    p.pointer == "" or p.pointer.startswith("/") for p in exc.problems
                )
                rejected += 1
                continue
            assert GAME.state_to_json(decoded) == mutated
    assert rejected > 400
