"""A pattern unit built on a shape predicate: check one laid sequence, list a hand's plays.

Checking: the identities of undeclared Shamans are solved from small candidate
lists (a clone's Shaman is one of four cards of the top's rank, a flush's one of
the suit's cards ...), never from all 52 per Shaman at once where a shape pins
them down, and every full assignment goes through the shape predicate.

Listing: set shapes, straights, eight straights and self mirrors are counted, not
enumerated (``counted.py``: a dynamic programme over the hand on the features every
earlier pattern's rule reads, and a walk that builds only the page asked for). The
others (mirrors, river plays, the Shaman neutralisation) generate the card sets
their shape allows (``shape_sets.py``) within the work budget. Both turn a set into
entries the same way for every unit:

* ``ANY`` order (clone, the add-on): one entry per set + top card + suit named,
  ``(n-1)!`` orderings, like the Beginner addition;
* a first-card rule (the set shapes): one entry per set + first + top + suit,
  the ``(n-2)!`` middle orders free;
* sequences (straights, mirrors): one entry per laid order.

A play is listed once, under the first pattern in registry order that accepts
it: each entry is dropped when an earlier pattern accepts it. Set shapes come
before sequence shapes in the registry, so an earlier pattern accepts either all
the orders an entry stands for or none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import product
from math import factorial

from ....kernel import ELEMENT_SUITS, Action, Card, LegalEntry, Rank, Suit, format_card
from ..matcher_api import MatchBudgetExceeded, MatchRules, PileContext, PlayReading
from ..values import REAL_CARDS, in_play_value
from .base import CardRule, Miss, OrderRule, Pattern, Slot
from .budget import CHECK_ADVICE, LIST_ADVICE, WorkBudget
from .census import Census
from .clone_totals import CloneTotals
from .common import declarations, identities_with_suit, shown, suit_choices, top_power
from .counted import (
    GRP,
    RUN_SHAPES,
    ChainedSets,
    CountedBlock,
    CountedSets,
    LazySets,
    PairBlock,
    Rule,
    may_own,
    pair_items,
    rule_for,
    run_items,
    set_items,
)
from .pair_totals import PairTotals
from .set_totals import (
    EightStraightTotals,
    FlushTotals,
    FourPairTotals,
    FullHouseTotals,
    OneRankTotals,
    SetTotals,
    StraightTotals,
    ThreeByThreeTotals,
    TwentyOneTotals,
)
from .shapes import FIRST_CARD_MESSAGE, NO_DECLARATION_MESSAGE, Lay, Shape, common_suits, first_ok
from .specs import SHAPE_REASONS, PatternSpec, SequenceRule, spec_reasons

#: Does an earlier pattern accept this laid play (cards, identities)?
Acceptor = Callable[[tuple[Card, ...], tuple[Card, ...]], bool]
#: One card of a play: the physical card and its identity.
Member = tuple[Card, Card]
#: Does an earlier pattern accept each class of a set's orders (see ``_classes``)?
ClassJudge = Callable[[tuple[Member, ...], range], list[bool]]
#: Generates the plays of a hand a unit's shape may allow: (lay, hand items, take every card?).
SetSource = Callable[[Lay, Sequence[Card], bool], Iterator[tuple[Member, ...]]]


class Laying(StrEnum):
    """How the orders of one card set become listing entries."""

    ANY = "any order, the top card chosen"
    FIRST = "first card chosen, the middle in any order"
    SEQUENCE = "the order is the play"


class Candidates(StrEnum):
    """How an undeclared Shaman's possible identities are narrowed for a check."""

    RANK = "one fixed rank"
    SUITED = "the cards of one suit"
    #: Same-suited cards whose in-play values reach a total (``sum_targets``): solved by values.
    SUIT_SUM = "the cards of one suit, by value"
    #: Same-suited cards in sequence (the straight): solved by suit, direction and start.
    SUIT_RUN = "the cards of one suit in sequence"
    GROUPS = "ranks of rank groups"
    RUN = "ranks fixed by a run"
    MIRROR = "ranks of the previous play"
    SELF_MIRROR = "ranks of the partner card"
    ANY = "any real card"


def _card_options(rank: Rank) -> tuple[Card, ...]:
    return tuple(c for c in REAL_CARDS if c.rank is rank)


_BY_RANK: dict[Rank, tuple[Card, ...]] = {rank: _card_options(rank) for rank in Rank}


@dataclass(frozen=True, slots=True, kw_only=True)
class ShapePattern(Pattern):
    """An Intermediate / Master pattern (or a Beginner sum's twin for special listings): its
    spec (``specs.py``: what the pattern is) and how the matcher searches and lists it."""

    spec: PatternSpec
    sets: SetSource
    laying: Laying
    candidates: Candidates
    #: How many candidate sets ``sets`` yields on a hand (None: not known), so that a listing
    #: skips its one-by-one trial when the trial is bound to fail (``census.py``).
    census: Census | None = None
    # -- read off the spec (never given) ---------------------------------------------------
    id: str = field(init=False)
    rule_id: str = field(init=False)
    level: str = field(init=False)
    #: The check (``specs.judge_of``): None when laid identities are the pattern, else why not.
    shape: Shape = field(init=False)
    min_cards: int = field(init=False)
    max_cards: int = field(init=False)
    #: For ``Candidates.RANK``: the rank every card takes (None: the top card's rank).
    rank: Rank | None = field(init=False)
    #: Whether the shape, but for the first-card rule, ignores which card is first.
    first_free: bool = field(init=False)
    #: For ``Candidates.GROUPS``: the rank counts that can work, checked before suits.
    rank_check: Callable[[list[int]], bool] | None = field(init=False)
    #: For ``Candidates.SUIT_SUM``: the totals of in-play values worth trying (signs: the
    #: first card counts plus, the others ``sum_sign``), from the lay.
    sum_targets: Callable[[Lay], tuple[int, ...]] | None = field(init=False)
    sum_sign: int = field(init=False)
    cards: CardRule = field(init=False)
    order: OrderRule = field(init=False)
    first_card_follows: bool = field(init=False)
    #: Every play of the shape has a multiple of this many cards (sets of three, pairs, two
    #: mirrored halves): a check of any other size has no solution to search for. ``takes``
    #: still admits it, so that its miss is the shape's own reason, as the rules word it.
    size_multiple: int = field(init=False)

    def __post_init__(self) -> None:
        spec = self.spec
        total = spec.total
        derived = {
            "id": spec.id,
            "rule_id": spec.rule_id,
            "level": spec.level,
            "shape": spec.judge,
            "min_cards": spec.least_cards,
            "max_cards": spec.most_cards,
            "rank": spec.fixed_rank,
            "first_free": spec.first_free,
            "rank_check": spec.rank_counts_fit if spec.ranks is not None else None,
            "sum_targets": total.sums_to_try if total is not None else None,
            "sum_sign": -1 if total is not None and total.difference else 1,
            "cards": CardRule.ONE_SUIT if spec.shared_suit else CardRule.ANY_SUITS,
            "order": spec.order,
            "first_card_follows": spec.first_follows_always,
            "size_multiple": spec.cards_multiple,
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def takes(self, count: int) -> bool:
        return self.min_cards <= count <= self.max_cards

    # -- one laid sequence ---------------------------------------------------------------
    def readings(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> tuple[tuple[PlayReading, ...], Miss | None]:
        return self.readings_on(Lay(ctx=ctx, rules=rules), slots)

    def readings_on(
        self, lay: Lay, slots: tuple[Slot, ...], budget: WorkBudget | None = None
    ) -> tuple[tuple[PlayReading, ...], Miss | None]:
        """Readings of ``slots``; each identity assignment judged spends one unit of ``budget``.

        Without a ``budget`` (a direct call) the call gets the rules' own budget.
        """
        if budget is None:
            laid = " ".join(format_card(s.card) for s in slots)
            budget = WorkBudget(lay.rules.check_budget, task=f"checking {laid}", advice=CHECK_ADVICE)
        found: dict[tuple[Card, ...], None] = {}
        code = None
        for ids in self._assignments(lay, slots):
            budget.spend()
            if ids in found:
                continue
            why = self.judge(ids, lay)
            if why is None:
                found[ids] = None
            elif code is None or all(s.identity is not None for s in slots):
                code = why
        cards = tuple(s.card for s in slots)
        if found:
            return tuple(self.reading(lay, cards, ids) for ids in found), None
        return (), self.miss(code or f"{self.id}_no_declaration_fits", cards, slots)

    def solutions(
        self, lay: Lay, slots: tuple[Slot, ...], budget: WorkBudget, avoid: tuple[int, Card] | None = None
    ) -> Iterator[tuple[Card, ...]]:
        """The identity tuples under which ``slots`` is this pattern, lazily, in the order
        ``readings_on`` lists them; each identity tried for an open slot (in a partial or a
        full assignment) spends one unit of ``budget``.

        The same search as ``readings_on``, with two shortcuts that drop only assignments
        the shape refuses anyway: a partial assignment is abandoned as soon as a rule it
        already breaks shows (``_partial_ok``), and an open slot whose self-mirror partner
        is known tries only that partner's rank. ``avoid`` (place, identity): only the
        tuples without that identity at that place.
        """
        if len(slots) % self.size_multiple:
            return
        fixed = tuple(s.identity for s in slots)
        open_at = [k for k, ident in enumerate(fixed) if ident is None]
        if not open_at:
            budget.spend()
            ids = tuple(i for i in fixed if i is not None)
            if avoid is None and self.judge(ids, lay) is None:
                yield ids
            return
        work: list[Card | None] = list(fixed)
        # The same declared identities are searched by every pattern of one check.
        known = lay.memo.get(("known", fixed), lambda: _Known([i for i in fixed if i is not None], lay.rules))
        if not self._partial_ok(work, lay, known, open_at):
            return
        seen: set[tuple[Card, ...]] = set()
        for options in self._open_options(lay, fixed, open_at, known):
            if avoid is not None:
                options = [
                    tuple(c for c in choices if c != avoid[1]) if place == avoid[0] else choices
                    for place, choices in zip(open_at, options, strict=True)
                ]
            yield from self._fill(lay, work, open_at, options, 0, seen, budget, known)

    def _fill(
        self,
        lay: Lay,
        work: list[Card | None],
        open_at: list[int],
        options: list[tuple[Card, ...]],
        depth: int,
        seen: set[tuple[Card, ...]],
        budget: WorkBudget,
        known: _Known,
    ) -> Iterator[tuple[Card, ...]]:
        place = open_at[depth]
        choices = options[depth]
        if self.candidates is Candidates.SELF_MIRROR:
            partner = work[len(work) - 1 - place]
            if partner is not None:
                choices = tuple(c for c in choices if c.rank is partner.rank)
        last = depth == len(open_at) - 1
        for identity in choices:
            work[place] = identity
            budget.spend()
            if last:
                # The declared slots never change within one search: the open ones tell
                # the assignments apart (a 24-card play hashes 3 cards, not 24).
                opened = tuple(work[k] for k in open_at)
                if opened in seen:
                    continue
                ids = tuple(work)
                if self.judge(ids, lay) is None:  # type: ignore[arg-type]
                    seen.add(opened)  # type: ignore[arg-type]
                    yield ids  # type: ignore[misc]
            elif self._partial_ok(
                work, lay, known, open_at, ranks_known=self.candidates is Candidates.GROUPS
            ):
                yield from self._fill(lay, work, open_at, options, depth + 1, seen, budget, known)
        work[place] = None

    def _first_follows(self, lay: Lay) -> bool:
        """Whether the first card must follow the pile (or, neutralising, be a 2 or the value)."""
        return self.spec.first_follows(lay)

    def _partial_ok(
        self,
        ids: list[Card | None],
        lay: Lay,
        known: _Known,
        open_at: list[int],
        *,
        ranks_known: bool = False,
    ) -> bool:
        """False when the identities known so far already break this shape (sound: a True
        promises nothing, a False means no completion of ``ids`` is this pattern). What it
        reads is the spec's: the first-card rule, the 8 rule of a mixed-suit play, the shared
        suit, the one rank, the most cards of a rank and the most ranks, the mirrored halves.
        ``known`` sums up the play's declared identities (the slots not in ``open_at``), so
        that only the open slots assigned so far are read here.
        ``ranks_known``: the open slots' ranks were picked by ``_group_options``, which keeps
        every rank within its most cards and the play within its most ranks."""
        spec = self.spec
        rules = lay.rules
        added = [i for i in (ids[k] for k in open_at) if i is not None]
        first = ids[0]
        if first is not None and spec.first_follows(lay) and not first_ok(first, lay):
            return False
        eights = spec.bars_eights and rules.eight_must_share_suit and len(ids) > 1
        if eights and (known.eight or any(i.rank is Rank.EIGHT for i in added)):
            return False
        if spec.shared_suit and not known.suits & common_suits(tuple(added), rules):
            return False
        one = spec.one_rank
        if one is not None and (one.rank is not None or one.of_top):
            want = one.rank if one.rank is not None else lay.ctx.top.rank
            return all(r is want for r in known.ranks) and all(i.rank is want for i in added)
        limit = spec.most_of_a_rank
        if limit is not None:
            if ranks_known:
                return True  # the ranks came from ``_group_options``, within these limits
            counts = dict(known.ranks)
            for i in added:
                counts[_rank(i)] = counts.get(_rank(i), 0) + 1
            if counts and max(counts.values()) > limit:
                return False
            return len(counts) <= spec.most_ranks
        if spec.sequence is SequenceRule.SELF_MIRROR:
            size = len(ids)
            if size % 2:
                return False
            for k in range(size // 2):
                a, b = ids[k], ids[size - 1 - k]
                if a is not None and b is not None and a.rank is not b.rank:
                    return False
            half = size // 2
            for part in (ids[:half], ids[half:]):
                if not common_suits(tuple(i for i in part if i is not None), rules):
                    return False
        return True

    def first_miss(self, lay: Lay, slots: tuple[Slot, ...]) -> Miss:
        """The miss ``readings_on`` reports when ``slots`` has no reading: the reason of the
        first assignment it judges (every one fails), or no declaration fits."""
        first = next(iter(self._assignments(lay, slots)), None)
        code = None if first is None else self.judge(first, lay)
        cards = tuple(s.card for s in slots)
        return self.miss(code or f"{self.id}_no_declaration_fits", cards, slots)

    def judge(self, ids: tuple[Card, ...], lay: Lay) -> str | None:
        """None when ``ids`` (laid in this order) is this pattern on ``lay``, else the reason code."""
        if lay.neutral and all(i.rank is Rank.TWO for i in ids):
            return "twos_only_twos_add_on"
        return self.shape(ids, lay)

    def accepts(self, lay: Lay, cards: tuple[Card, ...], ids: tuple[Card, ...]) -> bool:
        return self.takes(len(ids)) and self.judge(ids, lay) is None

    def class_verdicts(self, lay: Lay, members: tuple[Member, ...], classes: range) -> list[bool]:
        """Whether each class of the set's orders (see ``_classes``) is this pattern.

        When the shape's structure does not depend on which card is first (all but the
        subtraction), it is judged once and only the first-card rule per first card.
        """
        if not self.takes(len(members)):
            return [False] * len(classes)
        if self.first_free and len(classes) > 1:
            _, ids = _representative(members, 0)
            code = self.judge(ids, lay)
            if code is not None and code != "first_card_does_not_follow":
                return [False] * len(classes)
            if self.first_card_follows or lay.neutral:
                return [first_ok(identity, lay) for _, identity in members]
            return [True] * len(classes)
        return [self.accepts(lay, *_representative(members, first)) for first in classes]

    def class_judge(self, lay: Lay) -> ClassJudge:
        return lambda members, classes: self.class_verdicts(lay, members, classes)

    def reading(self, lay: Lay, cards: tuple[Card, ...], ids: tuple[Card, ...]) -> PlayReading:
        text = ", ".join(shown(c, i) for c, i in zip(cards, ids, strict=True))
        return PlayReading(
            pattern=self.id,
            rule_id=self.rule_id,
            cards=cards,
            identities=ids,
            declarations=declarations(cards, ids),
            description=f"{text} on {format_card(lay.ctx.top)}: {self.id.replace('_', ' ')}",
            top_power=top_power(ids[-1]),
        )

    def miss(self, code: str, cards: tuple[Card, ...], slots: tuple[Slot, ...]) -> Miss:
        if code == "first_card_does_not_follow":
            code = f"{self.id}_first_card_does_not_follow"
        # The spec's own reasons first: a pattern outside ``specs.SPECS`` (a test's) has them.
        own = spec_reasons(self.spec).get(code)
        message, rule_id = own if own is not None else shape_reason(code)
        laid = " ".join(format_card(c) for c in cards)
        if any(s.identity is None for s in slots):
            message += " (under any declaration of the Shamans)"
        return Miss(code=code, rule_id=rule_id or self.rule_id, message=f"{laid}: {message}")

    def _assignments(self, lay: Lay, slots: tuple[Slot, ...]) -> Iterator[tuple[Card, ...]]:
        """Candidate identity tuples: fixed identities kept, open Shamans from narrowed lists."""
        fixed = tuple(s.identity for s in slots)
        open_at = [k for k, ident in enumerate(fixed) if ident is None]
        if not open_at:
            yield tuple(i for i in fixed if i is not None)
            return
        declared = _Known([i for i in fixed if i is not None], lay.rules)
        for options in self._open_options(lay, fixed, open_at, declared):
            for chosen in product(*options):
                ids = list(fixed)
                for k, identity in zip(open_at, chosen, strict=True):
                    ids[k] = identity
                yield tuple(i for i in ids if i is not None)

    def _open_options(
        self, lay: Lay, fixed: tuple[Card | None, ...], open_at: list[int], declared: _Known
    ) -> Iterator[list[tuple[Card, ...]]]:
        """Per open slot, the identities worth trying (one list per branch of the search);
        ``declared``: the declared identities of ``fixed`` summed up."""
        known = [i for i in fixed if i is not None]
        kind = self.candidates
        if kind is Candidates.RANK:
            rank = self.rank or lay.ctx.top.rank
            assert rank is not None
            yield [_BY_RANK[rank]] * len(open_at)
        elif kind is Candidates.SUITED:
            for suit in sorted(declared.suits):
                yield [identities_with_suit(suit, lay.rules)] * len(open_at)
        elif kind is Candidates.SUIT_SUM:
            yield from self._sum_options(lay, fixed, open_at)
        elif kind is Candidates.SUIT_RUN:
            for suit in sorted(declared.suits):
                yield from _run_options(fixed, open_at, suit, lay)
        elif kind is Candidates.MIRROR:
            back = tuple(reversed(lay.ctx.previous_play))
            if len(back) == len(fixed):
                yield [_BY_RANK[_rank(back[k])] for k in open_at]
        elif kind is Candidates.RUN:
            if known:
                place = next(k for k, i in enumerate(fixed) if i is not None)
                anchor = _rank(known[0]).ordinal
                for step in (1, -1):
                    yield [_BY_RANK[_nth_rank(anchor + step * (k - place))] for k in open_at]
        elif kind is Candidates.ANY:
            yield [REAL_CARDS] * len(open_at)
        elif kind is Candidates.SELF_MIRROR:
            options = []
            for k in open_at:
                partner = fixed[len(fixed) - 1 - k]
                options.append(_BY_RANK[_rank(partner)] if partner is not None else REAL_CARDS)
            yield options
        else:
            yield from self._group_options(declared.ranks, len(open_at))

    def _sum_options(
        self, lay: Lay, fixed: tuple[Card | None, ...], open_at: list[int]
    ) -> Iterator[list[tuple[Card, ...]]]:
        """Per suit, the open slots' values that reach a target, each value's identities."""
        assert self.sum_targets is not None
        signs = [1 if k == 0 else self.sum_sign for k in range(len(fixed))]
        base = sum(sign * in_play_value(i) for i, sign in zip(fixed, signs, strict=True) if i is not None)
        open_signs = [signs[k] for k in open_at]
        targets = set(self.sum_targets(lay))
        known = tuple(i for i in fixed if i is not None)
        # An open first slot only takes identities that may start the play (``_partial_ok``
        # would drop the others at once): its values are only theirs.
        first_open = bool(open_at) and open_at[0] == 0 and self._first_follows(lay)
        for suit in sorted(common_suits(known, lay.rules)):
            by_value = _values_of_suit(suit, lay.rules)
            per_slot = [by_value] * len(open_at)
            if first_open:
                starters = {v: tuple(i for i in ids if first_ok(i, lay)) for v, ids in by_value.items()}
                per_slot[0] = {v: ids for v, ids in starters.items() if ids}
                if not per_slot[0]:
                    continue
            for values in _value_tuples(open_signs, [sorted(m) for m in per_slot], base, targets):
                yield [m[v] for m, v in zip(per_slot, values, strict=True)]

    def _group_options(self, declared: dict[Rank, int], open_count: int) -> Iterator[list[tuple[Card, ...]]]:
        """Rank groups: try rank tuples for the open Shamans first, then all their suits.

        Rank tuples come in product order; a prefix that already puts too many cards on a
        rank, opens too many ranks, or leaves ranks short of their group size by more than
        the open slots left, is not grown (no tuple it leads to passes ``rank_check``).
        """
        ranks = sorted(declared, key=lambda r: r.ordinal)
        pool = tuple(Rank) if open_count >= 2 else tuple(ranks)
        counts = dict(declared)
        spec = self.spec
        most = spec.most_of_a_rank or 55
        widest = spec.most_ranks
        chosen: list[Rank] = []

        least = spec.least_of_a_rank

        def grow(short: int) -> Iterator[list[tuple[Card, ...]]]:
            """``short``: the cards the ranks chosen so far still lack to reach ``least``."""
            left = open_count - len(chosen)
            if short > left:
                return  # some rank can no longer reach its group size
            if not left:
                if self.rank_check is None or self.rank_check(sorted(counts.values())):
                    yield [_BY_RANK[r] for r in chosen]
                return
            # With no slot to spare, only a rank still short of its group can take one (a new
            # rank would fall short itself; the prefix check above would drop it a step later).
            tight = least > 1 and short == left
            for rank in pool:
                had = counts.get(rank, 0)
                if had + 1 > most or (not had and len(counts) + 1 > widest):
                    continue
                if tight and not 0 < had < least:
                    continue
                counts[rank] = had + 1
                chosen.append(rank)
                if not least or had >= least:
                    after = short
                elif had:
                    after = short - 1  # a short rank comes one card nearer its group
                else:
                    after = short + least - 1  # a new rank, one card of its group
                yield from grow(after)
                chosen.pop()
                if had:
                    counts[rank] = had
                else:
                    del counts[rank]

        yield from grow(sum(max(0, least - c) for c in counts.values()) if least else 0)

    # -- all plays of a hand ---------------------------------------------------------------
    def blocks(
        self, ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, seat: int
    ) -> Iterator[ListedBlock | CountedBlock | PairBlock]:
        yield self.listed(Lay(ctx=ctx, rules=rules), hand, seat, earlier=(), take_all=False)

    def listed(
        self,
        lay: Lay,
        hand: Sequence[Card],
        seat: int,
        *,
        earlier: Sequence[ClassJudge],
        take_all: bool,
        river: Card | None = None,
        label: tuple[str, ...] | None = None,
        budget: WorkBudget | None = None,
        earlier_rules: Callable[[], Sequence[Rule | None]] | None = None,
    ) -> ListedBlock | CountedBlock | PairBlock:
        """Every play of this pattern from ``hand`` not accepted by an ``earlier`` pattern.

        Each candidate set examined spends one unit of ``budget`` (its judgement by this
        pattern and, when accepted, by the earlier ones); without a ``budget``: the rules' own.
        """
        if budget is None:
            budget = WorkBudget(
                lay.rules.list_budget, task=f"listing {len(hand)} cards as {self.id}", advice=LIST_ADVICE
            )
        laying = self.laying
        if laying is Laying.ANY and lay.neutral:
            laying = Laying.FIRST
        patterns = label or (self.id,)
        candidates = self._candidates(lay, hand, take_all)
        if candidates == 0:
            # Every census is 0 exactly when its source yields no set: nothing to judge (most
            # shapes of an ordinary hand, whose enumeration would still walk the hand).
            return ListedBlock([], laying=laying, seat=seat, patterns=patterns, river=river)
        rules = self._count_rules(lay, laying, earlier_rules, take_all)
        if rules is None:
            rows = self._enumerated(lay, hand, laying, earlier, take_all, budget)
            return ListedBlock(rows, laying=laying, seat=seat, patterns=patterns, river=river)
        counted = None
        surely_many = False
        candidates = candidates or 0
        if self.id == "self_mirror" and ENUMERATE_FIRST > 0 and not take_all:
            # The self mirror has no census, but its totals cost far less than its trial:
            # past SELF_MIRROR_FIRST entries it is counted (MD-33). Its source yields
            # every laid self mirror of the suits, owned or not, so a trial of that many
            # entries judged several hundred candidates and failed nearly every time.
            counted = self._counted(lay, hand, laying, rules, budget, cheap=True)
            surely_many = isinstance(counted, LazySets) and counted.entries > SELF_MIRROR_FIRST
        elif ENUMERATE_FIRST > 0 and candidates > COUNT_FIRST:
            # Past COUNT_FIRST candidates, a dedicated counter's totals (the programme built
            # only for a page that reaches the block) cost less than judging each set.
            counted = self._counted(lay, hand, laying, rules, budget, cheap=True)
            surely_many = isinstance(counted, LazySets)
        if isinstance(counted, LazySets) and not counted.entries:
            # A dedicated counter's totals are exact: none left for this shape, nothing to judge.
            return ListedBlock([], laying=laying, seat=seat, patterns=patterns, river=river)
        if ENUMERATE_FIRST > 0 and not surely_many and candidates <= ENUMERATE_FIRST:
            # Ordinary hands have few candidate sets: judging them one by one is far cheaper
            # than setting up the counting programme, which is kept for the hands that have many.
            room = budget.limit - budget.spent
            trial = WorkBudget(min(ENUMERATE_FIRST, room), task=budget.task, advice=budget.advice)
            try:
                few = self._enumerated(lay, hand, laying, earlier, take_all, trial)
            except MatchBudgetExceeded:
                few = None
            budget.spend(trial.spent)  # refused here when the trial had the call's whole room
            if few is not None:
                return ListedBlock(few, laying=laying, seat=seat, patterns=patterns, river=river)
        if counted is None:
            counted = self._counted(lay, hand, laying, rules, budget)
        assert counted is not None

        def rows_block(rows: list[Row]) -> ListedBlock:
            return ListedBlock(rows, laying=laying, seat=seat, patterns=patterns, river=river)

        if counted.pairs:
            return PairBlock(counted, rows_block)
        return CountedBlock(counted, rows_block)

    def _candidates(self, lay: Lay, hand: Sequence[Card], take_all: bool) -> int | None:
        """The candidate sets the source yields, from the census without walking them (None
        where there is none: the trial is then always tried). More than ``ENUMERATE_FIRST``:
        the trial would spend its units and fail."""
        if self.census is None or take_all:
            return None
        return self.census(lay, hand)

    def _enumerated(
        self,
        lay: Lay,
        hand: Sequence[Card],
        laying: Laying,
        earlier: Sequence[ClassJudge],
        take_all: bool,
        budget: WorkBudget,
    ) -> list[Row]:
        """The rows of this pattern's sets from ``hand``, judged one by one (each spends a unit)."""
        rows: list[Row] = []
        for members in self.sets(lay, hand, take_all):
            budget.spend()
            # Acceptance, here and by earlier patterns, is fixed by the set and (with a
            # first-card rule) its first card, since set shapes come before sequence
            # shapes: one representative order is judged per class.
            classes = _classes(members, laying)
            mine = self.class_verdicts(lay, members, classes)
            if not any(mine):
                continue
            taken = [judge(members, classes) for judge in earlier]
            for place, first in enumerate(classes):
                if mine[place] and not any(verdicts[place] for verdicts in taken):
                    rows.append((members, first))
        return rows

    def _count_rules(
        self,
        lay: Lay,
        laying: Laying,
        earlier_rules: Callable[[], Sequence[Rule | None]] | None,
        take_all: bool,
    ) -> tuple[Rule, list[Rule]] | None:
        """This shape's counting rule and the earlier patterns' rules that may own its plays,
        or None where it has no count (it is enumerated then)."""
        if take_all or earlier_rules is None or self.id == "mirror":
            return None
        if laying is Laying.SEQUENCE and self.id not in RUN_SHAPES:
            return None
        mine = rule_for(self, lay)
        if mine is None:
            return None
        earlier = earlier_rules()
        if None in earlier:
            return None
        sizes = self.min_cards, self.max_cards
        owners = [r for r in earlier if r is not None and r.low <= sizes[1] and sizes[0] <= r.high]
        if self.id not in RUN_SHAPES and any(r.id in RUN_SHAPES for r in owners):
            return None  # a run's rule judges only the runs its walk lays
        return mine, owners

    def _counted(
        self,
        lay: Lay,
        hand: Sequence[Card],
        laying: Laying,
        rules: tuple[Rule, list[Rule]],
        budget: WorkBudget,
        *,
        cheap: bool = False,
    ) -> CountedSets | ChainedSets | LazySets | None:
        """The counted listing of this set shape (``rules`` from ``_count_rules``); ``cheap``:
        only where its totals come from a dedicated counter (``PairTotals``, ``set_totals``),
        else None."""
        mine, owners = rules
        if self.id == "self_mirror":
            # A self mirror repeats every rank an even number of times, its total is even and
            # its last card has the first card's value: never a run, a twenty-one, a
            # subtraction, a full house or a three by three, so those do not own it.
            never = (
                "straight",
                "eight_straight",
                "twenty_one",
                "subtraction",
                "full_house",
                "three_by_three",
            )
            owners = [r for r in owners if r.id not in never]
            owners = may_own(self.id, owners, lay.rules)

            def pair_programme() -> CountedSets:
                return CountedSets(
                    pair_items(hand),
                    lay,
                    mine,
                    owners,
                    fixed_first=True,
                    by_rank=True,
                    pairs=True,
                    budget=budget,
                )

            pairs = PairTotals(hand, lay, mine, owners, budget)
            if not pairs.supported:
                return None if cheap else pair_programme()
            return LazySets(pairs.entries, pairs.entries, pair_programme, pairs=True)
        if self.id in RUN_SHAPES:
            suits: tuple[Suit | None, ...] = ELEMENT_SUITS if self.id == "straight" else (None,)
            low, high = self.min_cards, self.max_cards
            owners = may_own(self.id, owners, lay.rules)

            def run_parts() -> list[CountedSets]:
                parts = []
                for suit in suits:
                    for start in range(13):
                        for step in (1, -1):
                            items = run_items(hand, lay, suit, start, step, low, high)
                            sets = CountedSets(
                                items,
                                lay,
                                mine,
                                owners,
                                fixed_first=True,
                                by_rank=True,
                                sequence=True,
                                budget=budget,
                            )
                            parts.append(sets)
                return parts

            run_totals = StraightTotals if self.id == "straight" else EightStraightTotals
            runs = run_totals(hand, lay, mine, owners, budget)
            if runs.supported:
                return LazySets(
                    runs.entries, runs.plays, lambda: ChainedSets(self.id, run_parts()), pairs=False
                )
            return None if cheap else ChainedSets(self.id, run_parts())
        # The walk order (rank by rank or not) follows every owner the sizes allow (MD-24);
        # the programme itself tracks only the owners that can accept one of this shape's sets.
        by_rank = any(GRP in r.needs for r in (mine, *owners))
        owners = may_own(self.id, owners, lay.rules)
        first = laying is Laying.FIRST

        def programme() -> CountedSets:
            items = set_items(hand, fixed_first=first, by_rank=by_rank)
            return CountedSets(items, lay, mine, owners, fixed_first=first, by_rank=by_rank, budget=budget)

        totals_of = _SET_TOTALS.get(self.id)
        if totals_of is not None and first == totals_of.FIRST_CARD:
            totals = totals_of(hand, lay, mine, owners, budget)
            if totals.supported:
                return LazySets(totals.entries, totals.plays, programme, pairs=False)
        return None if cheap else programme()


#: Shapes whose totals come from a dedicated counter (``set_totals``), the programme built
#: only when a page reaches their block.
_SET_TOTALS: dict[str, type[SetTotals]] = {
    "clone": CloneTotals,
    "twenty_one": TwentyOneTotals,
    "full_house": FullHouseTotals,
    "flush": FlushTotals,
    "three_by_three": ThreeByThreeTotals,
    "heaven": OneRankTotals,
    "hell": OneRankTotals,
    "four_of_a_kind": OneRankTotals,
    "four_pair": FourPairTotals,
}

#: Candidate sets a listing judges one by one before it counts instead (0: always count
#: where a count exists). The matcher tests run with both settings.
ENUMERATE_FIRST = 400
#: Candidate sets past which a shape with a dedicated counter (``set_totals``) counts
#: instead of trying its sets one by one (MD-31; measured: ``docs/dev/matcher-worst-hand.md``).
COUNT_FIRST = 100
#: Entries of its own totals past which a self mirror counts instead of trying (MD-33).
SELF_MIRROR_FIRST = 100


class _Known:
    """What ``ShapePattern._partial_ok`` reads of a play's declared identities, read once
    per check instead of at every partial assignment (a 24-card play has 21 of them), and
    each part only when a shape first asks for it (most searches stop at their first test)."""

    __slots__ = ("_eight", "_ids", "_ranks", "_rules", "_suits")

    def __init__(self, ids: list[Card], rules: MatchRules) -> None:
        self._ids, self._rules = ids, rules
        self._suits: frozenset[Suit] | None = None
        self._eight: bool | None = None
        self._ranks: dict[Rank, int] | None = None

    @property
    def suits(self) -> frozenset[Suit]:
        """The suits they all share."""
        if self._suits is None:
            self._suits = common_suits(tuple(self._ids), self._rules)
        return self._suits

    @property
    def eight(self) -> bool:
        """Whether one of them is an 8."""
        if self._eight is None:
            self._eight = any(i.rank is Rank.EIGHT for i in self._ids)
        return self._eight

    @property
    def ranks(self) -> dict[Rank, int]:
        """How many of them there are of each rank (not to be changed by the caller)."""
        if self._ranks is None:
            self._ranks = _count([_rank(i) for i in self._ids])
        return self._ranks


def _classes(members: tuple[Member, ...], laying: Laying) -> range:
    """The classes of a set's orders: one (-1: no first card fixed), or one per first card."""
    if laying is Laying.FIRST and len(members) > 1:
        return range(len(members))
    return range(-1, 0)


def _representative(members: tuple[Member, ...], first: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    laid = members if first < 0 else (members[first], *members[:first], *members[first + 1 :])
    return tuple(c for c, _ in laid), tuple(i for _, i in laid)


#: One accepted class of plays: the set (a sequence: the laid order) and its first card (-1: free).
Row = tuple[tuple[Member, ...], int]


class ListedBlock:
    """Entries counted per accepted class; ``LegalEntry`` objects are built only for a page.

    A class stands for one entry per top card (not the fixed first card) and suit named
    there: sequences have their top fixed, the free cards lie between first and top.
    """

    def __init__(
        self,
        rows: list[Row],
        *,
        laying: Laying,
        seat: int,
        patterns: tuple[str, ...],
        river: Card | None,
    ) -> None:
        self._rows = rows
        self._laying = laying
        self._seat = seat
        self._patterns = patterns
        self._river = river
        self._sizes = [sum(len(suit_choices(i)) for _, i in self._tops(row)) for row in rows]
        self.entries = sum(self._sizes)
        self.plays = sum(size * self._orderings(row) for size, row in zip(self._sizes, rows, strict=True))

    def _tops(self, row: Row) -> tuple[Member, ...]:
        members, first = row
        if self._laying is Laying.SEQUENCE or len(members) == 1:
            return (members[-1],)
        return tuple(m for k, m in enumerate(members) if k != first)

    def _orderings(self, row: Row) -> int:
        members, first = row
        if self._laying is Laying.SEQUENCE:
            return 1
        return factorial(max(0, len(members) - (1 if first < 0 else 2)))

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]:
        for size, row in zip(self._sizes, self._rows, strict=True):
            if skip >= size:
                skip -= size
                continue
            for laid in self._laid(row):
                cards = tuple(c for c, _ in laid)
                ids = tuple(i for _, i in laid)
                suits = suit_choices(ids[-1])
                if skip >= len(suits):
                    skip -= len(suits)
                    continue
                for suit in suits[skip:]:
                    yield self._entry(row, cards, ids, suit)
                skip = 0

    def _laid(self, row: Row) -> Iterator[tuple[Member, ...]]:
        members, first = row
        if self._laying is Laying.SEQUENCE or len(members) == 1:
            yield members
            return
        lead = () if first < 0 else (members[first],)
        for place, top in enumerate(members):
            if place != first:
                yield (*lead, *(m for k, m in enumerate(members) if k not in (first, place)), top)

    def _entry(
        self, row: Row, cards: tuple[Card, ...], ids: tuple[Card, ...], suit: Suit | None
    ) -> LegalEntry:
        members, first = row
        orderings = self._orderings(row)
        note = None
        if orderings > 1:
            start = 1 if first < 0 else 2
            note = f"cards {start}..{len(members) - 1} in any order"
        if self._river is not None:
            used = f"uses the river {format_card(self._river)}"
            note = f"{note}; {used}" if note else used
        action = Action(
            type="play", seat=self._seat, cards=cards, suit=suit, declare=declarations(cards, ids)
        )
        return LegalEntry(action=action, orderings=orderings, note=note, patterns=self._patterns)


def _values_of_suit(suit: Suit, rules: MatchRules) -> dict[int, tuple[Card, ...]]:
    out: dict[int, list[Card]] = {}
    for identity in identities_with_suit(suit, rules):
        out.setdefault(in_play_value(identity), []).append(identity)
    return {value: tuple(cards) for value, cards in out.items()}


def _value_tuples(
    signs: list[int], values: list[list[int]], base: int, targets: set[int]
) -> Iterator[tuple[int, ...]]:
    """Value tuples, one per open slot (``values[k]``: the slot's own), with
    ``base + sum(sign * value)`` in ``targets``."""
    # least[k] / most[k]: the lowest and highest the slots from k on can add.
    least = [0] * (len(signs) + 1)
    most = [0] * (len(signs) + 1)
    for k in range(len(signs) - 1, -1, -1):
        low, high = min(values[k]), max(values[k])
        least[k] = least[k + 1] + (low if signs[k] > 0 else -high)
        most[k] = most[k + 1] + (high if signs[k] > 0 else -low)

    def grow(place: int, total: int) -> Iterator[tuple[int, ...]]:
        if place == len(signs):
            if total in targets:
                yield ()
            return
        below, above = least[place + 1], most[place + 1]
        for value in values[place]:
            reach = total + signs[place] * value
            if any(reach + below <= t <= reach + above for t in targets):
                for tail in grow(place + 1, reach):
                    yield (value, *tail)

    yield from grow(0, base)


def _run_options(
    fixed: tuple[Card | None, ...], open_at: list[int], suit: Suit, lay: Lay
) -> Iterator[list[tuple[Card, ...]]]:
    """A straight of ``suit``: the open slots' identities per direction and start rank."""
    covering = identities_with_suit(suit, lay.rules)
    anchored = next(((k, i) for k, i in enumerate(fixed) if i is not None), None)
    for step in (1, -1):
        starts: range | tuple[int, ...]
        if anchored is None:
            starts = range(13)
        else:
            place, identity = anchored
            starts = ((_rank(identity).ordinal - 1 - step * place) % 13,)
        for start in starts:
            options = []
            for k in open_at:
                rank = _nth_rank(start + 1 + step * k)
                options.append(tuple(c for c in covering if c.rank is rank))
            yield options


def shape_reason(code: str) -> tuple[str, str | None]:
    """Message and rule id of a code (rule id None: the unit's own rule)."""
    if code.endswith("_first_card_does_not_follow"):
        return FIRST_CARD_MESSAGE, None
    if code.endswith("_no_declaration_fits"):
        return NO_DECLARATION_MESSAGE, None
    return SHAPE_REASONS[code]


def _rank(card: Card) -> Rank:
    assert card.rank is not None
    return card.rank


def _nth_rank(ordinal: int) -> Rank:
    return tuple(Rank)[(ordinal - 1) % 13]


def _count(ranks: list[Rank]) -> dict[Rank, int]:
    out: dict[Rank, int] = {}
    for rank in ranks:
        out[rank] = out.get(rank, 0) + 1
    return out
