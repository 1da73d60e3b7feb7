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
from rules_core.games.dabong.patterns import shape_unit
from rules_core.games.dabong.patterns.counted import CountedSets, LazySets
from tests.dabong.matcher.helpers import cards, pile
from tests.dabong.matcher.test_counted_owners import _hand

UNBOUNDED = MatchRules(level="master", list_budget=10**9)
WILD_EIGHTS = replace(UNBOUNDED, eight_must_share_suit=False)
#: House rules without the add-on, the clone and four of a kind: no earlier pattern takes the
#: self mirrors of 2s only, so the self mirror itself must leave them out facing 2s.
NO_ADD_ON = replace(UNBOUNDED, disabled=frozenset({"twos_add_on", "clone", "four_of_a_kind"}))
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


@pytest.mark.parametrize("chunk", range(2))
def test_facing_twos_the_totals_equal_the_programmes(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """A neutralising self mirror (first card a 2 or of the accumulated value, 2s only left to
    the add-on) is totalled rank by rank too: equal to the card-by-card programme's, facing
    one to three 2s (a 2 on top, or another top as a caller may send), rich in 2s or not."""
    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(shape_unit, "LazySets", _checking(seen))
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    for seed in range(chunk * 12, chunk * 12 + 12):
        rng = random.Random(500 + seed)
        shamans = rng.randint(0, 3)
        top = rng.choice(("2F", "2W", "2E", "2A", "5F", "4W"))
        hand = list(_hand(seed, rng.randint(max(4, shamans), 12), shamans, top, rich=rng.random() < 0.6))
        for two in ("2F", "2W", "2E", "2A", "4E", "6W", "4F", "6A"):
            card = cards(two)[0]
            if rng.random() < 0.4 and card not in hand and two != top:
                hand.append(card)  # 2s and cards of the accumulated values, for the first card
        ctx = replace(pile(top), pending_twos=rng.randint(1, 3))
        rules = rng.choice([UNBOUNDED, WILD_EIGHTS, NO_ADD_ON])
        MATCHER.list_plays(ctx, tuple(hand), rules, seat=0, limit=5)
    # self mirrors of 2s only (2F SH1 | SH2 2W as 2F 2F 2W 2W ...), which only the add-on may play
    for hand_text in ("2F 2W SH1 SH2 9E", "2F SH1 SH2 SH3 2E 5W", "2A 2E SH3 SH1 4E 4W"):
        for rules in (UNBOUNDED, NO_ADD_ON):
            MATCHER.list_plays(replace(pile("2W"), pending_twos=1), cards(hand_text), rules, seat=0, limit=5)
    assert seen, "no self mirror block was counted"
    assert [fast for fast, _ in seen] == [slow for _, slow in seen]
    assert sum(1 for fast, _ in seen if fast) >= 3


def test_a_hand_with_fewer_than_two_pairs_has_no_self_mirror() -> None:
    """``PairTotals`` counts 0 without its tables where the hand cannot make two disjoint
    same-rank pairs (a Shaman pairing with any card): the source finds none there either."""
    from rules_core.games.dabong.patterns.common import most_pairs as _pairs_at_most
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
