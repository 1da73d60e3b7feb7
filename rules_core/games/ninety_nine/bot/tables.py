"""Cards as small integers and the lookup tables the bot plays from.

The bot's searches play thousands of simulated turns per suggestion, so cards
are numbered 0..51 (the order of ``STANDARD_52``) and every question about a
card is a table lookup. The tables are *derived* from the game's own
arithmetic (``counting.count_after``), so the values of 99 still live in one place.
"""

from __future__ import annotations

from ....kernel import STANDARD_52, Card, Rank, Suit
from ..counting import ACE_OF_CLUBS, ACE_OF_DIAMONDS, LIMIT, QUEEN_OF_SPADES, count_after

CARDS: tuple[Card, ...] = STANDARD_52.cards
ID: dict[Card, int] = {card: i for i, card in enumerate(CARDS)}
DECK_SIZE = len(CARDS)

#: ``AFTER[card][count]``: the Count after playing ``card`` on ``count`` (0..99), -1 when unplayable.
AFTER: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (a := count_after(card, count)) is None else a for count in range(LIMIT + 1))
    for card in CARDS
)

QS = ID[QUEEN_OF_SPADES]
AD = ID[ACE_OF_DIAMONDS]
AC = ID[ACE_OF_CLUBS]
KC = ID[Card(Rank.KING, Suit.CLUBS)]
CLUBS: frozenset[int] = frozenset(ID[c] for c in CARDS if c.suit is Suit.CLUBS)
KINGS: frozenset[int] = frozenset(ID[c] for c in CARDS if c.rank is Rank.KING)
#: Cards that keep a seat alive at exactly 99 (passes, the 10, Kings, the Death Card).
AT_99: frozenset[int] = frozenset(i for i in range(DECK_SIZE) if AFTER[i][LIMIT] >= 0)
RANK_OF: tuple[Rank, ...] = tuple(c.rank for c in CARDS if c.rank is not None)


def playable_ids(hand: list[int] | tuple[int, ...], count: int) -> list[int]:
    return [c for c in hand if AFTER[c][count] >= 0]


def playable_at(count: int) -> frozenset[int]:
    """Every card of the deck that can be played on ``count``."""
    return frozenset(i for i in range(DECK_SIZE) if AFTER[i][count] >= 0)


PLAYABLE_AT: tuple[frozenset[int], ...] = tuple(playable_at(c) for c in range(LIMIT + 1))
