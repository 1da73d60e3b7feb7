"""Card facts: the two valuations, the Jacks' suit pairs, a Shaman's identities."""

from __future__ import annotations

import pytest

from rules_core.games.dabong import values
from rules_core.kernel import Suit, parse_card


@pytest.mark.parametrize(
    ("card", "in_play", "on_pile"),
    [("AF", 1, 14), ("2W", 2, 2), ("10E", 10, 10), ("JA", 10, 11), ("QW", 10, 12), ("KF", 10, 13)],
)
def test_in_hand_and_pile_values(card: str, in_play: int, on_pile: int) -> None:
    """In hand and in plays faces are 10 and Aces 1; on the pile J 11, Q 12, K 13, A 14."""
    assert values.in_play_value(parse_card(card)) == in_play
    assert values.pile_value(parse_card(card)) == on_pile


@pytest.mark.parametrize(("jack", "suits"), [("JW", "WA"), ("JA", "WA"), ("JE", "EF"), ("JF", "EF")])
def test_each_jack_carries_two_fixed_suits(jack: str, suits: str) -> None:
    assert values.card_suits(parse_card(jack)) == frozenset(Suit(s) for s in suits)


def test_other_cards_carry_their_own_suit() -> None:
    assert values.card_suits(parse_card("QW")) == frozenset({Suit.WATER})


def test_a_shaman_may_be_any_of_the_52_real_cards_and_has_no_value_of_its_own() -> None:
    shaman = parse_card("SH2")
    assert values.identity_choices(shaman) == values.REAL_CARDS
    assert len(set(values.REAL_CARDS)) == 52 and not any(c.is_shaman for c in values.REAL_CARDS)
    assert values.identity_choices(parse_card("5W")) == (parse_card("5W"),)
    for fact in (values.in_play_value, values.pile_value, values.card_suits):
        with pytest.raises(ValueError):
            fact(shaman)


def test_a_shaman_in_a_natural_dabong_counts_as_its_chosen_value() -> None:
    shaman = parse_card("SH1")
    assert values.hand_value(shaman, 7) == 7
    assert values.hand_value(parse_card("KW")) == 10
    for bad in (None, 0, 11):
        with pytest.raises(ValueError):
            values.hand_value(shaman, bad)


def test_identity_under_a_declaration() -> None:
    shaman, five = parse_card("SH3"), parse_card("5W")
    assert values.identity_of(shaman, {shaman: five}) == five
    assert values.identity_of(shaman, {}) is None
    assert values.identity_of(five, {}) == five


def test_special_cards() -> None:
    assert values.is_eight(parse_card("8A")) and values.is_jack(parse_card("JE"))
    assert values.is_queen_of_water(parse_card("QW")) and not values.is_queen_of_water(parse_card("QF"))
    assert values.is_real(parse_card("KA")) and not values.is_real(parse_card("SH1"))
    assert not values.is_real(parse_card("KS"))
