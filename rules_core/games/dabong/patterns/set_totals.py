"""Exact totals of a hand's counted set shapes and runs, without the card-by-card programme.

``CountedSets`` counts a shape card by card on the features of every earlier pattern that
may own its plays; for a flush or a full house of a 26-card hand with three Shamans that is
ten thousand states, each Shaman offering 52 identities (``docs/dev/matcher-worst-hand.md``).
As for the self mirrors (``pair_totals``), the listing's first page never needs that
programme, only the block's totals, so they come from here and the programme is built only
when a page reaches the block (MD-30).

The count is *all the shape's (set, first card) pairs* less *those an earlier pattern
owns* (R-DABONG-M11), each part by the method that suits it:

* All of them, as generating functions: each card multiplies four polynomials in the
  number of cards (no mark, the first card marked, the top card marked, both), packed
  into integers as in ``pair_totals``; a shared suit by inclusion-exclusion over the suits
  every card covers; rank shapes rank by rank, the Shamans (alike but for their names)
  counted by how many are used; runs place by place, their ranks fixing their totals.
* Owned by a same-suit sum (addition, subtraction, twenty-one): only sets of total 21 or
  less, counted forward on (total, Aces, the first card's value), the cards' number again
  a packed polynomial.
* Owned by a one-rank or rank-group pattern (clone, full house, a flush of rank groups):
  such a set shares a suit only through Shamans, Jacks and wild 8s, so those sets are few
  and are enumerated, each judged against the sums too so that nothing is taken twice.

Facing 2s (a neutralising lay) the same counts apply (MD-35): the first-card rule
is read from the identities' facts, and four of a kind leaves its 2s out (an add-on). An
owner this does not cover (of another kind) gives ``supported`` False, and the card-by-card
programme counts as before. The tests hold these totals equal to the programme's
(``tests/dabong/matcher/test_set_totals.py``), facing 2s too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb, factorial

from ....kernel import ELEMENT_SUITS, Card, Rank, Suit
from ..values import REAL_CARDS, identity_choices, rank_in_play_value
from .budget import WorkBudget
from .common import ALL_SUIT_BITS
from .counted import Rule, StateMeter
from .pair_totals import COEFFICIENT, SLOT
from .shapes import Lay, identity_facts

#: The owners each shape's totals can judge (after ``counted.may_own``).
_FLUSH_OWNERS = frozenset({"addition", "subtraction", "twenty_one", "clone", "full_house"})
_FULL_HOUSE_OWNERS = frozenset({"addition", "twenty_one"})
_TWENTY_ONE_OWNERS = frozenset({"addition", "subtraction", "clone"})
_GROUP_OWNERS = frozenset({"flush"})
_ONE_RANK_OWNERS = frozenset({"addition", "subtraction", "twenty_one", "clone", "flush", "twos_add_on"})
#: The one-rank shapes and their rank (None: any).
_ONE_RANK: dict[str, Rank | None] = {"four_of_a_kind": None, "heaven": Rank.SEVEN, "hell": Rank.SIX}
_STRAIGHT_OWNERS = frozenset({"addition", "subtraction", "twenty_one", "flush"})
_EIGHT_STRAIGHT_OWNERS = frozenset({"flush", "straight"})
_SUMS = frozenset({"addition", "subtraction", "twenty_one"})
#: Past this total no same-suit sum owns a set (addition <= 14, subtraction <= 18, 21).
_SUM_REACH = 21

#: Four packed polynomials in the number of cards: no mark, first marked, top marked, both.
Marked = tuple[int, int, int, int]
#: One card's identities, summed: (how many, how many may lead, suits named as the top).
Element = tuple[int, int, int]
#: A member of a set: (card, identity).
Member = tuple[Card, Card]


@dataclass(frozen=True, slots=True)
class SetFacts:
    """What the owners' take-away reads of one enumerated same-suited set."""

    total: int
    #: Aces among its identities, up to 2 (what ``makes_21`` tells apart).
    aces: int
    #: The suits each identity may name, summed (each is a possible top card's weight).
    weights: int
    #: Laid orders per (set, first card, top card): the middle cards in any order.
    orderings: int
    #: (weight, in-play value) of each identity that may lead.
    leads: tuple[tuple[int, int], ...]


#: (total, Aces up to 2, weights, leads) of part of a set, as ``SetFacts`` holds them.
_PartFacts = tuple[int, int, int, tuple[tuple[int, int], ...]]

_SUIT_SETS: tuple[frozenset[Suit], ...] = tuple(
    frozenset(s for k, s in enumerate(ELEMENT_SUITS) if mask >> k & 1) for mask in range(1, 16)
)


def _grow(p: Marked, element: Element, *, required: bool = False) -> Marked:
    """``p`` times one card: left out (unless ``required``), in, in as the first, in as the top."""
    p00, p10, p01, p11 = p
    a, lead, top = element
    s00, s10, s01, s11 = p00 << SLOT, p10 << SLOT, p01 << SLOT, p11 << SLOT
    grown = (s00 * a, s10 * a + s00 * lead, s01 * a + s00 * top, s11 * a + s01 * lead + s10 * top)
    if required:
        return grown
    return (p00 + grown[0], p10 + grown[1], p01 + grown[2], p11 + grown[3])


def makes_21(total: int, aces: int) -> bool:
    """Whether in-play values of ``total`` make 21 with some of the ``aces`` counted 11."""
    missing = 21 - total
    return missing >= 0 and missing % 10 == 0 and missing // 10 <= aces


def _at(marked: Marked, n: int) -> Marked:
    """The four coefficients of ``n`` cards."""
    shift = SLOT * n
    return tuple((p >> shift) & COEFFICIENT for p in marked)  # type: ignore[return-value]


def _times(p: Marked, q: Marked, shift: int) -> Marked:
    """``p`` times the constant ``q`` of ``shift`` more cards (one mark of each kind at most)."""
    p00, p10, p01, p11 = p
    q00, q10, q01, q11 = q
    return (
        (p00 * q00) << shift,
        (p10 * q00 + p00 * q10) << shift,
        (p01 * q00 + p00 * q01) << shift,
        (p11 * q00 + p10 * q01 + p01 * q10 + p00 * q11) << shift,
    )


class SetTotals(ABC):
    """What both shapes' totals share: the lay's facts per identity and the budget."""

    #: The owners this count can judge (after ``counted.may_own``).
    OWNERS: frozenset[str] = frozenset()
    #: Whether it counts plays with a first card (laid first), or laid in any order.
    FIRST_CARD = True

    def __init__(
        self,
        hand: Sequence[Card],
        lay: Lay,
        mine: Rule,
        owners: Sequence[Rule],
        budget: WorkBudget | None = None,
    ) -> None:
        self._lay = lay
        self._mine = mine
        self._owner_ids = frozenset(o.id for o in owners)
        #: Fewest and most cards each owner accepts.
        self._bounds = {o.id: (o.low, o.high) for o in owners}
        self._meter = StateMeter(budget)
        rules = lay.rules
        facts = identity_facts(lay)
        self._suits, self._bits, self._lead = facts.suits, facts.bits, facts.lead
        self._weight, self._value = facts.weight, facts.value
        self._banned_8 = rules.eight_must_share_suit
        self.entries = 0
        self.plays = 0
        #: False where this count does not apply (an owner of another kind): the card-by-card
        #: programme counts instead. Facing 2s (a neutralising lay) the first-card rule is the
        #: neutralisation's, which the identities' facts read (``first_ok``); the owners are
        #: judged on the same lay, so for a set and first card this shape accepts, theirs holds
        #: too; and a play of 2s only is an add-on, which only one-rank sets can be (below).
        self.supported = self._owner_ids <= self.OWNERS and self._applies()
        if self.supported:
            self._count(hand)

    def _applies(self) -> bool:
        """Whether the shape is one this count covers (beyond its owners)."""
        return True

    @abstractmethod
    def _count(self, hand: Sequence[Card]) -> None:
        """Count the totals into ``entries`` and ``plays``."""

    def _pool(self, hand: Sequence[Card], suits: frozenset[Suit]) -> list[list[Card]]:
        """Per card that can cover every suit of ``suits``, its identities that do."""
        pool = [[i for i in identity_choices(card) if suits <= self._suits[i]] for card in hand]
        return [ids for ids in pool if ids]

    def _element(self, ids: Sequence[Card]) -> Element:
        return (len(ids), sum(self._lead[i] for i in ids), sum(self._weight[i] for i in ids))

    def _sum_owns(self, total: int, aces: int, lead_value: int) -> bool:
        """Whether a same-suit sum among the owners accepts a same-suited set so led."""
        return self._sum_owns_led(total, aces, 2 * lead_value - total == self._lay.ctx.pile_value)

    def _sum_owns_led(self, total: int, aces: int, subtracts: bool) -> bool:
        """``_sum_owns`` where ``subtracts`` says whether the first card less the others makes
        the pile's value (the one thing a subtraction reads of the first card)."""
        ids = self._owner_ids
        if "addition" in ids and total == self._lay.ctx.pile_value:
            return True
        if "subtraction" in ids and subtracts:
            return True
        return "twenty_one" in ids and makes_21(total, aces)

    def _add(self, poly: int, sign: int = 1) -> None:
        """Add (``sign`` -1: take away) the entries and plays of a top-marked polynomial."""
        low, high = self._mine.low, self._mine.high
        n = 0
        while poly:
            count = poly & COEFFICIENT
            if count and low <= n <= high:
                self.entries += sign * count
                self.plays += sign * count * factorial(max(0, n - 2))
            poly >>= SLOT
            n += 1

    def _take_owned(
        self, members: Sequence[Member], *, apart: bool, summed: bool, twenty_one: bool = False
    ) -> None:
        """Take away the (set, first card) pairs of an enumerated same-suited set that the
        shape accepts and an owner owns: ``apart``, an owner of the set's own kind (clone,
        full house), counted only where no sum owns the pair (those are taken elsewhere);
        ``summed``, a same-suit sum. ``twenty_one``: the shape accepts only sets that make 21."""
        self._take_read(self._read_set(members), apart=apart, summed=summed, twenty_one=twenty_one)

    def _read_set(self, members: Sequence[Member]) -> SetFacts:
        """What ``_take_owned`` reads of a set (its identities' values, weights and leads),
        in one pass: thousands of full houses are read per listing."""
        values, weights_of, leads_of = self._value, self._weight, self._lead
        total = aces = weights = 0
        leads: list[tuple[int, int]] = []
        for _, i in members:
            value, weight = values[i], weights_of[i]
            total += value
            aces += i.rank is Rank.ACE
            weights += weight
            if leads_of[i]:
                leads.append((weight, value))
        return SetFacts(
            total=total,
            aces=min(2, aces),
            weights=weights,
            orderings=factorial(len(members) - 2),
            leads=tuple(leads),
        )

    def _take_read(
        self, facts: SetFacts, *, apart: bool, summed: bool, twenty_one: bool = False, times: int = 1
    ) -> None:
        """``_take_owned`` of a set already read (``times`` sets alike)."""
        total, aces = facts.total, facts.aces
        if twenty_one and not makes_21(total, aces):
            return
        reach = total <= _SUM_REACH
        for weight, value in facts.leads:
            by_sum = reach and self._sum_owns(total, aces, value)
            if (apart and not by_sum) or (summed and by_sum):
                top = (facts.weights - weight) * times
                self.entries -= top
                self.plays -= top * facts.orderings

    def _summed(self, pool: Sequence[Sequence[Card]]) -> dict[tuple[int, int, bool], int]:
        """The sets of ``pool`` (one identity per card) of total 21 or less with a first card
        that may lead: (total, Aces up to 2, whether the first card less the others makes the
        pile's value) -> top-marked polynomial. The flush and the twenty-one ask it of the
        same pools: counted once per lay."""
        key = ("summed", tuple(tuple(ids) for ids in pool))
        return self._lay.memo.get(key, lambda: self._summed_states(pool))

    def _summed_states(self, pool: Sequence[Sequence[Card]]) -> dict[tuple[int, int, bool], int]:
        # A subtraction reads the first card only through what it leaves: d = 2 * first -
        # total must end equal to the pile's value, and d only falls as cards are added. So a
        # led state keeps d while it may still reach the pile's value (lead code 2 + d - pile)
        # or only that it is led (code 1), instead of the first card's value; 0: not led yet.
        # The state is packed into one int, total << 6 | Aces << 4 | lead code, so that
        # adding a card is an addition and a total past the reach a comparison; the sets with
        # no top marked and with the top marked sit in two dicts filled in the same order.
        pile = self._lay.ctx.pile_value
        plains: dict[int, int] = {0: 1}
        toppeds: dict[int, int] = {0: 0}
        # The sets do not depend on the cards' order: the cards of many identities (Shamans)
        # go first, while the states are still few, instead of last over the full table.
        for ids in sorted(pool, key=len, reverse=True):
            groups: dict[tuple[int, int, bool, int], int] = {}
            for i in ids:
                kind = (self._value[i], int(i.rank is Rank.ACE), self._lead[i], self._weight[i])
                groups[kind] = groups.get(kind, 0) + 1
            moves = [
                (value, ace << 4, may_lead, weight, count)
                for (value, ace, may_lead, weight), count in groups.items()
            ]
            grown_plains = dict(plains)
            grown_toppeds = dict(toppeds)
            for (key, plain), topped in zip(plains.items(), toppeds.values(), strict=True):
                plain_in, topped_in = plain << SLOT, topped << SLOT
                code = key & 15
                two_aces = key & 32
                total = key >> 6
                for value, ace_step, may_lead, weight, count in moves:
                    if total + value > _SUM_REACH:
                        continue
                    after = key + (value << 6)
                    if not two_aces:
                        after += ace_step
                    if code > 1:  # led, d still at or above the pile's value: it falls by value
                        after += -value if code - value > 1 else 1 - code
                    # in, not first: as the top or not
                    grown_plains[after] = grown_plains.get(after, 0) + plain_in * count
                    grown_toppeds[after] = (
                        grown_toppeds.get(after, 0) + (topped_in + plain_in * weight) * count
                    )
                    if not code and may_lead:
                        d = value - total
                        first = after + (2 + d - pile if d >= pile else 1)
                        grown_plains[first] = grown_plains.get(first, 0) + plain_in * count
                        grown_toppeds[first] = grown_toppeds.get(first, 0) + topped_in * count
            plains, toppeds = grown_plains, grown_toppeds
            self._meter.spend(len(plains))
        summed: dict[tuple[int, int, bool], int] = {}
        for key, topped in toppeds.items():
            if key & 15:
                state = (key >> 6, key >> 4 & 3, key & 15 == 2)
                summed[state] = summed.get(state, 0) + topped
        return summed

    def _suited_members(self, hand: Sequence[Card], suit: Suit) -> dict[Rank, list[Member]]:
        """Per rank, the hand's (card, identity) members that cover ``suit`` (every rank: a
        mixed shape drops the 8s itself while they must share a suit); read once per lay,
        and not to be changed by the caller."""
        return self._lay.memo.get(("suited", tuple(hand), suit), lambda: self._read_suited(hand, suit))

    def _read_suited(self, hand: Sequence[Card], suit: Suit) -> dict[Rank, list[Member]]:
        by_rank: dict[Rank, list[Member]] = {}
        for card in hand:
            for i in identity_choices(card):
                if suit in self._suits[i]:
                    assert i.rank is not None
                    by_rank.setdefault(i.rank, []).append((card, i))
        self._meter.spend(len(hand))
        return by_rank

    def _one_rank_sets(self, hand: Sequence[Card], rank: Rank) -> Iterator[tuple[Member, ...]]:
        """Every same-suited set of ``rank`` with at least the shape's fewest cards, once."""
        for k, suit in enumerate(ELEMENT_SUITS):
            members = self._suited_members(hand, suit).get(rank, [])
            for size in range(max(1, self._mine.low), min(self._mine.high, len(members)) + 1):
                for chosen in _distinct_cards(members, size):
                    if self._first_shared(chosen, k):
                        yield chosen

    def _first_shared(self, members: Sequence[Member], k: int) -> bool:
        """Whether suit number ``k`` is the first (in ``ELEMENT_SUITS`` order) that every
        identity of ``members`` covers: a set same-suited in several suits is found under
        each of them and kept under that one only."""
        shared = ALL_SUIT_BITS
        for _, i in members:
            shared &= self._bits[i]
        return not shared & ((1 << k) - 1)

    def _full_houses(self, hand: Sequence[Card]) -> list[tuple[SetFacts, int]]:
        """The same-suited full houses of ``hand`` (a pair and three of another rank), each
        once, as read for ``_take_read``, those read alike merged (with how many they are);
        the flush and the full house both take them away: enumerated once per lay."""
        return self._lay.memo.get(("full_houses", tuple(hand)), lambda: self._tally_full_houses(hand))

    def _tally_full_houses(self, hand: Sequence[Card]) -> list[tuple[SetFacts, int]]:
        # Kept under the first suit they share (``_first_shared``), here with the three's
        # suits and the pair's read apart. Only a Shaman can be in both the three and the
        # pair, so the threes and pairs of each rank are merged into kinds that read alike
        # (the Shamans they take, the suits they share, their facts), and kinds are paired.
        tally: dict[_PartFacts, int] = {}
        for k, suit in enumerate(ELEMENT_SUITS):
            earlier = (1 << k) - 1
            by_rank = self._suited_members(hand, suit)
            if self._banned_8:  # an 8 in a mixed-suit play: refused
                by_rank = {rank: members for rank, members in by_rank.items() if rank is not Rank.EIGHT}
            threes = {rank: self._kinds(members, 3, earlier) for rank, members in by_rank.items()}
            pairs = {rank: self._kinds(members, 2, ALL_SUIT_BITS) for rank, members in by_rank.items()}
            for three, three_kinds in threes.items():
                for (trio_mask, trio_bits, trio), trios in three_kinds.items():
                    for two, pair_kinds in pairs.items():
                        if two is three:
                            continue
                        for (pair_mask, pair_bits, pair), times in pair_kinds.items():
                            if trio_mask & pair_mask or trio_bits & pair_bits:
                                continue
                            key = (
                                trio[0] + pair[0],
                                min(2, trio[1] + pair[1]),
                                trio[2] + pair[2],
                                trio[3] + pair[3],
                            )
                            tally[key] = tally.get(key, 0) + trios * times
        return [
            (SetFacts(total=total, aces=aces, weights=weights, orderings=factorial(3), leads=leads), times)
            for (total, aces, weights, leads), times in tally.items()
        ]

    def _kinds(
        self, members: Sequence[Member], size: int, suits: int
    ) -> dict[tuple[int, int, _PartFacts], int]:
        """The ``size``-card choices of one rank's ``members``, merged by what a full house
        or a flush's take-away reads of them: (the Shamans they take, the suits they share
        among ``suits``, their facts) -> how many."""
        bits = self._bits
        kinds: dict[tuple[int, int, _PartFacts], int] = {}
        for chosen in _distinct_cards(members, size):
            mask, shared = 0, suits
            for card, i in chosen:
                shared &= bits[i]
                if card.is_shaman:
                    mask |= 1 << card.shaman
            facts = self._read_set(chosen)
            kind = (mask, shared, (facts.total, facts.aces, facts.weights, facts.leads))
            kinds[kind] = kinds.get(kind, 0) + 1
        return kinds

    def _clone_rank(self) -> Rank | None:
        """The rank a clone among the owners takes (None: no clone can own)."""
        rank = self._lay.ctx.top.rank
        if "clone" not in self._owner_ids or rank is None or (rank is Rank.EIGHT and self._banned_8):
            return None  # a clone of 8s is mixed-suit: refused while 8s must share a suit
        return rank

    def _rank_tables(self, hand: Sequence[Card], shamans: int) -> dict[Rank, list[dict[int, Marked]]]:
        """Per rank (but 8s while they must share a suit) and number of Shamans taken at it,
        the marked ways to take 2 and 3 of its cards, those Shamans among them (any given
        ones: they are alike)."""
        tables: dict[Rank, list[dict[int, Marked]]] = {}
        for rank in Rank:
            if rank is Rank.EIGHT and self._banned_8:
                continue  # an 8 in a mixed-suit play: refused (R-DABONG eight in a pattern)
            marked: Marked = (1, 0, 0, 0)
            for card in hand:
                if card.rank is rank:
                    marked = _grow(marked, self._element((card,)))
            shaman = self._element(tuple(c for c in REAL_CARDS if c.rank is rank))
            per_helpers = []
            for _ in range(shamans + 1):
                per_helpers.append({n: _at(marked, n) for n in (2, 3)})
                marked = _grow(marked, shaman, required=True)
            tables[rank] = per_helpers
        return tables


class FlushTotals(SetTotals):
    """Entries and plays of a hand's flushes that no earlier pattern owns, or ``supported``
    False where this count does not apply."""

    OWNERS = _FLUSH_OWNERS

    def _count(self, hand: Sequence[Card]) -> None:
        mine = self._mine
        for suits in _SUIT_SETS:
            sign = 1 if len(suits) % 2 else -1
            pool = self._pool(hand, suits)
            if len(pool) < mine.low:
                continue
            marked: Marked = (1, 0, 0, 0)
            for ids in pool:
                marked = _grow(marked, self._element(ids))
            self._add(marked[3], sign)
            if self._owner_ids & _SUMS:
                self._take_summed(pool, sign)
            self._meter.spend(len(pool))
        self._take_one_rank(hand)
        if "full_house" in self._owner_ids:
            for facts, times in self._full_houses(hand):
                self._take_read(facts, apart=True, summed=False, times=times)
                self._meter.spend(times)

    def _take_summed(self, pool: Sequence[Sequence[Card]], sign: int) -> None:
        """Take away (times ``sign``) the flushes of ``pool`` a same-suit sum owns."""
        for (total, aces, subtracts), topped in self._summed(pool).items():
            if self._sum_owns_led(total, aces, subtracts):
                self._add(topped, -sign)

    def _take_one_rank(self, hand: Sequence[Card]) -> None:
        """Take away the flushes of the top card's rank (a clone owns them) no sum owns."""
        rank = self._clone_rank()
        if rank is not None:
            for members in self._one_rank_sets(hand, rank):
                self._take_owned(members, apart=True, summed=False)


class FullHouseTotals(SetTotals):
    """Entries and plays of a hand's full houses that no earlier pattern owns, or
    ``supported`` False where this count does not apply."""

    OWNERS = _FULL_HOUSE_OWNERS

    def _applies(self) -> bool:
        return self._mine.low == 5

    def _count(self, hand: Sequence[Card]) -> None:
        shamans = sum(1 for c in hand if c.is_shaman)
        tables = self._rank_tables(hand, shamans)
        entries = 0
        for three, three_table in tables.items():
            for two, two_table in tables.items():
                if two is three:
                    continue
                for at_three in range(shamans + 1):
                    t = three_table[at_three][3]
                    if not any(t):
                        continue
                    for at_two in range(shamans - at_three + 1):
                        p = two_table[at_two][2]
                        ways = comb(shamans, at_three) * comb(shamans - at_three, at_two)
                        both = t[3] * p[0] + t[1] * p[2] + t[2] * p[1] + t[0] * p[3]
                        entries += ways * both
            self._meter.spend(len(tables))
        self.entries = entries
        self.plays = entries * factorial(3)
        for facts, times in self._full_houses(hand):
            self._take_read(facts, apart=False, summed=True, times=times)
            self._meter.spend(times)


class TwentyOneTotals(SetTotals):
    """Entries and plays of a hand's twenty-ones that no earlier pattern owns, or
    ``supported`` False where this count does not apply."""

    OWNERS = _TWENTY_ONE_OWNERS

    def _count(self, hand: Sequence[Card]) -> None:
        mine = self._mine
        for suits in _SUIT_SETS:
            pool = self._pool(hand, suits)
            if len(pool) < mine.low:
                continue
            sign = 1 if len(suits) % 2 else -1
            for (total, aces, subtracts), topped in self._summed(pool).items():
                if makes_21(total, aces) and not self._sum_owns_led(total, aces, subtracts):
                    self._add(topped, sign)
        rank = self._clone_rank()
        if rank is not None:
            for members in self._one_rank_sets(hand, rank):
                self._take_owned(members, apart=True, summed=False, twenty_one=True)


class _GroupTotals(SetTotals):
    """Entries and plays of a hand's sets of rank groups of ``SIZE`` cards, ``LEAST`` ranks
    or more, that no earlier pattern owns, or ``supported`` False where this count does not
    apply. The groups are taken rank by rank on the number of Shamans used; a flush owns
    the same-suited ones, which are few (a group shares a suit only through Shamans, Jacks
    and wild 8s) and are enumerated."""

    SIZE = 2
    LEAST = 4

    OWNERS = _GROUP_OWNERS

    def _count(self, hand: Sequence[Card]) -> None:
        size, least = self.SIZE, self.LEAST
        shamans = sum(1 for c in hand if c.is_shaman)
        tables = self._rank_tables(hand, shamans)
        # (groups, up to ``least``; Shamans used) -> marked polynomial in the number of cards
        states: dict[tuple[int, int], Marked] = {(0, 0): (1, 0, 0, 0)}
        for table in tables.values():
            grown = dict(states)
            for (groups, used), marked in states.items():
                for helpers in range(shamans - used + 1):
                    group = table[helpers][size]
                    if not any(group):
                        continue
                    ways = comb(shamans - used, helpers)
                    key = (min(least, groups + 1), used + helpers)
                    more = _times(marked, tuple(ways * q for q in group), size * SLOT)  # type: ignore[arg-type]
                    old = grown.get(key, (0, 0, 0, 0))
                    grown[key] = (old[0] + more[0], old[1] + more[1], old[2] + more[2], old[3] + more[3])
            states = grown
            self._meter.spend(len(states))
        for (groups, _), marked in states.items():
            if groups == least:
                self._add(marked[3])
        if "flush" in self._owner_ids:
            self._take_suited_groups(hand)

    def _take_suited_groups(self, hand: Sequence[Card]) -> None:
        """Take away the same-suited sets of the shape (a flush owns them), each once.

        A flush, the only owner, owns every first card that may lead such a set: each one
        takes away the entries of the set's other cards as its top, W - w (W the named
        suits of all its cards, w the first card's), so a set takes away L * W - S (L its
        cards that may lead, S their named suits). Those sums are carried rank by rank, as
        moments over the sets (their number, L, W, L * W, S), on (groups, Shamans used,
        the suits every card so far shares); a set is kept under the first suit that all
        its cards share (``_first_shared``).
        """
        for k, suit in enumerate(ELEMENT_SUITS):
            earlier = (1 << k) - 1
            by_rank = self._suited_members(hand, suit)
            # (groups, Shamans used, shared suits) -> [sets, sum L, sum W, sum L*W, sum S]
            states: dict[tuple[int, int, int], list[int]] = {(0, 0, ALL_SUIT_BITS): [1, 0, 0, 0, 0]}
            for rank in Rank:
                if rank is Rank.EIGHT and self._banned_8:
                    continue
                # The rank's groups, those alike in what the take-away reads merged.
                kinds: dict[tuple[int, int, int, int, int], int] = {}
                members = by_rank.get(rank, [])
                for (helpers, shared, (_, _, named, led_by)), times in self._kinds(
                    members, self.SIZE, ALL_SUIT_BITS
                ).items():
                    kind = (helpers, shared, len(led_by), named, sum(w for w, _ in led_by))
                    kinds[kind] = kinds.get(kind, 0) + times
                if not kinds:
                    continue
                grown = {key: moments[:] for key, moments in states.items()}
                for (groups, used, shared_so_far), (c, sl, sw, slw, ss) in states.items():
                    for (helpers, shared, leads, named, lead_named), times in kinds.items():
                        if helpers & used:
                            continue
                        key = (groups + 1, used | helpers, shared_so_far & shared)
                        moments = grown.setdefault(key, [0, 0, 0, 0, 0])
                        moments[0] += times * c
                        moments[1] += times * (sl + leads * c)
                        moments[2] += times * (sw + named * c)
                        moments[3] += times * (slw + named * sl + leads * sw + leads * named * c)
                        moments[4] += times * (ss + lead_named * c)
                states = grown
                self._meter.spend(len(states))
            for (groups, _, shared), (_, _, _, slw, ss) in states.items():
                if groups >= self.LEAST and not shared & earlier:
                    taken = slw - ss
                    self.entries -= taken
                    self.plays -= taken * factorial(self.SIZE * groups - 2)


class FourPairTotals(_GroupTotals):
    """Four pairs or more (Master)."""

    SIZE = 2
    LEAST = 4


class ThreeByThreeTotals(_GroupTotals):
    """Three by three: three threes of a kind or more."""

    SIZE = 3
    LEAST = 3


def _distinct_cards(members: Sequence[Member], size: int) -> Iterator[tuple[Member, ...]]:
    """The ``size``-member choices of ``members`` whose cards are all different."""
    for chosen in combinations(members, size):
        if len({card for card, _ in chosen}) == size:
            yield chosen


class OneRankTotals(SetTotals):
    """Entries and plays of a hand's plays of one rank (four of a kind: any rank, four cards
    or more; heaven, hell: three 7s, three 6s) that no earlier pattern owns, or
    ``supported`` False where this count does not apply.

    Rank by rank, a generating function over the rank's cards and the Shamans; a clone owns
    every one of the top card's rank; a same-suit sum or a flush owns only same-suited ones,
    which are few (a rank shares a suit only through Shamans, Jacks and wild 8s) and are
    enumerated.
    """

    OWNERS = _ONE_RANK_OWNERS

    def _applies(self) -> bool:
        return self._mine.id in _ONE_RANK

    def _count(self, hand: Sequence[Card]) -> None:
        mine = self._mine
        clone_rank = self._clone_rank()
        shamans = sum(1 for c in hand if c.is_shaman)
        only = _ONE_RANK[mine.id]
        ranks = tuple(Rank) if only is None else (only,)
        flush = self._bounds.get("flush")
        # 2s only: facing 2s an add-on, not this shape; and the add-on owns them all
        twos_out = bool(self._lay.neutral) or "twos_add_on" in self._owner_ids
        for rank in ranks:
            if (
                rank is clone_rank
                or (rank is Rank.EIGHT and self._banned_8)
                or (twos_out and rank is Rank.TWO)
            ):
                continue  # a clone owns them all; an 8 in a mixed-suit play, refused; 2s only
            marked: Marked = (1, 0, 0, 0)
            for card in hand:
                if card.rank is rank:
                    marked = _grow(marked, self._element((card,)))
            shaman = self._element(tuple(c for c in REAL_CARDS if c.rank is rank))
            for _ in range(shamans):
                marked = _grow(marked, shaman)
            self._add(marked[3])
            self._meter.spend(1)
            for members in self._one_rank_sets(hand, rank):
                by_flush = flush is not None and flush[0] <= len(members) <= flush[1]
                self._take_owned(members, apart=by_flush, summed=True)


class RunTotals(SetTotals):
    """Entries (= plays) of a hand's straights (``SUITED``: one suit per run) or eight
    straights (any suits) that no earlier pattern owns.

    A run's ranks, and so its in-play total, Aces and first card's value, are fixed by its
    start, direction and length: whether a sum owns it is known before any card is chosen.
    What is left is how many ways each place can be filled (a real card of the place's
    rank, or one of the Shamans not yet used), counted place by place on the number of
    Shamans used. No run of three or more shares two suits (only Jacks and wild 8s cover
    two), so each same-suited run is one suit's; one of five cards or more is a flush, and
    a flush or a straight owns every same-suited eight straight.
    """

    SUITED = True

    def _count(self, hand: Sequence[Card]) -> None:
        suited = self.SUITED
        self._hand = hand
        self._shamans = sum(1 for c in hand if c.is_shaman)
        # a mixed-suit run holds no 8 while 8s must share a suit
        no_eights = not suited and self._banned_8
        for suit in ELEMENT_SUITS:
            places = self._places(suit, no_eights=no_eights)
            if suited:
                self._runs(
                    places, 1, lambda n, total, aces, lead: not self._suited_owned(n, total, aces, lead)
                )
            else:  # the same-suited eight straights, which a flush or a straight owns
                self._runs(places, -1, self._suited_owned)
        if not suited:
            self._runs(self._places(None, no_eights=no_eights), 1, lambda n, total, aces, lead: True)
        self.plays = self.entries

    def _places(self, suit: Suit | None, *, no_eights: bool) -> dict[Rank, tuple[Element, Element]]:
        """Per rank: the hand's real cards of it (covering ``suit``) and one Shaman's identities."""
        places: dict[Rank, tuple[Element, Element]] = {}
        for rank in Rank:
            ids = (
                []
                if no_eights and rank is Rank.EIGHT
                else [i for i in REAL_CARDS if i.rank is rank and (suit is None or suit in self._suits[i])]
            )
            have = set(ids)
            real = self._element([c for c in self._hand if c in have])
            places[rank] = (real, self._element(ids) if self._shamans else (0, 0, 0))
        return places

    def _suited_owned(self, length: int, total: int, aces: int, lead_value: int) -> bool:
        """Whether an earlier pattern owns a same-suited run of this geometry (led well)."""
        for oid, (low, high) in self._bounds.items():
            if not low <= length <= high:
                continue
            if oid in ("flush", "straight"):
                return True
            if total <= _SUM_REACH and self._sum_owns(total, aces, lead_value):
                return True
        return False

    def _runs(
        self,
        places: dict[Rank, tuple[Element, Element]],
        sign: int,
        counted: Callable[[int, int, int, int], bool],
    ) -> None:
        """Add (``sign`` -1: take away) the entries of every run over ``places`` of a length
        the shape takes for which ``counted(length, total, Aces, first value)`` holds."""
        ranks = tuple(Rank)
        shamans = self._shamans
        longest = min(self._mine.high, 13, len(self._hand))
        for start in range(13):
            for step in (1, -1):
                # ways[used]: the runs laid so far with ``used`` Shamans, the first card leading
                ways = [1] + [0] * shamans
                total = aces = lead_value = 0
                for place in range(longest):
                    rank = ranks[(start + step * place) % 13]
                    (real, real_lead, real_top), (ids, ids_lead, ids_top) = places[rank]
                    value = rank_in_play_value(rank)
                    total += value
                    aces = min(2, aces + (rank is Rank.ACE))
                    if place == 0:
                        lead_value, real, ids = value, real_lead, ids_lead
                    length = place + 1
                    if length >= self._mine.low and counted(length, total, aces, lead_value):
                        # the run ends here: its last card names its suits
                        for used, count in enumerate(ways):
                            self.entries += sign * count * (real_top + ids_top * (shamans - used))
                    grown = [0] * (shamans + 1)
                    for used, count in enumerate(ways):
                        if count:
                            grown[used] += count * real
                            if used < shamans:
                                grown[used + 1] += count * ids * (shamans - used)
                    ways = grown
                    if not any(ways):
                        break
        self._meter.spend(26 * len(places))


class StraightTotals(RunTotals):
    """Straights: runs of one suit."""

    OWNERS = _STRAIGHT_OWNERS
    SUITED = True


class EightStraightTotals(RunTotals):
    """Eight straights: runs of any suits."""

    OWNERS = _EIGHT_STRAIGHT_OWNERS
    SUITED = False
