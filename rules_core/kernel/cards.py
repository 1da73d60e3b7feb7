"""Cards, ranks, suits, decks and the card notation.

Notation is rank then suit: ``QS``, ``10H``, ``AD``; the dabong! suits are
``F W E A`` (Fire, Water, Earth, Air) and the three Shamans are ``SH1 SH2 SH3``.
``parse_card`` and ``format_card`` round-trip exactly; anything else is a
``NotationError`` that says what was wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class NotationError(ValueError):
    """A card string that is not valid notation (or not in the deck asked for)."""


class Rank(StrEnum):
    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def ordinal(self) -> int:
        """Position in the sequence A=1 .. K=13 (not a game value: games value cards)."""
        return _RANK_ORDINAL[self]


_RANK_ORDINAL = {rank: i + 1 for i, rank in enumerate(Rank)}
#: The words of the ranks a player says as words; the others are said as their number.
RANK_WORDS: dict[Rank, str] = {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}
RANKS: tuple[Rank, ...] = tuple(Rank)


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    FIRE = "F"
    WATER = "W"
    EARTH = "E"
    AIR = "A"


STANDARD_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The words of the standard suits, for text a player reads (a game declares its suits' words).
STANDARD_SUIT_WORDS: dict[Suit, str] = {
    Suit.SPADES: "Spades",
    Suit.HEARTS: "Hearts",
    Suit.DIAMONDS: "Diamonds",
    Suit.CLUBS: "Clubs",
}
ELEMENT_SUITS: tuple[Suit, ...] = (Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR)

SHAMAN_PREFIX = "SH"


@dataclass(frozen=True, slots=True)
class Card:
    """A physical card. A Shaman has no rank or suit, only its number 1..3.

    Ordered by (rank text, suit text, shaman number), a Shaman's missing rank and
    suit counting as "" so that Shamans sort (first) beside real cards.
    """

    rank: Rank | None
    suit: Suit | None
    shaman: int = 0
    #: The hash, computed once: cards are hashed in every state check and listing.
    _hash: int = field(init=False, repr=False, compare=False)
    #: The sort key and the notation, computed once (None for a card no notation names).
    _order: tuple[str, str, int] | None = field(init=False, repr=False, compare=False)
    _text: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.rank, self.suit, self.shaman)))
        rank, suit = self.rank, self.suit
        order: tuple[str, str, int] | None = None
        text: str | None = None
        if (rank is None or isinstance(rank, Rank)) and (suit is None or isinstance(suit, Suit)):
            order = (rank.value if rank else "", suit.value if suit else "", self.shaman)
            if self.shaman:
                text = f"{SHAMAN_PREFIX}{self.shaman}"
            elif rank is not None and suit is not None:
                text = f"{rank.value}{suit.value}"
        object.__setattr__(self, "_order", order)
        object.__setattr__(self, "_text", text)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: Any) -> bool:
        # The dataclass comparison, with the common case (the same card object) first.
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.rank == other.rank and self.suit == other.suit and self.shaman == other.shaman

    def _key(self) -> tuple[str, str, int]:
        order = self._order
        if order is None:  # a rank or suit that is not a Rank or Suit: worked out as it is
            return (self.rank.value if self.rank else "", self.suit.value if self.suit else "", self.shaman)
        return order

    def __lt__(self, other: Card) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        return self._key() >= other._key()

    @property
    def is_shaman(self) -> bool:
        return self.shaman != 0

    def __str__(self) -> str:
        return format_card(self)

    def __repr__(self) -> str:
        return f"Card({format_card(self)!r})"


def format_card(card: Card) -> str:
    text = card._text
    if text is not None:
        return text
    if card.shaman:
        return f"{SHAMAN_PREFIX}{card.shaman}"
    assert card.rank is not None and card.suit is not None
    return f"{card.rank.value}{card.suit.value}"


_RANK_BY_TEXT = {rank.value: rank for rank in Rank}
_SUIT_BY_TEXT = {suit.value: suit for suit in Suit}


def _parse_uncached(text: str) -> Card:
    if text.startswith(SHAMAN_PREFIX) and len(text) == 3 and text[2] in "123":
        return Card(None, None, int(text[2]))
    if len(text) < 2 or len(text) > 3:
        raise NotationError(f"{text!r} is not a card: write rank then suit, like 'QS', '10H' or 'SH1'")
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_BY_TEXT.get(rank_text)
    suit = _SUIT_BY_TEXT.get(suit_text)
    if rank is None:
        raise NotationError(f"{text!r}: unknown rank {rank_text!r} (A, 2-10, J, Q, K)")
    if suit is None:
        raise NotationError(f"{text!r}: unknown suit {suit_text!r} (S H D C or F W E A)")
    return Card(rank, suit)


def _build_cache() -> dict[str, Card]:
    cache: dict[str, Card] = {}
    for rank in Rank:
        for suit in Suit:
            card = Card(rank, suit)
            cache[format_card(card)] = card
    for n in (1, 2, 3):
        cache[f"{SHAMAN_PREFIX}{n}"] = Card(None, None, n)
    return cache


_CARD_CACHE = _build_cache()


def parse_card(text: object) -> Card:
    """Parse one card in notation; raise ``NotationError`` with a readable message."""
    if not isinstance(text, str):
        raise NotationError(f"a card is a string like 'QS', not {type(text).__name__}")
    card = _CARD_CACHE.get(text)
    if card is not None:
        return card
    return _parse_uncached(text)


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck composition: the exact multiset of cards a game uses (each once)."""

    name: str
    cards: tuple[Card, ...]
    members: frozenset[Card] = field(init=False, repr=False, compare=False)
    #: Notation -> card for the cards of this deck: the fast path of decoding a state.
    by_text: dict[str, Card] = field(init=False, repr=False, compare=False)
    #: The identities of this deck's card objects: decoded cards are these objects, so a
    #: conservation check can compare identities before hashing anything.
    card_ids: frozenset[int] = field(init=False, repr=False, compare=False)
    #: Card -> notation: writing a state looks each card up instead of formatting it.
    text_of: dict[Card, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", frozenset(self.cards))
        object.__setattr__(self, "by_text", {format_card(c): c for c in self.cards})
        object.__setattr__(self, "card_ids", frozenset(map(id, self.cards)))
        object.__setattr__(self, "text_of", {c: format_card(c) for c in self.cards})

    def __contains__(self, card: object) -> bool:
        return card in self.members

    def __len__(self) -> int:
        return len(self.cards)

    def parse(self, text: object) -> Card:
        """Parse a card and check that it belongs to this deck."""
        card = parse_card(text)
        if card not in self:
            raise NotationError(f"{format_card(card)!r} is not a card of the {self.name} deck")
        return card


STANDARD_52 = Deck(
    "standard 52-card",
    tuple(Card(rank, suit) for suit in STANDARD_SUITS for rank in Rank),
)
DABONG_55 = Deck(
    "dabong! 55-card",
    tuple(Card(rank, suit) for suit in ELEMENT_SUITS for rank in Rank)
    + tuple(Card(None, None, n) for n in (1, 2, 3)),
)
