"""Intermediate and Master: the fast matcher against the brute-force oracle.

Random small hands (Jacks and Shamans favoured), random previous plays (the
mirror), pending 2s and a river now and then. Listing: the entries, expanded
over their free orders, are exactly the oracle's ordered plays, each once, under
the first label the oracle gives it (a play is listed under its first pattern).
Checking: a declared play gets exactly the oracle's labels; an undeclared one the
oracle's identities; a random sequence is legal exactly when the oracle says so.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules, PileContext, PlayReading
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS, card_suits
from rules_core.kernel import ELEMENT_SUITS, RANKS, Card, Rank
from tests.dabong.matcher.helpers import cards as parse_hand
from tests.dabong.matcher.helpers import entry_plays, free_span, full_listing, pile, random_table
from tests.dabong.oracle import Label, Play, oracle_labels

INTERMEDIATE = MatchRules(level="intermediate")
MASTER = MatchRules(level="master")


def label(reading: PlayReading) -> Label:
    return (reading.pattern,) if reading.via is None else (reading.pattern, reading.via)


def table(rng: random.Random, max_hand: int, rules: MatchRules) -> tuple[PileContext, tuple[Card, ...]]:
    ctx, hand = random_table(rng, max_hand)
    outside = [c for c in REAL_CARDS if c not in hand and c != ctx.top]
    if rng.random() < 0.4:  # a hand rich in one rank or one run makes the set shapes appear
        rank = rng.choice(RANKS)
        same = [c for c in outside if c.rank is rank]
        hand = (*hand[: max(0, len(hand) - 2)], *rng.sample(same, min(2, len(same))))
        outside = [c for c in outside if c not in hand]
    previous = tuple(rng.sample(outside, rng.randint(0, 3)))
    ctx = replace(ctx, previous_play=(*previous, ctx.top) if previous else (), hand_size=len(hand))
    roll = rng.random()
    if roll < 0.25:
        two = rng.choice([c for c in REAL_CARDS if c.rank is Rank.TWO and c not in hand])
        ctx = replace(ctx, top=two, active_suits=card_suits(two), pile_value=2)
        ctx = replace(ctx, pending_twos=rng.choice((1, 1, 2, 3, 5, 6)))
    elif roll < 0.45:
        river = rng.choice([c for c in outside if c not in ctx.previous_play] or [SHAMANS[0]])
        if river not in hand:
            ctx = replace(ctx, river=river)
    return ctx, hand


def compare(
    ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, rng: random.Random, where: str
) -> None:
    want = oracle_labels(ctx, hand, rules)
    listing = full_listing(ctx, hand, rules)
    assert len(listing.entries) == listing.total_entries, where
    got: dict[Play, tuple[str, ...]] = {}
    for entry in listing.entries:
        plays = entry_plays(entry, free_span(entry))
        assert len(plays) == entry.orderings, f"{where}: {entry}"
        for play in plays:
            assert play not in got, f"{where}: {play} listed twice"
            got[play] = entry.patterns
    assert len(got) == listing.total_plays, where
    missing = sorted(map(str, set(want) - set(got)))[:4]
    extra = sorted(map(str, set(got) - set(want)))[:4]
    assert not missing and not extra, f"{where}\nmissing {missing}\nextra {extra}"
    for play, patterns in got.items():
        assert patterns == want[play][0], f"{where}: {play} listed as {patterns}, oracle {want[play]}"
    by_cards: dict[tuple[Card, ...], set[tuple[Card, ...]]] = {}
    for cards, ids, _ in want:
        by_cards.setdefault(cards, set()).add(ids)
    for play in rng.sample(sorted(want, key=str), min(8, len(want))):
        cards, ids, _ = play
        declare = tuple((c, i) for c, i in zip(cards, ids, strict=True) if c.is_shaman)
        check = MATCHER.check_play(ctx, cards, declare, rules)
        assert {label(r) for r in check.readings} == set(want[play]), f"{where}: {cards} {ids}"
        assert all(r.uses_river == (ctx.river in cards) for r in check.readings), where
        open_check = MATCHER.check_play(ctx, cards, (), rules)
        assert {r.identities for r in open_check.readings} == by_cards[cards], f"{where}: {cards}"
    pool = [*hand, *([ctx.river] if ctx.river is not None else [])]
    for _ in range(8):
        cards = tuple(rng.sample(pool, rng.randint(1, min(5, len(pool)))))
        ids = tuple(Card(rng.choice(RANKS), rng.choice(ELEMENT_SUITS)) if c.is_shaman else c for c in cards)
        declare = tuple((c, i) for c, i in zip(cards, ids, strict=True) if c.is_shaman)
        check = MATCHER.check_play(ctx, cards, declare, rules)
        legal = ids in by_cards.get(cards, set())
        assert bool(check.readings) == legal, f"{where}: {cards} as {ids}"
        assert legal or check.misses, f"{where}: {cards} illegal without a reason"


def run(seed: int, hands: int, rules: MatchRules, max_hand: int, shamans: tuple[int, ...]) -> None:
    rng = random.Random(seed)
    done = 0
    while done < hands:
        ctx, hand = table(rng, max_hand, rules)
        if sum(c.is_shaman for c in hand) not in shamans:
            continue
        where = (
            f"seed {seed} #{done}: top {ctx.top} pending {ctx.pending_twos} river {ctx.river} "
            f"previous {' '.join(map(str, ctx.previous_play))} hand {' '.join(map(str, hand))}"
        )
        compare(ctx, hand, rules, rng, where)
        done += 1


@pytest.mark.parametrize("rules", [INTERMEDIATE, MASTER], ids=["intermediate", "master"])
def test_oracle_agrees_without_shamans(rules: MatchRules) -> None:
    run(seed=31, hands=150, rules=rules, max_hand=7, shamans=(0,))


@pytest.mark.parametrize("rules", [INTERMEDIATE, MASTER], ids=["intermediate", "master"])
def test_oracle_agrees_with_one_shaman(rules: MatchRules) -> None:
    run(seed=37, hands=25, rules=rules, max_hand=5, shamans=(1,))


def test_oracle_agrees_with_two_shamans_at_master() -> None:
    run(seed=41, hands=3, rules=MASTER, max_hand=4, shamans=(2,))


def test_oracle_agrees_when_eights_go_wild_inside_plays() -> None:
    run(seed=43, hands=80, rules=replace(MASTER, eight_must_share_suit=False), max_hand=6, shamans=(0,))


def test_oracle_agrees_with_patterns_switched_off() -> None:
    rules = replace(MASTER, disabled=frozenset({"clone", "flush", "twos_add_on", "river", "straight"}))
    run(seed=47, hands=80, rules=rules, max_hand=6, shamans=(0,))


def rigged(rng: random.Random, kind: str) -> tuple[PileContext, tuple[Card, ...]]:
    """A table built for the big shapes: one suit (flush), few ranks (four of a kind, full house,
    four pair), a run of ranks (eight straight), or an Ace and a Shaman facing one 2."""
    if kind == "suit":
        suit = rng.choice(ELEMENT_SUITS)
        pool = [c for c in REAL_CARDS if c.suit is suit or c.rank is Rank.JACK]
        hand = tuple(rng.sample(pool, 6))
    elif kind == "ranks":
        ranks = rng.sample(RANKS, 2)
        hand = tuple(rng.sample([c for c in REAL_CARDS if c.rank in ranks], 6))
    elif kind == "pairs":
        ranks = rng.sample(RANKS, 4)
        hand = tuple(c for r in ranks for c in rng.sample([c for c in REAL_CARDS if c.rank is r], 2))
    elif kind == "run":
        start = rng.randrange(13)
        ranks = [RANKS[(start + k) % 13] for k in range(8)]
        hand = tuple(rng.choice([c for c in REAL_CARDS if c.rank is r]) for r in ranks)
    else:
        ace = rng.choice([c for c in REAL_CARDS if c.rank is Rank.ACE])
        hand = (ace, SHAMANS[0])
        two = Card(Rank.TWO, rng.choice(ELEMENT_SUITS))
        return replace(pile(str(two)), pending_twos=1, hand_size=2), hand
    top = rng.choice([c for c in REAL_CARDS if c not in hand and c.rank not in (Rank.EIGHT, Rank.JACK)])
    return replace(pile(str(top)), hand_size=len(hand)), hand


@pytest.mark.parametrize(
    ("kind", "hands"), [("suit", 12), ("ranks", 12), ("pairs", 1), ("run", 1), ("ace", 4)]
)
def test_oracle_agrees_on_tables_built_for_the_big_shapes(kind: str, hands: int) -> None:
    rng = random.Random(53)
    for done in range(hands):
        ctx, hand = rigged(rng, kind)
        where = f"{kind} #{done}: top {ctx.top} hand {' '.join(map(str, hand))}"
        compare(ctx, hand, MASTER, rng, where)


@pytest.mark.parametrize("rules", [INTERMEDIATE, MASTER], ids=["intermediate", "master"])
def test_oracle_agrees_on_hands_of_up_to_eight_cards(rules: MatchRules) -> None:
    """The counted listing (``patterns/counted.py``) on the largest hands the oracle finishes fast."""
    run(seed=59, hands=15, rules=rules, max_hand=8, shamans=(0,))


def test_oracle_agrees_with_two_shamans_at_intermediate() -> None:
    run(seed=61, hands=3, rules=INTERMEDIATE, max_hand=4, shamans=(2,))


@pytest.mark.parametrize(
    ("top", "hand"),
    [
        ("7A", "4F 4W 7F 7W SH1"),  # self mirrors with a Shaman repeating a rank
        ("JW", "JA 3W 3A SH1 5W"),  # Jacks in both halves, a Shaman in either
        ("5F", "5W 6F 7F SH1 8F"),  # runs and flushes around a Shaman
        ("9E", "9F 9W 9A SH1 2E"),  # four of a kind, clone and full-house neighbours
    ],
)
def test_oracle_agrees_on_counted_shapes_with_a_shaman(top: str, hand: str) -> None:
    rng = random.Random(67)
    for rules in (INTERMEDIATE, MASTER):
        ctx = replace(pile(top), hand_size=len(hand.split()))
        compare(ctx, parse_hand(hand), rules, rng, f"{rules.level}: {hand} on {top}")
