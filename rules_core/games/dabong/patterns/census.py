"""How many candidate sets a set source yields, counted without yielding them.

A listing first judges a shape's candidate sets one by one, for at most
``shape_unit.ENUMERATE_FIRST`` of them, and counts instead (``counted.py``) when there
are more. On a big hand that trial is wasted: it walks hundreds of sets, spends as many
units of the call's work budget, then is thrown away. A census tells beforehand how many
sets the source would yield, so the trial is skipped when it is bound to fail.

Each census here is exact for its source in ``shape_sets`` or, for the suited and run
sources, a lower bound, and every one is 0 exactly when its source yields no set, so a
listing skips a shape whose census is 0 altogether (``tests`` hold each one to its
source); for listings that may leave cards out; a river listing (every card used) has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from math import comb

from ....kernel import ELEMENT_SUITS, Card, Rank, Suit
from ..matcher_api import MatchRules
from ..values import REAL_CARDS, in_play_value
from .common import identities_with_suit
from .shapes import Lay

#: The candidate sets ``sets(lay, hand, take_all=False)`` would yield.
Census = Callable[[Lay, Sequence[Card]], int]

#: Suits a Shaman may take for a given rank inside a rank group.
_SUITS = len(ELEMENT_SUITS)


def _sized(options: Sequence[int], low: int, high: int) -> int:
    """Sets of ``low..high`` items, each item taken as one of its ``options`` or left out."""
    ways = [1]  # ways[j]: sets of j items so far
    for count in options:
        ways = [*ways, 0]
        for j in range(len(ways) - 1, 0, -1):
            ways[j] += ways[j - 1] * count
    return sum(ways[low : high + 1])


def ace_and_shaman_census(lay: Lay, hand: Sequence[Card]) -> int:
    """For ``shape_sets.ace_and_shaman_sets``: one set per real Ace and Shaman (exact)."""
    shamans = sum(1 for c in hand if c.is_shaman)
    return shamans * sum(1 for c in hand if not c.is_shaman and c.rank is Rank.ACE)


def rank_census(rank_of: Callable[[Lay], tuple[Rank, ...]], low: int, high: int) -> Census:
    """For ``shape_sets.rank_sets``: per rank, the cards of that rank, Shamans as any suit of it."""

    def census(lay: Lay, hand: Sequence[Card]) -> int:
        shamans = sum(1 for c in hand if c.is_shaman)
        real = Counter(c.rank for c in hand if not c.is_shaman)
        # A real card is its own identity; a Shaman may be any suit of the rank.
        return sum(_sized([1] * real[rank] + [_SUITS] * shamans, low, high) for rank in rank_of(lay))

    return census


def suited_census(low: int, high: int, bound: Callable[[Lay], int | None]) -> Census:
    """For ``shape_sets.suited_sets``: the sets of one suit, for the suit with the most
    (a set sharing two suits is yielded once, so the sum over suits would overcount; the
    largest suit is a lower bound, which is all a skipped trial needs)."""
    from .shape_sets import _of_suit  # the source's own identities per suit

    def census(lay: Lay, hand: Sequence[Card]) -> int:
        most = 0
        limit = bound(lay)
        for suit in ELEMENT_SUITS:
            items = [ids for ids in (_of_suit(c, suit, lay) for c in hand) if ids]
            if limit is None:
                most = max(most, _sized([len(ids) for ids in items], low, high))
                continue
            # ways[(cards, value)] with the in-play values adding up to at most ``limit``
            ways: dict[tuple[int, int], int] = {(0, 0): 1}
            for ids in items:
                values = [in_play_value(i) for i in ids]
                grown = dict(ways)
                for (cards, value), count in ways.items():
                    if cards == high:
                        continue
                    for v in values:
                        if value + v <= limit:
                            key = (cards + 1, value + v)
                            grown[key] = grown.get(key, 0) + count
                ways = grown
            most = max(most, sum(c for (cards, _), c in ways.items() if cards >= low))
        return most

    return census


def _groups_of(size: int, real: int, shamans_left: int) -> list[tuple[int, int]]:
    """(Shamans used, ways) for one rank group of exactly ``size`` cards."""
    out = []
    for helpers in range(0, min(size, shamans_left) + 1):
        own = size - helpers
        if own <= real:
            out.append((helpers, comb(real, own) * comb(shamans_left, helpers) * _SUITS**helpers))
    return out


def group_census(size: int, min_groups: int) -> Census:
    """For ``shape_sets.group_sets``: ``min_groups`` or more ranks of exactly ``size`` cards."""

    def census(lay: Lay, hand: Sequence[Card]) -> int:
        shamans = sum(1 for c in hand if c.is_shaman)
        # ways[(Shamans used, groups, capped at min_groups)]
        ways: dict[tuple[int, int], int] = {(0, 0): 1}
        for rank in Rank:
            real = sum(1 for c in hand if c.rank is rank)
            grown = dict(ways)
            for (used, groups), count in ways.items():
                for helpers, options in _groups_of(size, real, shamans - used):
                    key = (used + helpers, min(min_groups, groups + 1))
                    grown[key] = grown.get(key, 0) + count * options
            ways = grown
        return sum(c for (_, groups), c in ways.items() if groups >= min_groups)

    return census


def full_house_census(lay: Lay, hand: Sequence[Card]) -> int:
    """For ``shape_sets.full_house_sets``: three of one rank and two of another."""
    shamans = sum(1 for c in hand if c.is_shaman)
    real = {rank: sum(1 for c in hand if c.rank is rank) for rank in Rank}
    total = 0
    for trips in Rank:
        for used, three in _groups_of(3, real[trips], shamans):
            for pair in Rank:
                if pair is not trips:
                    total += three * sum(ways for _, ways in _groups_of(2, real[pair], shamans - used))
    return total


@cache
def _helpers_at(suit: Suit | None, eights_wild: bool) -> tuple[int, ...]:
    """Per rank, the identities a Shaman may take in a run of ``suit`` (None: any suits)."""
    rules = MatchRules(eight_must_share_suit=not eights_wild)
    covering = Counter(i.rank for i in (identities_with_suit(suit, rules) if suit else REAL_CARDS))
    return tuple(covering[r] for r in Rank)


def run_census(low: int, suited: bool) -> Census:
    """For ``shape_sets.run_sets``: a lower bound, the runs of the suit with the most (each
    suit's runs are distinct by start, direction and length; a run sharing two suits is
    yielded once, and a wild 8 is counted as one identity)."""
    from .shape_sets import _covers  # the source's own suit test

    ranks = tuple(Rank)

    def census(lay: Lay, hand: Sequence[Card]) -> int:
        longest = min(13, len(hand))
        if low > longest:
            return 0
        shamans = sum(1 for c in hand if c.is_shaman)
        most = 0
        for suit in ELEMENT_SUITS if suited else (None,):
            counted = Counter(c.rank for c in hand if not c.is_shaman and _covers(c, suit, lay))
            real_at = [counted[r] for r in ranks]
            helper_at = _helpers_at(suit, not lay.rules.eight_must_share_suit)
            runs = 0
            # A run down from a rank lays the same places as the run up to it, so it has as many
            # ways: count the runs up, of every length from ``low``, twice.
            for start in range(13):
                ways = [1] + [0] * shamans  # ways[u]: runs so far using u Shamans
                for length in range(1, longest + 1):
                    k = (start + length - 1) % 13
                    grown = [w * real_at[k] for w in ways]
                    for used in range(shamans):
                        grown[used + 1] += ways[used] * (shamans - used) * helper_at[k]
                    ways = grown
                    if not any(ways):
                        break
                    if length >= low:
                        runs += 2 * sum(ways)
            most = max(most, runs)
        return most

    return census
