"""Exact totals of a hand's clones, without the card-by-card programme.

A clone is two to seven cards of the top card's rank laid in any order (R-DABONG clone);
each set stands for one entry per card that may end on top and suit its player may name
there, and (n-1)! laid orders per entry. The only earlier patterns that may own a clone
are the same-suit sums, and on an ordinary pile they never can: n cards of in-play value v
total n * v, which is the pile's value only for n = 1 (J Q K: 10 against 11..13; an Ace:
1 against 14), and a subtraction leaves (2 - n) * v <= 0. So the count is a generating
function over the hand's cards of that rank (a Shaman: each identity of it). Where a sum
might own one (a pile this reasoning does not cover, pending 2s) the counter does not
apply and the programme counts as before (``SetTotals.supported``).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from ....kernel import Card, Rank
from ..values import identity_choices, rank_in_play_value
from .set_totals import SetTotals

#: The most cards of one rank a play can hold: the four suits and the three Shamans.
_OF_ONE_RANK = 7


class CloneTotals(SetTotals):
    """Entries and plays of a hand's clones, or ``supported`` False where this count does
    not apply."""

    OWNERS = frozenset({"addition", "subtraction"})
    FIRST_CARD = False

    def _applies(self) -> bool:
        rank = self._lay.ctx.top.rank
        if rank is None or (rank is Rank.EIGHT and self._banned_8):
            return False  # a clone of 8s is mixed-suit: refused, as the programme finds
        value, pile = rank_in_play_value(rank), self._lay.ctx.pile_value
        sizes = range(max(2, self._mine.low), min(self._mine.high, _OF_ONE_RANK) + 1)
        return not any(n * value == pile or (2 - n) * value == pile for n in sizes)

    def _count(self, hand: Sequence[Card]) -> None:
        rank = self._lay.ctx.top.rank
        # Each card of the rank: how many identities of it, and their named suits summed.
        takes = []
        for card in hand:
            ids = [i for i in identity_choices(card) if i.rank is rank]
            if ids:
                takes.append((len(ids), sum(self._weight[i] for i in ids)))
        low, high = max(2, self._mine.low), min(self._mine.high, len(takes))
        # Per set size: the sets, and the sum over them of their cards' named suits.
        sets = [1] + [0] * high
        weights = [0] * (high + 1)
        for ways, named in takes:
            for size in range(high, 0, -1):  # downwards: each card is taken at most once
                weights[size] += weights[size - 1] * ways + sets[size - 1] * named
                sets[size] += sets[size - 1] * ways
            self._meter.spend(high)
        self.entries = sum(weights[size] for size in range(low, high + 1))
        self.plays = sum(weights[size] * factorial(size - 1) for size in range(low, high + 1))
