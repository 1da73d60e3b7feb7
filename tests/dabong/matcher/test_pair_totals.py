"""The self mirrors' rank-by-rank totals equal the card-by-card programme's (``pair_totals``).

A listing takes the self mirror block's totals from ``PairTotals`` and builds the
card-by-card programme (``CountedSets`` over ``pair_items``) only when a page reaches
the block. Here every self mirror block of random Master hands (0-3 Shamans, wild 8s or
not, rich in one suit's Jacks, 8s and low cards or not) also builds the programme at
once, and both must give the same total. Pages reaching into the block are the
programme's, held against the enumerating listing by ``test_oracle_agreement``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.patterns import counted, shape_unit
from rules_core.games.dabong.patterns.counted import CountedSets, LazySets
from tests.dabong.matcher.helpers import cards, pile
from tests.dabong.matcher.test_counted_owners import _hand

UNBOUNDED = MatchRules(level="master", list_budget=10**9)
WILD_EIGHTS = replace(UNBOUNDED, eight_must_share_suit=False)
TOPS = ("9W", "5F", "AE", "JA", "7F", "6W", "KA", "2E", "8F", "QW")


def _checking(seen: list[tuple[int, int]]) -> type[LazySets]:
    class Checked(LazySets):
        """Builds the programme at once and records (rank-by-rank total, programme's total)."""

        def __init__(
            self, entries: int, plays: int, build: Callable[[], CountedSets], *, pairs: bool
        ) -> None:
            super().__init__(entries, plays, build, pairs=pairs)
            if not pairs:
                return  # a set shape's dedicated totals: ``test_set_totals``
            programme = build()
            assert programme.entries == programme.plays  # one entry per laid order
            seen.append((entries, programme.entries))
            assert plays == entries

    return Checked


@pytest.mark.parametrize("chunk", range(3))
def test_rank_by_rank_totals_equal_the_programmes(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(shape_unit, "LazySets", _checking(seen))
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)  # count every hand, small ones too
    for seed in range(chunk * 15, chunk * 15 + 15):
        rng = random.Random(seed)
        shamans = rng.randint(0, 3)
        hand = _hand(
            seed, rng.randint(max(4, shamans), 13), shamans, rng.choice(TOPS), rich=rng.random() < 0.6
        )
        top = rng.choice([t for t in TOPS if t not in {str(c) for c in hand}])
        MATCHER.list_plays(pile(top), hand, rng.choice([UNBOUNDED, WILD_EIGHTS]), seat=0, limit=5)
    assert seen, "no self mirror block was counted"
    assert [fast for fast, _ in seen] == [slow for _, slow in seen]
    assert sum(1 for fast, _ in seen if fast) >= 5  # the hands hold self mirrors, not only empty blocks


def test_facing_twos_the_programme_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A neutralising self mirror (its own first-card rule) is not covered: counted as before."""
    made: list[str] = []
    original = counted.CountedSets.__init__

    def recording(self: CountedSets, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        if kwargs.get("pairs"):
            made.append(self.mine.id)

    monkeypatch.setattr(counted.CountedSets, "__init__", recording)
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    hand = _hand(7, 10, 2, "5F", rich=True)
    MATCHER.list_plays(replace(pile("5F"), pending_twos=1), hand, UNBOUNDED, seat=0, limit=5)
    assert made == ["self_mirror"]


def test_a_hand_with_fewer_than_two_pairs_has_no_self_mirror() -> None:
    """``PairTotals`` counts 0 without its tables where the hand cannot make two disjoint
    same-rank pairs (a Shaman pairing with any card): the source finds none there either."""
    from rules_core.games.dabong.patterns.pair_totals import _pairs_at_most
    from rules_core.games.dabong.patterns.shape_sets import self_mirror_sets
    from rules_core.games.dabong.patterns.shapes import Lay

    assert _pairs_at_most(cards("5F 5W 9E 9A"), True) == 2
    assert _pairs_at_most(cards("5F 8W 8E SH1"), True) == 1  # 8s left out: 5F with the Shaman
    assert _pairs_at_most(cards("5F 8W 8E SH1"), False) == 2
    assert _pairs_at_most(cards("SH1 SH2 SH3 KA"), True) == 2
    short = 0
    for seed in range(200):
        rng = random.Random(seed)
        shamans = rng.choice((0, 0, 1, 2))
        top = rng.choice(TOPS)
        hand = _hand(seed, rng.randint(max(1, shamans), 8), shamans, top, rich=rng.random() < 0.5)
        rules = replace(UNBOUNDED, eight_must_share_suit=rng.random() < 0.5)
        # 8s counted: the source proposes them (the shape refuses an 8 where 8s must share a
        # suit, and ``PairTotals`` leaves out their rank as its own programme does).
        if _pairs_at_most(hand, False) < 2:
            short += 1
            lay = Lay(ctx=pile(top), rules=rules)
            assert next(iter(self_mirror_sets(lay, hand, False)), None) is None, (seed, hand)
    assert short
