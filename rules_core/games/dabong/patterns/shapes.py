"""What every pattern's check reads: the lay, the identities' facts, and the predicates the
specs' constraints are made of (``specs.py`` derives each pattern's check from them).

The check of a shape answers one question: given the identities of a play *in laid order*,
is it this pattern, and if not, which reason code says why. Both the check
(``shape_unit.py``, solving undeclared Shamans) and the listing's ownership rule
(a play is listed once, under the first pattern that accepts it) call it.

Conventions that hold for every shape (rulings "Rank versus value", "8s in
multi-card plays", "Order inside patterns"):

* sets, clones, pairs, heaven, hell and mirrors go by rank; only twenty-one sums values;
* a *mixed-suit* shape cannot hold an 8 while ``eight_must_share_suit`` is on;
* the first-card rule is "follows the top card (suit, rank) or is an 8", replaced,
  when the play answers pending 2s at Master, by "is a 2 or has the accumulated value"
  (``Lay.neutral``); shapes without a first-card rule (clone, mirror) then get it too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from itertools import pairwise
from operator import attrgetter
from typing import Any, TypeVar

from ....kernel import Card, Rank, Suit
from ..matcher_api import MatchRules, PileContext
from ..values import REAL_CARDS, in_play_value
from .common import ALL_SUITS, play_suits, suit_bits, suit_choices
from .single import follow_rule

_T = TypeVar("_T")


class LayMemo:
    """What several shapes of one listing compute alike (the identities' facts, the
    same-suited sums of one suit pool, the same-suited full houses of one hand), computed
    once. It is made afresh with each ``Lay``, so it lives as long as the listing or check
    that made the lay, and a repeated request computes everything again."""

    __slots__ = ("_results",)

    def __init__(self) -> None:
        self._results: dict[Hashable, Any] = {}

    def get(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """The result under ``key`` (which must name everything ``make`` reads besides the lay)."""
        try:
            return self._results[key]  # type: ignore[no-any-return]
        except KeyError:
            result = self._results[key] = make()
            return result


@dataclass(frozen=True, slots=True, kw_only=True)
class Lay:
    """What a shape is judged against: the pile, the rules, and the 2s being answered."""

    ctx: PileContext
    rules: MatchRules
    #: 0: a normal play; N > 0: the play neutralises N pending cards (2 per pending 2).
    neutral: int = 0
    #: Results shared by the shapes judged against this lay (not part of its identity).
    memo: LayMemo = field(default_factory=LayMemo, compare=False, hash=False, repr=False)


def first_ok(identity: Card, lay: Lay) -> bool:
    """The first-card rule: follow the top (or an 8), or when neutralising, a 2 or the value N."""
    if lay.neutral:
        return identity.rank is Rank.TWO or in_play_value(identity) == lay.neutral
    return follow_rule(identity, lay.ctx) is not None


@dataclass(frozen=True, slots=True)
class IdentityFacts:
    """What the counters read of every real identity on one lay, read once per lay."""

    #: The suits it counts as inside a play, as a set and as ``common.SUIT_BIT`` bits.
    suits: dict[Card, frozenset[Suit]]
    bits: dict[Card, int]
    #: Whether it may be the first card (``first_ok``).
    lead: dict[Card, bool]
    #: The suits one may name with it on top.
    weight: dict[Card, int]
    value: dict[Card, int]


def identity_facts(lay: Lay) -> IdentityFacts:
    """The lay's ``IdentityFacts``, shared by every counter of the listing or check."""
    return lay.memo.get("identity_facts", lambda: _read_identities(lay))


def _read_identities(lay: Lay) -> IdentityFacts:
    suits = {c: play_suits(c, lay.rules) for c in REAL_CARDS}
    return IdentityFacts(
        suits=suits,
        bits={c: suit_bits(s) for c, s in suits.items()},
        lead={c: first_ok(c, lay) for c in REAL_CARDS},
        weight={c: len(suit_choices(c)) for c in REAL_CARDS},
        value={c: in_play_value(c) for c in REAL_CARDS},
    )


def common_suits(ids: tuple[Card, ...], rules: MatchRules) -> frozenset[Suit]:
    """Suits every card of ``ids`` counts as inside a play (a Jack: both of its pair)."""
    shared = ALL_SUITS
    for identity in ids:
        shared = shared & play_suits(identity, rules)
    return shared


def eight_banned(ids: tuple[Card, ...], rules: MatchRules) -> bool:
    """An 8 in a mixed-suit multi-card play, while 8s must share the others' suit."""
    return rules.eight_must_share_suit and len(ids) > 1 and Rank.EIGHT in map(_rank_of, ids)


def is_run(ids: tuple[Card, ...]) -> bool:
    """Strictly ascending or strictly descending by rank as laid, Aces high or low, wrapping."""
    if len(ids) > 13:
        return False
    ordinals = [i.rank.ordinal for i in ids if i.rank is not None]
    steps = {(b - a) % 13 for a, b in pairwise(ordinals)}
    return steps in ({1}, {12})


def rank_counts(ids: tuple[Card, ...]) -> list[int]:
    return sorted(Counter(map(_rank_of, ids)).values())


#: A card's rank, read in C by ``map`` (the shapes read every card of plays of up to 55).
_rank_of = attrgetter("rank")


def twenty_one(ids: tuple[Card, ...]) -> bool:
    """Values add up to 21 with some of the Aces counted as eleven."""
    missing = 21 - sum(in_play_value(i) for i in ids)
    aces = sum(1 for i in ids if i.rank is Rank.ACE)
    return missing >= 0 and missing % 10 == 0 and missing // 10 <= aces


def shares(a: Card, b: Card, rules: MatchRules) -> bool:
    return bool(play_suits(a, rules) & play_suits(b, rules))


#: A shape's check: (identities in laid order, the lay) -> None when it fits, else a reason
#: code. Each pattern's is derived from its spec (``specs.judge_of``).
Shape = Callable[[tuple[Card, ...], Lay], str | None]


#: Message of every ``<pattern>_first_card_does_not_follow`` code.
FIRST_CARD_MESSAGE = "the first card laid must follow the top card (suit, rank or an 8)"
#: Message of every ``<pattern>_no_declaration_fits`` code.
NO_DECLARATION_MESSAGE = "no declaration of the Shamans makes this play fit"
