"""The plain strategies of 99 (easy and normal), on card ids and what one seat knows.

Playing is forced whenever a card fits, so the only question is which card. Both
strategies rank the playable cards by how much the card is worth *keeping*:

- Kings fit every Count, the passes (2, 9) and the 10 are the only way to live at
  exactly 99, the Queen of Spades is the Death Card there, the Ace of Diamonds the
  only shield against it, and the Ace of Clubs in a hand at the end steals the hit.
  Those stay in hand while ordinary cards can be played instead.
- Among cards worth the same, normal leaves the next seat the Count it is least
  likely to survive (98 beats 99: only an Ace or a King fits it).

Easy plays the same game but carelessly, in the ways the Dobon page describes for
its easy opponents: it treats the Death Card, the shield and the Ace of Clubs as
ordinary cards, does not look at the Count it leaves, and now and then plays any
card that fits. The functions here are also the rollout policy of the strong bot,
so they are written for speed (integers and table lookups).
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from math import comb

from ....kernel import Rank
from ..counting import LIMIT
from .tables import AC, AD, AFTER, AT_99, DECK_SIZE, KINGS, PLAYABLE_AT, QS, RANK_OF

HAND = 4

#: How often easy plays any fitting card instead of thinking.
EASY_SLIP = 0.3
#: Normal attacks with the Death Card when the next seat holds the shield at most this likely.
DEATH_CARD_RISK = 0.12

_RANK_COST = {Rank.TEN: 5, Rank.NINE: 4, Rank.TWO: 4, Rank.ACE: 2, Rank.THREE: 2, Rank.FOUR: 2}


@dataclass(frozen=True, slots=True, kw_only=True)
class Situation:
    """What the seat to act knows: its own cards and the public table, as card ids."""

    hand: tuple[int, ...]
    count: int
    #: The play pile (face up since the last reshuffle); only searched for the Queen of
    #: Spades and the Ace of Diamonds, so a list will do.
    pile: Collection[int]
    #: Seats still in the hand, this one included.
    live: int
    #: A shielded Death Card would not knock this seat out (a table that started with two).
    no_blowback: bool
    #: The clubs slide is played (the Ace of Clubs steals the hit).
    clubs: bool

    @property
    def unseen(self) -> int:
        return DECK_SIZE - len(self.hand) - len(self.pile)


def _static_danger(count: int) -> float:
    """Chance that four cards dealt from a full deck hold nothing playable on ``count``."""
    fits = len(PLAYABLE_AT[count])
    return comb(DECK_SIZE - fits, HAND) / comb(DECK_SIZE, HAND)


#: ``DANGER[count]``: how likely a seat with an unknown hand is out when handed ``count``.
DANGER: tuple[float, ...] = tuple(_static_danger(c) for c in range(LIMIT + 1))


def shield_matters(sit: Situation) -> bool:
    """The Ace of Diamonds can still meet a Death Card: the Queen of Spades is neither played nor ours."""
    return QS not in sit.pile and QS not in sit.hand


def _plain_cost(card: int) -> int:
    if card in KINGS:
        return 10
    if card == QS:
        return 7
    return _RANK_COST.get(RANK_OF[card], 1)


#: Keep-worth of each card when no special role applies (Kings, Death Card, passes, 10, low cards).
PLAIN_COST: tuple[int, ...] = tuple(_plain_cost(c) for c in range(DECK_SIZE))


def keep_cost(card: int, sit: Situation) -> int:
    """How much ``card`` is worth keeping (normal's ranking: low is played first)."""
    if card == AC and sit.clubs:
        return 12
    if card == AD:
        return 6 if shield_matters(sit) else 2
    return PLAIN_COST[card]


def shield_chance(sit: Situation) -> float:
    """How likely the next seat holds the Ace of Diamonds, by counting what is visible."""
    if AD in sit.hand or AD in sit.pile:
        return 0.0
    return min(1.0, HAND / max(sit.unseen, HAND))


def wants_death_card(sit: Situation) -> bool:
    """Normal's Death Card rule: attack when the next seat most likely lacks the shield."""
    risk = shield_chance(sit)
    if risk <= DEATH_CARD_RISK:
        return True
    # At a table of two a shielded attack costs nothing but the card, if another card
    # keeps this seat alive on 99 when the turn comes straight back.
    return sit.no_blowback and any(c != QS and c in AT_99 for c in sit.hand)


def _sort_key(card: int, count: int) -> int:
    """Normal's ranking of ``card`` on ``count`` as one integer: keep-worth, then the danger left, then id.

    The danger is rounded to millionths: Counts that differ less than that are equally bad.
    """
    after = AFTER[card][count]
    danger = DANGER[after] if after >= 0 else 0.0
    return PLAIN_COST[card] * 10**9 + round((1.0 - danger) * 10**6) * 100 + card


#: ``SORT_KEY[count][card]``: normal's ranking with the plain keep-worth (Aces of Clubs and
#: Diamonds as ordinary Aces; their roles are added in ``normal_choice``).
SORT_KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple(_sort_key(card, count) for card in range(DECK_SIZE)) for count in range(LIMIT + 1)
)
_ROLE = 10**9


def normal_choice(playable: list[int], sit: Situation) -> int:
    if len(playable) == 1:
        return playable[0]
    count = sit.count
    if count == LIMIT and QS in playable and wants_death_card(sit):
        return QS
    keys = SORT_KEY[count]
    best = playable[0]
    best_key = -1
    for card in playable:
        key = keys[card]
        if card in (AC, AD):
            key += (keep_cost(card, sit) - PLAIN_COST[card]) * _ROLE
        elif card == QS and count == LIMIT:
            key += 4 * _ROLE  # the Death Card is either wanted (above) or the last resort
        if best_key < 0 or key < best_key:
            best, best_key = card, key
    return best


def easy_choice(playable: list[int], sit: Situation, rng: random.Random) -> int:
    if len(playable) == 1:
        return playable[0]
    if rng.random() < EASY_SLIP:
        return playable[rng.randrange(len(playable))]
    return min(playable, key=lambda card: (_careless_cost(card), card))


def _careless_cost(card: int) -> int:
    """Keep-worth without the special roles: the Death Card, shield and Ace of Clubs are plain."""
    return 1 if card == QS else PLAIN_COST[card]
