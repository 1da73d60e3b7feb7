"""What a card does to the Count: the one place the values of 99 live.

Below 99 every card but a King is just a number (A 1, 2-10 face, J and Q 10);
a King sets 99. At exactly 99 only the threshold cards are playable. The
Ace of Diamonds is only ever playable at 99 as the answer to a Death Card.

The values are looked up by rank in tables built once (ranks hash as strings),
because these functions run for every card of every hand on every turn.
"""

from __future__ import annotations

from ...kernel import Card, Rank, Suit

LIMIT = 99
DROP_TO = 89

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
ACE_OF_DIAMONDS = Card(Rank.ACE, Suit.DIAMONDS)
ACE_OF_CLUBS = Card(Rank.ACE, Suit.CLUBS)

_FACE_VALUE = {Rank.ACE: 1, Rank.JACK: 10, Rank.QUEEN: 10}
#: What each rank adds below 99 (the King's entry is never used: a King sets 99).
_ADDS: dict[Rank, int] = {rank: _FACE_VALUE.get(rank, rank.ordinal) for rank in Rank}
#: The Count after each threshold rank at exactly 99 (the Queen only as the Queen of Spades).
_AT_LIMIT: dict[Rank, int] = {Rank.TWO: LIMIT, Rank.NINE: LIMIT, Rank.TEN: DROP_TO}
_KING = Rank.KING
#: Below 99 the most a card other than a King adds.
_MOST_ADDED = max(_ADDS[rank] for rank in Rank if rank is not Rank.KING)


def card_value(card: Card) -> int:
    """The number a non-King card adds below 99."""
    assert card.rank is not None
    return _ADDS[card.rank]


def count_after(card: Card, count: int) -> int | None:
    """The Count after ``card`` is played on ``count`` on a normal turn; None when unplayable."""
    rank = card.rank
    if rank is _KING:
        return LIMIT
    assert rank is not None
    if count == LIMIT:
        if card == QUEEN_OF_SPADES:
            return LIMIT
        return _AT_LIMIT.get(rank)
    after = count + _ADDS[rank]
    return after if after <= LIMIT else None


def is_death_card(card: Card, count_before: int) -> bool:
    """The Queen of Spades is the Death Card only when played at exactly 99."""
    return card == QUEEN_OF_SPADES and count_before == LIMIT


def can_play_any(hand: tuple[Card, ...], count: int) -> bool:
    if hand and count <= LIMIT - _MOST_ADDED:
        return True  # every card fits: nothing adds more than there is room for
    # ``any(count_after(card, count) is not None for card in hand)``, without the generator
    # (this runs for every seat the turn comes to at a Count above 89).
    for card in hand:  # noqa: SIM110
        if count_after(card, count) is not None:
            return True
    return False
