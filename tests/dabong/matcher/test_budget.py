"""The work budget: no check or listing runs away, realistic ones stay far inside it.

Work is asserted as units counted (``MatchBudgetExceeded.spent``), not wall time:
a call over budget stops within one candidate's worth of units past the limit.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import (
    MATCH_CHECK_BUDGET,
    MATCH_LIST_BUDGET,
    MatchBudgetExceeded,
    MatchRules,
)
from rules_core.games.dabong.patterns import PATTERNS
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS
from rules_core.kernel import Card
from tests.dabong.matcher.helpers import cards, declare, pile

MASTER = MatchRules(level="master")


def hand_of(seed: int, size: int, top: str, shamans: int) -> tuple[Card, ...]:
    rng = random.Random(seed)
    rest = [c for c in REAL_CARDS if str(c) != top]
    return (*SHAMANS[:shamans], *rng.sample(rest, size - shamans))


def test_the_budget_error_is_a_value_error_that_says_what_to_do() -> None:
    error = MatchBudgetExceeded(task="listing 26 cards", spent=11, limit=10, advice="declare the Shamans")
    assert isinstance(error, ValueError)
    assert (error.task, error.spent, error.limit) == ("listing 26 cards", 11, 10)
    assert "listing 26 cards" in str(error) and "declare the Shamans" in str(error)


def test_a_counted_master_listing_with_two_shamans_fits_the_default_budget() -> None:
    """Set shapes, runs and self mirrors are counted (``patterns/counted.py``), not enumerated:
    their programme's states spend (``CELLS_PER_UNIT`` a unit), far less than the sets did."""
    listing = MATCHER.list_plays(pile("9W"), hand_of(2, 10, "9W", 2), MASTER, seat=0, limit=50)
    assert listing.total_entries > 10_000 and len(listing.entries) == 50


def test_a_26_card_master_hand_with_three_shamans_lists_within_the_default_budget() -> None:
    """Issue #4's worst hand: the self mirrors are totalled rank by rank (MD-28) and
    no shape spends units on a one-by-one trial its census shows is bound to fail."""
    listing = MATCHER.list_plays(pile("9W"), hand_of(2, 26, "9W", 3), MASTER, seat=0, limit=50)
    assert listing.total_entries > 10**9 and len(listing.entries) == 50


def test_the_same_hand_stops_one_unit_past_a_smaller_budget() -> None:
    smaller = replace(MASTER, list_budget=MATCH_LIST_BUDGET // 10)
    with pytest.raises(MatchBudgetExceeded) as raised:
        MATCHER.list_plays(pile("9W"), hand_of(2, 26, "9W", 3), smaller, seat=0, limit=50)
    error = raised.value
    assert (error.limit, error.spent) == (MATCH_LIST_BUDGET // 10, MATCH_LIST_BUDGET // 10 + 1)
    assert "26 cards (3 Shamans) at master" in str(error)


def test_a_listing_stops_as_soon_as_a_small_budget_is_spent() -> None:
    """Mirrors of the previous play are still enumerated: they spend from the budget."""
    small = replace(MASTER, list_budget=300)
    ctx = replace(pile("9W"), previous_play=cards("5F 6W 7E 9W"))
    with pytest.raises(MatchBudgetExceeded) as raised:
        MATCHER.list_plays(ctx, hand_of(3, 12, "9W", 2), small, seat=0)
    assert raised.value.spent == 301
    assert "12 cards (2 Shamans) at master" in str(raised.value)
    assert "switch the costly Master patterns off" in str(raised.value)
    assert MATCH_LIST_BUDGET > 300


def test_the_river_listing_spends_from_the_same_budget() -> None:
    """River plays (every card of the hand and the river) are still enumerated."""
    hand = cards("SH1 SH2 5W")
    ctx = replace(pile("9W"), river=cards("6W")[0], hand_size=3)
    with pytest.raises(MatchBudgetExceeded) as raised:
        MATCHER.list_plays(ctx, hand, replace(MASTER, list_budget=0), seat=0)
    assert raised.value.spent == 1


@pytest.mark.parametrize(
    ("seed", "size", "shamans", "top"),
    [
        (1, 8, 1, "9W"),
        (3, 10, 1, "KA"),
        (5, 12, 1, "9W"),
        (6, 12, 1, "2F"),
        (2, 13, 0, "AE"),
        (4, 14, 0, "KA"),
        (4, 6, 2, "9W"),
        (8, 7, 2, "KA"),
    ],
)
def test_realistic_master_hands_list_within_the_budget(seed: int, size: int, shamans: int, top: str) -> None:
    listing = MATCHER.list_plays(pile(top), hand_of(seed, size, top, shamans), MASTER, seat=0, limit=50)
    assert listing.total_entries > 0


def test_a_small_hand_with_two_shamans_and_the_river_lists_within_the_budget() -> None:
    hand = hand_of(9, 4, "9W", 2)
    river = next(c for c in REAL_CARDS if c not in hand and str(c) != "9W")
    ctx = replace(pile("9W"), river=river, hand_size=len(hand))
    for level in ("intermediate", "master"):
        assert MATCHER.list_plays(ctx, hand, MatchRules(level=level), seat=0).total_entries > 0


def test_beginner_listings_spend_no_units_even_for_26_cards_and_three_shamans() -> None:
    none = MatchRules(list_budget=0)
    listing = MATCHER.list_plays(pile("QE"), hand_of(1, 26, "QE", 3), none, seat=0, limit=50)
    assert listing.total_entries > 1000


def test_checking_three_undeclared_shamans_at_master_is_solved_within_the_budget() -> None:
    """The sums and the straight solve Shaman identities by value and by run, not 52^3."""
    check = MATCHER.check_play(pile("KE"), cards("SH1 SH2 SH3"), (), MASTER)
    assert len(check.readings) == 886


def test_a_check_stops_as_soon_as_a_small_budget_is_spent() -> None:
    """The verdict (a reading, which Shamans need declaring) takes a few units; reading
    every reading searches on from the same budget (MD-26)."""
    check = MATCHER.check_play(pile("KE"), cards("SH1 SH2 SH3"), (), replace(MASTER, check_budget=200))
    assert check.undeclared == cards("SH1 SH2 SH3")
    assert check.readings[0].pattern == "addition"
    with pytest.raises(MatchBudgetExceeded) as raised:
        len(check.readings)
    assert (raised.value.limit, raised.value.spent) == (200, 201)
    assert "3 undeclared Shamans" in str(raised.value) and "declare the Shamans" in str(raised.value)
    assert MATCH_CHECK_BUDGET > 200


def test_an_illegal_check_spends_its_whole_search_before_answering() -> None:
    """No reading: every unit is searched before the misses are answered, within the budget.
    The whole search is two units: a sum's open first slot takes only identities that may
    start the play, and none of those reaches a sum here."""
    laid = cards("SH1 5E JF SH2")
    assert not MATCHER.check_play(pile("9W"), laid, (), MASTER).readings
    assert not MATCHER.check_play(pile("9W"), laid, (), replace(MASTER, check_budget=2)).readings
    with pytest.raises(MatchBudgetExceeded) as raised:
        MATCHER.check_play(pile("9W"), laid, (), replace(MASTER, check_budget=1))
    assert raised.value.spent == 2


def test_the_same_play_with_the_shamans_declared_is_cheap() -> None:
    tiny = replace(MASTER, check_budget=len(PATTERNS))
    check = MATCHER.check_play(pile("KE"), cards("SH1 SH2 SH3"), declare("SH1=KF SH2=KW SH3=KA"), tiny)
    assert check.readings


@pytest.mark.parametrize(
    ("top", "laid"),
    [
        ("9W", "SH1 SH2"),
        ("9W", "9F SH1 SH2 4E"),
        ("9W", "SH1 9F 9E SH2"),
        ("9W", "9F 10F JF SH1 SH2 AF 2F 3F"),
        ("10E", "10A 3A QA 4A JW"),
        ("3F", "3W 2F AA"),
    ],
)
def test_checks_with_up_to_two_undeclared_shamans_stay_within_the_budget(top: str, laid: str) -> None:
    MATCHER.check_play(pile(top), cards(laid), (), MASTER)
