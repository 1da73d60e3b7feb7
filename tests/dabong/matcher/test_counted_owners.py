"""The counting programme's shortcuts change no count and no entry (MD-27).

A counted shape tracks only the earlier units that can accept one of its sets
(``counted.may_own``), and a shape of one rank stops tabling its walk past the last
item of its rank (``counted.ONE_RANK_SHAPES``). Both are held here against the
programme without them: the same totals and the same entries, page by page, on
random Master hands with 0-3 Shamans, wild 8s or not, and facing 2s.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules, PileContext, PlayListing
from rules_core.games.dabong.patterns import counted, shape_unit
from rules_core.games.dabong.patterns.base import Block
from rules_core.games.dabong.values import JACK_PARTNER, REAL_CARDS, SHAMANS
from rules_core.kernel import Card, Rank
from tests.dabong.matcher.helpers import pile

UNBOUNDED = MatchRules(level="master", list_budget=10**9)
WILD_EIGHTS = replace(UNBOUNDED, eight_must_share_suit=False)


def _hand(seed: int, size: int, shamans: int, top: str, *, rich: bool) -> tuple[Card, ...]:
    """A random hand; ``rich``: drawn mostly from two suits' Jacks, 8s and low cards, where
    the shapes overlap most (one suit, few ranks, sums within reach)."""
    rng = random.Random(seed)
    rest = [c for c in REAL_CARDS if str(c) != top]
    if rich:
        suit = rng.choice(sorted({c.suit for c in rest}, key=str))
        near = [
            c
            for c in rest
            if c.suit in (suit, JACK_PARTNER[suit])
            or c.rank in (Rank.JACK, Rank.EIGHT, Rank.ACE, Rank.TWO, Rank.THREE)
        ]
        picked = rng.sample(near, min(len(near), size - shamans))
    else:
        picked = rng.sample(rest, size - shamans)
    return (*SHAMANS[:shamans], *picked)


def _without_shortcuts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shape_unit, "may_own", lambda shape_id, owners, rules: list(owners))
    monkeypatch.setattr(counted, "ONE_RANK_SHAPES", frozenset())


def _pages(ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules) -> tuple[PlayListing, ...]:
    first = MATCHER.list_plays(ctx, hand, rules, seat=0, limit=60)
    total = first.total_entries
    offsets = sorted({total // 3, total // 2, max(0, total - 60)} - {0})
    return (first, *(MATCHER.list_plays(ctx, hand, rules, seat=0, offset=o, limit=60) for o in offsets))


CASES = [
    (seed, size, shamans, top, rich, rules)
    for seed, (size, shamans, top, rich) in enumerate(
        [
            (12, 0, "9W", True),
            (13, 1, "5F", True),
            (11, 2, "AE", True),
            (10, 3, "JA", True),
            (9, 3, "7F", True),
            (12, 1, "6W", False),
            (10, 2, "KA", False),
            (9, 3, "2E", False),
        ]
    )
    for rules in (UNBOUNDED, WILD_EIGHTS)
]


@pytest.mark.parametrize(("seed", "size", "shamans", "top", "rich", "rules"), CASES)
def test_the_shortcuts_keep_every_total_and_every_entry(
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    size: int,
    shamans: int,
    top: str,
    rich: bool,
    rules: MatchRules,
) -> None:
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)  # count every shape that has a count
    hand = _hand(seed, size, shamans, top, rich=rich)
    for ctx in (pile(top), replace(pile(top), pending_twos=1 + seed % 2)):
        fast = _pages(ctx, hand, rules)
        with monkeypatch.context() as plain:
            _without_shortcuts(plain)
            slow = _pages(ctx, hand, rules)
        assert [(p.total_entries, p.total_plays) for p in fast] == [
            (p.total_entries, p.total_plays) for p in slow
        ]
        assert [p.entries for p in fast] == [p.entries for p in slow]


def test_the_shortcuts_keep_each_shapes_own_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Per shape, not only in sum: every block of a three-Shaman hand, with and without."""
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    from rules_core.games.dabong.matcher import _blocks
    from rules_core.games.dabong.patterns.budget import WorkBudget
    from rules_core.games.dabong.patterns.common import deck_key
    from rules_core.games.dabong.patterns.plan import plan

    ctx = pile("7F")
    hand = tuple(sorted(_hand(40, 11, 3, "7F", rich=True), key=deck_key))

    def counts() -> list[tuple[int, int]]:
        budget = WorkBudget(10**9, task="test", advice="")
        blocks: list[Block] = _blocks(plan(ctx, UNBOUNDED), hand, 0, river=None, budget=budget)
        return [(b.entries, b.plays) for b in blocks]

    fast = counts()
    with monkeypatch.context() as plain:
        _without_shortcuts(plain)
        slow = counts()
    assert fast == slow
    assert sum(entries for entries, _ in fast) > 1000
