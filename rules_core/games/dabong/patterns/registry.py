"""The pattern registry: every play pattern unit, in listing order, with its level.

Rule ids this package cites (the engine's rule table must hold each one):

* ``dabong.follow``: one card follows the active suit or the top card's rank.
* ``dabong.eight``: an 8 goes on any card; inside a multi-card play it shares the others' suit.
* ``dabong.addition``: same-suited cards adding up to the top card's pile value, any order.
* ``dabong.subtraction``: same-suited cards, biggest first, subtracting down to the pile value.
* ``dabong.clone``: two or more cards of the top card's rank, any order.
* ``dabong.twenty_one``: same-suited cards adding up to 21 (Aces 1 or 11), first card follows.
* ``dabong.straight``: three or more same-suited cards in sequence, strictly ascending or
  descending as laid, Aces high or low, wrapping; first card follows.
* ``dabong.full_house``: five cards, a pair and a three of a kind of another rank; first card follows.
* ``dabong.flush``: five or more same-suited cards (Jacks: both suits), first card follows.
* ``dabong.three_by_three``: three or more three-of-a-kind sets of different ranks; first card follows.
* ``dabong.eight_straight``: eight or more cards of any suits in sequence (as the straight);
  first card follows.
* ``dabong.heaven``: three 7s, first card follows.
* ``dabong.hell``: three 6s, first card follows.
* ``dabong.mirror``: the previous play's ranks in reverse order, keeping its suit pattern.
* ``dabong.self_mirror``: an even number (4+) of cards, each half same-suited, the second half
  the first's ranks reversed; first card follows.
* ``dabong.four_of_a_kind``: four or more cards of one rank (Master), first card follows.
* ``dabong.four_pair``: four or more pairs of different ranks (Master), first card follows.
* ``dabong.twos_add_on``: facing pending 2s, a play of 2s only (Shamans as 2s) adds on.
* ``dabong.twos_neutralization``: (Master) facing 1-5 pending 2s, a single card of the
  accumulated value (not a 2), or any legal multi-card play starting with a 2 or such a card
  (the first-card rule replaced), not made of 2s only; six or more 2s: nothing answers.
* ``dabong.shaman_neutralization``: (Master) facing one 2, an addition of an Ace and a Shaman as
  an Ace of its suit.
* ``dabong.river``: the river card may be used only in a play that empties the hand.

Order matters: a play is listed once, under the first pattern that accepts it, and
every set shape (its acceptance fixed by the card set and first card) comes before
the sequence shapes (straight, eight straight, mirror, self mirror).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ....kernel import Rank
from ..matcher_api import MatchRules
from . import shapes
from .base import OrderRule, Pattern
from .census import (
    ace_and_shaman_census,
    full_house_census,
    group_census,
    rank_census,
    run_census,
    suited_census,
)
from .common import level_on
from .shape_sets import (
    ace_and_shaman_sets,
    full_house_sets,
    group_sets,
    mirror_sets,
    rank_sets,
    run_sets,
    self_mirror_sets,
    suited_sets,
)
from .shape_unit import Candidates, Laying, ShapePattern
from .shapes import Lay
from .single import SinglePattern
from .sums import SameSuitSum

SINGLE = SinglePattern(id="single", rule_id="dabong.follow", level="beginner")
ADDITION = SameSuitSum(id="addition", rule_id="dabong.addition", level="beginner", order=OrderRule.ANY)
SUBTRACTION = SameSuitSum(
    id="subtraction", rule_id="dabong.subtraction", level="beginner", order=OrderRule.BIGGEST_FIRST
)


def _top_rank(lay: Lay) -> tuple[Rank, ...]:
    return (lay.ctx.top.rank,) if lay.ctx.top.rank is not None else ()


def _every_rank(lay: Lay) -> tuple[Rank, ...]:
    return tuple(Rank)


def _no_bound(lay: Lay) -> int | None:
    return None


def _rank(rank: Rank) -> Callable[[Lay], tuple[Rank, ...]]:
    return lambda lay: (rank,)


CLONE = ShapePattern(
    id="clone",
    rule_id="dabong.clone",
    level="intermediate",
    shape=shapes.clone,
    sets=rank_sets(_top_rank, 2, 7),
    census=rank_census(_top_rank, 2, 7),
    laying=Laying.ANY,
    candidates=Candidates.RANK,
    min_cards=2,
    order=OrderRule.ANY,
    first_card_follows=False,
)
TWENTY_ONE = ShapePattern(
    id="twenty_one",
    rule_id="dabong.twenty_one",
    level="intermediate",
    shape=shapes.twenty_one_shape,
    sets=suited_sets(2, 21, lambda lay: 21),
    census=suited_census(2, 21, lambda lay: 21),
    laying=Laying.FIRST,
    candidates=Candidates.SUIT_SUM,
    sum_targets=lambda lay: (1, 11, 21),
    min_cards=2,
)
FULL_HOUSE = ShapePattern(
    id="full_house",
    rule_id="dabong.full_house",
    level="intermediate",
    shape=shapes.full_house,
    sets=full_house_sets,
    census=full_house_census,
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
    rank_check=lambda counts: counts == [2, 3],
    min_cards=5,
    max_cards=5,
)
FLUSH = ShapePattern(
    id="flush",
    rule_id="dabong.flush",
    level="intermediate",
    shape=shapes.flush,
    sets=suited_sets(5, 55, _no_bound),
    census=suited_census(5, 55, _no_bound),
    laying=Laying.FIRST,
    candidates=Candidates.SUITED,
    min_cards=5,
)
THREE_BY_THREE = ShapePattern(
    id="three_by_three",
    rule_id="dabong.three_by_three",
    level="intermediate",
    shape=shapes.three_by_three,
    sets=group_sets(3, 3),
    census=group_census(3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
    rank_check=lambda counts: len(counts) >= 3 and set(counts) == {3},
    min_cards=9,
    size_multiple=3,
)
HEAVEN = ShapePattern(
    id="heaven",
    rule_id="dabong.heaven",
    level="intermediate",
    shape=shapes.heaven,
    sets=rank_sets(_rank(Rank.SEVEN), 3, 3),
    census=rank_census(_rank(Rank.SEVEN), 3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.RANK,
    rank=Rank.SEVEN,
    min_cards=3,
    max_cards=3,
)
HELL = ShapePattern(
    id="hell",
    rule_id="dabong.hell",
    level="intermediate",
    shape=shapes.hell,
    sets=rank_sets(_rank(Rank.SIX), 3, 3),
    census=rank_census(_rank(Rank.SIX), 3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.RANK,
    rank=Rank.SIX,
    min_cards=3,
    max_cards=3,
)
FOUR_OF_A_KIND = ShapePattern(
    id="four_of_a_kind",
    rule_id="dabong.four_of_a_kind",
    level="master",
    shape=shapes.four_of_a_kind,
    sets=rank_sets(_every_rank, 4, 7),
    census=rank_census(_every_rank, 4, 7),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
    rank_check=lambda counts: len(counts) == 1,
    min_cards=4,
)
FOUR_PAIR = ShapePattern(
    id="four_pair",
    rule_id="dabong.four_pair",
    level="master",
    shape=shapes.four_pair,
    sets=group_sets(2, 4),
    census=group_census(2, 4),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
    rank_check=lambda counts: len(counts) >= 4 and set(counts) == {2},
    min_cards=8,
    size_multiple=2,
)
STRAIGHT = ShapePattern(
    id="straight",
    rule_id="dabong.straight",
    level="intermediate",
    shape=shapes.straight,
    sets=run_sets(3, 13, suited=True),
    census=run_census(3, suited=True),
    laying=Laying.SEQUENCE,
    candidates=Candidates.SUIT_RUN,
    min_cards=3,
    max_cards=13,
    order=OrderRule.SEQUENCE,
)
EIGHT_STRAIGHT = ShapePattern(
    id="eight_straight",
    rule_id="dabong.eight_straight",
    level="intermediate",
    shape=shapes.eight_straight,
    sets=run_sets(8, 13, suited=False),
    census=run_census(8, suited=False),
    laying=Laying.SEQUENCE,
    candidates=Candidates.RUN,
    min_cards=8,
    max_cards=13,
    order=OrderRule.SEQUENCE,
)
MIRROR = ShapePattern(
    id="mirror",
    rule_id="dabong.mirror",
    level="intermediate",
    shape=shapes.mirror,
    sets=mirror_sets,
    laying=Laying.SEQUENCE,
    candidates=Candidates.MIRROR,
    min_cards=2,
    order=OrderRule.SEQUENCE,
    first_card_follows=False,
)
SELF_MIRROR = ShapePattern(
    id="self_mirror",
    rule_id="dabong.self_mirror",
    level="intermediate",
    shape=shapes.self_mirror,
    sets=self_mirror_sets,
    laying=Laying.SEQUENCE,
    candidates=Candidates.SELF_MIRROR,
    min_cards=4,
    order=OrderRule.SEQUENCE,
    size_multiple=2,
)

#: Every unit, in the order the listing presents them.
PATTERNS: tuple[Pattern, ...] = (
    SINGLE,
    ADDITION,
    SUBTRACTION,
    CLONE,
    TWENTY_ONE,
    FULL_HOUSE,
    FLUSH,
    THREE_BY_THREE,
    HEAVEN,
    HELL,
    FOUR_OF_A_KIND,
    FOUR_PAIR,
    STRAIGHT,
    EIGHT_STRAIGHT,
    MIRROR,
    SELF_MIRROR,
)

# -- units for the 2s and the river (not in PATTERNS: the matcher runs them by mode) ----------
TWOS_ADD_ON = ShapePattern(
    id="twos_add_on",
    rule_id="dabong.twos_add_on",
    level="intermediate",
    shape=shapes.only_twos,
    sets=rank_sets(_rank(Rank.TWO), 1, 7),
    census=rank_census(_rank(Rank.TWO), 1, 7),
    laying=Laying.ANY,
    candidates=Candidates.RANK,
    rank=Rank.TWO,
    min_cards=1,
    order=OrderRule.ANY,
    first_card_follows=False,
)
#: The Beginner sums as shape units: the listings of river plays and of neutralisations,
#: which the sums' DP blocks do not cover (the DP blocks stay the normal listing).
ADDITION_TWIN = ShapePattern(
    id="addition",
    rule_id="dabong.addition",
    level="beginner",
    shape=shapes.addition,
    sets=suited_sets(2, 55, lambda lay: lay.ctx.pile_value),
    census=suited_census(2, 55, lambda lay: lay.ctx.pile_value),
    laying=Laying.ANY,
    candidates=Candidates.SUIT_SUM,
    sum_targets=lambda lay: (lay.ctx.pile_value,),
    min_cards=2,
    order=OrderRule.ANY,
    first_card_follows=False,
)
SUBTRACTION_TWIN = ShapePattern(
    id="subtraction",
    rule_id="dabong.subtraction",
    level="beginner",
    shape=shapes.subtraction,
    sets=suited_sets(2, 55, lambda lay: max(0, 20 - lay.ctx.pile_value)),
    census=suited_census(2, 55, lambda lay: max(0, 20 - lay.ctx.pile_value)),
    laying=Laying.FIRST,
    candidates=Candidates.SUIT_SUM,
    sum_targets=lambda lay: (lay.ctx.pile_value,),
    sum_sign=-1,
    first_free=False,
    min_cards=2,
    order=OrderRule.BIGGEST_FIRST,
    first_card_follows=False,
)
SINGLE_OF_VALUE = ShapePattern(
    id="single",
    rule_id="dabong.twos_neutralization",
    level="master",
    shape=shapes.single_of_value,
    sets=rank_sets(_every_rank, 1, 1),
    census=rank_census(_every_rank, 1, 1),
    laying=Laying.SEQUENCE,
    candidates=Candidates.ANY,
    min_cards=1,
    max_cards=1,
    first_card_follows=False,
)
ACE_AND_SHAMAN = ShapePattern(
    id="shaman_neutralization",
    rule_id="dabong.shaman_neutralization",
    level="master",
    shape=shapes.ace_and_shaman,
    sets=ace_and_shaman_sets,
    census=ace_and_shaman_census,
    laying=Laying.ANY,
    candidates=Candidates.SUITED,
    min_cards=2,
    max_cards=2,
    order=OrderRule.ANY,
    first_card_follows=False,
)
#: Switchable ids that are not units of ``PATTERNS`` (options named like them switch them off).
MODE_IDS: tuple[str, ...] = ("twos_add_on", "twos_neutralization", "shaman_neutralization", "river")


@lru_cache(maxsize=64)
def enabled_patterns(rules: MatchRules) -> tuple[Pattern, ...]:
    """The units on under ``rules``: their level is reached and no option switched them off.

    Asked on every check and listing with one of a few rule sets (a pure function of the
    frozen rules, so a small cache of its answers changes nothing but the time).
    """
    return tuple(p for p in PATTERNS if level_on(rules, p.level) and p.id not in rules.disabled)


def mode_on(rules: MatchRules, mode: str, level: str) -> bool:
    """Whether a 2s or river rule of ``level`` is on under ``rules``."""
    return level_on(rules, level) and mode not in rules.disabled
