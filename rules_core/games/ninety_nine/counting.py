"""What a card does to the Count: the one place the values of 99 live.

Below 99 every card but a King is just a number (A 1, 2-10 face, J and Q 10);
a King sets 99. At exactly 99 only the threshold cards are playable. The
Ace of Diamonds is only ever playable at 99 as the answer to a Death Card.
"""

from __future__ import annotations

from ...kernel import Card, Rank, Suit

LIMIT = 99
DROP_TO = 89

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
ACE_OF_DIAMONDS = Card(Rank.ACE, Suit.DIAMONDS)
ACE_OF_CLUBS = Card(Rank.ACE, Suit.CLUBS)

_FACE_VALUE = {Rank.ACE: 1, Rank.JACK: 10, Rank.QUEEN: 10}


def card_value(card: Card) -> int:
    """The number a non-King card adds below 99."""
    assert card.rank is not None
    return _FACE_VALUE.get(card.rank, card.rank.ordinal)


def count_after(card: Card, count: int) -> int | None:
    """The Count after ``card`` is played on ``count`` on a normal turn; None when unplayable."""
    if card.rank is Rank.KING:
        return LIMIT
    if count == LIMIT:
        if card.rank in (Rank.TWO, Rank.NINE) or card == QUEEN_OF_SPADES:
            return LIMIT
        if card.rank is Rank.TEN:
            return DROP_TO
        return None
    after = count + card_value(card)
    return after if after <= LIMIT else None


def is_death_card(card: Card, count_before: int) -> bool:
    """The Queen of Spades is the Death Card only when played at exactly 99."""
    return card == QUEEN_OF_SPADES and count_before == LIMIT


def can_play_any(hand: tuple[Card, ...], count: int) -> bool:
    return any(count_after(card, count) is not None for card in hand)
