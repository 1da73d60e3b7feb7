"""Card values and matching, the arithmetic every Dobon rule shares."""

from __future__ import annotations

from collections.abc import Iterable

from ...kernel import Card, Rank, Suit

#: A 1 .. 10 face, J 11, Q 12, K 13 (rule ``dobon.values``), whatever the card's effect.
VALUE = {rank: rank.ordinal for rank in Rank}


def value(card: Card) -> int:
    assert card.rank is not None
    return VALUE[card.rank]


def total(cards: Iterable[Card]) -> int:
    return sum(value(c) for c in cards)


def suit_of(card: Card) -> Suit:
    """The suit of a standard card (every Dobon card has one)."""
    assert card.suit is not None
    return card.suit


def matches(card: Card, top: Card, active_suit: Suit) -> bool:
    """Plain matching: the active suit or the top card's rank."""
    return card.suit == active_suit or card.rank == top.rank
