"""Dedicated totals equal the card-by-card programme's (``set_totals``, ``pair_totals``,
``clone_totals``).

A listing takes the totals of every counted block of a normal pile (clone, twenty-one, full
house, flush, three by three, heaven, hell, four of a kind, four pair, straights, eight
straights, self mirror) from a dedicated counter and
builds the card-by-card programme (``CountedSets``) only when a page reaches the block.
Here every such block of random Master hands (0-3 Shamans, wild 8s or not, rich in one
suit's Jacks, 8s and low cards or not, many tops) also builds the programme at once, and
both must give the same entries and plays. Pages reaching into the blocks are the
programme's, held against the enumerating listing by ``test_oracle_agreement``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from rules_core.games.dabong.patterns import registry, shape_unit, shapes
from rules_core.games.dabong.patterns.counted import CountedSets, LazySets
from tests.dabong.matcher.helpers import cards, pile
from tests.dabong.matcher.test_counted_owners import _hand

UNBOUNDED = MatchRules(level="master", list_budget=10**9)
WILD_EIGHTS = replace(UNBOUNDED, eight_must_share_suit=False)
INTERMEDIATE = replace(UNBOUNDED, level="intermediate")
TOPS = ("9W", "5F", "AE", "JA", "7F", "6W", "KA", "2E", "8F", "QW", "3A", "10E", "4W")

#: The set shapes whose totals ``set_totals`` (the clone: ``clone_totals``) counts.
DEDICATED = frozenset(
    {"clone", "twenty_one", "full_house", "flush", "three_by_three", "heaven", "hell", "four_of_a_kind"}
    | {"four_pair"}
)
#: The runs whose totals ``set_totals`` counts.
RUNS = frozenset({"straight", "eight_straight"})
#: (shape id, dedicated totals, programme's totals) of every block checked.
Seen = list[tuple[str, tuple[int, int], tuple[int, int]]]


def _checking(seen: Seen) -> type[LazySets]:
    class Checked(LazySets):
        """Builds the programme at once and records both totals."""

        def __init__(
            self, entries: int, plays: int, build: Callable[[], CountedSets], *, pairs: bool
        ) -> None:
            super().__init__(entries, plays, build, pairs=pairs)
            programme = build()
            shape = programme.mine.id if isinstance(programme, CountedSets) else programme.shape_id
            seen.append((shape, (entries, plays), (programme.entries, programme.plays)))

    return Checked


def _run(monkeypatch: pytest.MonkeyPatch, seeds: range, sizes: tuple[int, int]) -> Seen:
    seen: Seen = []
    monkeypatch.setattr(shape_unit, "LazySets", _checking(seen))
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)  # count every hand, small ones too
    for seed in seeds:
        rng = random.Random(seed)
        shamans = rng.randint(0, 3)
        top = rng.choice(TOPS)
        hand = _hand(
            seed, rng.randint(max(5, shamans), rng.randint(*sizes)), shamans, top, rich=rng.random() < 0.6
        )
        rules = rng.choice([UNBOUNDED, UNBOUNDED, WILD_EIGHTS, INTERMEDIATE])
        MATCHER.list_plays(pile(top), hand, rules, seat=0, limit=5)
    return seen


@pytest.mark.parametrize("chunk", range(4))
def test_dedicated_totals_equal_the_programmes(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    seen = _run(monkeypatch, range(chunk * 12, chunk * 12 + 12), (5, 12))
    mismatched = [(shape, fast, slow) for shape, fast, slow in seen if fast != slow]
    assert not mismatched
    shapes = {shape for shape, fast, _ in seen if fast[0]}
    assert {"clone", "twenty_one", "full_house", "flush", "straight"} <= shapes  # not only empty blocks


def test_big_hands_with_three_shamans(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands of 14-16 cards: the sums, clones and full houses that own flushes all show."""
    seen = _run(monkeypatch, range(500, 504), (14, 16))
    assert [fast for _, fast, _ in seen] == [slow for _, _, slow in seen]


#: House rules without the add-on and the clone (no earlier pattern takes the
#: plays of 2s only: the shapes themselves must leave them out facing 2s).
NO_ADD_ON = replace(UNBOUNDED, disabled=frozenset({"twos_add_on", "clone"}))


@pytest.mark.parametrize("chunk", range(3))
def test_facing_twos_the_dedicated_totals_equal_the_programmes(
    monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """Neutralising set shapes (first card a 2 or of the accumulated value, 2s only left to the
    add-on) are counted by their dedicated counters too: equal to the programme's, facing one
    to three 2s, with 2s and cards of the accumulated values in the hand."""
    seen: Seen = []
    monkeypatch.setattr(shape_unit, "LazySets", _checking(seen))
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    for seed in range(chunk * 10, chunk * 10 + 10):
        rng = random.Random(700 + seed)
        shamans = rng.randint(0, 3)
        top = rng.choice(("2F", "2W", "2E", "2A", "5F", "4W"))
        hand = list(_hand(seed, rng.randint(max(5, shamans), 12), shamans, top, rich=rng.random() < 0.6))
        for extra in ("2F", "2W", "2E", "2A", "4E", "6W", "4F", "8A", "10W", "6E"):
            card = cards(extra)[0]
            if rng.random() < 0.4 and card not in hand and extra != top:
                hand.append(card)
        ctx = replace(pile(top), pending_twos=rng.randint(1, 3))
        rules = rng.choice([UNBOUNDED, WILD_EIGHTS, NO_ADD_ON])
        MATCHER.list_plays(ctx, tuple(hand), rules, seat=0, limit=5)
    # fours of a kind of 2s: an add-on, never a neutralisation (with the add-on off too)
    for rules in (UNBOUNDED, NO_ADD_ON):
        ctx = replace(pile("2W"), pending_twos=1)
        MATCHER.list_plays(ctx, cards("2F 2E 2A SH1 SH2 4W 4E 6W"), rules, seat=0, limit=5)
    mismatched = [(shape, fast, slow) for shape, fast, slow in seen if fast != slow]
    assert not mismatched
    shapes = {shape for shape, fast, _ in seen if fast[0]}
    assert {"full_house", "flush", "four_of_a_kind"} <= shapes  # not only empty blocks


@pytest.mark.parametrize(
    ("top", "hand", "rules"),
    [
        # flushes of 8s (wild: every suit) that a clone on an 8 owns
        ("8F", "SH1 SH2 SH3 8W 8E 8A 5F 9W", WILD_EIGHTS),
        # same-suited full houses an addition (A A A 2 2 on a 7) or a twenty-one (5 5 5 3 3) owns
        ("7F", "SH1 SH2 SH3 AF 2F 5F 3F KF", UNBOUNDED),
        ("5W", "SH1 SH2 SH3 5A 3A JW JA 9E", UNBOUNDED),
        # a twenty-one of three 7s that a clone on a 7 owns
        ("7W", "SH1 SH2 SH3 7A 7E 4A 9F", UNBOUNDED),
        # four pairs of Water (the Jacks, and a Shaman beside each other card) a flush owns
        ("4W", "SH1 SH2 SH3 JW JA 5W 6W 9W", UNBOUNDED),
        ("4W", "SH1 SH2 8W 8E 8F 5W 6W 9W JW JA", WILD_EIGHTS),
        # three threes of Water (wild 8s, the Jacks and a Shaman, a 5 and two) a flush owns
        ("4W", "SH1 SH2 SH3 8W 8E 8F 5W JW JA 9A", WILD_EIGHTS),
        # runs of Water a sum or a twenty-one owns (A 2 3 4 on a 10, 6 7 8 on 7s), and eight
        # straights of one suit (a flush's) beside mixed ones
        ("10W", "SH1 AW 2W 3W 4W 5F 6W 7W 8W 9E", UNBOUNDED),
        ("3W", "SH1 SH2 9W 10W JW QW KW AW 2W 4E 5F", UNBOUNDED),
        # fours of a kind: of the top's rank (a clone's), of one suit (a flush's, wild 8s),
        # three 7s of one suit (a twenty-one's)
        ("5W", "SH1 SH2 SH3 5A 5E 5F 9A 9E 9F 9W 8A", UNBOUNDED),
        ("4W", "SH1 SH2 8W 8E 8F 8A 7A 7E", WILD_EIGHTS),
        ("7F", "SH1 SH2 SH3 7W 7E 6A 6E 6W 2F", UNBOUNDED),
    ],
)
def test_owned_by_a_clone_or_a_sum(
    monkeypatch: pytest.MonkeyPatch, top: str, hand: str, rules: MatchRules
) -> None:
    seen: Seen = []
    monkeypatch.setattr(shape_unit, "LazySets", _checking(seen))
    monkeypatch.setattr(shape_unit, "ENUMERATE_FIRST", 0)
    MATCHER.list_plays(pile(top), cards(hand), rules, seat=0, limit=5)
    checked = [(shape, fast, slow) for shape, fast, slow in seen if shape in DEDICATED | RUNS]
    # A shape whose census is 0 is skipped before any count (an eight straight of 8 cards
    # with too few ranks): the others must all have been counted both ways.
    lay = shapes.Lay(ctx=pile(top), rules=rules)
    units = (registry.FLUSH, registry.STRAIGHT, registry.EIGHT_STRAIGHT)
    expected = {u.id for u in units if u.census is not None and u.census(lay, cards(hand))}
    assert "flush" in expected
    assert expected <= {shape for shape, _, _ in checked}
    assert [fast for _, fast, _ in checked] == [slow for _, _, slow in checked]


def test_results_shared_through_the_lay_change_no_total(monkeypatch: pytest.MonkeyPatch) -> None:
    """The flush and the twenty-one share their sums, the flush and the full house their
    same-suited full houses, through ``Lay.memo``; every total is the same when nothing is
    shared (each shape computes its own), on hands where those shapes count."""
    rng = random.Random(7)
    cases = []
    for seed in range(16):
        shamans = rng.randint(1, 3)
        top = rng.choice(TOPS)
        cases.append((pile(top), _hand(seed, rng.randint(12, 20), shamans, top, rich=rng.random() < 0.6)))

    def totals() -> list[tuple[int, int]]:
        out = []
        for ctx, hand in cases:
            listing = MATCHER.list_plays(ctx, hand, UNBOUNDED, seat=0, limit=1)
            out.append((listing.total_entries, listing.total_plays))
        return out

    shared = totals()
    calls: list[object] = []

    def unshared(self: shapes.LayMemo, key: object, make: Callable[[], object]) -> object:
        calls.append(key)
        return make()

    monkeypatch.setattr(shapes.LayMemo, "get", unshared)
    assert totals() == shared
    kinds = {key[0] for key in calls if isinstance(key, tuple)}
    assert {"summed", "full_houses", "suited"} <= kinds  # the shared paths were taken
