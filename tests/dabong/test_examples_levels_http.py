"""Every worked example of the Intermediate and Master sections, through the HTTP API, with its cards."""

from __future__ import annotations

import itertools

from tests.http_helpers import apply, call

from .tables import act, play, table
from .test_examples_http import G, codes, illegal, legal

MID = "intermediate"
MASTER = "master"


def patterns(verdict: dict) -> set[str]:
    return {i["pattern"] for i in verdict["interpretations"]}


def test_twos_add_on_a_two_answered_with_a_two(client) -> None:  # type: ignore[no-untyped-def]
    """Facing a 2 a seat may lay another 2: the next seat then faces four cards, then six."""
    state = table([["2W", "5A"], ["2E", "KF", "3A"], ["2A", "4F", "6F"]], ["2F"], preset=MID, penalty=_two(2))
    legal(client, state, play(0, "2W"))
    after = apply(client, G, state, play(0, "2W"))["state"]
    assert after["penalty"] == {"cards": 4, "skip": True} and after["turn"] == 1
    after = apply(client, G, after, play(1, "2E"))["state"]
    assert after["penalty"] == {"cards": 6, "skip": True} and after["turn"] == 2
    picked = apply(client, G, after, act("pick_up", 2))["state"]
    assert len(picked["hands"][2]) == 9 and picked["turn"] == 0
    # a card that is no 2 does not answer, though it follows suit or rank
    assert "twos_add_on_only" in codes(illegal(client, _facing(MID), play(0, "5F")))


def test_twos_add_on_several_twos_on_top_add_on_by_themselves(client) -> None:  # type: ignore[no-untyped-def]
    """A play with two 2s on top (a clone of 2s on a 2) makes the next seat draw four."""
    state = table([["2W", "2E", "5A"], ["KF", "3A"], ["4F", "6F"]], ["2F"], preset=MID, top_seat=2)
    after = apply(client, G, state, play(0, "2W", "2E"))["state"]
    assert after["penalty"] == {"cards": 4, "skip": True}


def test_twos_add_on_beginner_must_pick_up(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["2W", "5A"], ["KF", "3A"]], ["2F"], penalty=_two(2))
    assert codes(illegal(client, state, play(0, "2W"))) == {"penalty_pending"}
    off = table(
        [["2W", "5A"], ["KF", "3A"]], ["2F"], preset=MID, penalty=_two(2), options={"twos_add_on": False}
    )
    assert codes(illegal(client, off, play(0, "2W"))) == {"penalty_pending"}


def test_clone_example(client) -> None:  # type: ignore[no-untyped-def]
    """On 3A, 3E and 3F together."""
    state = table([["3E", "3F", "KW"], ["5W", "6W"]], ["3A"], preset=MID)
    assert "clone" in patterns(legal(client, state, play(0, "3E", "3F")))
    illegal(client, table([["3E", "3F", "KW"], ["5W", "6W"]], ["3A"]), play(0, "3E", "3F"))


def test_twenty_one_examples(client) -> None:  # type: ignore[no-untyped-def]
    """On 6F, AF + JF (Ace as eleven) in any order; on 9F, 9E 2E QE (the matching 9 first)."""
    state = table([["AF", "JF", "5W"], ["5A", "6A"]], ["6F"], preset=MID, options={"straight": False})
    assert "twenty_one" in patterns(legal(client, state, play(0, "AF", "JF", suit="F")))
    assert "twenty_one" in patterns(legal(client, state, play(0, "JF", "AF")))
    state = table([["9E", "2E", "QE", "5W"], ["5A", "6A"]], ["9F"], preset=MID)
    assert "twenty_one" in patterns(legal(client, state, play(0, "9E", "2E", "QE")))
    illegal(client, state, play(0, "2E", "9E", "QE"))


def test_straight_examples(client) -> None:  # type: ignore[no-untyped-def]
    """On QA, 3 4 5 of Air either way; on 5F, 5 6 7 8 of Earth, the 8 calling Air."""
    state = table([["3A", "4A", "5A", "KW"], ["5W", "6W"]], ["QA"], preset=MID)
    legal(client, state, play(0, "3A", "4A", "5A"))
    legal(client, state, play(0, "5A", "4A", "3A"))
    on_king = table([["3A", "4A", "5A", "KW"], ["5W", "6W"]], ["KA"], preset=MID)
    legal(client, on_king, play(0, "3A", "4A", "5A"))
    illegal(client, on_king, play(0, "4A", "3A", "5A"))  # not strictly up or down
    state = table([["5E", "6E", "7E", "8E", "KW"], ["5W", "6W"]], ["5F"], preset=MID)
    after = apply(client, G, state, play(0, "5E", "6E", "7E", "8E", suit="A"))["state"]
    assert after["suit"] == "A"


def test_full_house_example(client) -> None:  # type: ignore[no-untyped-def]
    """On KF, 5F 5A 5W 3E 3A (the Fire card first)."""
    state = table([["5F", "5A", "5W", "3E", "3A", "KW"], ["9W", "6W"]], ["KF"], preset=MID)
    assert "full_house" in patterns(legal(client, state, play(0, "5F", "5A", "5W", "3E", "3A")))
    illegal(client, state, play(0, "5A", "5F", "5W", "3E", "3A"))


def test_flush_examples(client) -> None:  # type: ignore[no-untyped-def]
    """On 10E, 10A 3A QA 4A JW (bower power, skip); on 5F, 8A KA 4A 3A AA (the 8 first)."""
    state = table([["10A", "3A", "QA", "4A", "JW", "KF"], ["9W", "6W"], ["5E", "6E"]], ["10E"], preset=MID)
    after = apply(client, G, state, play(0, "10A", "3A", "QA", "4A", "JW", suit="W"))
    assert after["state"]["turn"] == 2 and after["state"]["suit"] == "W"
    state = table([["8A", "KA", "4A", "3A", "AA", "KF"], ["9W", "6W"]], ["5F"], preset=MID)
    assert "flush" in patterns(legal(client, state, play(0, "8A", "KA", "4A", "3A", "AA")))
    illegal(client, state, play(0, "KA", "8A", "4A", "3A", "AA"))


def test_fourth_card_example(client) -> None:  # type: ignore[no-untyped-def]
    """After a full house with 7F 7W 7A on top, the next seat lays 7E and plays again: 10E."""
    state = table(
        [["7E", "10E", "KW"], ["5W", "6W"], ["9F", "4A"]],
        ["3E", "3A", "7F", "7W", "7A"],
        preset=MID,
        top_play=5,
    )
    out = apply(client, G, state, play(0, "7E"))
    after = out["state"]
    assert after["turn"] == 0 and after["rank_run"] == 4 and after["extra_play"] == {"then": 1}
    assert any(e["type"] == "ExtraPlayEarned" for e in out["effects"])
    legal(client, after, act("pass", 0))
    final = apply(client, G, after, play(0, "10E"))["state"]
    assert final["turn"] == 1 and final["extra_play"] is None and final["rank_run"] == 1
    # declined by passing or by drawing one: the turn then goes on
    assert apply(client, G, after, act("pass", 0))["state"]["turn"] == 1
    drawn = apply(client, G, after, act("draw", 0))["state"]
    assert drawn["turn"] == 1 and len(drawn["hands"][0]) == 3
    assert "no_extra_play" in codes(illegal(client, final, act("pass", 1)))


def test_fourth_card_switched_off_and_beginner(client) -> None:  # type: ignore[no-untyped-def]
    hands = [["7E", "10E", "KW"], ["5W", "6W"], ["9F", "4A"]]
    for kwargs in ({"preset": MID, "options": {"fourth_card": False}}, {}):
        state = table(hands, ["3E", "7F", "7W", "7A"], **kwargs)  # type: ignore[arg-type]
        after = apply(client, G, state, play(0, "7E"))["state"]
        assert after["turn"] == 1 and after["extra_play"] is None


def test_three_by_three_example(client) -> None:  # type: ignore[no-untyped-def]
    """On QF, three 4s, three Kings and three 6s, the first card a Fire card."""
    cards = ["4F", "4W", "4E", "KA", "KW", "KE", "6A", "6W", "6E"]
    state = table([[*cards, "9A"], ["5W", "2E"]], ["QF"], preset=MID)
    assert "three_by_three" in patterns(legal(client, state, play(0, *cards)))
    illegal(client, state, play(0, *cards[1:], cards[0]))


def test_eight_straight_example(client) -> None:  # type: ignore[no-untyped-def]
    """On 3F, 3W 2F AA KE QA JF 10E 9W; the 9 reverses play."""
    cards = ["3W", "2F", "AA", "KE", "QA", "JF", "10E", "9W"]
    state = table([[*cards, "4A"], ["5W", "2E"], ["6F", "7F"]], ["3F"], preset=MID)
    out = apply(client, G, state, play(0, *cards))
    assert out["state"]["direction"] == -1 and out["state"]["turn"] == 2
    assert "eight_straight" in patterns(out["verdict"])


def test_heaven_and_hell_answer_any_seat_out_of_turn(client) -> None:  # type: ignore[no-untyped-def]
    """After a heaven any seat, the one that laid it too, may answer with hell; play follows it."""
    state = table(
        [["7F", "7W", "7A", "6F", "KA"], ["6W", "6A", "6E", "9E"], ["5E", "4E"], ["3E", "2A"]],
        ["5F"],
        preset=MID,
    )
    out = apply(client, G, state, play(0, "7F", "7W", "7A"))
    after = out["state"]
    assert after["answerable"] == "heaven" and after["turn"] == 1
    verdict = legal(client, after, play(1, "6A", "6W", "6E"))
    assert "hell" in patterns(verdict)
    answered = apply(client, G, after, play(1, "6A", "6W", "6E"))["state"]
    assert answered["turn"] == 2 and answered["answerable"] == "hell"
    assert "not_an_answer" in codes(illegal(client, after, play(3, "3E")))
    # after the first action at the table the chance is gone
    moved = apply(client, G, after, act("draw", 1))["state"]
    assert moved["answerable"] is None
    assert "not_your_turn" in codes(illegal(client, moved, play(0, "6F")))


def test_heaven_answer_must_be_legal_on_the_new_top(client) -> None:  # type: ignore[no-untyped-def]
    """The answering hell's first card follows the top 7 (by suit: a 6 never matches a 7's rank)."""
    state = table(
        [["6F", "KA"], ["6W", "6A", "6E", "9E"], ["5E", "4E"]],
        ["2F", "7F", "7W", "7A"],
        preset=MID,
        top_play=3,
        top_seat=0,
        turn=1,
        answerable="heaven",
    )
    legal(client, state, play(1, "6A", "6W", "6E"))
    assert "not_an_answer" not in codes(illegal(client, state, play(1, "6W", "6E", "6A")))
    seat_two = table(
        [["6F", "KA"], ["5E", "9E"], ["6W", "6A", "6E", "4E"]],
        ["2F", "7F", "7W", "7A"],
        preset=MID,
        top_play=3,
        top_seat=0,
        turn=1,
        answerable="heaven",
    )
    answered = apply(client, G, seat_two, play(2, "6A", "6W", "6E"))["state"]
    assert answered["turn"] == 0
    listing = call(client, G, "legal-actions", {"state": seat_two, "seat": 2})["actions"]
    plays = [a["action"] for a in listing if a["action"]["type"] == "play"]
    assert plays and all(p["cards"][0] == "6A" and len(p["cards"]) == 3 for p in plays)


def test_mirror_example(client) -> None:  # type: ignore[no-untyped-def]
    """After 3W 7W (an addition on 10), 7E 3E mirrors it."""
    state = table([["7E", "3E", "KF"], ["5A", "6A"]], ["10A", "3W", "7W"], preset=MID, top_play=2)
    assert "mirror" in patterns(legal(client, state, play(0, "7E", "3E")))
    illegal(client, state, play(0, "3E", "7E"))


def test_self_mirror_example(client) -> None:  # type: ignore[no-untyped-def]
    """On 7A, 7F 4F AF AW 4W 7W."""
    cards = ["7F", "4F", "AF", "AW", "4W", "7W"]
    state = table([[*cards, "KE"], ["5A", "6A"]], ["7A"], preset=MID)
    assert "self_mirror" in patterns(legal(client, state, play(0, *cards)))


def test_river_example_heaven_dabong(client) -> None:  # type: ignore[no-untyped-def]
    """River 7E; on 3E a seat holding only 7A 7F wins with a river-assisted heaven."""
    opts = {"deal_river": True}
    state = table([["7A", "7F"], ["5W", "6W"]], ["3E"], preset=MID, river="7E", options=opts)
    out = apply(client, G, state, play(0, "7E", "7A", "7F"))
    assert out["state"]["status"] == "over" and out["state"]["winner"] == 0
    assert out["state"]["river"] is None and "river_used" in codes(out["verdict"])


def test_river_not_in_a_play_that_does_not_win(client) -> None:  # type: ignore[no-untyped-def]
    opts = {"deal_river": True}
    state = table([["7A", "7F", "KW"], ["5W", "6W"]], ["3E"], preset=MID, river="7E", options=opts)
    assert "river_not_winning" in codes(illegal(client, state, play(0, "7E", "7A", "7F")))
    assert "river_not_winning" in codes(illegal(client, state, play(0, "7E")))


def test_river_dealt_face_up_and_visible(client) -> None:  # type: ignore[no-untyped-def]
    dealt = call(client, G, "deal", {"seats": 3, "preset": MID, "options": {"deal_river": True}, "seed": 4})
    river = dealt["state"]["river"]
    assert river is not None
    view = call(client, G, "view", {"state": dealt["state"], "seat": 1})["view"]
    assert view["river"] == river
    beginner = call(client, G, "deal", {"seats": 3, "options": {"deal_river": True}, "seed": 4})
    assert beginner["state"]["river"] is None


def test_twos_neutralization_example_1_any_four(client) -> None:  # type: ignore[no-untyped-def]
    """Facing a 2 on a 2 (four cards), any 4 neutralizes; play follows on the 4."""
    state = table(
        [["4E", "KA", "3W"], ["5E", "6W"], ["9F", "4A"]], ["2F", "2W"], preset=MASTER, penalty=_two(4)
    )
    out = apply(client, G, state, play(0, "4E"))
    assert out["state"]["penalty"] is None and out["state"]["turn"] == 1
    assert any(e["type"] == "TwosNeutralized" for e in out["effects"])
    legal(client, out["state"], play(1, "5E"))
    # at Intermediate a 4 is no answer
    mid = table([["4E", "KA", "3W"], ["5E", "6W"], ["9F", "4A"]], ["2F", "2W"], preset=MID, penalty=_two(4))
    illegal(client, mid, play(0, "4E"))


def test_twos_neutralization_example_2_straight_from_a_two(client) -> None:  # type: ignore[no-untyped-def]
    """Facing a single 2 or an add-on, 2A 3A 4A neutralizes as a straight."""
    for pile, owed in ((["2F"], 2), (["2F", "2W"], 4)):
        state = table([["2A", "3A", "4A", "KW"], ["5E", "6W"]], pile, preset=MASTER, penalty=_two(owed))
        after = apply(client, G, state, play(0, "2A", "3A", "4A"))["state"]
        assert after["penalty"] is None and after["turn"] == 1


def test_twos_neutralization_example_3_twenty_one(client) -> None:  # type: ignore[no-untyped-def]
    """Facing three 2s (draw six), 6W 5W 10W neutralizes as a twenty-one."""
    state = table(
        [["6W", "5W", "10W", "KF"], ["5E", "6A"]], ["2F", "2E", "2A"], preset=MASTER, penalty=_two(6)
    )
    after = apply(client, G, state, play(0, "6W", "5W", "10W"))["state"]
    assert after["penalty"] is None


def test_a_single_two_does_not_neutralize(client) -> None:  # type: ignore[no-untyped-def]
    """A single 2 is an add-on even at Master; a 2 on top after a neutralization owes two afresh."""
    state = table([["2A", "3A", "KW"], ["5E", "6W"]], ["2F"], preset=MASTER, penalty=_two(2))
    out = apply(client, G, state, play(0, "2A"))
    assert out["state"]["penalty"] == {"cards": 4, "skip": True}
    assert not any(e["type"] == "TwosNeutralized" for e in out["effects"])
    # "4A 2A" on four pending: neutralized by the 4, the 2 on top starts a new obligation of two
    fresh = table([["4A", "2A", "KW"], ["5E", "6W"]], ["2F", "2W"], preset=MASTER, penalty=_two(4))
    verdict = legal(client, fresh, play(0, "4A", "2A"))
    after = apply(client, G, fresh, play(0, "4A", "2A"))["state"]
    assert verdict["legal"] and after["penalty"] == {"cards": 2, "skip": True}


def test_neutralization_not_beyond_ten_and_six_twos_must_pick_up(client) -> None:  # type: ignore[no-untyped-def]
    """Ten pending: a 10 or a face card neutralizes; twelve or more: the seat must pick up."""
    pile = ["2F", "2E", "2A", "2W", "SH1"]
    ids = {"SH1": "2F"}
    ten = table([["KA", "3W"], ["5E", "6W"]], pile, preset=MASTER, penalty=_two(10), identities=ids)
    legal(client, ten, play(0, "KA"))
    twelve = table(
        [["KA", "SH3", "3W"], ["5E", "6W"]],
        [*pile, "SH2"],
        preset=MASTER,
        penalty=_two(12),
        identities={"SH1": "2F", "SH2": "2W"},
    )
    assert codes(illegal(client, twelve, play(0, "SH3", declare={"SH3": "2A"}))) == {"twos_must_pick_up"}
    assert codes(illegal(client, twelve, play(0, "KA"))) == {"twos_must_pick_up"}
    legal(client, twelve, act("pick_up", 0))
    # at Intermediate there is no cap: a seventh 2 adds on
    mid = table(
        [["KA", "SH3", "3W"], ["5E", "6W"]],
        [*pile, "SH2"],
        preset=MID,
        penalty=_two(12),
        identities={"SH1": "2F", "SH2": "2W"},
    )
    after = apply(client, G, mid, play(0, "SH3", declare={"SH3": "2A"}))["state"]
    assert after["penalty"] == {"cards": 14, "skip": True}


def test_shaman_assisted_neutralization_of_a_single_two(client) -> None:  # type: ignore[no-untyped-def]
    """A single 2 is neutralized by an addition of an Ace and a Shaman (as an Ace)."""
    state = table([["AF", "SH1", "KW"], ["5E", "6W"]], ["2W"], preset=MASTER, penalty=_two(2))
    after = apply(client, G, state, play(0, "AF", "SH1", declare={"SH1": "AF"}))["state"]
    assert after["penalty"] is None
    double = table([["AF", "SH1", "KW"], ["5E", "6W"]], ["2E", "2W"], preset=MASTER, penalty=_two(4))
    illegal(client, double, play(0, "AF", "SH1", declare={"SH1": "AF"}))


def test_four_of_a_kind_example_earns_the_fourth_card(client) -> None:  # type: ignore[no-untyped-def]
    """On 6F, four Kings with KF first; four of a kind earns the 4th card extra play."""
    kings = ["KF", "KW", "KE", "KA"]
    state = table([[*kings, "3W"], ["5E", "6W"]], ["6F"], preset=MASTER)
    out = apply(client, G, state, play(0, *kings))
    assert "four_of_a_kind" in patterns(out["verdict"])
    assert out["state"]["turn"] == 0 and out["state"]["extra_play"] == {"then": 1}
    illegal(client, state, play(0, "KW", "KF", "KE", "KA"))
    illegal(client, table([[*kings, "3W"], ["5E", "6W"]], ["6F"], preset=MID), play(0, *kings))


def test_four_pair(client) -> None:  # type: ignore[no-untyped-def]
    cards = ["3F", "3W", "5E", "5A", "9W", "9E", "KA", "KW"]
    state = table([[*cards, "4E"], ["5F", "6W"]], ["10F"], preset=MASTER)
    assert "four_pair" in patterns(legal(client, state, play(0, *cards)))
    illegal(client, state, play(0, *cards[1:], cards[0]))


def test_every_order_of_clone_is_one_pattern(client) -> None:  # type: ignore[no-untyped-def]
    state = table([["3E", "3F", "3W", "KW"], ["5W", "6W"]], ["3A"], preset=MID)
    for order in itertools.permutations(("3E", "3F", "3W")):
        legal(client, state, play(0, *order))


def _two(cards: int) -> dict[str, object]:
    return {"cards": cards, "skip": True}


def _facing(preset: str) -> dict:  # type: ignore[type-arg]
    return table([["5F", "2W"], ["KF", "3A"]], ["2F"], preset=preset, penalty=_two(2))
