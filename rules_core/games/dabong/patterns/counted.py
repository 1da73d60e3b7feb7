"""Counting the plays of a set shape without enumerating its card sets, and paging them.

A set shape (clone, twenty-one, full house, flush, three by three, heaven, hell,
four of a kind, four pair, the 2s add-on ...) accepts a card set and its first
card by *features* of the identities: how many cards, the suits they all share,
whether an 8 is in, the in-play total (capped), Aces, the one rank they all have,
the first card (follows? its value) and, for the rank-group shapes, the sizes of
the rank groups. Every earlier unit that may own a play (a play is listed under
the first pattern that accepts it) is judged from the same features, so:

* a dynamic programme over the hand's cards, one choice per card (out, in as one
  of its identities, in as the first card), on the canonical features, counts the
  entries of the sets this shape accepts and no earlier unit does: exact totals;
* a walk down the same choices skips whole subtrees by their counts, so a page
  builds only its own entries.

Features that no unit still in the running needs are dropped from the state (an
in-play total past every sum's reach, the suits once no suited unit can accept),
which is what keeps the programme small. Rank-group shapes walk the hand rank by
rank (a Shaman offered at every rank, used at most once) so that the groups close
one after the other. A unit without a rule here is listed by enumeration instead
(``shape_unit.ShapePattern.listed``).

Runs (straight, eight straight) use the same programme over a run's places (per
suit, start rank and direction: one card of the place's rank goes on, or ends the
run), and self mirrors over (first-half card, same-rank partner) pairs rank by
rank, the first pair marked: each set of k pairs and first pair stands for (k-1)!
laid orders, unranked for a page. The rules of runs and self mirrors only judge the
plays their walks lay; they own nothing but later runs (an eight straight).
On a normal pile every shape's totals come from a dedicated counter (``pair_totals``
for self mirrors, ``set_totals`` for the rest, far cheaper); its programme here is built
only when a page reaches its block (``LazySets``), and walks that page.

Cost: the states grow with the hand and its Shamans (a 26-card hand with three
Shamans at Master has tens of thousands per shape), so each state spends from the work
budget (``docs/dev/matcher-worst-hand.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import factorial
from typing import TYPE_CHECKING

from ....kernel import Card, LegalEntry, Rank, Suit
from ....kernel.build import slots_builder
from ..matcher_api import MatchRules
from ..values import REAL_CARDS, identity_choices, in_play_value
from .base import Block, Pattern
from .budget import WorkBudget
from .common import ALL_SUITS, play_suits, suit_choices
from .shapes import Lay, first_ok

if TYPE_CHECKING:
    from .shape_unit import ShapePattern
    from .single import SinglePattern
    from .sums import SameSuitSum

#: Totals at or past this are all alike (no sum pattern reaches 22).
CAP = 22
#: ``rank`` of a set of several ranks.
MIXED = "mixed"
#: A dead full-house profile (three ranks, or a rank four times).
DEAD = "dead"

# Feature tuple fields (a plain tuple: hashed millions of times).
N, SUITS, EIGHT, TOTAL, ACES, RANK, FIRST, PROF, GRP, ALIVE, HALF1, HALF2 = range(12)
#: (n, suits, eight, total, aces, rank, first, prof, grp, owners still in the running as bits,
#: the suits each half of a self mirror shares)
Features = tuple  # type: ignore[type-arg]
_START: Features = (0, ALL_SUITS, False, 0, 0, None, None, (), (None, 0, 0, 0, False), -1, None, None)


@dataclass(frozen=True, slots=True, kw_only=True)
class Rule:
    """One unit judged on features: which it needs, whether it may still accept, whether it does."""

    id: str
    needs: frozenset[int]
    alive: Callable[[Features], bool]
    accepts: Callable[[Features], bool]
    #: Fewest and most cards it accepts (an owner outside the shape's sizes never owns).
    low: int = 1
    high: int = 55


#: ``Rule(id=, needs=, alive=, accepts=, low=, high=)``, positionally: a listing makes one per
#: step, and the keyword ``__init__`` of a frozen dataclass was a third of that.
_new_rule = slots_builder(Rule, "id", "needs", "alive", "accepts", "low", "high")


@cache
def _unit_kinds() -> tuple[type[SinglePattern], type[SameSuitSum], type[ShapePattern]]:
    """The single, same-suited sum and shape unit classes (imported on first use: they import this module)."""
    from .shape_unit import ShapePattern
    from .single import SinglePattern
    from .sums import SameSuitSum

    return SinglePattern, SameSuitSum, ShapePattern


def _first_ok(f: Features) -> bool:
    return f[FIRST] is not None and f[FIRST][0]


def _first_may(f: Features) -> bool:
    return f[FIRST] is None or f[FIRST][0]


def _groups(f: Features) -> tuple[int, int, bool]:
    """(pairs, threes, another size seen) with the current group closed."""
    rank, count, twos, threes, other = f[GRP]
    if rank is not None:
        twos, threes, other = _close(count, twos, threes, other)
    return twos, threes, other


def _close(count: int, twos: int, threes: int, other: bool) -> tuple[int, int, bool]:
    if count == 2:
        return min(twos + 1, 4), threes, other
    if count == 3:
        return twos, min(threes + 1, 3), other
    return twos, threes, other or count != 0


def _twenty_one(total: int, aces: int) -> bool:
    missing = 21 - total
    return missing >= 0 and missing % 10 == 0 and missing // 10 <= aces


class EarlierRules:
    """The counting rules of a listing's steps so far, each made when a later step first
    reads them: most shapes of an ordinary hand have no candidate and read none."""

    __slots__ = ("_made", "_waiting")

    def __init__(self) -> None:
        self._made: list[Rule | None] = []
        self._waiting: list[tuple[Pattern, Lay] | None] = []

    def add(self, unit: Pattern | None, lay: Lay) -> None:
        """The next step's rule: ``unit``'s on ``lay``, or none (None: it owns nothing countable)."""
        self._waiting.append(None if unit is None else (unit, lay))

    def __call__(self) -> tuple[Rule | None, ...]:
        """Every step's rule so far, in step order."""
        for waiting in self._waiting:
            self._made.append(None if waiting is None else rule_for(*waiting))
        self._waiting.clear()
        return tuple(self._made)


def rule_for(unit: Pattern, lay: Lay) -> Rule | None:
    """The features rule of ``unit`` on ``lay``, or None when it has none (listed by enumeration)."""
    single_kind, sum_kind, shape_kind = _unit_kinds()
    rules = lay.rules
    pv = lay.ctx.pile_value
    banned_8 = rules.eight_must_share_suit

    def no_eight(f: Features) -> bool:
        return not (banned_8 and f[EIGHT] and f[N] > 1)

    def may_eight(f: Features) -> bool:
        return not (banned_8 and f[EIGHT])

    base = frozenset({N})
    if isinstance(unit, single_kind):
        return _new_rule(
            unit.id, base | {FIRST}, lambda f: f[N] <= 1, lambda f: f[N] == 1 and _first_ok(f), 1, 1
        )
    if isinstance(unit, sum_kind):
        if unit.subtracts:
            return _new_rule(
                unit.id,
                base | {SUITS, TOTAL, FIRST},
                lambda f: bool(f[SUITS]) and f[TOTAL] <= 20 - pv,
                lambda f: (
                    f[N] >= 2 and bool(f[SUITS]) and f[FIRST] is not None and 2 * f[FIRST][1] - f[TOTAL] == pv
                ),
                1,
                55,
            )
        return _new_rule(
            unit.id,
            base | {SUITS, TOTAL},
            lambda f: bool(f[SUITS]) and f[TOTAL] <= pv,
            lambda f: f[N] >= 2 and bool(f[SUITS]) and f[TOTAL] == pv,
            1,
            55,
        )
    if not isinstance(unit, shape_kind):
        return None
    neutral = lay.neutral
    top_rank = lay.ctx.top.rank
    low, high = unit.min_cards, unit.max_cards
    spec = _SPECS.get(unit.id)
    if unit.id == "mirror":
        before = len(lay.ctx.previous_play)
        spec = _mirror if before < 4 or before % 2 else None
    if spec is None:
        return None
    own_needs, own_alive, own_accepts, first_rule = spec(lay, pv, top_rank, no_eight, may_eight)
    needs = base | own_needs
    checks_first = first_rule or bool(neutral)
    if checks_first:
        needs |= {FIRST}
    if neutral:
        needs |= {RANK}

    def alive(f: Features) -> bool:
        if f[N] > high or (checks_first and not _first_may(f)):
            return False
        return own_alive(f)

    def accepts(f: Features) -> bool:
        if not low <= f[N] <= high:
            return False
        if neutral and f[RANK] is Rank.TWO:
            return False  # a play of 2s only is an add-on
        if checks_first and not _first_ok(f):
            return False
        return own_accepts(f)

    return _new_rule(unit.id, frozenset(needs), alive, accepts, low, high)


Spec = tuple[frozenset[int], Callable[[Features], bool], Callable[[Features], bool], bool]
NoEight = Callable[[Features], bool]


def _addition(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({SUITS, TOTAL}),
        lambda f: bool(f[SUITS]) and f[TOTAL] <= pv,
        lambda f: bool(f[SUITS]) and f[TOTAL] == pv,
        False,
    )


def _subtraction(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({SUITS, TOTAL, FIRST}),
        lambda f: bool(f[SUITS]) and f[TOTAL] <= 20 - pv,
        lambda f: bool(f[SUITS]) and f[FIRST] is not None and 2 * f[FIRST][1] - f[TOTAL] == pv,
        False,
    )


def _clone(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({RANK, EIGHT}),
        lambda f: f[RANK] is None or (f[RANK] is top and no_eight(f)),
        lambda f: f[RANK] is top and no_eight(f),
        False,
    )


def _twenty_one_spec(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({SUITS, TOTAL, ACES}),
        lambda f: bool(f[SUITS]) and f[TOTAL] <= 21,
        lambda f: bool(f[SUITS]) and _twenty_one(f[TOTAL], f[ACES]),
        True,
    )


def _full_house(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({PROF, EIGHT}),
        lambda f: f[PROF] is not DEAD and may_eight(f),
        lambda f: f[PROF] is not DEAD and sorted(c for _, c in f[PROF]) == [2, 3] and no_eight(f),
        True,
    )


def _flush(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (frozenset({SUITS}), lambda f: bool(f[SUITS]), lambda f: bool(f[SUITS]), True)


def _rank_groups(size: int, least: int) -> Callable[..., Spec]:
    def spec(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
        def alive(f: Features) -> bool:
            _, count, twos, threes, other = f[GRP]
            wrong = threes if size == 2 else twos
            return not other and not wrong and count <= size and may_eight(f)

        def accepts(f: Features) -> bool:
            twos, threes, other = _groups(f)
            if other or not no_eight(f):
                return False
            return (twos == 0 and threes >= least) if size == 3 else (threes == 0 and twos >= least)

        return frozenset({GRP, EIGHT}), alive, accepts, True

    return spec


def _one_rank(rank: Rank | None) -> Callable[..., Spec]:
    def spec(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
        return (
            frozenset({RANK, EIGHT}),
            lambda f: f[RANK] is None or f[RANK] is rank,
            lambda f: f[RANK] is rank and no_eight(f),
            True,
        )

    return spec


def _four_of_a_kind(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({RANK, EIGHT}),
        lambda f: f[RANK] is not MIXED and may_eight(f),
        lambda f: f[RANK] is not None and f[RANK] is not MIXED and no_eight(f),
        True,
    )


def _only_twos(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (
        frozenset({RANK}),
        lambda f: f[RANK] is None or f[RANK] is Rank.TWO,
        lambda f: f[RANK] is Rank.TWO,
        False,
    )


def _single_of_value(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    value = lay.neutral
    return (
        frozenset({FIRST}),
        lambda f: f[N] <= 1,
        lambda f: f[N] == 1 and value > 2 and f[FIRST] is not None and f[FIRST][1] == value,
        False,
    )


def _straight(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    """A run of one suit (only as the listed shape: the walk lays runs, the rule judges the rest)."""
    return (frozenset({SUITS}), lambda f: bool(f[SUITS]), lambda f: bool(f[SUITS]), True)


def _eight_straight(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    return (frozenset({EIGHT}), may_eight, no_eight, True)


def _self_mirror(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    """Two same-suited halves (only as the listed shape: the walk lays mirrored pairs)."""
    return (
        frozenset({EIGHT}),
        lambda f: bool(f[HALF1]) and bool(f[HALF2]) and may_eight(f),
        lambda f: bool(f[HALF1]) and bool(f[HALF2]) and no_eight(f),
        True,
    )


def _mirror(lay: Lay, pv: int, top: Rank | None, no_eight: NoEight, may_eight: NoEight) -> Spec:
    """As an owner of self mirrors only: a mirror as long as the previous play, when that is
    odd or under four cards, is never a self mirror (longer even ones are enumerated)."""
    return (frozenset(), lambda f: False, lambda f: False, False)


#: Earlier units that can never accept a play of a shape (whatever the hand, with at most the
#: deck's three Shamans), so its programme does not track them (MD-27). Values: A 1, 2..10,
#: J Q K 10; pile values 2..14; a suit is shared by one real card of a rank (two Jacks, four
#: wild 8s); the rest are Shamans.
_NEVER_OWNS: dict[str, frozenset[str]] = {
    # two ranks: never one rank; subtraction: 2*first - (3x + 2y) < 0
    "full_house": frozenset({"clone", "subtraction"}),
    # one rank of 4..7: (2 - n) * v < 0; n * v + 10 * aces is never 21 with a shared suit (7 3s
    # would need six Shamans); never two or three ranks
    "four_of_a_kind": frozenset({"subtraction", "twenty_one", "full_house", "three_by_three"}),
    # four ranks twice: total >= 2 * (1 + 2 + 3 + 4) = 20 > 14, and 2*first - total <= 0; an
    # even total (twice each value, each Ace's 10 twice) is never 21; never groups of 3 or 1 rank
    "four_pair": frozenset(
        {"addition", "subtraction", "clone", "twenty_one", "three_by_three", "four_of_a_kind"}
    ),
    # three ranks thrice: total >= 18 > 14, 2*first - total <= -first; one suit over them needs
    # a Jack, a wild 8 and all three Shamans (total >= 57): never 21, a flush only with wild 8s
    "three_by_three": frozenset({"addition", "subtraction", "clone", "twenty_one"}),
    # 8+ distinct ranks: total >= 1 + ... + 8 = 36; no rank twice
    "eight_straight": frozenset(
        {"addition", "subtraction", "twenty_one", "clone", "full_house", "three_by_three"}
        | {"heaven", "hell", "four_of_a_kind", "four_pair"}
    ),
    # three 7s are never three 6s, and the other way round
    "heaven": frozenset({"hell"}),
    "hell": frozenset({"heaven"}),
    # 3+ distinct ranks: never a rank group
    "straight": frozenset(
        {"clone", "full_house", "three_by_three", "heaven", "hell", "four_of_a_kind", "four_pair"}
    ),
}


#: Shapes none of whose plays is of 2s only (two ranks or more, a total 2s never make, or five
#: cards of one suit, which 2s make only with five Shamans): the add-on never owns them.
_NEVER_TWOS_ONLY = frozenset(
    {"full_house", "four_pair", "three_by_three", "eight_straight", "straight", "twenty_one", "flush"}
    | {"heaven", "hell"}
)


def may_own(shape_id: str, owners: Sequence[Rule], rules: MatchRules) -> list[Rule]:
    """``owners`` but those that can never accept a play of ``shape_id`` (``_NEVER_OWNS``)."""
    never = _NEVER_OWNS.get(shape_id, frozenset())
    if shape_id in _NEVER_TWOS_ONLY:
        never = never | {"twos_add_on"}
    if shape_id == "three_by_three" and rules.eight_must_share_suit:
        never = never | {"flush"}  # without wild 8s no three ranks thrice share a suit
    return [r for r in owners if r.id not in never]


#: Shapes of one rank (their rule refuses a second rank; RANK is among their features).
ONE_RANK_SHAPES = frozenset({"clone", "heaven", "hell", "four_of_a_kind", "twos_add_on"})

#: Shapes whose rule holds only for the runs the walk lays (never an owner of other shapes).
RUN_SHAPES = frozenset({"straight", "eight_straight", "mirror", "self_mirror"})

_SPECS: dict[str, Callable[..., Spec]] = {
    "self_mirror": _self_mirror,
    "straight": _straight,
    "eight_straight": _eight_straight,
    "addition": _addition,
    "subtraction": _subtraction,
    "clone": _clone,
    "twenty_one": _twenty_one_spec,
    "full_house": _full_house,
    "flush": _flush,
    "three_by_three": _rank_groups(3, 3),
    "four_pair": _rank_groups(2, 4),
    "heaven": _one_rank(Rank.SEVEN),
    "hell": _one_rank(Rank.SIX),
    "four_of_a_kind": _four_of_a_kind,
    "twos_add_on": _only_twos,
    "single": _single_of_value,
}


# -- the programme ---------------------------------------------------------------------------
#: One choice for one card: (card, identity, as the first card?, entries it adds as a top,
#: whether it ends a laid sequence, its second-half partner (card, identity) in a self mirror,
#: the bits of the used-card mask it sets: Shamans 1..3, real cards of the rank 4..7).
Choice = tuple[Card, Card, bool, int, bool, tuple[Card, Card] | None, int]
#: One taken member: (card, identity), or for a self mirror (card, identity, partner, identity).
Taken = tuple[Card, ...]
_UNKNOWN = object()
#: States of the programme counted as one unit of the work budget (a state costs a tenth
#: to a quarter of an enumerated candidate set; the lead may tune it against the budget).
CELLS_PER_UNIT = 16


class StateMeter:
    """Spends one unit of ``budget`` per ``CELLS_PER_UNIT`` states a counter creates."""

    def __init__(self, budget: WorkBudget | None) -> None:
        self._budget = budget
        self._states = 0

    def spend(self, states: int) -> None:
        self._states += states
        if self._budget is not None:
            units, self._states = divmod(self._states, CELLS_PER_UNIT)
            for _ in range(units):
                self._budget.spend()  # one at a time: a refusal stops one unit past the limit


_VALUES: dict[Card, int] = {c: in_play_value(c) for c in REAL_CARDS}
#: Mask bits of the real cards of the current rank (cleared when the rank changes).
_REAL_BITS = 0b1111 << 4
#: One item of the walk: the choices for one card (for the rank-by-rank walk, one Shaman at one rank).
Item = tuple[Choice, ...]
#: (count of sets, entries of the sets' own members, the same two times each set's orderings).
Cell = tuple[int, int, int, int]
_ZERO: Cell = (0, 0, 0, 0)


class CountedSets:
    """The accepted, unowned (set, first card) pairs of one shape over a hand, counted and paged.

    ``fixed_first``: each set's first card is marked (the entry fixes the first card,
    orderings (n-2)!); otherwise the first member in walk order stands in for it (the
    owner rules judge one representative order, orderings (n-1)!). ``sequence``: the
    items are a run's places (one entry per laid order); ``pairs``: a self mirror's pairs.
    Each state of the programme created spends from ``budget`` (``CELLS_PER_UNIT`` a unit).
    """

    def __init__(
        self,
        items: tuple[Item, ...],
        lay: Lay,
        mine: Rule,
        owners: Sequence[Rule],
        *,
        fixed_first: bool,
        by_rank: bool,
        sequence: bool = False,
        pairs: bool = False,
        budget: WorkBudget | None = None,
    ) -> None:
        self.lay = lay
        self._budget = budget
        self._cells = 0
        self.mine = mine
        self.owners = tuple(owners)
        self.fixed_first = fixed_first
        self.items = items
        #: Whether a Shaman may be offered by several items (then the used ones are tracked).
        self.by_rank = by_rank or sequence
        #: A laid sequence: items are its places, each choice goes on or ends it (no card left out).
        self.sequence = sequence
        #: A self mirror: items are (first-half card, its partner) pairs, rank by rank; an
        #: entry is one laid order, (k-1)! of them per set of k pairs and first pair.
        self.pairs = pairs
        resets = []
        rank: object = None
        for item in items:
            resets.append(bool(item) and rank is not None and item[0][1].rank is not rank)
            if item:
                rank = item[0][1].rank
        self._resets = tuple(resets)
        #: For a shape of one rank: the ranks still offered from each item on (past the last
        #: item of its rank a set can only end, so the walk to the end is not tabled).
        self._one_rank = mine.id in ONE_RANK_SHAPES and not sequence and not pairs
        later: list[frozenset[Rank | None]] = [frozenset()]
        for item in reversed(items):
            later.append(later[-1] | {choice[1].rank for choice in item})
        self._later_ranks = tuple(reversed(later))
        self._all = (1 << len(self.owners)) - 1
        self._suits = {c: play_suits(c, lay.rules) for c in REAL_CARDS}
        self._firsts = {c: (first_ok(c, lay), _VALUES[c]) for c in REAL_CARDS}
        start = (*_START[:HALF1], ALL_SUITS, ALL_SUITS) if pairs else _START
        self._start = self._canonical(start)
        self._memo: dict[tuple[int, int, Features], Cell] = {}
        self._group_memo: dict[tuple[object, ...], list[tuple[Choice, int, int]]] = {}
        self._step_memo: dict[tuple[Features, Card, bool, Card | None], Features | None] = {}
        self._boundary_memo: dict[Features, Features | None] = {}
        cell = self._from(0, 0, self._start)
        self.sets = cell[0]
        self.entries = cell[3] if pairs else cell[1]
        self.plays = cell[3]

    def _orderings(self, n: int) -> int:
        if self.sequence:
            return 1
        if self.pairs:
            return factorial(n // 2 - 1)
        return factorial(max(0, n - (2 if self.fixed_first else 1)))

    def _final(self, f: Features) -> Cell:
        if (not self.fixed_first or f[FIRST] is not None) and self._done(f):
            return (1, 0, self._orderings(f[N]), 0)
        return _ZERO

    def _next(self, index: int, mask: int, f: Features, choice: Choice) -> Cell:
        """Completions after ``choice`` was taken at item ``index`` (a sequence may end there)."""
        if self.sequence and choice[4]:
            return self._final(f)
        return self._from(index + 1, mask, f)

    def _canonical(self, f: Features) -> Features:
        """Drop owners that can no longer accept, then every feature no one left needs."""
        mask = f[ALIVE]
        keep = set(self.mine.needs)
        for bit, owner in enumerate(self.owners):
            if mask >> bit & 1:
                if owner.alive(f):
                    keep |= owner.needs
                else:
                    mask &= ~(1 << bit)
        n, suits, eight, total, aces, rank, first, prof, grp, _, half1, half2 = f
        if SUITS not in keep:
            suits = None
        if TOTAL not in keep or (suits is not None and not suits):
            total = aces = None
        elif ACES not in keep or total > 11:
            aces = 0
        if EIGHT not in keep:
            eight = None
        if RANK not in keep:
            rank = None if rank is None else MIXED
        if FIRST not in keep:
            first = None if first is None else (True, 0)
        elif first is not None and total is None and not self.lay.neutral:
            first = (first[0], 0)
        if PROF not in keep:
            prof = None
        if GRP not in keep:
            grp = None
        return (n, suits, eight, total, aces, rank, first, prof, grp, mask & self._all, half1, half2)

    def _step(
        self, f: Features, identity: Card, as_first: bool, partner: Card | None = None
    ) -> Features | None:
        """``f`` with ``identity`` added (and, for a self mirror, its second-half ``partner``)."""
        key = (f, identity, as_first, partner)
        known = self._step_memo.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        out: Features | None = self._raw(f, identity, as_first)
        if partner is not None:
            assert out is not None
            out = self._raw(out, partner, False)
            suits = self._suits
            out = (*out[:HALF1], out[HALF1] & suits[identity], out[HALF2] & suits[partner])
        assert out is not None
        out = self._canonical(out) if self.mine.alive(out) else None
        self._step_memo[key] = out
        return out

    def _boundary(self, f: Features) -> Features | None:
        """``f`` at the first item of a new rank: the open rank group closed (its rank never
        comes back), or None when that leaves the shape dead."""
        grp = f[GRP]
        if grp is None or grp[0] is None:
            return f
        known = self._boundary_memo.get(f, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        _, count, twos, threes, other = grp
        out: Features | None = (*f[:GRP], (None, 0, *_close(count, twos, threes, other)), *f[GRP + 1 :])
        assert out is not None
        out = self._canonical(out) if self.mine.alive(out) else None
        self._boundary_memo[f] = out
        return out

    def _raw(self, f: Features, identity: Card, as_first: bool) -> Features:
        n, suits, eight, total, aces, rank, first, prof, grp, alive, half1, half2 = f
        n += 1
        if suits is not None:
            suits = suits & self._suits[identity]
        if eight is not None:
            eight = eight or identity.rank is Rank.EIGHT
        if total is not None:
            total = min(CAP, total + _VALUES[identity])
            if aces is not None and identity.rank is Rank.ACE:
                aces = min(2, aces + 1)
        if rank is None:
            rank = identity.rank
        elif rank is not identity.rank:
            rank = MIXED
        if as_first:
            first = self._firsts[identity]
        if prof is not None and prof is not DEAD:
            prof = _profile(prof, identity.rank)
        if grp is not None:
            cur, count, twos, threes, other = grp
            if cur is identity.rank:
                grp = (cur, count + 1, twos, threes, other)
            else:
                if cur is not None:
                    twos, threes, other = _close(count, twos, threes, other)
                grp = (identity.rank, 1, twos, threes, other)
        return (n, suits, eight, total, aces, rank, first, prof, grp, alive, half1, half2)

    def _done(self, f: Features) -> bool:
        if not self.mine.accepts(f):
            return False
        mask = f[ALIVE]
        return not any(mask >> bit & 1 and o.accepts(f) for bit, o in enumerate(self.owners))

    def _choices(self, index: int, mask: int, f: Features) -> Iterator[tuple[Choice, int, Features]]:
        """The choices of item ``index`` that keep the shape alive, in walk order (taking first)."""
        item = self.items[index]
        first_open = f[FIRST] is None
        for choice in item:
            identity, as_first, partner, bits = choice[1], choice[2], choice[5], choice[6]
            if bits & mask or (as_first and not first_open):
                continue
            marks_first = as_first if self.fixed_first else first_open
            after = self._step(f, identity, marks_first, None if partner is None else partner[1])
            if after is not None:
                yield choice, mask | bits, after

    def _groups(self, index: int, mask: int, f: Features) -> list[tuple[Choice, int, int]]:
        """The item's choices grouped by what they change in ``f``: (one of them, how many, weights).

        Choices that agree on every feature still tracked in ``f`` lead to the same state,
        so the count follows one of them; the walk still goes through each one.
        """
        item = self.items[index]
        first_open = f[FIRST] is None
        eights = f[EIGHT] is False
        totals = f[TOTAL] is not None
        aces = f[ACES] is not None
        ranks = f[RANK] is not MIXED or f[PROF] not in (None, DEAD) or f[GRP] is not None
        sig = (index, mask, f[SUITS], f[HALF1], eights, totals, aces, ranks, first_open)
        cached = self._group_memo.get(sig)
        if cached is not None:
            return cached
        found: dict[tuple[object, ...], list[object]] = {}
        for choice in item:
            _, identity, as_first, w, end, partner, bits = choice
            if as_first and not first_open:
                continue
            if bits & mask:
                continue
            key = (
                bits,
                partner,
                None if f[HALF1] is None else play_suits(identity, self.lay.rules) & f[HALF1],
                end,
                as_first,
                None if f[SUITS] is None else play_suits(identity, self.lay.rules) & f[SUITS],
                eights and identity.rank is Rank.EIGHT,
                in_play_value(identity) if totals or as_first or (first_open and not self.fixed_first) else 0,
                aces and identity.rank is Rank.ACE,
                identity.rank if ranks else None,
                first_ok(identity, self.lay) if (as_first or not self.fixed_first) and first_open else None,
            )
            group = found.get(key)
            if group is None:
                found[key] = [choice, 1, w]
            else:
                group[1] += 1  # type: ignore[operator]
                group[2] += w  # type: ignore[operator]
        out = [(g[0], g[1], g[2]) for g in found.values()]
        self._group_memo[sig] = out  # type: ignore[assignment]
        return out  # type: ignore[return-value]

    def _from(self, index: int, mask: int, f: Features) -> Cell:
        """Completions from item ``index``: (sets, entries added, the same two times orderings)."""
        if index < len(self.items) and self._resets[index]:
            mask &= ~_REAL_BITS
            closed = self._boundary(f)
            if closed is None:
                return _ZERO
            f = closed
        if self._one_rank and f[RANK] is not None and f[RANK] not in self._later_ranks[index]:
            return self._final(f)
        key = (index, mask, f)
        cell = self._memo.get(key)
        if cell is not None:
            return cell
        if self._budget is not None:
            self._cells += 1
            if self._cells % CELLS_PER_UNIT == 0:
                self._budget.spend()
        if index == len(self.items):
            cell = _ZERO if self.sequence else self._final(f)
            self._memo[key] = cell
            return cell
        count, weight, count_o, weight_o = _ZERO if self.sequence else self._from(index + 1, mask, f)
        for choice, many, weights in self._groups(index, mask, f):
            identity, as_first, partner = choice[1], choice[2], choice[5]
            marks_first = as_first if self.fixed_first else f[FIRST] is None
            after = self._step(f, identity, marks_first, None if partner is None else partner[1])
            if after is None:
                continue
            c, ws, co, wso = self._next(index, mask | choice[6], after, choice)
            if c:
                count += many * c
                weight += many * ws + weights * c
                count_o += many * co
                weight_o += many * wso + weights * co
        cell = (count, weight, count_o, weight_o)
        self._memo[key] = cell
        return cell

    def walk(self, skip: int) -> Iterator[tuple[tuple[Taken, ...], int, int]]:
        """(members in walk order, the first card's place, entries to skip in it) from entry ``skip``."""
        if skip >= self.entries:
            return
        yield from self._walk(0, 0, self._start, (), -1, 0, skip)

    def _walk(
        self,
        index: int,
        mask: int,
        f: Features,
        members: tuple[Taken, ...],
        first: int,
        weight: int,
        skip: int,
    ) -> Iterator[tuple[tuple[Taken, ...], int, int]]:
        if index == len(self.items):
            if not self.sequence:
                yield members, first, skip
            return
        if self._resets[index]:
            mask &= ~_REAL_BITS
            closed = self._boundary(f)
            if closed is None:
                return
            f = closed
        for choice, after_mask, after in self._choices(index, mask, f):
            card, identity, as_first, w, end, partner = choice[:6]
            c, ws, co, wso = self._next(index, after_mask, after, choice)
            inside = (weight + w) * co + wso if self.pairs else (weight + w) * c + ws
            if skip >= inside:
                skip -= inside
                continue
            place = len(members) if as_first else first
            grown = (*members, (card, identity) if partner is None else (card, identity, *partner))
            if self.sequence and end:
                yield grown, -1, skip
            else:
                yield from self._walk(index + 1, after_mask, after, grown, place, weight + w, skip)
            skip = 0
        if self.sequence:
            return
        c, ws, co, wso = self._from(index + 1, mask, f)
        if skip < (weight * co + wso if self.pairs else weight * c + ws):
            yield from self._walk(index + 1, mask, f, members, first, weight, skip)


def _profile(prof: tuple[tuple[Rank, int], ...], rank: Rank | None) -> tuple[tuple[Rank, int], ...] | str:
    assert rank is not None
    counts = dict(prof)
    counts[rank] = counts.get(rank, 0) + 1
    if len(counts) > 2 or max(counts.values()) > 3:
        return DEAD
    return tuple(sorted(counts.items(), key=lambda kv: kv[0].ordinal))  # type: ignore[union-attr]


def set_items(hand: Sequence[Card], *, fixed_first: bool, by_rank: bool) -> tuple[Item, ...]:
    """The walk's items: each card in deck order, or rank by rank with every Shaman at every rank."""

    def choices(card: Card, identities: Sequence[Card]) -> Item:
        out: list[Choice] = []
        for identity in identities:
            weight = len(suit_choices(identity))
            bits = 1 << card.shaman if card.is_shaman and by_rank else 0
            if fixed_first:
                out.append((card, identity, True, 0, False, None, bits))
            out.append((card, identity, False, weight, False, None, bits))
        return tuple(out)

    if not by_rank:
        return tuple(choices(card, identity_choices(card)) for card in hand)
    shamans = [c for c in hand if c.is_shaman]
    items: list[Item] = []
    for rank in Rank:
        for card in hand:
            if card.rank is rank:
                items.append(choices(card, (card,)))
        for shaman in shamans:
            items.append(choices(shaman, tuple(i for i in identity_choices(shaman) if i.rank is rank)))
    return tuple(items)


def run_items(
    hand: Sequence[Card], lay: Lay, suit: Suit | None, start: int, step: int, low: int, high: int
) -> tuple[Item, ...]:
    """The places of a run from rank ``start`` (0: Ace) going ``step``: each card of the place's
    rank (of ``suit`` unless None) goes on, or ends the run once it has ``low`` cards."""
    ranks = tuple(Rank)
    items: list[Item] = []
    for place in range(min(high, 13, len(hand))):
        rank = ranks[(start + step * place) % 13]
        out: list[Choice] = []
        for card in hand:
            for identity in identity_choices(card):
                if identity.rank is not rank or (
                    suit is not None and suit not in play_suits(identity, lay.rules)
                ):
                    continue
                weight = len(suit_choices(identity))
                bits = 1 << card.shaman if card.is_shaman else 0
                if place + 1 < min(high, 13, len(hand)):
                    out.append((card, identity, place == 0, 0, False, None, bits))
                if place + 1 >= low:
                    out.append((card, identity, place == 0, weight, True, None, bits))
        items.append(tuple(out))
    return tuple(items)


def pair_items(hand: Sequence[Card]) -> tuple[Item, ...]:
    """Self-mirror pairs rank by rank: a first-half card and a distinct second-half card of its rank."""
    suits = {suit: 4 + k for k, suit in enumerate((Suit.FIRE, Suit.WATER, Suit.EARTH, Suit.AIR))}

    def bit(card: Card) -> int:
        return 1 << card.shaman if card.is_shaman else 1 << suits[card.suit]  # type: ignore[index]

    items: list[Item] = []
    for rank in Rank:
        options = [(c, i) for c in hand for i in identity_choices(c) if i.rank is rank]
        for a_card in dict.fromkeys(c for c, _ in options):
            item: list[Choice] = []
            for card, a_id in options:
                if card != a_card:
                    continue
                for b_card, b_id in options:
                    if b_card == a_card:
                        continue
                    bits = bit(a_card) | bit(b_card)
                    partner = (b_card, b_id)
                    item.append((a_card, a_id, True, len(suit_choices(b_id)), False, partner, bits))
                    item.append((a_card, a_id, False, 0, False, partner, bits))
            if item:
                items.append(tuple(item))
    return tuple(items)


#: Builds the block of a few rows ((card, identity) members, first card's place).
MakeRows = Callable[[list[tuple[tuple[tuple[Card, Card], ...], int]]], Block]


def _nth_permutation(items: Sequence[Taken], index: int) -> list[Taken]:
    """The ``index``-th permutation of ``items`` in lexicographic order of places."""
    pool = list(items)
    out = []
    for left in range(len(pool), 0, -1):
        place, index = divmod(index, factorial(left - 1))
        out.append(pool.pop(place))
    return out


class ChainedSets:
    """The runs of one shape (a programme per suit, start and direction) walked one after
    the other, as one block's sets."""

    pairs = False

    def __init__(self, shape_id: str, parts: Sequence[CountedSets]) -> None:
        self.shape_id = shape_id
        self._parts = [p for p in parts if p.entries]
        self.entries = sum(p.entries for p in self._parts)
        self.plays = sum(p.plays for p in self._parts)

    def walk(self, skip: int) -> Iterator[tuple[tuple[Taken, ...], int, int]]:
        for part in self._parts:
            if skip >= part.entries:
                skip -= part.entries
                continue
            yield from part.walk(skip)
            skip = 0


class LazySets:
    """A shape's totals from a dedicated counter (``pair_totals``), and the programme that
    walks its pages built only when a page reaches it: a listing's first page comes from the
    earlier blocks, and building the programme costs far more than the totals."""

    def __init__(
        self, entries: int, plays: int, build: Callable[[], CountedSets | ChainedSets], *, pairs: bool
    ) -> None:
        self.entries = entries
        self.plays = plays
        self.pairs = pairs
        self._build = build
        self._sets: CountedSets | ChainedSets | None = None

    def walk(self, skip: int) -> Iterator[tuple[tuple[Taken, ...], int, int]]:
        if skip >= self.entries:
            return
        if self._sets is None:
            self._sets = self._build()
        yield from self._sets.walk(skip)


class CountedBlock:
    """A ``Block`` over ``CountedSets``: entries built only for the page asked for."""

    def __init__(self, sets: CountedSets | ChainedSets | LazySets, make_rows: MakeRows) -> None:
        self._sets = sets
        self._make_rows = make_rows
        self.entries = sets.entries
        self.plays = sets.plays

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]:
        for members, first, inner in self._sets.walk(skip):
            pairs = tuple((m[0], m[1]) for m in members)
            yield from self._make_rows([(pairs, first)]).iter_entries(inner)


class PairBlock(CountedBlock):
    """Self mirrors: per set of pairs and first pair, every order of the other pairs."""

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]:
        for members, first, inner in self._sets.walk(skip):
            lead = members[first]
            others = [m for k, m in enumerate(members) if k != first]
            width = len(suit_choices(lead[3]))
            order, inner = divmod(inner, width)
            for number in range(order, factorial(len(others))):
                chosen = _nth_permutation(others, number)
                laid = (
                    (lead[0], lead[1]),
                    *((m[0], m[1]) for m in chosen),
                    *((m[2], m[3]) for m in reversed(chosen)),
                    (lead[2], lead[3]),
                )
                yield from self._make_rows([(laid, -1)]).iter_entries(inner)
                inner = 0
