"""The fast matcher against the brute-force oracle on random hands of up to 8 cards.

Listing: the entries, expanded over their free middle orders, are exactly the
oracle's ordered plays (no more, no fewer, no repeats) and the totals are exact.
Checking: every oracle play checks legal under the same pattern and identities,
an undeclared Shaman gets exactly the oracle's identities, and sequences the
oracle rejects check illegal with a reason. Failures print the seed and table.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules, PileContext
from rules_core.kernel import ELEMENT_SUITS, RANKS, Card
from tests.dabong.matcher.helpers import BEGINNER, entry_plays, free_span, full_listing, random_table
from tests.dabong.oracle import Play, oracle_plays


def compare_listing(
    ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, where: str
) -> dict[Play, list[str]]:
    want = oracle_plays(ctx, hand, rules)
    listing = full_listing(ctx, hand, rules)
    assert len(listing.entries) == listing.total_entries, where
    assert listing.next_offset is None, where
    got: dict[Play, tuple[str, ...]] = {}
    for entry in listing.entries:
        plays = entry_plays(entry, free_span(entry))
        assert len(plays) == entry.orderings, where
        for play in plays:
            assert play not in got, f"{where}: {play} listed twice"
            got[play] = entry.patterns
    assert len(got) == listing.total_plays, where
    missing = sorted(map(str, set(want) - set(got)))[:5]
    extra = sorted(map(str, set(got) - set(want)))[:5]
    assert not missing and not extra, f"{where}\nmissing {missing}\nextra {extra}"
    for play, patterns in got.items():
        assert list(patterns) == want[play], f"{where}: {play}"
    return want


def compare_checks(
    ctx: PileContext,
    hand: tuple[Card, ...],
    rules: MatchRules,
    want: dict[Play, list[str]],
    rng: random.Random,
    where: str,
) -> None:
    by_cards: dict[tuple[Card, ...], set[tuple[Card, ...]]] = {}
    for cards, ids, _ in want:
        by_cards.setdefault(cards, set()).add(ids)
    for cards, ids, _ in rng.sample(sorted(want, key=str), min(10, len(want))):
        declare = tuple((c, i) for c, i in zip(cards, ids, strict=True) if c.is_shaman)
        check = MATCHER.check_play(ctx, cards, declare, rules)
        assert [r.identities for r in check.readings] == [ids], f"{where}: {cards} {ids}"
        assert check.readings[0].pattern in want[(cards, ids, _)], where
        assert not check.undeclared, where
        open_check = MATCHER.check_play(ctx, cards, (), rules)
        assert {r.identities for r in open_check.readings} == by_cards[cards], f"{where}: {cards}"
        several = {c for k, c in enumerate(cards) if c.is_shaman and len({i[k] for i in by_cards[cards]}) > 1}
        assert set(open_check.undeclared) == several, where
    for _ in range(10):
        size = rng.randint(1, min(4, len(hand)))
        cards = tuple(rng.sample(hand, size))
        ids = tuple(Card(rng.choice(RANKS), rng.choice(ELEMENT_SUITS)) if c.is_shaman else c for c in cards)
        declare = tuple((c, i) for c, i in zip(cards, ids, strict=True) if c.is_shaman)
        check = MATCHER.check_play(ctx, cards, declare, rules)
        legal = ids in by_cards.get(cards, set())
        assert bool(check.readings) == legal, f"{where}: {cards} as {ids}"
        if not legal:
            assert check.misses, f"{where}: {cards} illegal without a reason"


def run(seed: int, hands: int, shamans: tuple[int, ...], rules: MatchRules, max_hand: int = 8) -> None:
    rng = random.Random(seed)
    done = 0
    while done < hands:
        ctx, hand = random_table(rng, max_hand)
        if sum(c.is_shaman for c in hand) not in shamans:
            continue
        active = "".join(sorted(ctx.active_suits))
        where = f"seed {seed} hand #{done}: top {ctx.top} active {active} hand {' '.join(map(str, hand))}"
        want = compare_listing(ctx, hand, rules, where)
        compare_checks(ctx, hand, rules, want, rng, where)
        done += 1


def test_oracle_agrees_without_shamans() -> None:
    run(seed=20261201, hands=1500, shamans=(0,), rules=BEGINNER)


def test_oracle_agrees_with_one_shaman() -> None:
    run(seed=5, hands=600, shamans=(1,), rules=BEGINNER)


def test_oracle_agrees_with_two_shamans() -> None:
    run(seed=7, hands=80, shamans=(2,), rules=BEGINNER)


def test_oracle_agrees_with_three_shamans() -> None:
    run(seed=11, hands=8, shamans=(3,), rules=BEGINNER, max_hand=6)


@pytest.mark.parametrize("seed", [3, 4])
def test_oracle_agrees_when_eights_go_wild_inside_plays(seed: int) -> None:
    """With ``eight_must_share_suit`` off an 8 counts as every suit inside a play."""
    run(seed=seed, hands=100, shamans=(0, 1), rules=replace(BEGINNER, eight_must_share_suit=False))
