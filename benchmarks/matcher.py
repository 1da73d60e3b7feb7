"""Matcher scaling (dabong! at Master): validate one play, count all plays + first page.

Hands of 2..55 cards with 0..3 Shamans, seeded; the top card is a random real
card not in the hand (a 53-, 54- or 55-card hand leaves no such card: the top
is then one of the hand's identities, which the matcher, a pure function of
pile and hand, does not mind). For every hand: the median time of
``list_plays(limit=PAGE)`` (exact totals plus the first page) and the slowest
``check_play`` of the plays ``_plays_to_check`` picks. The brute-force oracle
runs on the same hands while it finishes within its cap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

from rules_core.kernel import Action, Card, WorkBudgetExceeded, rng_for

from .capped import call_capped
from .games import FIRST_PAGE
from .measure import median_seconds

#: Entries on the first page (the service's default page size for legal-actions listings).
PAGE = FIRST_PAGE
#: Cap of one matcher listing: past it, bigger hands of that Shaman count are not tried.
MATCHER_CAP_SECONDS = 20.0
WORST_SIZE = 26
WORST_SHAMANS = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    label: str
    size: int
    shamans: int
    list_seconds: float
    #: Slowest check of a play as a client sends it (Shamans declared as listed) or an illegal one.
    check_seconds: float
    #: Slowest check of a play whose Shamans are left undeclared (0.0: the hand holds none).
    undeclared_seconds: float
    total_plays: int
    total_entries: int
    oracle_seconds: float | None
    #: The pile and hand measured, kept so that a missed target can be profiled on them.
    ctx: Any
    hand: tuple[Card, ...]


def _dabong_values() -> Any:
    from rules_core.games.dabong import values

    return values


def make_context(top: Card, hand: tuple[Card, ...]) -> Any:
    from rules_core.games.dabong.matcher_api import PileContext

    values = _dabong_values()
    return PileContext(
        top=top,
        active_suits=values.card_suits(top),
        pile_value=values.pile_value(top),
        previous_play=(top,),
        hand_size=len(hand),
    )


def random_hand(size: int, shamans: int, seed: int) -> tuple[Card, tuple[Card, ...]]:
    values = _dabong_values()
    rng = rng_for(seed=seed, stream=f"bench-matcher-{size}-{shamans}")
    real = list(values.REAL_CARDS)
    rng.shuffle(real)
    top = real[0]
    pool = real[1:] if size - shamans <= len(real) - 1 else real
    hand = tuple(pool[: size - shamans]) + tuple(values.SHAMANS[:shamans])
    return top, tuple(rng.sample(hand, len(hand)))


def constructed_worst_hands() -> list[tuple[str, Card, tuple[Card, ...]]]:
    """Hand-built 26-card, three-Shaman hands meant to multiply the patterns."""
    from rules_core.kernel import ELEMENT_SUITS, RANKS

    values = _dabong_values()
    fire, water = ELEMENT_SUITS[0], ELEMENT_SUITS[1]
    one_suit = tuple(Card(r, fire) for r in RANKS) + tuple(Card(r, water) for r in RANKS[:10])
    low_cards = tuple(Card(r, s) for r in RANKS[:6] for s in ELEMENT_SUITS)[:23]
    top_flush = Card(RANKS[6], fire)  # 7F: a heaven start and a suit the whole flush follows
    top_low = Card(RANKS[9], ELEMENT_SUITS[3])  # 10A: a target for additions of low cards
    return [
        ("constructed: 13 Fire + A..10 Water + 3 Shamans on 7F", top_flush, one_suit + values.SHAMANS),
        ("constructed: A..6 of all suits + 3 Shamans on 10A", top_low, low_cards + values.SHAMANS),
    ]


Play = tuple[tuple[Card, ...], tuple[tuple[Card, Card], ...]]
#: Kinds of timed plays: as listed (declared), with Shamans undeclared, illegal.
DECLARED, UNDECLARED, ILLEGAL = "declared", "undeclared", "illegal"


def _plays_to_check(
    matcher: Any, ctx: Any, hand: tuple[Card, ...], options: Any, first: Any, seed: int
) -> list[tuple[str, Play]]:
    """The plays whose check is timed, each with its kind; the slowest of a kind is the figure.

    The longest listed play (first, middle and last pages), declared as listed and with
    its Shamans left undeclared (the matcher then solves every identity); all of the
    hand's Shamans laid undeclared; and a random illegal play.
    """
    entries = list(first.entries)
    for offset in {first.total_entries // 2, max(0, first.total_entries - PAGE)}:
        if offset:
            try:
                entries += matcher.list_plays(ctx, hand, options, seat=0, offset=offset, limit=PAGE).entries
            except WorkBudgetExceeded:
                continue  # a deeper page refused: its plays are not timed (the first page's are)
    plays: list[tuple[str, Play]] = []
    if entries:
        longest: Action = max((e.action for e in entries), key=lambda a: len(a.cards))
        plays.append((DECLARED, (longest.cards, longest.declare)))
        if longest.declare:
            plays.append((UNDECLARED, (longest.cards, ())))
    shamans = tuple(c for c in hand if c.is_shaman)
    if shamans:
        plays.append((UNDECLARED, (shamans, ())))
    rng = rng_for(seed=seed, stream="bench-matcher-illegal")
    for _ in range(20):
        cards = tuple(rng.sample(hand, min(len(hand), 4)))
        try:
            readings = matcher.check_play(ctx, cards, (), options).readings
        except WorkBudgetExceeded:
            continue  # refused, so not known to be illegal: try another sample
        if not readings:
            plays.append((ILLEGAL, (cards, ())))
            break
    return plays


def refused(label: str, ctx: Any, hand: tuple[Card, ...]) -> HandResult:
    """The result of a hand whose listing the matcher refused: infinite time, no plays."""
    return HandResult(
        label=label,
        size=len(hand),
        shamans=sum(1 for c in hand if c.is_shaman),
        list_seconds=math.inf,
        check_seconds=0.0,
        undeclared_seconds=0.0,
        total_plays=0,
        total_entries=0,
        oracle_seconds=None,
        ctx=ctx,
        hand=hand,
    )


def measure_hand(
    matcher: Any,
    options: Any,
    oracle: Any,
    label: str,
    top: Card,
    hand: tuple[Card, ...],
    *,
    seed: int,
    repeats: int,
    oracle_cap: float | None,
    ctx: Any | None = None,
) -> HandResult | None:
    ctx = ctx if ctx is not None else make_context(top, hand)
    try:
        first_call = call_capped(
            lambda: matcher.list_plays(ctx, hand, options, seat=0, offset=0, limit=PAGE), MATCHER_CAP_SECONDS
        )
    except WorkBudgetExceeded:
        # Refused (a 422 over-budget in the service): a listing that never comes is a miss.
        return refused(label, ctx, hand)
    if first_call is None:
        return None
    first, _ = first_call  # the first call warms caches; the figure is the median of the repeats
    list_seconds = median_seconds(
        lambda: matcher.list_plays(ctx, hand, options, seat=0, offset=0, limit=PAGE),
        repeats=repeats,
        budget_seconds=2.0,
    )
    slowest = {DECLARED: 0.0, UNDECLARED: 0.0, ILLEGAL: 0.0}
    for kind, (cards, declare) in _plays_to_check(matcher, ctx, hand, options, first, seed):
        try:
            seconds = median_seconds(
                partial(matcher.check_play, ctx, cards, declare, options),
                repeats=max(5, repeats),
                budget_seconds=1.0,
            )
        except WorkBudgetExceeded:
            # Refused (a 422 in the service): a verdict that never comes is a miss, as for listings.
            seconds = math.inf
        slowest[kind] = max(slowest[kind], seconds)
    oracle_seconds = None
    if oracle is not None and oracle_cap is not None:
        capped = call_capped(lambda: oracle.list_all(ctx, hand, options), oracle_cap)
        oracle_seconds = capped[1] if capped is not None else float("inf")
    return HandResult(
        label=label,
        size=len(hand),
        shamans=sum(1 for c in hand if c.is_shaman),
        list_seconds=list_seconds,
        check_seconds=max(slowest[DECLARED], slowest[ILLEGAL]),
        undeclared_seconds=slowest[UNDECLARED],
        total_plays=first.total_plays,
        total_entries=first.total_entries,
        oracle_seconds=oracle_seconds,
        ctx=ctx,
        hand=hand,
    )
