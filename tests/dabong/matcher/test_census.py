"""Each census counts its source's candidate sets (``patterns/census.py``).

A listing skips a shape's one-by-one trial when the census says the source yields more
sets than the trial judges, so a census must never count more than its source yields.
The rank, group and full-house censuses are exact; the suited and run ones are lower
bounds (a set sharing two suits is yielded once, and the largest suit is taken). Held on
random Master hands with 0-3 Shamans, wild 8s or not, and facing 2s.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.patterns import registry, shape_unit
from rules_core.games.dabong.patterns.shape_unit import ENUMERATE_FIRST, ShapePattern
from rules_core.games.dabong.patterns.shapes import Lay
from tests.dabong.matcher.helpers import cards, pile
from tests.dabong.matcher.test_counted_owners import _hand

UNITS = sorted(
    (u for u in vars(registry).values() if isinstance(u, ShapePattern) and u.census is not None),
    key=lambda u: u.id,
)
#: Sources whose census is a lower bound, not the exact number of sets.
BOUNDS = {"census_suited", "census_run"}
#: Sets walked per hand at most (a hand whose source yields more is left out).
MOST = 20_000
TOPS = ("9W", "5F", "AE", "JA", "7F", "6W", "KA", "2E", "8F", "QW")


def _kind(unit: ShapePattern) -> str:
    assert unit.census is not None
    name = unit.census.__qualname__.split(".")[0]
    return "census_suited" if name == "suited_census" else "census_run" if name == "run_census" else name


def test_every_counted_set_shape_has_a_census() -> None:
    ids = {u.id for u in UNITS}
    expected = {"clone", "twenty_one", "full_house", "flush", "three_by_three", "heaven", "hell"}
    assert expected | {"four_of_a_kind", "four_pair", "straight", "eight_straight"} <= ids


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.id)
def test_a_census_never_counts_more_than_its_source_yields(unit: ShapePattern) -> None:
    assert unit.census is not None
    exact = _kind(unit) not in BOUNDS
    counted = []
    for seed in range(40):
        rng = random.Random(seed)
        shamans = rng.randint(0, 3)
        top = rng.choice(TOPS)
        hand = _hand(seed, rng.randint(max(2, shamans), 13), shamans, top, rich=rng.random() < 0.6)
        rules = MatchRules(level="master", eight_must_share_suit=rng.random() < 0.5)
        lay = Lay(ctx=pile(top), rules=rules, neutral=rng.choice((0, 0, 2, 4)))
        yielded = sum(1 for _ in islice(unit.sets(lay, hand, False), MOST + 1))
        if yielded > MOST:
            continue  # too many to walk here
        census = unit.census(lay, hand)
        assert census == yielded if exact else census <= yielded, (seed, census, yielded)
        counted.append(census)
    assert any(counted), "the census found no set on any hand: nothing was held"


@pytest.mark.parametrize("unit", UNITS, ids=lambda u: u.id)
def test_a_census_is_zero_exactly_when_its_source_yields_nothing(unit: ShapePattern) -> None:
    """A listing lists nothing of a shape whose census is 0, without walking its source (the
    lower bounds too: each suit's sets are counted, so a set of any suit makes it positive).
    Held on small hands, where a source yielding nothing is common."""
    assert unit.census is not None
    zeros = 0
    for seed in range(300):
        rng = random.Random(1_000 + seed)
        shamans = rng.choice((0, 0, 0, 1, 1, 2, 3))
        top = rng.choice(TOPS)
        hand = _hand(seed, rng.randint(shamans, 9), shamans, top, rich=rng.random() < 0.5)
        rules = MatchRules(level="master", eight_must_share_suit=rng.random() < 0.5)
        lay = Lay(ctx=pile(top), rules=rules, neutral=rng.choice((0, 0, 2, 4)))
        yields = next(iter(unit.sets(lay, hand, False)), None) is not None
        assert (unit.census(lay, hand) > 0) == yields, (seed, top, hand)
        zeros += not yields
    # (hands whose source yields: the test above holds their censuses to at least one)
    assert zeros, "no hand without a set: the zero side was never held"


def test_a_big_hand_skips_the_trials_its_censuses_rule_out() -> None:
    """On the 26-card, three-Shaman hand the counted set shapes' trials are bound to fail."""
    hand = _hand(2, 26, 3, "9W", rich=False)
    lay = Lay(ctx=pile("9W"), rules=MatchRules(level="master"))
    big = [u.id for u in UNITS if u.census is not None and u.census(lay, hand) > ENUMERATE_FIRST]
    assert {"flush", "full_house", "four_pair", "three_by_three", "straight", "eight_straight"} <= set(big)


def test_the_run_census_counts_runs_of_every_length() -> None:
    """2-5 of Fire: 2-3-4, 3-4-5 and 2-3-4-5, each laid up and down: six straights."""
    hand = cards("2F 3F 4F 5F 9W")
    lay = Lay(ctx=pile("KA"), rules=MatchRules(level="master"))
    assert registry.STRAIGHT.census is not None
    yielded = sum(1 for _ in registry.STRAIGHT.sets(lay, hand, False))
    assert registry.STRAIGHT.census(lay, hand) == yielded == 6


def _counted_not_tried(
    monkeypatch: pytest.MonkeyPatch, ctx: Any, hand: Any, shape: str, threshold: str
) -> None:
    """``shape`` is counted, not tried, on this hand; with ``threshold`` lifted it is tried,
    and both listings have the same totals and the same entries."""
    rules = MatchRules(level="master")
    tried: list[str] = []
    enumerated = ShapePattern._enumerated

    def spied(self: ShapePattern, *args: Any) -> Any:
        tried.append(self.id)
        return enumerated(self, *args)

    monkeypatch.setattr(ShapePattern, "_enumerated", spied)
    counted = MATCHER.list_plays(ctx, hand, rules, seat=0, offset=0, limit=100_000)
    assert shape not in tried
    monkeypatch.setattr(shape_unit, threshold, 10**9)
    tried.clear()
    trial = MATCHER.list_plays(ctx, hand, rules, seat=0, offset=0, limit=100_000)
    assert shape in tried
    assert (counted.total_entries, counted.total_plays) == (trial.total_entries, trial.total_plays)
    assert len(counted.entries) == counted.total_entries
    assert sorted(map(repr, counted.entries)) == sorted(map(repr, trial.entries))


def test_past_count_first_a_counted_shape_is_not_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shape whose totals come from a dedicated counter and whose census passes COUNT_FIRST
    (here heaven, 172 sets, within the trial's 400) is counted, not tried set by set
    (MD-31): the same totals and the same entries as the trial gives."""
    ctx, hand = pile("QE"), cards("7F 7W SH1 SH2 SH3")
    census = registry.HEAVEN.census
    assert census is not None
    lay = Lay(ctx=ctx, rules=MatchRules(level="master"))
    assert shape_unit.COUNT_FIRST < census(lay, hand) <= ENUMERATE_FIRST
    _counted_not_tried(monkeypatch, ctx, hand, "heaven", "COUNT_FIRST")


def test_past_self_mirror_first_a_self_mirror_is_not_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    """A self mirror whose totals pass SELF_MIRROR_FIRST (here 152 entries, a trial of which
    would succeed) is counted, not tried set by set (MD-33): the same totals and the
    same entries as the trial gives."""
    _counted_not_tried(monkeypatch, pile("KW"), cards("SH2 JA SH1 5F KA"), "self_mirror", "SELF_MIRROR_FIRST")
