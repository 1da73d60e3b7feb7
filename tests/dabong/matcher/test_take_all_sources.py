"""The set sources of a river listing (``take_all``: plays that use every card, the river's).

A river listing asks each shape's source only for the sets that use the whole hand. The
self mirror's and the rank groups' sources walked every set and kept the whole ones at the
end, which on a hand of 20 cards or more with the river in play ran for minutes without
yielding (each yield spends the work budget, the walk between yields did not). They now
prune the walk (an odd hand, a card that no pair or group can take, cards left that cannot
all be paired); here the pruned walk is held to yield exactly the whole sets of the full
walk, on small random hands with 0-3 Shamans and wild 8s or not.
"""

from __future__ import annotations

import random

import pytest

from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.patterns import registry, shape_sets
from rules_core.games.dabong.patterns.shapes import Lay
from tests.dabong.matcher.helpers import cards, pile
from tests.dabong.matcher.test_counted_owners import _hand

SOURCES = {
    "self_mirror": registry.SELF_MIRROR.sets,
    "four_pair": registry.FOUR_PAIR.sets,
    "three_by_three": registry.THREE_BY_THREE.sets,
}
TOPS = ("9W", "5F", "AE", "JA", "7F", "6W", "KA", "2E")


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_the_whole_sets_are_those_of_the_full_walk(name: str) -> None:
    source = SOURCES[name]
    whole_seen = 0
    hands = []
    for seed in range(120):
        rng = random.Random(seed)
        shamans = rng.randint(0, 3)
        top = rng.choice(TOPS)
        size = rng.choice((4, 6, 8, 9) if name != "three_by_three" else (6, 9))
        hand = _hand(seed, max(size, shamans), shamans, top, rich=rng.random() < 0.7)
        hands.append((top, hand, rng.random() < 0.5))
    # whole sets for sure: three threes (a Shaman for the third King), four pairs, a self mirror
    for text in ("5F 5W 5E 9F 9W 9A KF KW SH1", "5F 5W 9E 9A KF SH2 3A 3E", "5F 5W SH1 7W 7F SH3"):
        hands.append(("QA", cards(text), True))
    for seed, (top, hand, banned_8) in enumerate(hands):
        lay = Lay(ctx=pile(top), rules=MatchRules(level="master", eight_must_share_suit=banned_8))
        pruned = set(source(lay, hand, True))
        full = {s for s in source(lay, hand, False) if len(s) == len(hand)}
        assert pruned == full, (seed, hand)
        whole_seen += bool(full)
    assert whole_seen, "no hand had a whole set: the pruning was never held"


def test_an_odd_hand_walks_no_self_mirror(monkeypatch: pytest.MonkeyPatch) -> None:
    """27 cards (26 and the river) can never be one self mirror: no pair is tried."""
    walked: list[int] = []
    original = shape_sets._mirrored_pairs

    def spied(*args: object) -> object:
        walked.append(1)
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(shape_sets, "_mirrored_pairs", spied)
    hand = _hand(3, 27, 3, "9W", rich=False)
    lay = Lay(ctx=pile("9W"), rules=MatchRules(level="master"))
    assert list(shape_sets.self_mirror_sets(lay, hand, True)) == []
    assert walked == []
    assert next(iter(shape_sets.self_mirror_sets(lay, cards("5F 5W 9W 9F"), True)), None) is not None
