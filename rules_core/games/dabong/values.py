"""dabong! card facts: values, Jack suits and the identities a Shaman can take.

Both the engine and the matcher read cards through this module, so a rule about
what a card *is* (its two valuations, the suits a Jack carries) is written once.

* In hand and inside plays: A 1, 2..10 face value, J Q K 10 (``in_play_value``).
* On top of the pile: J 11, Q 12, K 13, A 14, else face value (``pile_value``).
* A Jack carries two fixed suits: Water+Air or Earth+Fire (ruling "Jack suits").
* A Shaman has no rank or suit of its own: it counts as a declared real card
  (any of the 52, duplicates allowed), with that card's values and powers.
"""

from __future__ import annotations

from ...kernel import ELEMENT_SUITS, RANKS, Card, Rank, Suit

#: The suit each suit is paired with on a Jack (JW and JA are Water+Air, JE and JF Earth+Fire).
JACK_PARTNER: dict[Suit, Suit] = {
    Suit.WATER: Suit.AIR,
    Suit.AIR: Suit.WATER,
    Suit.EARTH: Suit.FIRE,
    Suit.FIRE: Suit.EARTH,
}

#: The 52 real cards, in a stable order (suit by suit F W E A, ranks A..K): the identities
#: a Shaman may be declared as.
REAL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in ELEMENT_SUITS for rank in RANKS)
REAL_CARD_SET: frozenset[Card] = frozenset(REAL_CARDS)

SHAMANS: tuple[Card, ...] = (Card(None, None, 1), Card(None, None, 2), Card(None, None, 3))

_IN_PLAY = {rank: min(rank.ordinal, 10) for rank in Rank}
_PILE = {rank: (14 if rank is Rank.ACE else rank.ordinal) for rank in Rank}

#: Smallest and largest value a Shaman may be given in a natural dabong! claim.
SHAMAN_CLAIM_VALUES: tuple[int, ...] = tuple(range(1, 11))


def is_real(card: Card) -> bool:
    """A card of the 52 (not a Shaman) with an element suit."""
    return card in REAL_CARD_SET


def in_play_value(card: Card) -> int:
    """Value in hand and inside plays (sums of additions, subtractions, dabong!)."""
    if card.rank is None:
        raise ValueError(f"{card} has no value of its own: value its declared identity")
    return _IN_PLAY[card.rank]


def rank_in_play_value(rank: Rank) -> int:
    return _IN_PLAY[rank]


def pile_value(card: Card) -> int:
    """Value as the top card of the pile: the target of sums (J 11, Q 12, K 13, A 14)."""
    if card.rank is None:
        raise ValueError(f"{card} has no value of its own: value its declared identity")
    return _PILE[card.rank]


def rank_pile_value(rank: Rank) -> int:
    return _PILE[rank]


def _suits_of(card: Card) -> frozenset[Suit]:
    assert card.suit is not None
    if card.rank is Rank.JACK:
        return frozenset((card.suit, JACK_PARTNER[card.suit]))
    return frozenset((card.suit,))


# Looked up on every card of every candidate play: built once, never changed.
_SUITS: dict[Card, frozenset[Suit]] = {card: _suits_of(card) for card in REAL_CARDS}


def card_suits(card: Card) -> frozenset[Suit]:
    """Suits a real card counts as: a Jack both of its pair, any other card its own."""
    suits = _SUITS.get(card)
    if suits is None:
        raise ValueError(f"{card} has no suit of its own (a Shaman: use its declared identity)")
    return suits


def is_eight(card: Card) -> bool:
    return card.rank is Rank.EIGHT


def is_jack(card: Card) -> bool:
    return card.rank is Rank.JACK


def is_queen_of_water(card: Card) -> bool:
    return card.rank is Rank.QUEEN and card.suit is Suit.WATER


def identity_choices(card: Card) -> tuple[Card, ...]:
    """Real cards ``card`` can count as: a Shaman any of the 52, any other card itself."""
    return REAL_CARDS if card.is_shaman else (card,)


def identity_of(card: Card, declare: dict[Card, Card]) -> Card | None:
    """The identity of ``card`` under a declaration map (``None``: an undeclared Shaman)."""
    if card.is_shaman:
        return declare.get(card)
    return card


def hand_value(card: Card, shaman_value: int | None = None) -> int:
    """In-hand value for a natural dabong!: a Shaman counts as its holder's chosen 1..10."""
    if card.is_shaman:
        if shaman_value is None or shaman_value not in SHAMAN_CLAIM_VALUES:
            raise ValueError("a Shaman in a natural dabong! needs a chosen value 1..10")
        return shaman_value
    return in_play_value(card)
