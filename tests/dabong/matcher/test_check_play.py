"""check_play: every reading, what must be declared, and why a play is not one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.kernel import Card, parse_card
from tests.dabong.matcher.helpers import BEGINNER, cards, declare, pile


def codes(check) -> list[str]:  # type: ignore[no-untyped-def]
    return [code for code, _, _ in check.misses]


def test_a_lone_undeclared_shaman_lists_every_identity_and_needs_declaring() -> None:
    check = MATCHER.check_play(pile("5F"), cards("SH1"), (), BEGINNER)
    assert len(check.readings) == 20
    assert check.undeclared == (parse_card("SH1"),)
    assert all(r.declarations[0][0] == parse_card("SH1") for r in check.readings)


def test_a_shaman_whose_identity_is_forced_needs_no_declaration() -> None:
    """5 of Water + Shaman on the K of Earth: only an 8 of Water makes 13 in Water."""
    check = MATCHER.check_play(pile("KE"), cards("5W SH1"), (), BEGINNER)
    assert [r.identities for r in check.readings] == [cards("5W 8W")]
    assert check.undeclared == ()
    assert check.readings[0].top_power == "dabong.eight"
    assert check.readings[0].description == "5W + SH1 as 8W = 13 on KE"


def test_a_declared_shaman_is_held_to_its_declaration() -> None:
    wrong = MATCHER.check_play(pile("KE"), cards("5W SH1"), declare("SH1=8F"), BEGINNER)
    assert not wrong.readings and "eight_must_share_suit" in codes(wrong)
    right = MATCHER.check_play(pile("KE"), cards("5W SH1"), declare("SH1=8W"), BEGINNER)
    assert [r.declarations for r in right.readings] == [declare("SH1=8W")]


def test_a_buried_shaman_with_several_identities_is_reported() -> None:
    """SH1 under JW on a King: 3 of Water or 3 of Air (the Jack shares both)."""
    check = MATCHER.check_play(pile("KF"), cards("SH1 JW"), (), BEGINNER)
    assert {r.identities[0] for r in check.readings} == set(cards("3W 3A"))
    assert check.undeclared == (parse_card("SH1"),)


def test_a_jack_pair_is_one_reading_not_one_per_shared_suit() -> None:
    check = MATCHER.check_play(pile("KF"), cards("3W JA"), (), BEGINNER)
    assert len(check.readings) == 1


def test_an_eight_inside_a_play_goes_wild_when_the_option_is_off() -> None:
    loose = replace(BEGINNER, eight_must_share_suit=False)
    assert MATCHER.check_play(pile("KE"), cards("5W 8F"), (), loose).readings
    assert not MATCHER.check_play(pile("KE"), cards("5W 8F"), (), BEGINNER).readings


def test_a_subtraction_that_comes_out_wrong_says_its_result() -> None:
    check = MATCHER.check_play(pile("3E"), cards("KA 4A 2A"), (), BEGINNER)
    assert ("subtraction_wrong_total", "dabong.subtraction", "subtraction comes to 4, the target is 3") in (
        check.misses
    )


def test_an_undeclared_shaman_that_cannot_help_is_explained() -> None:
    check = MATCHER.check_play(pile("3E"), cards("2A SH1 AA"), (), BEGINNER)
    assert check.readings == ()
    assert "addition_wrong_total" in codes(check) and "subtraction_wrong_total" in codes(check)


def test_every_problem_with_the_play_as_written_is_listed() -> None:
    shaman, fake = parse_card("SH3"), Card(None, None, 2)
    check = MATCHER.check_play(
        pile("5F"),
        cards("5W 5W QS"),
        ((parse_card("5W"), parse_card("5F")), (shaman, parse_card("SH1")), (fake, parse_card("5S"))),
        BEGINNER,
    )
    assert codes(check) == [
        "card_repeated",
        "not_a_dabong_card",
        "declare_not_shaman",
        "declare_not_real",
        "declare_not_in_play",
        "declare_not_real",
        "declare_not_in_play",
    ]
    assert codes(MATCHER.check_play(pile("5F"), (), (), BEGINNER)) == ["no_cards"]
    twice = MATCHER.check_play(pile("5F"), cards("SH1"), declare("SH1=5W SH1=6F"), BEGINNER)
    assert codes(twice) == ["shaman_declared_twice"]


def test_misses_cite_the_rule_that_decided() -> None:
    check = MATCHER.check_play(pile("10W"), cards("7F 2W"), (), BEGINNER)
    assert check.misses == (
        ("addition_suits_differ", "dabong.addition", "an addition needs one suit: 7F and 2W differ"),
        ("subtraction_suits_differ", "dabong.subtraction", "a subtraction needs one suit: 7F and 2W differ"),
    )


def test_every_miss_code_is_published_or_is_the_engines() -> None:
    """Miss codes are API: each is in ``MISS_REASONS`` or in the engine's catalog, never both."""
    from rules_core.games.dabong.matcher import MISS_REASONS
    from rules_core.games.dabong.reasons import REASONS

    mine = {r.code for r in MISS_REASONS}
    assert not mine & {r.code for r in REASONS}
    used = {"no_cards", "card_repeated", "declare_not_shaman", "declare_not_real", "declare_not_in_play"}
    assert used <= {r.code for r in REASONS}


@pytest.mark.parametrize(
    ("top", "laid", "pattern"),
    [
        # Past each shape's fewest cards, at sizes its ``size_multiple`` admits: five pairs,
        # four sets of three, a six-card self mirror; each with a Shaman left to the matcher.
        ("6F", "KF KE 3W 3A 9F 9E QW QA 5E SH1", "four_pair"),
        ("QF", "4F 4E 4W KA KE KW 6A 6E 6W 9F 9E SH2", "three_by_three"),
        ("7A", "7F 4F AF AW 4W SH3", "self_mirror"),
    ],
)
def test_shapes_of_sets_are_found_past_their_fewest_cards(top: str, laid: str, pattern: str) -> None:
    check = MATCHER.check_play(pile(top), cards(laid), (), MatchRules(level="master"))
    assert pattern in {r.pattern for r in check.readings}
