"""State JSON: round trip, every problem reported with its pointer, views hide what they must."""

from __future__ import annotations

import copy

import pytest

from rules_core.games.dabong import GAME
from rules_core.kernel import StateInvalid

from .tables import table


def problems(data) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    with pytest.raises(StateInvalid) as info:
        GAME.state_from_json(data)
    out: dict[str, set[str]] = {}
    for p in info.value.problems:
        out.setdefault(p.pointer, set()).add(p.code)
    return out


def base():  # type: ignore[no-untyped-def]
    return table([["3W", "5A"], ["4W", "4F"], ["6E", "7E"]], ["10W"])


def test_round_trip_of_dealt_states() -> None:
    for seats in range(2, 6):
        for seed in range(5):
            data = GAME.state_to_json(GAME.deal(seats=seats, options=None, seed=seed, deck_order=None))
            assert GAME.state_to_json(GAME.state_from_json(data)) == data


def test_every_problem_is_reported_at_once() -> None:
    data = base()
    data["hands"][0][0] = "5A"  # duplicate, and 3W now missing
    data["turn"] = 7
    data["suit"] = "W"  # a 10 on top has no declared suit
    data["extra"] = 1
    found = problems(data)
    assert "duplicate_card" in found["/hands/0/1"]
    assert "not_allowed" in found["/suit"]
    assert "missing_cards" in found[""]
    assert "out_of_range" in found["/turn"]
    assert "unknown_field" in found["/extra"]


def test_suit_must_fit_the_top_card() -> None:
    data = table([["3W", "5A"], ["4W", "4F"]], ["JW"], suit="F")
    assert "not_allowed" in problems(data)["/suit"]
    data = table([["3W", "5A"], ["4W", "4F"]], ["8W"])
    assert "missing" in problems(data)["/suit"]


def test_penalty_needs_a_card_behind_it() -> None:
    data = table([["3W", "5A"], ["4W", "4F"]], ["10W"], penalty={"cards": 2, "skip": True})
    assert "no_card_behind" in problems(data)["/penalty"]
    ok = table([["3W", "5A"], ["4W", "4F"]], ["2W"], penalty={"cards": 2, "skip": True})
    GAME.state_from_json(ok)


def test_top_shaman_needs_an_identity_and_identities_only_for_pile_shamans() -> None:
    data = table([["3W", "5A"], ["4W", "4F"]], ["SH1"])
    assert "undeclared_top" in problems(data)["/shaman_identities"]
    data = table([["SH2", "5A"], ["4W", "4F"]], ["SH1"], identities={"SH1": "5W", "SH2": "3W"})
    assert "not_on_pile" in problems(data)["/shaman_identities/SH2"]


def test_impossible_counts_and_announcements() -> None:
    data = base()
    data["hands"].append([])
    data["one_card_announced"] = [0]
    found = problems(data)
    assert "wrong_count" in found["/hands"]
    data = base()
    data["one_card_announced"] = [0]
    assert "not_one_card" in problems(data)["/one_card_announced/0"]


def test_missing_option_and_wrong_game() -> None:
    data = base()
    del data["options"]["trading"]
    data["game"] = "99"
    found = problems(data)
    assert "missing" in found["/options/trading"] and "wrong_game" in found["/game"]


def test_view_hides_hands_draw_pile_and_seed_also_in_take_back() -> None:
    from rules_core.kernel import Action, parse_cards

    state = GAME.state_from_json(base())
    after = GAME.resolve(state, Action(type="play", seat=0, cards=parse_cards(["3W"]))).state
    assert after is not None
    view = GAME.view(after, 1)
    assert view["viewer"] == 1 and "seed" not in view
    assert view["hands"] == [{"count": 1}, ["4W", "4F"], {"count": 2}]
    assert view["draw_pile"] == {"count": len(after.draw_pile)}
    # The log says what was played (public: it lies on the pile), not where it sat in the hand.
    [entry] = view["take_back"]
    assert entry["seat"] == 0 and entry["cards"] == ["3W"] and "hand_positions" not in entry
    assert GAME.view(after, 0)["take_back"][0]["hand_positions"] == [0]
    assert copy.deepcopy(view) == view
