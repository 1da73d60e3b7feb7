"""A pattern the rulebook does not have, added by its spec alone (issue #32).

"Three pair: six cards, three pairs of different ranks, the first card follows" is declared
as a ``PatternSpec`` and run as a unit with the families the matcher already has (rank
groups: their set source and census, the first-card laying, the rank-group Shaman search),
with no code of its own. Its check (undeclared Shamans solved) and its listing are held to a
brute force written here from that sentence, sharing nothing with the matcher but the card
facts.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations, product

from rules_core.games.dabong.matcher_api import MatchRules, PileContext
from rules_core.games.dabong.patterns.base import OrderRule, Slot
from rules_core.games.dabong.patterns.budget import WorkBudget
from rules_core.games.dabong.patterns.census import group_census
from rules_core.games.dabong.patterns.shape_sets import group_sets
from rules_core.games.dabong.patterns.shape_unit import Candidates, Laying, ShapePattern
from rules_core.games.dabong.patterns.shapes import Lay
from rules_core.games.dabong.patterns.specs import First, PatternSpec, RankGroups, Reason, Suits
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS
from rules_core.kernel import RANKS, Card, Rank
from tests.dabong.matcher.helpers import cards, entry_plays, pile, random_table
from tests.dabong.oracle import named_suits, single_ok

THREE_PAIR_SPEC = PatternSpec(
    id="three_pair", rule_id="test.three_pair", level="intermediate", switch="three_pair",
    name="three pair", least_cards=6, most_cards=6, cards_multiple=2, suits=Suits.MIXED,
    ranks=RankGroups(each=2, least_ranks=3), order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(code="three_pair_shape", message="three pair is three pairs of different ranks"),
)  # fmt: skip
THREE_PAIR = ShapePattern(
    spec=THREE_PAIR_SPEC,
    sets=group_sets(2, 3),
    census=group_census(2, 3),
    laying=Laying.FIRST,
    candidates=Candidates.GROUPS,
)
RULES = (
    MatchRules(level="intermediate"),
    MatchRules(level="master"),
    MatchRules(level="master", eight_must_share_suit=False),
)


def is_three_pair(ids: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> bool:
    """From the sentence: six cards, three ranks of two cards each, no 8 in this mixed-suit
    play unless 8s go wild, and the first card laid follows the top (suit, rank, or an 8)."""
    counts = Counter(i.rank for i in ids)
    eights_ok = not rules.eight_must_share_suit or Rank.EIGHT not in counts
    return len(ids) == 6 and sorted(counts.values()) == [2, 2, 2] and eights_ok and single_ok(ids[0], ctx)


def _identities(card: Card) -> tuple[Card, ...]:
    return REAL_CARDS if card.is_shaman else (card,)


def brute_plays(ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules) -> set[tuple[object, ...]]:
    """Every ordered three pair of ``hand``: (cards laid, identities, suit named)."""
    found: set[tuple[object, ...]] = set()
    for chosen in combinations(hand, 6):
        for ids in product(*(_identities(c) for c in chosen)):
            if sorted(Counter(i.rank for i in ids).values()) != [2, 2, 2]:
                continue  # the set fails whatever the order
            for order in permutations(range(6)):
                laid = tuple(chosen[k] for k in order)
                laid_ids = tuple(ids[k] for k in order)
                if is_three_pair(laid_ids, ctx, rules):
                    for suit in named_suits(laid_ids[-1]):
                        found.add((laid, laid_ids, suit))
    return found


def pair_rich_hand(rng: random.Random) -> tuple[PileContext, tuple[Card, ...]]:
    """A top card and 6-7 cards holding three or four ranks twice (and maybe one Shaman)."""
    ctx, _ = random_table(rng, 4)
    ranks = rng.sample(RANKS, rng.choice((3, 4)))
    pool = [c for c in REAL_CARDS if c.rank in ranks and c != ctx.top]
    hand = rng.sample(pool, 6)
    if rng.random() < 0.5:
        hand[rng.randrange(6)] = rng.choice(SHAMANS)
    if rng.random() < 0.5:
        hand.append(rng.choice([c for c in REAL_CARDS if c not in hand and c != ctx.top]))
    return ctx, tuple(dict.fromkeys(hand))


def test_the_made_up_pattern_is_listed_exactly_as_the_brute_force_finds() -> None:
    rng = random.Random("three pair listing")
    listed_some = 0
    for _ in range(40):
        ctx, hand = pair_rich_hand(rng)
        rules = rng.choice(RULES)
        ordered = tuple(sorted(hand, key=lambda c: (c.is_shaman, str(c))))
        (block,) = tuple(THREE_PAIR.blocks(ctx, ordered, rules, seat=0))
        plays = [
            (play[0], play[1], play[2])
            for entry in block.iter_entries(0)
            for play in entry_plays(entry, (1, -1))
        ]
        assert len(plays) == len(set(plays)), "an ordered play listed twice"
        assert set(plays) == brute_plays(ctx, hand, rules), (ctx, hand, rules)
        assert block.plays == len(plays)
        listed_some += bool(plays)
    assert listed_some >= 10


def test_the_made_up_pattern_is_checked_exactly_as_the_brute_force_judges() -> None:
    rng = random.Random("three pair check")
    legal = illegal = 0
    for _ in range(300):
        ctx, hand = pair_rich_hand(rng)
        rules = rng.choice(RULES)
        laid = tuple(rng.sample(hand, 6))
        lay = Lay(ctx=ctx, rules=rules)
        slots = tuple(Slot(card=c, identity=None if c.is_shaman else c) for c in laid)
        budget = WorkBudget(10**6, task="three pair", advice="")
        found = list(THREE_PAIR.solutions(lay, slots, budget))
        want = [ids for ids in product(*(_identities(c) for c in laid)) if is_three_pair(ids, ctx, rules)]
        assert sorted(found, key=str) == sorted(want, key=str), (laid, ctx, rules)
        readings, miss = THREE_PAIR.readings_on(lay, slots)
        assert [r.identities for r in readings] == found
        if found:
            legal += 1
            assert miss is None and readings[0].rule_id == "test.three_pair"
        else:
            illegal += 1
            assert miss is not None
            assert miss.code in {"three_pair_shape", "three_pair_first_card_does_not_follow"} | {
                "eight_must_share_suit",
                "three_pair_no_declaration_fits",
            }
    assert legal >= 20 and illegal >= 20, (legal, illegal)


def test_its_reasons_are_derived_from_its_spec() -> None:
    lay = Lay(ctx=pile("5F"), rules=RULES[0])
    assert THREE_PAIR_SPEC.judge(cards("5F 5W 5E 9F 9W 9E"), lay) == "three_pair_shape"
    assert THREE_PAIR_SPEC.judge(cards("5F 5W 9F 9W KE KA"), lay) is None
    assert THREE_PAIR_SPEC.judge(cards("KE 5W 9F 9W 5F KA"), lay) == "first_card_does_not_follow"
    assert THREE_PAIR_SPEC.judge(cards("5F 5W 8F 8W KE KA"), lay) == "eight_must_share_suit"
    assert THREE_PAIR_SPEC.reasons() == {
        "three_pair_shape": ("three pair is three pairs of different ranks", "test.three_pair")
    }
