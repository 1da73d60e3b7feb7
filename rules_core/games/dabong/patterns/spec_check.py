"""The check of a pattern spec, derived from its constraints (``judge_of``)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING

from ....kernel import Card, Rank
from ..values import in_play_value
from .shapes import Lay, common_suits, eight_banned, first_ok, is_run, rank_counts, shares, twenty_one
from .spec_parts import GOALS, MIRROR_SAYS, First, OneRank, RankGroups, SequenceRule, Suits

if TYPE_CHECKING:
    from .specs import PatternSpec

Check = Callable[[tuple[Card, ...], Lay], str | None]
#: The code of a first card that breaks the first-card rule (the unit prefixes its id).
_NO_FOLLOW = "first_card_does_not_follow"


def judge_of(spec: PatternSpec) -> Check:
    """The check of ``spec``: the code of the first constraint ``ids`` breaks, or None.

    The constraints' tests are chosen once per spec, and run in one closure: a check is on the
    path of every listing's ownership test and every Shaman search, so it pays no loop and no
    call per constraint it does not have.
    """
    suits_code = spec.suits_miss.code if spec.suits_miss else f"{spec.id}_suits_differ"
    shape = spec._shape_reason()
    shape_code = shape.code if shape is not None else ""
    shared = spec.suits is Suits.SHARED
    # With one reason for both, the rank test (a pass over the ranks) goes before the suits'
    # (an intersection per card): the same answer, sooner.
    ranks_first = shared and spec.ranks is not None and suits_code == shape_code
    fits = _all_of(_structure_tests(spec))
    mirror = _mirror_check(spec.id) if spec.sequence is SequenceRule.MIRROR else None
    bars_eights = spec.bars_eights
    follows = spec.first is First.FOLLOWS

    def judge(ids: tuple[Card, ...], lay: Lay) -> str | None:
        if shared and not ranks_first and not common_suits(ids, lay.rules):
            return suits_code
        if fits is not None and not fits(ids, lay):
            return shape_code
        if ranks_first and not common_suits(ids, lay.rules):
            return suits_code
        if mirror is not None:
            code = mirror(ids, lay)
            if code is not None:
                return code
        if bars_eights and eight_banned(ids, lay.rules):
            return "eight_must_share_suit"
        # Answering 2s, every pattern's first card is a 2 or of their value.
        if (follows or lay.neutral) and not first_ok(ids[0], lay):
            return _NO_FOLLOW
        return None

    return judge


Fits = Callable[[tuple[Card, ...], Lay], bool]


def _structure_tests(spec: PatternSpec) -> list[Fits]:
    """The spec's rank profile, total and sequence (but the mirror's) as tests, in that order."""
    tests: list[Fits] = []
    ranks = spec.ranks
    if isinstance(ranks, OneRank):
        want = ranks.rank
        if ranks.of_top:
            tests.append(lambda ids, lay: all(i.rank is lay.ctx.top.rank for i in ids))
        elif want is not None:
            tests.append(lambda ids, lay: all(i.rank is want for i in ids))
        else:
            tests.append(lambda ids, lay: len(set(map(_rank_of, ids))) == 1)
    elif isinstance(ranks, RankGroups):
        tests.append(lambda ids, lay: ranks.fits_counts(rank_counts(ids)))
    total = spec.total
    if total is not None:
        if total.aces_high:
            tests.append(lambda ids, lay: twenty_one(ids))
        else:
            goal = GOALS[total.target]
            if total.difference:
                tests.append(
                    lambda ids, lay: 2 * in_play_value(ids[0]) - sum(map(in_play_value, ids)) == goal(lay)
                )
            else:
                tests.append(lambda ids, lay: sum(map(in_play_value, ids)) == goal(lay))
    if spec.sequence is SequenceRule.RUN:
        tests.append(lambda ids, lay: is_run(ids))
    elif spec.sequence is SequenceRule.SELF_MIRROR:
        tests.append(_self_mirrored)
    return tests


def _all_of(tests: list[Fits]) -> Fits | None:
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda ids, lay: all(test(ids, lay) for test in tests)


_rank_of = attrgetter("rank")


def _self_mirrored(ids: tuple[Card, ...], lay: Lay) -> bool:
    if len(ids) % 2:
        return False
    half = len(ids) // 2
    first, second = ids[:half], ids[half:]
    if not all(a.rank is b.rank for a, b in zip(first, reversed(second), strict=True)):
        return False
    return bool(common_suits(first, lay.rules)) and bool(common_suits(second, lay.rules))


def _mirror_check(pattern: str) -> Check:
    length, ranks, suits = (f"{pattern}_{tail}" for tail, _ in MIRROR_SAYS)

    def check(ids: tuple[Card, ...], lay: Lay) -> str | None:
        before = lay.ctx.previous_play
        if len(before) != len(ids):
            return length
        back = tuple(reversed(before))
        if any(a.rank is not b.rank for a, b in zip(ids, back, strict=True)):
            return ranks
        rules = lay.rules
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                if shares(ids[i], ids[j], rules) != shares(back[i], back[j], rules):
                    return suits
        if rules.eight_must_share_suit:
            for i, identity in enumerate(ids):
                if identity.rank is Rank.EIGHT and not all(
                    shares(identity, other, rules) for j, other in enumerate(ids) if j != i
                ):
                    return "eight_must_share_suit"
        return None

    return check
