"""Whole games through the /play page: a person's moves clicked in the page's listing (each
judged by validate before it is sent), CPU players on the other seats, to the end."""

from __future__ import annotations

from .conftest import Pages
from .driver import deal, entry_types, moves, pick_and_send, play_to_end, settle, state

# What a person picks when several entries are listed: a claim first, then a play.
PREFERENCE = [
    "claim",
    "claim_natural",
    "play",
    "announce_one_card",
    "next_round",
    "next_game",
    "take",
    "pick_up",
    "continue",
    "draw",
    "end_turn",
    "pass",
]


def test_a_whole_game_of_99_against_the_cpu(pages: Pages) -> None:
    page = pages.open()
    deal(page, "99", seats=3, seed=1, roles=["human", "normal", "strong"])
    mine = play_to_end(page, PREFERENCE, shot="playground-99.png", shot_at=2)
    final = state(page)
    assert final["status"] == "over" and mine
    ending = page.inner_text("#status .ending")
    assert f"Seat {final['winner']} wins the hand" in ending
    # The log tells every step, with the rules that decided.
    assert page.locator("#log-list .step").count() == final["move"]
    assert page.locator("#log-list a.rule-link[data-rule='99.turn']").count() > 0


def test_a_whole_game_of_dobon_with_a_check_answered(pages: Pages) -> None:
    page = pages.open()
    deal(page, "dobon", preset="sum_only", seed=8)
    answered = False
    for _ in range(60):
        if settle(page) == "over":
            break
        types = entry_types(page)
        if "continue" in types:
            # A check: the person is asked whether it claims Dobon on the card just laid.
            assert "checking" in page.inner_text("#status")
            assert page.locator("#table .seat.waiting[data-seat='0']").count() == 1
            wanted = "claim" if "claim" in types else "continue"
            answered = answered or wanted == "claim"
            shot = "playground-dobon.png" if wanted == "claim" else ""
            pick_and_send(page, page.locator(f"#listing li.entry[data-type={wanted}]").first, shot=shot)
        else:
            play_to_end_step = next(t for t in PREFERENCE if t in types)
            pick_and_send(page, page.locator(f"#listing li.entry[data-type={play_to_end_step}]").first)
    final = state(page)
    assert final["status"] == "over"
    assert answered, "seed 8 gives seat 0 a Dobon to claim in a check"
    assert final["record"][-1]["how"] in ("dobon", "return") and final["winner"] == 0
    assert page.locator("#log-list .effect[data-type=DobonClaimed]").count() == 1
    assert "wins the match" in page.inner_text("#status .ending")


def test_a_whole_game_of_dabong_against_the_cpu(pages: Pages) -> None:
    page = pages.open()
    deal(page, "dabong", preset="beginner", seed=3)
    mine = play_to_end(page, PREFERENCE, shot="playground-dabong.png", shot_at=2)
    final = state(page)
    assert final["status"] == "over"
    # Seed 3: seat 0's hand adds up to the CPU's card, on the CPU's turn: the CPU waits for the
    # person's natural dabong!, claimed out of turn.
    assert mine[-1] == ("paused", "claim_natural")
    assert final["winner"] == 0
    assert "Seat 0 wins the match" in page.inner_text("#status .ending")


def test_a_dabong_play_taken_back(pages: Pages) -> None:
    page = pages.open()
    # Step pace: the CPU waits for "Next bot move", so the play can be taken back first.
    deal(page, "dabong", preset="beginner", seed=0, pace="step")
    if "play" not in entry_types(page):
        raise AssertionError("seed 0 lets seat 0 play at once")
    hand_before = state(page)["hands"][0]
    pick_and_send(page, page.locator("#listing li.entry[data-type=play]").first)
    assert "take_back" in entry_types(page)
    pick_and_send(page, page.locator("#listing li.entry[data-type=take_back]").first)
    assert page.locator("#log-list .effect[data-type=PlayTakenBack]").count() == 1
    assert sorted(state(page)["hands"][0]) == sorted(hand_before)
    # Seat 0 is on turn again; once it has played, the CPU plays on at "Next bot move".
    assert settle(page) == "person"
    pick_and_send(page, page.locator("#listing li.entry[data-type=play]").first)
    assert settle(page) == "step"
    before = moves(page)
    page.click("#next-bot")
    settle(page)
    assert moves(page) > before
