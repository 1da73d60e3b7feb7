"""Exact totals of a hand's clones, without the card-by-card programme.

A clone is two to seven cards of the top card's rank laid in any order (R-DABONG clone);
each set stands for one entry per card that may end on top and suit its player may name
there, and (n-1)! laid orders per entry. The only earlier patterns that may own a clone
are the same-suit sums, and on an ordinary pile they never can: n cards of in-play value v
total n * v, which is the pile's value only for n = 1 (J Q K: 10 against 11..13; an Ace:
1 against 14), and a subtraction leaves (2 - n) * v <= 0. So the count is a generating
function over the hand's cards of that rank (a Shaman: each identity of it). Where a sum
might own one (a pile this reasoning does not cover, pending 2s) the counter does not
apply and the programme counts as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from ....kernel import Card, Rank
from ..values import identity_choices, rank_in_play_value
from .common import suit_choices
from .counted import Rule
from .shapes import Lay

#: The earlier patterns whose ownership this count rules out (see the module docstring).
_NEVER_OWNING_SUMS = frozenset({"addition", "subtraction"})


def clone_totals(
    hand: Sequence[Card], lay: Lay, mine: Rule, owners: Sequence[Rule]
) -> tuple[int, int] | None:
    """(entries, plays) of ``hand``'s clones on ``lay``, or None where this count does not apply."""
    rank = lay.ctx.top.rank
    if lay.neutral or rank is None or any(o.id not in _NEVER_OWNING_SUMS for o in owners):
        return None
    if rank is Rank.EIGHT and lay.rules.eight_must_share_suit:
        return None  # a clone of 8s is mixed-suit: refused, as the programme finds
    # Each card of the rank: how many identities of it, and their named suits summed.
    takes = []
    for card in hand:
        ids = [i for i in identity_choices(card) if i.rank is rank]
        if ids:
            takes.append((len(ids), sum(len(suit_choices(i)) for i in ids)))
    value, pile = rank_in_play_value(rank), lay.ctx.pile_value
    low, high = max(2, mine.low), min(mine.high, len(takes))
    if any(n * value == pile or (2 - n) * value == pile for n in range(low, high + 1)):
        return None
    # Per set size: the sets, and the sum over them of their cards' named suits.
    sets = [1] + [0] * high
    weights = [0] * (high + 1)
    for ways, named in takes:
        for size in range(high, 0, -1):  # downwards: each card is taken at most once
            weights[size] += weights[size - 1] * ways + sets[size - 1] * named
            sets[size] += sets[size - 1] * ways
    entries = sum(weights[size] for size in range(low, high + 1))
    plays = sum(weights[size] * factorial(size - 1) for size in range(low, high + 1))
    return entries, plays
