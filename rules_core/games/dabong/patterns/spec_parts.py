"""The constraints a pattern spec (``specs.py``) is made of: suits, first-card rule, rank
profiles, totals, sequences, reasons. Each is a fact of the rulebook's wording; the check
(``spec_check.py``) and the Shaman search read them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ....kernel import Rank
from .shapes import Lay

#: The most cards of one rank a play can hold: the four real cards and the deck's three Shamans.
MOST_OF_ONE_RANK = 7


class Suits(StrEnum):
    """How the suits of a pattern's cards relate."""

    #: Every card shares one suit (a Jack counts as both of its pair, a wild 8 as every suit).
    SHARED = "one shared suit"
    #: Any suits; an 8 inside the play only where 8s go wild ("8s MUST be the same suit as the
    #: other cards in multi-card plays", which a mixed-suit play cannot satisfy).
    MIXED = "mixed suits, no 8 unless wild"
    #: Each half of the play shares a suit of its own; mixed overall (no 8 unless wild).
    HALVES = "each half one shared suit, no 8 unless wild"
    #: Cards share a suit exactly where the previous play's mirrored cards did; an 8 shares a
    #: suit with every other card unless 8s go wild.
    AS_PREVIOUS = "the previous play's suit pattern"


class First(StrEnum):
    """The first-card rule (answering pending 2s at Master, every pattern takes it)."""

    FOLLOWS = "the first card laid follows the top (suit or rank) or is an 8"
    FREE = "no rule on the first card"


class Target(StrEnum):
    """What a total must come to."""

    PILE = "the top card's pile value"
    TWENTY_ONE = "21"
    #: The value of the pending 2s (two per 2), above 2 (a card of value 2 is a 2: an add-on).
    ACCUMULATED = "the pending 2s' value"


@dataclass(frozen=True, slots=True, kw_only=True)
class Reason:
    """A reason code a spec answers, its message, and the rule it cites (None: the spec's)."""

    code: str
    message: str
    rule_id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OneRank:
    """Every card of one rank: ``rank`` (``None`` with ``of_top``: the top card's; ``None``
    alone: any one rank)."""

    rank: Rank | None = None
    of_top: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RankGroups:
    """The cards fall into ranks of exactly ``counts`` (sorted) cards, or, with ``each``, into
    at least ``least_ranks`` ranks of exactly ``each`` cards."""

    counts: tuple[int, ...] | None = None
    each: int | None = None
    least_ranks: int = 1

    def fits_counts(self, found: list[int]) -> bool:
        """Whether sorted rank counts are this profile."""
        if self.counts is not None:
            return tuple(found) == self.counts
        return len(found) >= self.least_ranks and set(found) == {self.each}

    @property
    def most_of_a_rank(self) -> int:
        return max(self.counts) if self.counts is not None else self.each or MOST_OF_ONE_RANK

    @property
    def least_of_a_rank(self) -> int:
        return min(self.counts) if self.counts is not None else self.each or 0

    @property
    def most_ranks(self) -> int:
        return len(self.counts) if self.counts is not None else 13


@dataclass(frozen=True, slots=True, kw_only=True)
class Total:
    """The cards' in-play values come to ``target``: added up, or (``difference``) the first
    card less the others; with ``aces_high`` each Ace is 1 or 11."""

    target: Target
    difference: bool = False
    aces_high: bool = False

    def goal(self, lay: Lay) -> int | None:
        """The total to reach on ``lay`` (None: none can be reached)."""
        return GOALS[self.target](lay)

    def sums_to_try(self, lay: Lay) -> tuple[int, ...]:
        """The totals of plain in-play values (Aces 1) that can make the target."""
        if self.aces_high:
            return (1, 11, 21)  # 21 with two, one or no Ace counted as 11
        goal = self.goal(lay)
        return () if goal is None else (goal,)

    @property
    def says(self) -> str:
        if self.aces_high:
            return "must add up to 21 (Aces 1 or 11)"
        verb = "come to" if self.difference else "add up to"
        return f"must {verb} {_TARGET_WORDS[self.target]}"


#: Each target's total on a lay (None: none to reach: fewer than two 2s' value is a 2 itself).
GOALS: dict[Target, Callable[[Lay], int | None]] = {
    Target.PILE: lambda lay: lay.ctx.pile_value,
    Target.TWENTY_ONE: lambda lay: 21,
    Target.ACCUMULATED: lambda lay: lay.neutral if lay.neutral > 2 else None,
}
_TARGET_WORDS = {
    Target.PILE: "the top card's value",
    Target.TWENTY_ONE: "21",
    Target.ACCUMULATED: "the pending 2s' value",
}


class SequenceRule(StrEnum):
    """An order that is part of the pattern."""

    #: Strictly ascending or descending by rank as laid, Aces high or low, wrapping, 13 at most.
    RUN = "a run"
    #: The previous play's ranks in reverse order.
    MIRROR = "the previous play mirrored"
    #: An even number of cards, the second half the first's ranks reversed.
    SELF_MIRROR = "two halves, the second the first's ranks reversed"


#: The mirror's own reasons (code tail, message after its name), in the order they are tried.
MIRROR_SAYS = (
    ("length_differs", "has as many cards as the previous play"),
    ("ranks_differ", "lays the previous play's ranks in reverse order"),
    ("suit_pattern_broken", "keeps the previous play's suit pattern"),
)
