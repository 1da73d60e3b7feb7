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
