"""Card notation: parse and format round-trip, with clear errors for anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_core.kernel import (
    DABONG_55,
    STANDARD_52,
    Card,
    NotationError,
    Rank,
    Suit,
    format_card,
    parse_card,
)


def test_standard_deck_has_52_distinct_cards() -> None:
    assert len(STANDARD_52) == 52
    assert len(set(STANDARD_52.cards)) == 52
    assert {c.suit for c in STANDARD_52.cards} == {Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS}


def test_dabong_deck_has_four_elements_and_three_shamans() -> None:
    assert len(DABONG_55) == 55
    shamans = [c for c in DABONG_55.cards if c.is_shaman]
    assert [format_card(c) for c in shamans] == ["SH1", "SH2", "SH3"]
    for suit in (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR):
        assert sum(1 for c in DABONG_55.cards if c.suit is suit) == 13


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("AD", Rank.ACE, Suit.DIAMONDS),
        ("AA", Rank.ACE, Suit.AIR),
        ("10A", Rank.TEN, Suit.AIR),
        ("JW", Rank.JACK, Suit.WATER),
    ],
)
def test_parse_examples(text: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert format_card(card) == text


@pytest.mark.parametrize("card", [*STANDARD_52.cards, *DABONG_55.cards])
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(format_card(card)) == card


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1H", "unknown rank"),
        ("10X", "unknown suit"),
        ("SH4", "unknown rank"),
        ("", "not a card"),
        ("qs", "unknown rank"),
        (" QS", "unknown rank"),
        ("QSS", "unknown rank"),
        ("11H", "unknown rank"),
    ],
)
def test_bad_notation_is_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 5, ["QS"], {"rank": "Q"}])
def test_non_strings_are_rejected(value: object) -> None:
    with pytest.raises(NotationError, match="string"):
        parse_card(value)


def test_deck_membership_is_checked() -> None:
    assert STANDARD_52.parse("QS") == parse_card("QS")
    with pytest.raises(NotationError, match="not a card of the standard"):
        STANDARD_52.parse("5F")
    with pytest.raises(NotationError, match="not a card of the dabong"):
        DABONG_55.parse("5H")


@given(st.text(max_size=5))
def test_parse_never_raises_anything_but_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError:
        return
    assert format_card(card) == text
