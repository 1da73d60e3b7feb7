"""Facts every pattern unit shares: suits inside plays, powers, levels, wording.

Kept apart from ``values.py`` because these depend on the match rules (an 8
inside a multi-card play) or only serve the matcher's messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ....kernel import DABONG_55, ELEMENT_SUITS, Card, Rank, Suit, format_card
from ..matcher_api import MatchRules
from ..values import REAL_CARDS, card_suits, is_queen_of_water

#: Rule levels, lowest first (the same names as ``options.LEVELS``; levels are cumulative).
LEVELS: tuple[str, ...] = ("beginner", "intermediate", "master")

ALL_SUITS: frozenset[Suit] = frozenset(ELEMENT_SUITS)

#: The element suits as bits, for the counters that intersect suit sets in their inner
#: loops (an ``&`` of two small ints is cheaper than of two frozensets, and makes no object).
SUIT_BIT: dict[Suit, int] = {suit: 1 << n for n, suit in enumerate(ELEMENT_SUITS)}
ALL_SUIT_BITS = (1 << len(ELEMENT_SUITS)) - 1


def suit_bits(suits: Iterable[Suit]) -> int:
    """``suits`` as a mask of ``SUIT_BIT``."""
    return sum(SUIT_BIT[s] for s in suits)


SUIT_NAMES: dict[Suit, str] = {
    Suit.FIRE: "Fire",
    Suit.WATER: "Water",
    Suit.EARTH: "Earth",
    Suit.AIR: "Air",
}

_DECK_INDEX: dict[Card, int] = {card: i for i, card in enumerate(DABONG_55.cards)}


def level_on(rules: MatchRules, level: str) -> bool:
    """Whether patterns of ``level`` are allowed under ``rules`` (cumulative levels)."""
    return LEVELS.index(rules.level) >= LEVELS.index(level)


def deck_key(card: Card) -> int:
    """Stable sort key: the card's place in the 55-card deck (Shamans last)."""
    return _DECK_INDEX.get(card, len(_DECK_INDEX))


def play_suits(identity: Card, rules: MatchRules) -> frozenset[Suit]:
    """Suits an identity counts as inside a multi-card play.

    A Jack counts as both of its suits; an 8 counts as its own suit unless the
    group lets 8s go wild inside plays (``eight_must_share_suit`` off).
    """
    if identity.rank is Rank.EIGHT and not rules.eight_must_share_suit:
        return ALL_SUITS
    return card_suits(identity)


def _covering(suit: Suit, eights_wild: bool) -> tuple[Card, ...]:
    wild = MatchRules(eight_must_share_suit=not eights_wild)
    return tuple(c for c in REAL_CARDS if suit in play_suits(c, wild))


# The identities a Shaman may take inside a play of one suit (constant tables).
_COVERING: dict[tuple[Suit, bool], tuple[Card, ...]] = {
    (suit, wild): _covering(suit, wild) for suit in ELEMENT_SUITS for wild in (False, True)
}


def identities_with_suit(suit: Suit, rules: MatchRules) -> tuple[Card, ...]:
    """Real cards that count as ``suit`` inside a multi-card play, in deck order."""
    return _COVERING[(suit, not rules.eight_must_share_suit)]


def top_power(identity: Card) -> str | None:
    """Rule id of the power the top identity fires (only the top card's power fires)."""
    if is_queen_of_water(identity):
        return "dabong.queen_of_water"
    return _POWERS.get(identity.rank) if identity.rank is not None else None


_POWERS: dict[Rank, str] = {
    Rank.TWO: "dabong.two",
    Rank.EIGHT: "dabong.eight",
    Rank.NINE: "dabong.nine",
    Rank.JACK: "dabong.jack",
}


def suit_choices(identity: Card) -> tuple[Suit | None, ...]:
    """Suits the player may name when ``identity`` ends on top (``None``: nothing to name).

    An 8 names any of the four suits; a Jack one of its own two (its printed suit first).
    """
    if identity.rank is Rank.EIGHT:
        return ELEMENT_SUITS
    if identity.rank is Rank.JACK:
        assert identity.suit is not None
        return (identity.suit, *sorted(card_suits(identity) - {identity.suit}))
    return (None,)


_TEXT: dict[Card, str] = {card: format_card(card) for card in DABONG_55.cards}


def shown(card: Card, identity: Card) -> str:
    """``5W`` for a real card, ``SH1 as 5W`` for a Shaman."""
    if card.is_shaman:
        return f"{_TEXT[card]} as {_TEXT[identity]}"
    return _TEXT.get(card) or format_card(card)


def declarations(cards: Iterable[Card], identities: Iterable[Card]) -> tuple[tuple[Card, Card], ...]:
    """Shaman -> identity pairs of a play, sorted by Shaman."""
    pairs = {c: i for c, i in zip(cards, identities, strict=True) if c.is_shaman}
    return tuple(sorted(pairs.items(), key=lambda pair: pair[0].shaman))


def most_pairs(hand: Sequence[Card], no_eights: bool) -> int:
    """The most disjoint same-rank pairs of ``hand`` (a Shaman pairs with any card; 8s left
    out with ``no_eights``): a self mirror is two or more of them, and one that uses every
    card pairs them all."""
    counts: dict[Rank, int] = {}
    shamans = 0
    for card in hand:
        if card.is_shaman:
            shamans += 1
        elif card.rank is not None and not (no_eights and card.rank is Rank.EIGHT):
            counts[card.rank] = counts.get(card.rank, 0) + 1
    pairs = sum(n // 2 for n in counts.values())
    singles = sum(n % 2 for n in counts.values())
    matched = min(shamans, singles)
    return pairs + matched + (shamans - matched) // 2
