"""Exact totals of a hand's self mirrors, rank by rank, without the card-by-card programme.

A self mirror is a set of disjoint same-rank pairs (first-half card, second-half card),
one of them the first pair, each first half sharing a suit and each second half sharing
a suit; each such set stands for (k-1)! laid orders of its k pairs, times the suits the
last card may name. ``CountedSets`` over ``pair_items`` counts them card by card, which
for a 26-card hand with three Shamans takes tens of thousands of states (the used-card
mask, the number of pairs and the owners' features multiply). The listing's first page
never needs that programme (it comes from earlier blocks), only the totals; so the totals
come from here and the old programme is built only when a page reaches the block.

Here the walk has 13 steps, one per rank. Each rank's contribution is tabulated once:
the number of its pair sets by (pairs, Shamans used, each half's shared suits, whether
the first pair is among them), found by a small forward pass over the rank's cards. The
three Shamans are alike but for their names, so the walk tracks how many are used and
multiplies by the ways to pick which. The number of pairs is not a state: each state
holds a polynomial in it, packed into one integer (``SLOT`` bits a coefficient), so
adding and shifting by whole ranks are single integer operations.

An earlier pattern owns a self mirror it accepts (R-DABONG-M11). The owners this counts
(their rule ids in ``_KNOWN_OWNERS``) are judged at the end from what the walk keeps:
the suits all cards share (the two halves' intersection), the in-play total while a sum
may still reach the pile's value, and the ranks used (one rank, with how many pairs, or
one pair of every rank used). Facing 2s (a neutralising lay) the first-card rule is the
neutralisation's and the plays of 2s only are left out (they are add-ons). A pile with an
owner of another kind is not covered: the card-by-card programme counts as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, factorial

from ....kernel import Card, Rank
from ..values import REAL_CARDS, in_play_value
from .budget import WorkBudget
from .common import ALL_SUIT_BITS, most_pairs
from .counted import Rule, StateMeter
from .shapes import Lay, identity_facts

#: Bits per coefficient of the packed polynomial in the number of pairs. A coefficient
#: counts (set, first pair, named suit) triples: at most 2**26 card sets times 52**3
#: Shaman identities times 4 suits, far below 2**128.
SLOT = 128
COEFFICIENT = (1 << SLOT) - 1

#: Owners whose acceptance of a self mirror the walk can judge: the suits and total of a
#: same-suit sum, a flush's shared suit, and the one-rank and pair-group shapes.
_ONE_RANK_OWNERS = {"clone": None, "heaven": Rank.SEVEN, "hell": Rank.SIX, "twos_add_on": Rank.TWO}
_KNOWN_OWNERS = frozenset({"addition", "flush", "four_of_a_kind", "four_pair", "mirror", *_ONE_RANK_OWNERS})

# Rank structure of the pairs taken so far (the one-rank and four-pair owners read it).
_NONE = ("none",)
_SINGLES = ("singles",)  # two ranks or more, one pair each
_MIXED = ("mixed",)


def _rank_structure(structure: tuple[object, ...], rank: Rank | None, pairs: int) -> tuple[object, ...]:
    if structure == _NONE:
        return ("one", rank, pairs)
    if structure == _MIXED:
        return _MIXED
    if structure == _SINGLES or structure[2] == 1:
        return _SINGLES if pairs == 1 else _MIXED
    return _MIXED


#: (first halves' suits, second halves' suits (masks), Shamans used, first pair taken,
#: total or None, rank structure)
_PairState = tuple[int, int, int, bool, int | None, tuple[object, ...]]

# One rank's table: (pairs, Shamans used, first halves' suits, second halves' suits (masks),
# first pair here) -> number of pair sets with one given set of that many Shamans,
# each weighted by the suits its last card may name when it holds the first pair.
RankTable = dict[tuple[int, int, int, int, bool], int]

#: What one table entry does to a walk state of given halves, Shamans used and first pair:
#: (new first halves, new second halves, Shamans used after, first pair taken after, bit
#: shift of the polynomial (the pairs added), the in-play total added, pairs for the rank
#: structure) -> the ways, summed over the entries that do the same.
_Move = tuple[int, int, int, bool, int, int, int]


def _rank_table(cards: Sequence[tuple[Card, tuple[Card, ...]]], lay: Lay) -> RankTable:
    """The pair sets of one rank's cards (each with its identities of that rank)."""
    # Forward over the cards: each is left out, or paired with a later card not yet used,
    # as either half. A state (later cards used, pairs, Shamans, suits, suits, first) is
    # packed into one int (``_pack``): the states are hashed once per pairing.
    pairings = _pairings(cards, lay)
    states: dict[int, int] = {_pack(0, 0, 0, ALL_SUIT_BITS, ALL_SUIT_BITS, False): 1}
    for i in range(len(cards)):
        bit = 1 << i << _USED_SHIFT
        grown: dict[int, int] = {}
        for key, count in states.items():
            if key & bit:
                free = key & ~bit
                grown[free] = grown.get(free, 0) + count
                continue
            grown[key] = grown.get(key, 0) + count
            first = key & 1
            half1, half2 = key >> 5 & 15, key >> 1 & 15
            for d, helpers, kinds in pairings[i]:
                if key >> _USED_SHIFT >> d & 1:
                    continue
                # one more pair, its Shamans added; the suits and the first pair set below
                base = ((key | 1 << d << _USED_SHIFT) + (1 << 11) + (helpers << 9)) & ~0x1FF
                for half1_bits, half2_bits, ways, led_ways in kinds:
                    suits1 = half1 & half1_bits
                    if not suits1:
                        continue
                    suits2 = half2 & half2_bits
                    if not suits2:
                        continue
                    to = base | suits1 << 5 | suits2 << 1 | first
                    grown[to] = grown.get(to, 0) + count * ways
                    if led_ways and not first:
                        grown[to | 1] = grown.get(to | 1, 0) + count * led_ways
        states = grown
    table: RankTable = {}
    for key, count in states.items():
        assert key >> _USED_SHIFT == 0
        pairs = key >> 11 & 7
        if pairs:
            entry = (pairs, key >> 9 & 3, key >> 5 & 15, key >> 1 & 15, bool(key & 1))
            table[entry] = table.get(entry, 0) + count
    return table


#: Bit layout of ``_rank_table``'s packed state: first pair (bit 0), second halves' suits
#: (1-4), first halves' suits (5-8), Shamans (9-10), pairs (11-13), used cards (14 on).
_USED_SHIFT = 14


def _pack(used: int, pairs: int, shamans: int, half1: int, half2: int, first: bool) -> int:
    return used << _USED_SHIFT | pairs << 11 | shamans << 9 | half1 << 5 | half2 << 1 | first


#: A later card to pair with: (its place, the Shamans in the pair, what the pairing's
#: identities bring: (first half's suits, second half's suits, ways, ways that lead,
#: each weighted by the suits the second half may name)).
_Pairing = tuple[int, int, list[tuple[int, int, int, int]]]


def _pairings(cards: Sequence[tuple[Card, tuple[Card, ...]]], lay: Lay) -> list[list[_Pairing]]:
    """Per card, the later cards it may pair with, the identity pairs of both orders merged
    by the suits they bring (a pair of Shamans has 32 of them, on a few distinct suit pairs)."""
    facts = identity_facts(lay)
    suits, leads, names = facts.bits, facts.lead, facts.weight
    out: list[list[_Pairing]] = []
    for i, (card, ids) in enumerate(cards):
        later: list[_Pairing] = []
        for d in range(i + 1, len(cards)):
            other, other_ids = cards[d]
            kinds: dict[tuple[int, int], list[int]] = {}
            for a_ids, b_ids in ((ids, other_ids), (other_ids, ids)):
                for a_id in a_ids:
                    for b_id in b_ids:
                        tally = kinds.setdefault((suits[a_id], suits[b_id]), [0, 0])
                        tally[0] += 1
                        if leads[a_id]:
                            tally[1] += names[b_id]
            helpers = card.is_shaman + other.is_shaman
            later.append((d, helpers, [(h1, h2, ways, led) for (h1, h2), (ways, led) in kinds.items()]))
        out.append(later)
    return out


#: One table entry as the walk reads it from a given (Shamans used, first pair taken):
#: (first halves' suits, second halves' suits, (Shamans used after, first pair taken after,
#: bit shift (pairs), total added, pairs for the rank structure), ways).
_Entry = tuple[int, int, tuple[int, bool, int, int, int], int]


def _entries(table: RankTable, shamans: int, value: int) -> dict[tuple[int, bool], list[_Entry]]:
    """``table`` read once for ``_moves``, per (Shamans used, first pair taken) of the states
    it is applied to, without the entries that cannot apply there. An entry's count is over
    every set of ``helpers`` Shamans, all alike, so with ``used`` Shamans taken any of those
    not yet used may serve."""
    out: dict[tuple[int, bool], list[_Entry]] = {
        (used, first): [] for used in range(shamans + 1) for first in (False, True)
    }
    for (pairs, helpers, suits1, suits2, here_first), count in table.items():
        shift, added, taken = SLOT * pairs, pairs * value, min(pairs, 2)
        for used in range(shamans - helpers + 1):
            way = count * comb(shamans - used, helpers) // comb(shamans, helpers)
            if not way:
                continue
            after = used + helpers
            out[used, False].append((suits1, suits2, (after, here_first, shift, added, taken), way))
            if not here_first:
                out[used, True].append((suits1, suits2, (after, True, shift, added, taken), way))
    return out


def _moves(entries: list[_Entry], half1: int, half2: int) -> list[tuple[_Move, int]]:
    """What a rank's ``entries`` (those for the states' Shamans used and first pair) do to
    walk states of these halves, entries that do the same merged (their ways summed)."""
    merged: dict[_Move, int] = {}
    for suits1, suits2, tail, way in entries:
        h1 = half1 & suits1
        h2 = half2 & suits2
        if not h1 or not h2:
            continue
        move = (h1, h2, *tail)
        merged[move] = merged.get(move, 0) + way
    return list(merged.items())


class PairTotals:
    """Entries (= plays) of a hand's self mirrors that no earlier pattern owns, or
    ``supported`` False where this count does not apply (the old programme counts)."""

    def __init__(
        self,
        hand: Sequence[Card],
        lay: Lay,
        mine: Rule,
        owners: Sequence[Rule],
        budget: WorkBudget | None = None,
    ) -> None:
        # Facing 2s (a neutralising lay) the self mirror's own rule adds a first-card rule,
        # which the identities' facts already read (``first_ok``), and refuses a play of 2s
        # only (an add-on): ``_finals`` leaves those out. Its owners there are judged on the
        # same lay, first-card rule included, so for a play it accepts they accept as here.
        self.supported = all(o.id in _KNOWN_OWNERS for o in owners)
        self.entries = 0
        if not self.supported:
            return
        self._lay = lay
        self._mine = mine
        self._owners = tuple(o for o in owners if o.id != "mirror")  # never owns (MD-27)
        self._meter = StateMeter(budget)
        ids = {o.id for o in self._owners}
        self._sum = "addition" in ids
        self._twos_only_refused = bool(lay.neutral)
        self._ranks = self._twos_only_refused or bool(
            ids & ({"four_of_a_kind", "four_pair"} | set(_ONE_RANK_OWNERS))
        )
        # The ranks a one-rank owner asks for; a set of one other rank is kept as of rank
        # None (and of one pair or more than one), so that such sets share their states.
        self._ranks_read = {
            lay.ctx.top.rank if rank is None else rank for oid, rank in _ONE_RANK_OWNERS.items() if oid in ids
        }
        if self._twos_only_refused:
            self._ranks_read.add(Rank.TWO)
        self.entries = self._count(hand) if most_pairs(hand, lay.rules.eight_must_share_suit) >= 2 else 0

    def _count(self, hand: Sequence[Card]) -> int:
        lay, rules = self._lay, self._lay.rules
        shamans = sum(1 for c in hand if c.is_shaman)
        pile_value = lay.ctx.pile_value
        # state: (first halves' suits, second halves' suits, Shamans used, first pair taken,
        # total (None: no sum can own), rank structure) -> polynomial in the pairs
        start_total = 0 if self._sum else None
        states: dict[_PairState, int] = {(ALL_SUIT_BITS, ALL_SUIT_BITS, 0, False, start_total, _NONE): 1}
        for rank in Rank:
            if rank is Rank.EIGHT and rules.eight_must_share_suit:
                continue  # an 8 in a self mirror: refused (R-DABONG eight in a pattern)
            of_rank = tuple(c for c in REAL_CARDS if c.rank is rank)
            cards = [(c, of_rank if c.is_shaman else (c,)) for c in hand if c.is_shaman or c.rank is rank]
            table = _rank_table(cards, lay)
            if not table:
                continue
            value = 2 * in_play_value(of_rank[0])
            read = rank if rank in self._ranks_read else None
            # The states of one (halves, Shamans used, first pair) share what the table does
            # to them: worked out once, with the entries that land alike merged.
            moves: dict[tuple[int, int, int, bool], list[tuple[_Move, int]]] = {}
            entries = _entries(table, shamans, value)
            structures: dict[tuple[tuple[object, ...], int], tuple[object, ...]] = {}
            grown = dict(states)
            for (half1, half2, used, first, total, structure), poly in states.items():
                here = moves.get((half1, half2, used, first))
                if here is None:
                    here = moves[half1, half2, used, first] = _moves(entries[used, first], half1, half2)
                for (h1, h2, used_after, first_after, shift, added, taken), way in here:
                    new_total = total
                    if total is not None:
                        new_total = total + added
                        if new_total > pile_value or not h1 & h2:
                            new_total = None  # no same-suit sum can reach the pile's value any more
                    new_structure: tuple[object, ...] = _NONE
                    if self._ranks:
                        known = structures.get((structure, taken))
                        if known is None:
                            known = structures[structure, taken] = _rank_structure(structure, read, taken)
                        new_structure = known
                    key = (h1, h2, used_after, first_after, new_total, new_structure)
                    grown[key] = grown.get(key, 0) + (poly << shift) * way
            self._meter.spend(len(grown))
            states = grown
        return self._finals(states)

    def _finals(self, states: dict[_PairState, int]) -> int:
        entries = 0
        mine = self._mine
        for (half1, half2, _, first, total, structure), poly in states.items():
            if not first or (self._twos_only_refused and structure[:2] == ("one", Rank.TWO)):
                continue  # no first pair, or 2s only facing 2s (an add-on, not a neutralisation)
            shared = bool(half1 & half2)
            pairs = 0
            while poly:
                count = poly & COEFFICIENT
                n = 2 * pairs
                if (
                    count
                    and pairs >= 2
                    and mine.low <= n <= mine.high
                    and not any(self._owns(o, n, pairs, shared, total, structure) for o in self._owners)
                ):
                    entries += count * factorial(pairs - 1)
                poly >>= SLOT
                pairs += 1
        return entries

    def _owns(
        self, owner: Rule, n: int, pairs: int, shared: bool, total: int | None, structure: tuple[object, ...]
    ) -> bool:
        if not owner.low <= n <= owner.high:
            return False
        oid = owner.id
        if oid == "addition":
            return shared and total == self._lay.ctx.pile_value
        if oid == "flush":
            return shared
        if oid == "four_pair":
            return structure == _SINGLES and pairs >= 4
        if structure[0] != "one":
            return False
        if oid == "four_of_a_kind":
            return True
        rank = _ONE_RANK_OWNERS[oid]
        if rank is None:  # clone: the top card's rank
            rank = self._lay.ctx.top.rank
        return structure[1] is rank
