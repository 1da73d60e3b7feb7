"""Counting and paging the card sets of a sum pattern without enumerating them.

A sum pattern (addition, subtraction, later twenty-one ...) picks a *set* of
physical cards, each at most once and each as one of the identities it may take
(a Shaman as any real card that fits), whose values reach a target. The number
of such sets explodes with the hand (a 26-card hand with three Shamans), so:

* totals come from a dynamic programme over (set size, value sum): exact, and
  never listing a set;
* a page is produced by a depth-first walk that skips whole subtrees using a
  suffix table of completion counts, so asking for entries 10 000..10 099 builds
  only those 100 entries.

Every set stands for several listing entries: one per card that may end on top
and per suit that card's player may name there (its ``weight``); both the DP and
the walk count entries, not sets, by carrying the weight sum alongside the count.

Suit classes: the caller runs one ``SubsetSums`` per *exact* common-suit class
(see ``sums.py``); ``exclude_all_super`` drops the sets whose every card also
covers a wider class, which that wider class counts instead, so no set is
counted twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ....kernel import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice:
    """One physical card taken as one identity."""

    card: Card
    identity: Card
    value: int
    #: Listing entries this card yields when it ends on top (the suits one may name there).
    weight: int
    #: Whether its suits also cover the wider suit class (see the module docstring).
    covers_super: bool


#: One physical card: the identities it may take in this pattern (a real card: itself).
Item = tuple[Choice, ...]

# (count of sets, sum over sets of their weight sum)
_Cell = tuple[int, int]

#: Bits of a packed DP key that hold the set size (a hand has at most 55 cards).
_SIZE_BITS = 6


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTotals:
    entries: int
    plays: int


class SubsetSums:
    """The sets of ``items`` whose values sum to ``target`` with at least ``min_size`` cards.

    ``start_super`` says whether the cards already fixed outside the walk (a
    subtraction's first card) cover the wider class: when they do not, no set
    of this block is a wider-class set.
    """

    def __init__(
        self,
        items: Sequence[Item],
        *,
        target: int,
        min_size: int,
        exclude_all_super: bool,
        start_super: bool = True,
    ) -> None:
        self._given = items
        self._items: tuple[Item, ...] | None = None
        self.target = target
        self.min_size = min_size
        self.exclude = exclude_all_super and start_super
        self._suffix_all: list[list[list[_Cell]]] | None = None
        self._suffix_super: list[list[list[_Cell]]] | None = None

    @property
    def items(self) -> tuple[Item, ...]:
        """The cards that may still fit, each as its identities of value up to the target;
        worked out when first read (a block whose totals come from a block alike never
        reads them unless a page reaches it)."""
        if self._items is None:
            target = self.target
            kept = (tuple(c for c in item if c.value <= target) for item in self._given)
            self._items = tuple(item for item in kept if item)
        return self._items

    # -- totals ---------------------------------------------------------------------------
    def totals(self, orderings: Callable[[int], int]) -> SetTotals:
        """Entries and ordered plays of all sets; ``orderings(n)`` is per entry of an n-card set."""
        by_size = self._by_size(only_super=False)
        if self.exclude:
            for size, (count, weight) in self._by_size(only_super=True).items():
                old_count, old_weight = by_size.get(size, (0, 0))
                by_size[size] = (old_count - count, old_weight - weight)
        entries = sum(w for size, (_, w) in by_size.items() if size >= self.min_size)
        plays = sum(w * orderings(size) for size, (_, w) in by_size.items() if size >= self.min_size)
        return SetTotals(entries=entries, plays=plays)

    def _by_size(self, *, only_super: bool) -> dict[int, _Cell]:
        """Forward DP: (size, sum) -> (sets, weight sum); returns the row sum == target."""
        # A cell's key packs (sum, size) into one int, sum << _SIZE_BITS | size, so that
        # adding a card is one addition and a sum past the target one comparison; the sets
        # and the weight sums sit in two dicts filled in the same order.
        bound = (self.target + 1) << _SIZE_BITS
        counts: dict[int, int] = {0: 1}
        weights: dict[int, int] = {0: 0}
        # The sets do not depend on the items' order: the items of many identities (Shamans)
        # go first, while the table is still small; a card's identities of one value and
        # weight (a Shaman's four suits of a rank, its tens and faces) are stepped once.
        for item in sorted(self.items, key=len, reverse=True):
            alike: dict[tuple[int, int], int] = {}
            for choice in item:
                if choice.covers_super or not only_super:
                    kind = (choice.value, choice.weight)
                    alike[kind] = alike.get(kind, 0) + 1
            if not alike:
                continue
            grown_counts = dict(counts)
            grown_weights = dict(weights)
            for (value, choice_weight), times in alike.items():
                step = (value << _SIZE_BITS) + 1
                for (key, count), weight in zip(counts.items(), weights.values(), strict=True):
                    reach = key + step
                    if reach >= bound:
                        continue
                    grown_counts[reach] = grown_counts.get(reach, 0) + count * times
                    grown_weights[reach] = (
                        grown_weights.get(reach, 0) + (weight + choice_weight * count) * times
                    )
            counts, weights = grown_counts, grown_weights
        row = self.target << _SIZE_BITS
        return {
            key - row: (count, weight)
            for (key, count), weight in zip(counts.items(), weights.values(), strict=True)
            if key >= row
        }

    # -- paging ---------------------------------------------------------------------------
    def _suffix(self, *, only_super: bool) -> list[list[list[_Cell]]]:
        """S[i][r][need]: completions from items i.. summing to r with >= need more cards."""
        needs = self.min_size + 1
        empty: list[list[_Cell]] = [[(0, 0)] * needs for _ in range(self.target + 1)]
        last = [row[:] for row in empty]
        last[0][0] = (1, 0)
        tables = [last]
        for item in reversed(self.items):
            after = tables[-1]
            here = [row[:] for row in after]
            for choice in item:
                if only_super and not choice.covers_super:
                    continue
                for rest in range(choice.value, self.target + 1):
                    for need in range(needs):
                        count, weight = after[rest - choice.value][max(0, need - 1)]
                        if count:
                            old_count, old_weight = here[rest][need]
                            here[rest][need] = (
                                old_count + count,
                                old_weight + weight + choice.weight * count,
                            )
            tables.append(here)
        tables.reverse()
        return tables

    def _completions(self, index: int, rest: int, size: int, all_super: bool, weight: int) -> int:
        if self._suffix_all is None:
            self._suffix_all = self._suffix(only_super=False)
            self._suffix_super = self._suffix(only_super=True) if self.exclude else None
        need = max(0, self.min_size - size)
        count, weights = self._suffix_all[index][rest][need]
        if self.exclude and all_super:
            assert self._suffix_super is not None
            minus_count, minus_weights = self._suffix_super[index][rest][need]
            count -= minus_count
            weights -= minus_weights
        return weight * count + weights

    def walk(self, skip: int) -> Iterator[tuple[tuple[Choice, ...], int]]:
        """Sets in a stable order from entry number ``skip``, as (set, entries to skip in it)."""
        if skip >= self._completions(0, self.target, 0, True, 0):
            return
        yield from self._walk(0, self.target, (), True, 0, skip)

    def _walk(
        self,
        index: int,
        rest: int,
        chosen: tuple[Choice, ...],
        all_super: bool,
        weight: int,
        skip: int,
    ) -> Iterator[tuple[tuple[Choice, ...], int]]:
        if rest == 0:
            # Values are positive, so nothing more fits: the set is complete (the
            # caller only reaches here through a branch with entries in it).
            yield chosen, skip
            return
        for choice in self.items[index] if index < len(self.items) else ():
            if choice.value > rest:
                continue
            branch = (index + 1, rest - choice.value, len(chosen) + 1, all_super and choice.covers_super)
            inside = self._completions(*branch, weight + choice.weight)
            if skip >= inside:
                skip -= inside
                continue
            yield from self._walk(
                branch[0], branch[1], (*chosen, choice), branch[3], weight + choice.weight, skip
            )
            skip = 0
        if index < len(self.items):
            inside = self._completions(index + 1, rest, len(chosen), all_super, weight)
            if skip < inside:
                yield from self._walk(index + 1, rest, chosen, all_super, weight, skip)
