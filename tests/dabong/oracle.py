"""A brute-force oracle for the dabong! Beginner plays, written from the rule text.

Test code only. It tries every ordered sequence of distinct cards of the hand,
every identity of every Shaman in it (any of the 52 real cards) and every suit
the top card's player may name, and keeps the sequences that the rulebook's
sentences allow:

* one card that matches the suit or the number of the top card, or an 8
  ("8s are crazy-suited and can be played on top of ANY card");
* addition: same-suited cards (Jacks: both suits) adding up to the top card's
  pile value, in any order;
* subtraction: same-suited cards, biggest value first, the rest subtracted down
  to the top card's pile value.

It shares nothing with the matcher but the card facts of ``values.py``. The only
shortcuts are two necessary conditions of every multi-card Beginner play, applied
to prefixes: the cards share a suit, and their in-play values add up to at most
``multi_sum_bound`` (an addition's total is the target; a subtraction's first card
is at most 10 and the rest add up to it less the target).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations, product

from rules_core.games.dabong.matcher_api import MatchRules, PileContext
from rules_core.games.dabong.values import REAL_CARDS, card_suits, in_play_value
from rules_core.kernel import ELEMENT_SUITS, Card, Rank, Suit

#: One ordered play: the cards as laid, each one's identity, and the suit named (or None).
Play = tuple[tuple[Card, ...], tuple[Card, ...], Suit | None]


@dataclass(frozen=True)
class OraclePlay:
    play: Play
    pattern: str


def suits_in_play(identity: Card, rules: MatchRules) -> frozenset[Suit]:
    """A Jack both its suits; an 8 its own, or every suit where groups let it go wild."""
    if identity.rank is Rank.EIGHT and not getattr(rules, "eight_must_share_suit", True):
        return frozenset(ELEMENT_SUITS)
    return card_suits(identity)


def single_ok(identity: Card, ctx: PileContext) -> bool:
    follows_suit = bool(card_suits(identity) & ctx.active_suits)
    follows_number = identity.rank == ctx.top.rank
    return follows_suit or follows_number or identity.rank is Rank.EIGHT


def same_suited(identities: tuple[Card, ...], rules: MatchRules) -> bool:
    """Some suit is shared by every card (a Jack has two)."""
    shared = frozenset(ELEMENT_SUITS)
    for identity in identities:
        shared &= suits_in_play(identity, rules)
    return bool(shared)


def addition_ok(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> bool:
    values = [in_play_value(i) for i in identities]
    return len(values) >= 2 and same_suited(identities, rules) and sum(values) == ctx.pile_value


def subtraction_ok(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> bool:
    values = [in_play_value(i) for i in identities]
    if len(values) < 2 or not same_suited(identities, rules):
        return False
    biggest_first = values[0] >= max(values)
    return biggest_first and values[0] - sum(values[1:]) == ctx.pile_value


def named_suits(top: Card) -> tuple[Suit | None, ...]:
    if top.rank is Rank.EIGHT:
        return ELEMENT_SUITS
    if top.rank is Rank.JACK:
        return tuple(sorted(card_suits(top)))
    return (None,)


def patterns_of(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> list[str]:
    out = []
    if len(identities) == 1 and single_ok(identities[0], ctx):
        out.append("single")
    if addition_ok(identities, ctx, rules):
        out.append("addition")
    if subtraction_ok(identities, ctx, rules):
        out.append("subtraction")
    return out


def oracle_plays(ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules) -> dict[Play, list[str]]:
    """Every legal ordered play of ``hand`` on ``ctx``, with the patterns it is."""
    found: dict[Play, list[str]] = {}
    for cards, identities in _sequences(hand, rules, multi_sum_bound(ctx)):
        patterns = patterns_of(identities, ctx, rules)
        if patterns:
            for suit in named_suits(identities[-1]):
                found[(cards, identities, suit)] = patterns
    return found


def multi_sum_bound(ctx: PileContext) -> int:
    """Most a multi-card play's values can add up to: an addition's total is the target,
    a subtraction's is twice its first card (at most 10) less the target."""
    return max(ctx.pile_value, 2 * 10 - ctx.pile_value)


def _sequences(
    hand: tuple[Card, ...], rules: MatchRules, bound: int
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    # Per hand card, its possible identities with their suits and values (looked up once).
    options = [
        [
            (identity, suits_in_play(identity, rules), in_play_value(identity))
            for identity in _identities(card)
        ]
        for card in hand
    ]

    def grow(
        used: tuple[int, ...], identities: tuple[Card, ...], common: frozenset[Suit], total: int
    ) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
        for place, choices in enumerate(options):
            if place in used:
                continue
            for identity, suits, value in choices:
                shared, reach = common & suits, total + value
                fits_multi = bool(shared) and reach <= bound
                if used and not fits_multi:
                    continue  # a second card onward: only same-suited sums remain possible
                new_used, new_ids = (*used, place), (*identities, identity)
                yield tuple(hand[k] for k in new_used), new_ids
                if fits_multi:
                    yield from grow(new_used, new_ids, shared, reach)

    yield from grow((), (), frozenset(ELEMENT_SUITS), 0)


def _identities(card: Card) -> tuple[Card, ...]:
    return REAL_CARDS if card.is_shaman else (card,)


# -- Intermediate and Master ------------------------------------------------------------------
# Written from the rulebook's sentences and the rulings, sharing nothing with the fast
# matcher's shapes. A label is the pattern id, or (facing pending 2s) the rule answering
# them and the pattern it is made as: ("twos_neutralization", "straight").

Label = tuple[str, ...]
LEVEL_ORDER = ("beginner", "intermediate", "master")


def _level(rules: MatchRules, level: str) -> bool:
    return LEVEL_ORDER.index(rules.level) >= LEVEL_ORDER.index(level)


def _on(rules: MatchRules, pattern: str, level: str) -> bool:
    return _level(rules, level) and pattern not in rules.disabled


def _ranks(identities: tuple[Card, ...]) -> list[Rank]:
    return [i.rank for i in identities if i.rank is not None]


def _groups(identities: tuple[Card, ...]) -> list[int]:
    counts: dict[Rank, int] = {}
    for rank in _ranks(identities):
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(counts.values())


def _no_eight_unless_wild(identities: tuple[Card, ...], rules: MatchRules) -> bool:
    """ "8s MUST be the same suit as the other cards in multi-card plays": none in a mixed play."""
    if not getattr(rules, "eight_must_share_suit", True):
        return True
    return all(i.rank is not Rank.EIGHT for i in identities)


def _in_sequence(identities: tuple[Card, ...]) -> bool:
    """Ranks step by one, all up or all down, as laid; Ace high or low; wrapping; no rank twice."""
    order = [r.ordinal for r in _ranks(identities)]
    if len(set(order)) != len(order):
        return False
    ups = all((b - a) % 13 == 1 for a, b in pairwise(order))
    downs = all((a - b) % 13 == 1 for a, b in pairwise(order))
    return ups or downs


def _blackjack(identities: tuple[Card, ...]) -> bool:
    """Adds up to 21 when each Ace is one or eleven, "just as in blackjack"."""
    totals = {0}
    for identity in identities:
        if identity.rank is Rank.ACE:
            totals = {t + 1 for t in totals} | {t + 11 for t in totals}
        else:
            totals = {t + in_play_value(identity) for t in totals}
    return 21 in totals


def _suit_pattern(identities: tuple[Card, ...], rules: MatchRules) -> list[list[bool]]:
    return [[bool(suits_in_play(a, rules) & suits_in_play(b, rules)) for b in identities] for a in identities]


def _is_mirror(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> bool:
    """The previous play's ranks reversed, cards sharing a suit exactly where its cards did."""
    before = tuple(reversed(ctx.previous_play))
    if len(identities) < 2 or len(before) != len(identities):
        return False
    if [i.rank for i in identities] != [i.rank for i in before]:
        return False
    if _suit_pattern(identities, rules) != _suit_pattern(before, rules):
        return False
    for k, identity in enumerate(identities):
        if identity.rank is Rank.EIGHT and getattr(rules, "eight_must_share_suit", True):
            others = identities[:k] + identities[k + 1 :]
            if not all(suits_in_play(identity, rules) & suits_in_play(o, rules) for o in others):
                return False
    return True


def _is_self_mirror(identities: tuple[Card, ...], rules: MatchRules) -> bool:
    n = len(identities)
    if n < 4 or n % 2:
        return False
    first, second = identities[: n // 2], identities[n // 2 :]
    if [c.rank for c in first] != [c.rank for c in reversed(second)]:
        return False
    return (
        same_suited(first, rules) and same_suited(second, rules) and _no_eight_unless_wild(identities, rules)
    )


def _shapes(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> list[tuple[str, bool]]:
    """(pattern, fits) for every multi-card pattern, ignoring any first-card condition, in the
    order the listing uses; the bool says whether the pattern has a first-card condition."""
    n = len(identities)
    groups = _groups(identities)
    mixed_ok = _no_eight_unless_wild(identities, rules)
    suited = same_suited(identities, rules)
    out = []
    if _on(rules, "clone", "intermediate"):
        fits = n >= 2 and all(i.rank == ctx.top.rank for i in identities) and mixed_ok
        out.append(("clone", fits, False))
    if _on(rules, "twenty_one", "intermediate"):
        out.append(("twenty_one", n >= 2 and suited and _blackjack(identities), True))
    if _on(rules, "full_house", "intermediate"):
        out.append(("full_house", n == 5 and groups == [2, 3] and mixed_ok, True))
    if _on(rules, "flush", "intermediate"):
        out.append(("flush", n >= 5 and suited, True))
    if _on(rules, "three_by_three", "intermediate"):
        out.append(("three_by_three", len(groups) >= 3 and set(groups) == {3} and mixed_ok, True))
    if _on(rules, "heaven", "intermediate"):
        out.append(("heaven", n == 3 and all(i.rank is Rank.SEVEN for i in identities), True))
    if _on(rules, "hell", "intermediate"):
        out.append(("hell", n == 3 and all(i.rank is Rank.SIX for i in identities), True))
    if _on(rules, "four_of_a_kind", "master"):
        out.append(("four_of_a_kind", n >= 4 and len(groups) == 1 and mixed_ok, True))
    if _on(rules, "four_pair", "master"):
        out.append(("four_pair", len(groups) >= 4 and set(groups) == {2} and mixed_ok, True))
    if _on(rules, "straight", "intermediate"):
        out.append(("straight", n >= 3 and suited and _in_sequence(identities), True))
    if _on(rules, "eight_straight", "intermediate"):
        out.append(("eight_straight", n >= 8 and _in_sequence(identities) and mixed_ok, True))
    if _on(rules, "mirror", "intermediate"):
        out.append(("mirror", _is_mirror(identities, ctx, rules), False))
    if _on(rules, "self_mirror", "intermediate"):
        out.append(("self_mirror", _is_self_mirror(identities, rules), True))
    return [(name, first_rule) for name, fits, first_rule in out if fits]


def labels_of(
    cards: tuple[Card, ...], identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules
) -> list[Label]:
    """Every label under which ``cards`` laid as ``identities`` is a legal play, in listing order."""
    if not _level(rules, "intermediate"):
        return [(p,) for p in patterns_of(identities, ctx, rules)]
    river_used = ctx.river is not None and ctx.river in cards
    # "CAN ONLY be used in a winning play": the play empties the hand
    if river_used and (not _on(rules, "river", "intermediate") or len(cards) != ctx.hand_size + 1):
        return []
    if ctx.pending_twos > 0:
        return _answers_to_twos(cards, identities, ctx, rules)
    out: list[Label] = [(p,) for p in patterns_of(identities, ctx, rules)]
    if len(identities) >= 2:
        first_follows = single_ok(identities[0], ctx)
        for name, needs_first in _shapes(identities, ctx, rules):
            if first_follows or not needs_first:
                out.append((name,))
    return out


def _answers_to_twos(
    cards: tuple[Card, ...], identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules
) -> list[Label]:
    master = _level(rules, "master")
    pending = ctx.pending_twos
    if master and pending >= 6:
        return []  # "Faced with 6 or 7 consecutive 2s ... a player MUST pick up"
    only_twos = all(i.rank is Rank.TWO for i in identities)
    out: list[Label] = []
    if only_twos and _on(rules, "twos_add_on", "intermediate"):
        out.append(("twos_add_on",))
        if len(identities) >= 2:
            # Every other pattern a play of 2s is on this pile, as a play on the 2 on top: two
            # 2s are a clone too (R-DABONG-M39); one 2 is only an add-on ("It is a 2s add-on").
            out += [(p,) for p in patterns_of(identities, ctx, rules)]
            first_follows = single_ok(identities[0], ctx)
            for name, needs_first in _shapes(identities, ctx, rules):
                if first_follows or not needs_first:
                    out.append((name,))
    if not master:
        return out
    value = 2 * pending
    if _on(rules, "twos_neutralization", "master") and not only_twos:
        lead = identities[0]
        if lead.rank is Rank.TWO or in_play_value(lead) == value:
            # "a card of the accumulated value or a multi-card play beginning with a 2"
            if len(identities) == 1 and value > 2:
                out.append(("twos_neutralization", "single"))
            if subtraction_ok(identities, ctx, rules):
                out.append(("twos_neutralization", "subtraction"))
            for name, _ in _shapes(identities, ctx, rules):
                out.append(("twos_neutralization", name))
    if pending == 1 and _on(rules, "shaman_neutralization", "master") and len(identities) == 2:
        aces = all(i.rank is Rank.ACE for i in identities)
        if aces and any(c.is_shaman for c in cards) and addition_ok(identities, ctx, rules):
            out.append(("shaman_neutralization", "addition"))
    return out


def _set_may_play(identities: tuple[Card, ...], ctx: PileContext, rules: MatchRules) -> bool:
    """Necessary conditions on the card *set* (any order) for some label: only these sets are
    permuted. Each is a plain consequence of one rule's sentence."""
    n = len(identities)
    if n == 1:
        return True
    ranks = _ranks(identities)
    groups = _groups(identities)
    values = [in_play_value(i) for i in identities]
    suited = same_suited(identities, rules)
    distinct_run = len(set(ranks)) == n and _cyclic_block({r.ordinal for r in ranks})
    return (
        (suited and (sum(values) == ctx.pile_value or 2 * max(values) - sum(values) == ctx.pile_value))
        or all(r is Rank.TWO for r in ranks)
        or len(groups) == 1
        or (suited and (_blackjack(identities) or n >= 5))
        or groups == [2, 3]
        or set(groups) in ({2}, {3})
        or distinct_run
        or (n >= 4 and n % 2 == 0 and all(g % 2 == 0 for g in groups))
        or sorted(r.ordinal for r in ranks) == sorted(_ranks_ordinals(ctx.previous_play))
        or (n == 2 and all(r is Rank.ACE for r in ranks))
    )


def _ranks_ordinals(identities: tuple[Card, ...]) -> list[int]:
    return [r.ordinal for r in _ranks(identities)]


def _cyclic_block(ordinals: set[int]) -> bool:
    """The ranks are one unbroken stretch of the 13 ranks read round the corner."""
    if len(ordinals) == 13:
        return True
    return any(
        all(((start + k - 1) % 13) + 1 in ordinals for k in range(len(ordinals))) for start in range(1, 14)
    )


def oracle_labels(ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules) -> dict[Play, list[Label]]:
    """Every legal ordered play of ``hand`` (and of hand + river) with all its labels."""
    found: dict[Play, list[Label]] = {}
    pools = [hand]
    if ctx.river is not None and ctx.river not in hand and _on(rules, "river", "intermediate"):
        pools.append((*hand, ctx.river))
    for pool in pools:
        river_pool = pool is not hand
        for chosen in _subsets(len(pool)):
            if river_pool and len(chosen) != len(pool):
                continue
            cards = tuple(pool[k] for k in chosen)
            for identities in product(*(_identities(c) for c in cards)):
                if not _set_may_play(identities, ctx, rules):
                    continue
                for order in permutations(range(len(cards))):
                    laid = tuple(cards[k] for k in order)
                    ids = tuple(identities[k] for k in order)
                    labels = labels_of(laid, ids, ctx, rules)
                    if labels:
                        for suit in named_suits(ids[-1]):
                            found[(laid, ids, suit)] = labels
    return found


def _subsets(n: int) -> Iterator[tuple[int, ...]]:
    for size in range(1, n + 1):
        yield from combinations(range(n), size)
