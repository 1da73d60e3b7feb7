"""Every worked example of the Beginner sections, through the HTTP API, with the example's cards."""

from __future__ import annotations

import itertools

from tests.http_helpers import apply, call, validate

from .tables import act, play, table

G = "dabong"


def legal(client, state, action) -> dict:  # type: ignore[no-untyped-def]
    verdict = validate(client, G, state, action)
    assert verdict["legal"], verdict
    return verdict


def illegal(client, state, action) -> dict:  # type: ignore[no-untyped-def]
    verdict = validate(client, G, state, action)
    assert not verdict["legal"], verdict
    return verdict


def codes(verdict: dict) -> set[str]:
    return {r["code"] for r in verdict["reasons"]}


def test_eight_example_1_crazy_suit(client) -> None:  # type: ignore[no-untyped-def]
    """Faced with 4A, 8F changing the suit to Water; the next seat follows an 8 or Water."""
    state = table([["8F", "3E"], ["5W", "5A", "8E", "2F"], ["6F", "7F"]], ["4A"])
    after = apply(client, G, state, play(0, "8F", suit="W"))["state"]
    assert after["suit"] == "W" and after["turn"] == 1
    legal(client, after, play(1, "5W"))
    legal(client, after, play(1, "8E", suit="F"))
    assert "play_illegal" in codes(illegal(client, after, play(1, "5A")))
    assert "play_illegal" in codes(illegal(client, after, play(1, "2F")))


def test_eight_example_2_eight_in_addition_shares_suit(client) -> None:  # type: ignore[no-untyped-def]
    """On KE, 5W + 8W is an addition (13) and may change the suit to Fire; 5W + 8F may not."""
    state = table([["5W", "8W", "8F", "3A"], ["2E", "3E"]], ["KE"])
    verdict = legal(client, state, play(0, "5W", "8W", suit="F"))
    assert any(i["pattern"] == "addition" for i in verdict["interpretations"])
    after = apply(client, G, state, play(0, "5W", "8W", suit="F"))["state"]
    assert after["suit"] == "F"
    illegal(client, state, play(0, "5W", "8F", suit="F"))


def test_jack_example_1_bower_suit_and_skip(client) -> None:  # type: ignore[no-untyped-def]
    """On 4A, JW (Water+Air) follows; its player chooses Air or Water; the next seat is skipped."""
    state = table([["JW", "3E"], ["5W", "6W"], ["6F", "7F"]], ["4A"])
    for suit in ("A", "W"):
        after = apply(client, G, state, play(0, "JW", suit=suit))
        assert after["state"]["suit"] == suit and after["state"]["turn"] == 2
        assert any(e["type"] == "TurnSkipped" and e["seat"] == 1 for e in after["effects"])
    assert "suit_not_allowed" in codes(illegal(client, state, play(0, "JW", suit="F")))
    assert "suit_required" in codes(illegal(client, state, play(0, "JW")))


def test_jack_example_2_bower_assisted_addition_with_two_on_top(client) -> None:  # type: ignore[no-untyped-def]
    """On KF, AF + JE (as Fire) + 2F = 13 is an addition; the 2 on top makes the next seat draw two."""
    state = table([["AF", "JE", "2F", "5A"], ["3W", "4W"], ["6E", "7E"]], ["KF"])
    verdict = legal(client, state, play(0, "AF", "JE", "2F"))
    assert {i["pattern"] for i in verdict["interpretations"]} >= {"addition"}
    after = apply(client, G, state, play(0, "AF", "JE", "2F"))["state"]
    assert after["penalty"] == {"cards": 2, "skip": True} and after["turn"] == 1
    assert codes(illegal(client, after, play(1, "3W"))) == {"penalty_pending"}
    picked = apply(client, G, after, act("pick_up", 1))["state"]
    assert len(picked["hands"][1]) == 4 and picked["turn"] == 2


def test_shaman_example_1_declared_as_five_of_water(client) -> None:  # type: ignore[no-untyped-def]
    """On 5F, a Shaman declared 5W; the next seat needs a 5, a Water, an 8 or a Shaman."""
    state = table([["SH1", "3E"], ["5A", "2W", "8E", "SH2", "KF"], ["6F", "7F"]], ["5F"])
    after = apply(client, G, state, play(0, "SH1", declare={"SH1": "5W"}))["state"]
    assert after["shaman_identities"] == {"SH1": "5W"}
    legal(client, after, play(1, "5A"))
    legal(client, after, play(1, "2W"))
    legal(client, after, play(1, "8E", suit="E"))
    legal(client, after, play(1, "SH2", declare={"SH2": "KW"}))
    illegal(client, after, play(1, "KF"))
    verdict = illegal(client, state, play(0, "SH1"))
    assert verdict["needs"]


def test_shaman_example_2_natural_with_shaman_and_four(client) -> None:  # type: ignore[no-untyped-def]
    """Shaman + 4 can dabong! on any card valued 5 or more that another seat put on top."""
    for top, value in (("5W", 1), ("9E", 5), ("KA", 9), ("AF", 10), ("JW", 7)):
        state = table(
            [["SH1", "4F"], ["3W", "6W"]], [top], turn=1, top_seat=1, suit="W" if top == "JW" else None
        )
        verdict = legal(client, state, act("claim_natural", 0, value=value))
        assert verdict["reasons"][0]["code"] == "natural_dabong"
        over = apply(client, G, state, act("claim_natural", 0, value=value))["state"]
        assert over["status"] == "over" and over["winner"] == 0
    state = table([["SH1", "4F"], ["3W", "6W"]], ["4W"], turn=1, top_seat=1)
    assert "natural_value_out_of_range" in codes(illegal(client, state, act("claim_natural", 0, value=0)))


def test_natural_example_jack_and_three_on_king(client) -> None:  # type: ignore[no-untyped-def]
    """J (10 in hand) + 3 = 13 wins on a King anyone else just played, even out of turn."""
    state = table([["JE", "3A"], ["5W", "6W"], ["9F", "7F"]], ["KW"], turn=2, top_seat=1)
    legal(client, state, act("claim_natural", 0))
    on_queen = table([["JE", "3A"], ["5W", "6W"], ["9F", "7F"]], ["QW"], turn=2, top_seat=1)
    assert "natural_wrong_sum" in codes(illegal(client, on_queen, act("claim_natural", 0)))


def test_addition_example_any_order(client) -> None:  # type: ignore[no-untyped-def]
    """On 10W, 7F + 2F + AF (10) in any order."""
    state = table([["7F", "2F", "AF", "3E"], ["5W", "6W"]], ["10W"])
    for order in itertools.permutations(("7F", "2F", "AF")):
        legal(client, state, play(0, *order))
    illegal(client, state, play(0, "7F", "2F"))


def test_subtraction_example_biggest_first(client) -> None:  # type: ignore[no-untyped-def]
    """On 3E, KA (10) - 3A - 4A = 3, the King first; the rest in any order."""
    state = table([["KA", "3A", "4A", "9F"], ["5W", "6W"]], ["3E"])
    legal(client, state, play(0, "KA", "3A", "4A"))
    legal(client, state, play(0, "KA", "4A", "3A"))
    illegal(client, state, play(0, "3A", "KA", "4A"))


def test_two_players_example_play_again_cards(client) -> None:  # type: ignore[no-untyped-def]
    """2 seats, on 7F: JE (as Fire), 9F, 9W, 2W, all by the same seat; the 2 makes the other draw two."""
    state = table([["JE", "9F", "9W", "2W", "5A"], ["3E", "4E"]], ["7F"])
    state = apply(client, G, state, play(0, "JE", suit="F"))["state"]
    assert state["turn"] == 0
    state = apply(client, G, state, play(0, "9F"))["state"]
    assert state["turn"] == 0
    state = apply(client, G, state, play(0, "9W"))["state"]
    assert state["turn"] == 0
    state = apply(client, G, state, play(0, "2W"))["state"]
    assert state["turn"] == 1 and state["penalty"] == {"cards": 2, "skip": True}
    state = apply(client, G, state, act("pick_up", 1))["state"]
    assert state["turn"] == 0 and len(state["hands"][1]) == 4


def test_queen_of_water_example_pick_up_two_then_natural(client) -> None:  # type: ignore[no-untyped-def]
    """QW on top: the next seat picks up two, no defence, not skipped; the new cards may make 12."""
    state = table([["QW", "3E"], ["5A", "4W"], ["6F", "7F"]], ["QA"], draw=["2E", "AE"])
    after = apply(client, G, state, play(0, "QW"))["state"]
    assert after["penalty"] == {"cards": 2, "skip": False}
    picked = apply(client, G, after, act("pick_up", 1))["state"]
    assert picked["turn"] == 1 and sorted(picked["hands"][1]) == sorted(["5A", "4W", "2E", "AE"])
    legal(client, picked, act("claim_natural", 1))


def rigged_deal(client, opening: str, seats: int = 3) -> dict:  # type: ignore[no-untyped-def]
    """Deal through HTTP with ``opening`` as the card turned up (every other card in deck order)."""
    from rules_core.kernel import DABONG_55, format_card

    rest = [format_card(c) for c in DABONG_55.cards if format_card(c) != opening]
    order = [*rest[: seats * 8], opening, *rest[seats * 8 :]]
    return call(client, G, "deal", {"seats": seats, "deck_order": order})["state"]


def test_opening_eight_dealer_chooses_the_suit(client) -> None:  # type: ignore[no-untyped-def]
    """An opening 8: the dealer chooses the suit."""
    state = rigged_deal(client, "8E")
    assert state["status"] == "opening" and state["turn"] == state["dealer"] == 2
    after = apply(client, G, state, act("declare_opening", 2, suit="A"))["state"]
    assert after["suit"] == "A" and after["turn"] == 0


def test_opening_nine_dealer_goes_first_to_the_right(client) -> None:  # type: ignore[no-untyped-def]
    """An opening 9: the dealer goes first and play goes to the right."""
    state = rigged_deal(client, "9E")
    assert state["turn"] == 2 and state["direction"] == -1
    after = apply(client, G, state, act("draw", 2))["state"]
    assert after["turn"] == 1


def test_opening_jack_dealer_chooses_suit_left_is_skipped(client) -> None:  # type: ignore[no-untyped-def]
    """An opening Jack: the dealer chooses one of its suits and the seat on the dealer's left is skipped."""
    state = rigged_deal(client, "JW")
    after = apply(client, G, state, act("declare_opening", 2, suit="A"))["state"]
    assert after["turn"] == 1 and after["suit"] == "A"


def test_opening_shaman_dealer_declares_or_takes_it(client) -> None:  # type: ignore[no-untyped-def]
    """An opening Shaman: declared by the dealer, or taken with a different card buried under the pile."""
    state = rigged_deal(client, "SH3")
    declared = apply(client, G, state, act("declare_opening", 2, declare={"SH3": "9F"}))["state"]
    assert declared["shaman_identities"] == {"SH3": "9F"} and declared["direction"] == -1
    bury = state["hands"][2][0]
    taken = apply(client, G, state, act("take_opening_shaman", 2, top=bury))["state"]
    assert "SH3" in taken["hands"][2] and taken["draw_pile"][-1] == bury
    assert taken["discard_pile"] == [state["draw_pile"][0]]
