"""Every dabong! play pattern as one declarative spec, and the check derived from the specs.

A spec states the rulebook's pattern in the terms a reader of the rulebook recognises: how
many cards, whether they share a suit, how they fall into ranks, what they add up to, whether
the order is a sequence, the order rule and the first-card rule, the level and switch that
enable it, and its rule id. Everything the single-play check needs is derived from those:

* ``judge_of(spec)`` (``spec_check.py``): the verdict on fully identified cards laid in
  order, as the reason code of the first constraint they break (None: the play is the
  pattern). The constraints are tried in one order for every pattern (the shared suit, then
  the ranks, the total and the sequence, then the 8 rule of a mixed-suit play, then the first
  card), so two patterns that break alike answer alike;
* ``SHAPE_REASONS``: every reason code a spec can answer, with its message and rule id;
* the facts the Shaman search prunes on (``ShapePattern._partial_ok``): which specs need a
  shared suit, bar 8s, fix one rank, bound the cards of a rank or the number of ranks.

The constraints are in ``spec_parts.py``. Each pattern is declared once here: the Beginner
units (``single.py``, ``sums.py``) and the sums' shape twins of the river and neutralisation
listings read the same spec. A rule id leads to its spec in one hop (``SPEC_OF_RULE``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ....kernel import Card, Rank
from .base import OrderRule
from .shapes import Lay
from .spec_check import judge_of
from .spec_parts import (
    MIRROR_SAYS,
    MOST_OF_ONE_RANK,
    First,
    OneRank,
    RankGroups,
    Reason,
    SequenceRule,
    Suits,
    Target,
    Total,
)

__all__ = [
    "SHAPE_REASONS",
    "SPECS",
    "SPEC_OF_RULE",
    "First",
    "OneRank",
    "PatternSpec",
    "RankGroups",
    "Reason",
    "SequenceRule",
    "Suits",
    "Target",
    "Total",
    "spec_reasons",
]  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class PatternSpec:
    """One rulebook pattern (see the module docstring)."""

    id: str
    rule_id: str
    level: str
    #: The option that switches it off (``None``: it is on whenever its level is).
    switch: str | None
    #: How it is named in messages ("a full house").
    name: str
    least_cards: int
    most_cards: int = 55
    #: Every play of the pattern has a multiple of this many cards.
    cards_multiple: int = 1
    suits: Suits
    ranks: OneRank | RankGroups | None = None
    total: Total | None = None
    sequence: SequenceRule | None = None
    order: OrderRule
    first: First
    #: The reason for a play whose ranks, total or sequence break the pattern (default: the
    #: total's or the run's own words); ``suits_miss`` for one whose cards share no suit.
    shape_miss: Reason | None = None
    suits_miss: Reason | None = None
    #: The check, derived (``judge_of``).
    judge: Callable[[tuple[Card, ...], Lay], str | None] = field(init=False, compare=False, repr=False)
    # What the Shaman search and the listing read, derived once (a search reads them per
    # partial assignment); each one's derivation is the ``_``-named method below.
    first_follows_always: bool = field(init=False, compare=False, repr=False)
    shared_suit: bool = field(init=False, compare=False, repr=False)
    bars_eights: bool = field(init=False, compare=False, repr=False)
    one_rank: OneRank | None = field(init=False, compare=False, repr=False)
    fixed_rank: Rank | None = field(init=False, compare=False, repr=False)
    most_of_a_rank: int | None = field(init=False, compare=False, repr=False)
    least_of_a_rank: int = field(init=False, compare=False, repr=False)
    most_ranks: int = field(init=False, compare=False, repr=False)
    first_free: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in _DERIVED:
            object.__setattr__(self, name, getattr(self, f"_{name}")())
        object.__setattr__(self, "judge", judge_of(self))

    # -- what the Shaman search and the listing read, derived ---------------------------------
    def _first_follows_always(self) -> bool:
        return self.first is First.FOLLOWS

    def first_follows(self, lay: Lay) -> bool:
        """Whether the first card must follow (or, answering 2s, be a 2 or of their value)."""
        return self.first is First.FOLLOWS or bool(lay.neutral)

    def _shared_suit(self) -> bool:
        return self.suits is Suits.SHARED

    def _bars_eights(self) -> bool:
        """No 8 inside a multi-card play of it while 8s must share the others' suit."""
        return self.suits in (Suits.MIXED, Suits.HALVES)

    def _one_rank(self) -> OneRank | None:
        return self.ranks if isinstance(self.ranks, OneRank) else None

    def _fixed_rank(self) -> Rank | None:
        """The one rank every card takes, when the spec names it."""
        one = self._one_rank()
        return one.rank if one is not None else None

    def _most_of_a_rank(self) -> int | None:
        """The most cards a rank may hold, for a spec that groups its cards by rank."""
        if isinstance(self.ranks, RankGroups):
            return self.ranks.most_of_a_rank
        one = self._one_rank()
        if one is not None and one.rank is None and not one.of_top:
            return MOST_OF_ONE_RANK
        return None

    def _least_of_a_rank(self) -> int:
        return self.ranks.least_of_a_rank if isinstance(self.ranks, RankGroups) else 0

    def _most_ranks(self) -> int:
        if isinstance(self.ranks, RankGroups):
            return self.ranks.most_ranks
        return 1 if self._one_rank() is not None else 13

    def rank_counts_fit(self, counts: list[int]) -> bool:
        """Whether sorted rank counts can be this pattern (for a spec grouped by rank)."""
        if isinstance(self.ranks, RankGroups):
            return self.ranks.fits_counts(counts)
        return len(counts) == 1

    def _first_free(self) -> bool:
        """Whether, but for the first-card rule, the verdict ignores which card is first."""
        return self.total is None or not self.total.difference

    # -- reasons -------------------------------------------------------------------------------
    def reasons(self) -> dict[str, tuple[str, str]]:
        """Every reason code this spec's check answers but the shared ones: code -> (message,
        rule id)."""
        out: dict[str, tuple[str, str]] = {}
        if self.suits is Suits.SHARED:
            miss = self.suits_miss or Reason(
                code=f"{self.id}_suits_differ", message=f"{self.name} needs cards of one suit"
            )
            out[miss.code] = (miss.message, miss.rule_id or self.rule_id)
        if self.sequence is SequenceRule.MIRROR:
            for tail, says in MIRROR_SAYS:
                out[f"{self.id}_{tail}"] = (f"{self.name} {says}", self.rule_id)
        shape = self._shape_reason()
        if shape is not None:
            out[shape.code] = (shape.message, shape.rule_id or self.rule_id)
        return out

    def _shape_reason(self) -> Reason | None:
        if self.shape_miss is not None:
            return self.shape_miss
        if self.ranks is not None or self.sequence is SequenceRule.SELF_MIRROR:
            raise ValueError(f"{self.id}: a rank profile or a self mirror names its shape_miss")
        if self.total is not None:
            return Reason(code=f"{self.id}_wrong_total", message=f"{self.name} {self.total.says}")
        if self.sequence is SequenceRule.RUN:
            return Reason(
                code=f"{self.id}_not_in_sequence",
                message=f"{self.name} is laid strictly ascending or strictly descending",
            )
        return None


#: The spec's facts derived once, in ``PatternSpec.__post_init__``.
_DERIVED = (
    "first_follows_always",
    "shared_suit",
    "bars_eights",
    "one_rank",
    "fixed_rank",
    "most_of_a_rank",
    "least_of_a_rank",
    "most_ranks",
    "first_free",
)

# -- the patterns ------------------------------------------------------------------------------
_TWOS_NOT_NEUTRALIZED = Reason(
    code="twos_not_neutralized",
    message=(
        "pending 2s are neutralised only by a card of the accumulated value or a play starting "
        "with a 2 or with such a card (a single 2 adds on)"
    ),
    rule_id="dabong.twos_neutralization",
)

SINGLE = PatternSpec(
    id="single", rule_id="dabong.follow", level="beginner", switch=None, name="a single card",
    least_cards=1, most_cards=1, suits=Suits.MIXED, order=OrderRule.ANY, first=First.FOLLOWS,
)  # fmt: skip
ADDITION = PatternSpec(
    id="addition", rule_id="dabong.addition", level="beginner", switch=None, name="an addition",
    least_cards=2, suits=Suits.SHARED, total=Total(target=Target.PILE),
    order=OrderRule.ANY, first=First.FREE,
)  # fmt: skip
SUBTRACTION = PatternSpec(
    id="subtraction", rule_id="dabong.subtraction", level="beginner", switch=None,
    name="a subtraction", least_cards=2, suits=Suits.SHARED,
    total=Total(target=Target.PILE, difference=True), order=OrderRule.BIGGEST_FIRST, first=First.FREE,
)  # fmt: skip
CLONE = PatternSpec(
    id="clone", rule_id="dabong.clone", level="intermediate", switch="clone", name="a clone",
    least_cards=2, most_cards=7, suits=Suits.MIXED, ranks=OneRank(of_top=True),
    order=OrderRule.ANY, first=First.FREE,
    shape_miss=Reason(code="clone_rank_differs", message="a clone is cards of the top card's rank"),
)  # fmt: skip
TWENTY_ONE = PatternSpec(
    id="twenty_one", rule_id="dabong.twenty_one", level="intermediate", switch="twenty_one",
    name="a twenty-one", least_cards=2, suits=Suits.SHARED,
    total=Total(target=Target.TWENTY_ONE, aces_high=True),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
)  # fmt: skip
FULL_HOUSE = PatternSpec(
    id="full_house", rule_id="dabong.full_house", level="intermediate", switch="full_house",
    name="a full house", least_cards=5, most_cards=5, suits=Suits.MIXED,
    ranks=RankGroups(counts=(2, 3)), order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(code="full_house_shape", message="a full house is one pair and one three of a kind"),
)  # fmt: skip
FLUSH = PatternSpec(
    id="flush", rule_id="dabong.flush", level="intermediate", switch="flush", name="a flush",
    least_cards=5, suits=Suits.SHARED, order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    suits_miss=Reason(code="flush_suits_differ", message="a flush needs five or more cards of one suit"),
)  # fmt: skip
THREE_BY_THREE = PatternSpec(
    id="three_by_three", rule_id="dabong.three_by_three", level="intermediate",
    switch="three_by_three", name="a three by three", least_cards=9, cards_multiple=3,
    suits=Suits.MIXED, ranks=RankGroups(each=3, least_ranks=3),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(
        code="three_by_three_shape",
        message="a three by three is three or more three-of-a-kind sets of different ranks",
    ),
)  # fmt: skip
HEAVEN = PatternSpec(
    id="heaven", rule_id="dabong.heaven", level="intermediate", switch="heaven", name="heaven",
    least_cards=3, most_cards=3, suits=Suits.MIXED, ranks=OneRank(rank=Rank.SEVEN),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(code="heaven_needs_three_sevens", message="heaven is three 7s"),
)  # fmt: skip
HELL = PatternSpec(
    id="hell", rule_id="dabong.hell", level="intermediate", switch="hell", name="hell",
    least_cards=3, most_cards=3, suits=Suits.MIXED, ranks=OneRank(rank=Rank.SIX),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(code="hell_needs_three_sixes", message="hell is three 6s"),
)  # fmt: skip
FOUR_OF_A_KIND = PatternSpec(
    id="four_of_a_kind", rule_id="dabong.four_of_a_kind", level="master", switch="four_of_a_kind",
    name="four of a kind", least_cards=4, suits=Suits.MIXED, ranks=OneRank(),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(
        code="four_of_a_kind_ranks_differ", message="four of a kind is four or more cards of one rank"
    ),
)  # fmt: skip
FOUR_PAIR = PatternSpec(
    id="four_pair", rule_id="dabong.four_pair", level="master", switch="four_pair", name="four pair",
    least_cards=8, cards_multiple=2, suits=Suits.MIXED, ranks=RankGroups(each=2, least_ranks=4),
    order=OrderRule.FIRST_THEN_ANY, first=First.FOLLOWS,
    shape_miss=Reason(code="four_pair_shape", message="four pair is four or more pairs of different ranks"),
)  # fmt: skip
STRAIGHT = PatternSpec(
    id="straight", rule_id="dabong.straight", level="intermediate", switch="straight",
    name="a straight", least_cards=3, most_cards=13, suits=Suits.SHARED, sequence=SequenceRule.RUN,
    order=OrderRule.SEQUENCE, first=First.FOLLOWS,
)  # fmt: skip
EIGHT_STRAIGHT = PatternSpec(
    id="eight_straight", rule_id="dabong.eight_straight", level="intermediate",
    switch="eight_straight", name="an eight straight", least_cards=8, most_cards=13,
    suits=Suits.MIXED, sequence=SequenceRule.RUN, order=OrderRule.SEQUENCE, first=First.FOLLOWS,
)  # fmt: skip
MIRROR = PatternSpec(
    id="mirror", rule_id="dabong.mirror", level="intermediate", switch="mirror", name="a mirror",
    least_cards=2, suits=Suits.AS_PREVIOUS, sequence=SequenceRule.MIRROR,
    order=OrderRule.SEQUENCE, first=First.FREE,
)  # fmt: skip
SELF_MIRROR = PatternSpec(
    id="self_mirror", rule_id="dabong.self_mirror", level="intermediate", switch="self_mirror",
    name="a self mirror", least_cards=4, cards_multiple=2, suits=Suits.HALVES,
    sequence=SequenceRule.SELF_MIRROR, order=OrderRule.SEQUENCE, first=First.FOLLOWS,
    shape_miss=Reason(
        code="self_mirror_shape",
        message="a self mirror is two same-suited halves, the second mirroring the first's ranks",
    ),
)  # fmt: skip
TWOS_ADD_ON = PatternSpec(
    id="twos_add_on", rule_id="dabong.twos_add_on", level="intermediate", switch="twos_add_on",
    name="an add-on", least_cards=1, most_cards=7, suits=Suits.MIXED, ranks=OneRank(rank=Rank.TWO),
    order=OrderRule.ANY, first=First.FREE,
    shape_miss=Reason(
        code="twos_add_on_only",
        message="facing pending 2s the only play here is an add-on: 2s only (Shamans as 2s)",
    ),
)  # fmt: skip
SINGLE_OF_VALUE = PatternSpec(
    id="single", rule_id="dabong.twos_neutralization", level="master", switch="twos_neutralization",
    name="a neutralising card", least_cards=1, most_cards=1, suits=Suits.MIXED,
    total=Total(target=Target.ACCUMULATED), order=OrderRule.SEQUENCE, first=First.FREE,
    shape_miss=_TWOS_NOT_NEUTRALIZED,
)  # fmt: skip
ACE_AND_SHAMAN = PatternSpec(
    id="shaman_neutralization", rule_id="dabong.shaman_neutralization", level="master",
    switch="shaman_neutralization", name="a Shaman-assisted addition", least_cards=2,
    most_cards=2, suits=Suits.SHARED, ranks=OneRank(rank=Rank.ACE), order=OrderRule.ANY,
    first=First.FREE, suits_miss=_TWOS_NOT_NEUTRALIZED, shape_miss=_TWOS_NOT_NEUTRALIZED,
)  # fmt: skip

#: Every spec: the normal patterns in listing order, then the 2s answers.
SPECS: tuple[PatternSpec, ...] = (
    SINGLE, ADDITION, SUBTRACTION, CLONE, TWENTY_ONE, FULL_HOUSE, FLUSH, THREE_BY_THREE, HEAVEN,
    HELL, FOUR_OF_A_KIND, FOUR_PAIR, STRAIGHT, EIGHT_STRAIGHT, MIRROR, SELF_MIRROR,
    TWOS_ADD_ON, SINGLE_OF_VALUE, ACE_AND_SHAMAN,
)  # fmt: skip

#: Rule id -> its spec (one hop from a reading's or a miss's rule id to the pattern's words).
SPEC_OF_RULE: dict[str, PatternSpec] = {spec.rule_id: spec for spec in SPECS}

#: Reasons every pattern may answer, not owned by one spec.
COMMON_REASONS: dict[str, tuple[str, str]] = {
    "eight_must_share_suit": ("an 8 inside a multi-card play must share the others' suit", "dabong.eight"),
    "twos_beyond_ten": (
        "facing six or more 2s nothing adds on or neutralises: the cards are picked up",
        "dabong.twos_neutralization",
    ),
    "twos_only_twos_add_on": ("a play of 2s only is an add-on, not a neutralisation", "dabong.twos_add_on"),
    "river_only_in_winning_play": (
        "the river card may only be used in a play that empties the hand",
        "dabong.river",
    ),
    "river_not_in_use": ("there is no river card to use under these rules", "dabong.river"),
}


def _reasons() -> dict[str, tuple[str, str]]:
    out = dict(COMMON_REASONS)
    for spec in SPECS:
        for code, reason in spec.reasons().items():
            if out.setdefault(code, reason) != reason:
                raise ValueError(f"reason {code} given two meanings")
    return out


@lru_cache(maxsize=64)
def spec_reasons(spec: PatternSpec) -> dict[str, tuple[str, str]]:
    """``spec.reasons()``, made once per spec (a miss reads it; not to be changed)."""
    return spec.reasons()


#: reason code -> (message, rule id): every reason a spec's check or the 2s rules answer.
SHAPE_REASONS: dict[str, tuple[str, str]] = _reasons()

assert len(SPEC_OF_RULE) == len(SPECS), "one spec per rule id"
