"""The pattern registry: every play pattern unit, in listing order, with its level.

What each pattern *is* (its cards, suits, ranks, total, sequence, order and first-card rule,
level, switch and rule id) is stated once, in ``specs.py``; a unit here adds only how the
matcher finds it: the source of its candidate sets and their census, how a set's orders
become listing entries (``Laying``), and how an undeclared Shaman's identities are narrowed
(``Candidates``). Rule ids this package cites besides the specs' (the engine's rule table
must hold each one): ``dabong.eight`` (an 8 goes on any card; inside a multi-card play it
shares the others' suit) and ``dabong.river`` (the river card may be used only in a play that
empties the hand).

Order matters: a play is listed once, under the first pattern that accepts it, and
every set shape (its acceptance fixed by the card set and first card) comes before
the sequence shapes (straight, eight straight, mirror, self mirror).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ....kernel import Rank
from ..matcher_api import MatchRules
from . import specs
from .base import Pattern
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

SINGLE = SinglePattern(id=specs.SINGLE.id, rule_id=specs.SINGLE.rule_id, level=specs.SINGLE.level)
ADDITION = SameSuitSum(
    id=specs.ADDITION.id,
    rule_id=specs.ADDITION.rule_id,
    level=specs.ADDITION.level,
    order=specs.ADDITION.order,
)
SUBTRACTION = SameSuitSum(
    id=specs.SUBTRACTION.id,
    rule_id=specs.SUBTRACTION.rule_id,
    level=specs.SUBTRACTION.level,
    order=specs.SUBTRACTION.order,
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
    spec=specs.CLONE,
    sets=rank_sets(_top_rank, 2, 7),
    census=rank_census(_top_rank, 2, 7),
    laying=Laying.ANY,
    candidates=Candidates.RANK,
)
TWENTY_ONE = ShapePattern(
    spec=specs.TWENTY_ONE,
    sets=suited_sets(2, 21, lambda lay: 21),
    census=suited_census(2, 21, lambda lay: 21),
    laying=Laying.FIRST,
    candidates=Candidates.SUIT_SUM,
)
FULL_HOUSE = ShapePattern(
    spec=specs.FULL_HOUSE,
    sets=full_house_sets,
    census=full_house_census,
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
)
FLUSH = ShapePattern(
    spec=specs.FLUSH,
    sets=suited_sets(5, 55, _no_bound),
    census=suited_census(5, 55, _no_bound),
    laying=Laying.FIRST,
    candidates=Candidates.SUITED,
)
THREE_BY_THREE = ShapePattern(
    spec=specs.THREE_BY_THREE,
    sets=group_sets(3, 3),
    census=group_census(3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
)
HEAVEN = ShapePattern(
    spec=specs.HEAVEN,
    sets=rank_sets(_rank(Rank.SEVEN), 3, 3),
    census=rank_census(_rank(Rank.SEVEN), 3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.RANK,
)
HELL = ShapePattern(
    spec=specs.HELL,
    sets=rank_sets(_rank(Rank.SIX), 3, 3),
    census=rank_census(_rank(Rank.SIX), 3, 3),
    laying=Laying.FIRST,
    candidates=Candidates.RANK,
)
FOUR_OF_A_KIND = ShapePattern(
    spec=specs.FOUR_OF_A_KIND,
    sets=rank_sets(_every_rank, 4, 7),
    census=rank_census(_every_rank, 4, 7),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
)
FOUR_PAIR = ShapePattern(
    spec=specs.FOUR_PAIR,
    sets=group_sets(2, 4),
    census=group_census(2, 4),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
)
STRAIGHT = ShapePattern(
    spec=specs.STRAIGHT,
    sets=run_sets(3, 13, suited=True),
    census=run_census(3, suited=True),
    laying=Laying.SEQUENCE,
    candidates=Candidates.SUIT_RUN,
)
EIGHT_STRAIGHT = ShapePattern(
    spec=specs.EIGHT_STRAIGHT,
    sets=run_sets(8, 13, suited=False),
    census=run_census(8, suited=False),
    laying=Laying.SEQUENCE,
    candidates=Candidates.RUN,
)
MIRROR = ShapePattern(
    spec=specs.MIRROR,
    sets=mirror_sets,
    laying=Laying.SEQUENCE,
    candidates=Candidates.MIRROR,
)
SELF_MIRROR = ShapePattern(
    spec=specs.SELF_MIRROR,
    sets=self_mirror_sets,
    laying=Laying.SEQUENCE,
    candidates=Candidates.SELF_MIRROR,
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
    spec=specs.TWOS_ADD_ON,
    sets=rank_sets(_rank(Rank.TWO), 1, 7),
    census=rank_census(_rank(Rank.TWO), 1, 7),
    laying=Laying.ANY,
    candidates=Candidates.RANK,
)
#: The Beginner sums as shape units: the listings of river plays and of neutralisations,
#: which the sums' DP blocks do not cover (the DP blocks stay the normal listing).
ADDITION_TWIN = ShapePattern(
    spec=specs.ADDITION,
    sets=suited_sets(2, 55, lambda lay: lay.ctx.pile_value),
    census=suited_census(2, 55, lambda lay: lay.ctx.pile_value),
    laying=Laying.ANY,
    candidates=Candidates.SUIT_SUM,
)
SUBTRACTION_TWIN = ShapePattern(
    spec=specs.SUBTRACTION,
    sets=suited_sets(2, 55, lambda lay: max(0, 20 - lay.ctx.pile_value)),
    census=suited_census(2, 55, lambda lay: max(0, 20 - lay.ctx.pile_value)),
    laying=Laying.FIRST,
    candidates=Candidates.SUIT_SUM,
)
SINGLE_OF_VALUE = ShapePattern(
    spec=specs.SINGLE_OF_VALUE,
    sets=rank_sets(_every_rank, 1, 1),
    census=rank_census(_every_rank, 1, 1),
    laying=Laying.SEQUENCE,
    candidates=Candidates.ANY,
)
ACE_AND_SHAMAN = ShapePattern(
    spec=specs.ACE_AND_SHAMAN,
    sets=ace_and_shaman_sets,
    census=ace_and_shaman_census,
    laying=Laying.ANY,
    candidates=Candidates.SUITED,
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
