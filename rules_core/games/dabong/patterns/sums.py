"""Same-suit sums: addition and subtraction (and later the sum family's kin).

Addition: two or more cards sharing one suit whose in-play values add up to
the pile value of the top card, laid in any order. Subtraction: two or more
cards sharing one suit, the biggest laid first, the rest subtracted from it
down to the pile value, the rest in any order. Neither has to match the top
card's suit. A Jack shares either of its two suits; a Shaman is its identity;
an 8 shares its own suit only (unless ``eight_must_share_suit`` is off).

Since values are positive, a subtraction that comes out right always has its
biggest card first and that card is unique, so the order rule is "the first
card is the one the others are subtracted from".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from math import factorial

from ....kernel import DABONG_55, ELEMENT_SUITS, Action, Card, LegalEntry, Suit, format_card
from ..matcher_api import MatchRules, PileContext, PlayReading
from ..values import JACK_PARTNER, identity_choices, in_play_value, is_eight
from .base import CardRule, Miss, OrderRule, Pattern, Slot
from .common import (
    ALL_SUITS,
    declarations,
    identities_with_suit,
    play_suits,
    shown,
    suit_choices,
    top_power,
)
from .subsets import Choice, Item, SetTotals, SubsetSums

#: Exact common-suit classes of a set, each with the wider class whose sets it leaves out
#: (a set of Jacks of Water and Air shares both suits: it is counted once, in the pair class).
SUIT_CLASSES: tuple[tuple[frozenset[Suit], frozenset[Suit] | None], ...] = (
    *((frozenset({s}), frozenset({s, JACK_PARTNER[s]})) for s in ELEMENT_SUITS),
    (frozenset({Suit.EARTH, Suit.FIRE}), ALL_SUITS),
    (frozenset({Suit.WATER, Suit.AIR}), ALL_SUITS),
    (ALL_SUITS, None),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SameSuitSum(Pattern):
    """A same-suit sum unit: ``ANY`` order adds every card, ``BIGGEST_FIRST`` subtracts."""

    id: str
    rule_id: str
    level: str
    order: OrderRule
    cards: CardRule = CardRule.ONE_SUIT
    first_card_follows: bool = False
    min_cards: int = 2

    @property
    def subtracts(self) -> bool:
        return self.order is OrderRule.BIGGEST_FIRST

    # -- one laid sequence ---------------------------------------------------------------------
    def readings(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> tuple[tuple[PlayReading, ...], Miss | None]:
        readings = tuple(self._reading(ctx, slots, ids) for ids in self.solutions(ctx, slots, rules))
        if readings:
            return readings, None
        return (), self._miss(ctx, slots, rules)

    def solutions(
        self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules
    ) -> Iterator[tuple[Card, ...]]:
        """The identity tuples of ``readings``, lazily and in the same order."""
        target = ctx.pile_value
        signs = (1, *([-1 if self.subtracts else 1] * (len(slots) - 1)))
        # A fixed identity has one value and fits the suits it counts as; only the suits every
        # fixed identity fits are tried (an open Shaman fits each), in the same order as before.
        suits = ALL_SUITS
        fixed: list[dict[int, tuple[Card, ...]] | None] = []
        for slot in slots:
            identity = slot.identity
            if identity is None:
                fixed.append(None)
            else:
                suits = suits & play_suits(identity, rules)
                if not suits:
                    return  # two fixed identities share no suit: nothing to read
                fixed.append({in_play_value(identity): (identity,)})
        share = rules.eight_must_share_suit
        found: set[tuple[Card, ...]] = set()
        for suit in ELEMENT_SUITS:
            if suit not in suits:
                continue
            shaman = _SHAMAN_OPTIONS[(suit, share)]
            grouped = [shaman if options is None else options for options in fixed]
            for values in _value_paths(grouped, signs, 0, target):
                for identities in product(*(grouped[k][v] for k, v in enumerate(values))):
                    if identities not in found:
                        found.add(identities)
                        yield identities

    def _reading(
        self, ctx: PileContext, slots: tuple[Slot, ...], identities: tuple[Card, ...]
    ) -> PlayReading:
        cards = tuple(s.card for s in slots)
        sign = " - " if self.subtracts else " + "
        text = sign.join(shown(c, i) for c, i in zip(cards, identities, strict=True))
        return PlayReading(
            pattern=self.id,
            rule_id=self.rule_id,
            cards=cards,
            identities=identities,
            declarations=declarations(cards, identities),
            description=f"{text} = {ctx.pile_value} on {format_card(ctx.top)}",
            top_power=top_power(identities[-1]),
        )

    def _miss(self, ctx: PileContext, slots: tuple[Slot, ...], rules: MatchRules) -> Miss:
        known = [s for s in slots if s.identity is not None]
        clash = _suit_clash(known, rules)
        if clash is not None:
            a, b = clash
            assert a.identity is not None and b.identity is not None
            pair = f"{shown(a.card, a.identity)} and {shown(b.card, b.identity)} differ"
            if rules.eight_must_share_suit and (is_eight(a.identity) or is_eight(b.identity)):
                return Miss(
                    code="eight_must_share_suit",
                    rule_id="dabong.eight",
                    message=f"an 8 inside a multi-card play must share the others' suit: {pair}",
                )
            return Miss(
                code=f"{self.id}_suits_differ",
                rule_id=self.rule_id,
                message=f"{'a' if self.subtracts else 'an'} {self.id} needs one suit: {pair}",
            )
        target = ctx.pile_value
        open_slots = [format_card(s.card) for s in slots if s.identity is None]
        if open_slots:
            return Miss(
                code=f"{self.id}_wrong_total",
                rule_id=self.rule_id,
                message=(
                    f"no declaration of {', '.join(open_slots)} makes this {self.id} come to "
                    f"{target} in one suit"
                ),
            )
        values = [in_play_value(s.identity) for s in slots if s.identity is not None]
        if self.subtracts:
            result = values[0] - sum(values[1:])
            biggest = max(values)
            if biggest != values[0] and biggest - (sum(values) - biggest) == target:
                top = slots[values.index(biggest)]
                assert top.identity is not None
                return Miss(
                    code="subtraction_biggest_first",
                    rule_id=self.rule_id,
                    message=(
                        f"a subtraction lays the biggest card first: "
                        f"{shown(top.card, top.identity)} must come first"
                    ),
                )
            return Miss(
                code="subtraction_wrong_total",
                rule_id=self.rule_id,
                message=f"subtraction comes to {result}, the target is {target}",
            )
        return Miss(
            code="addition_wrong_total",
            rule_id=self.rule_id,
            message=f"addition totals {sum(values)}, the target is {target}",
        )

    # -- all plays of a hand ---------------------------------------------------------------------
    def blocks(
        self, ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, seat: int
    ) -> Iterator[SumBlock]:
        target = ctx.pile_value
        wild = not rules.eight_must_share_suit
        for index, (_key, wider) in enumerate(SUIT_CLASSES):
            known = _ITEMS[(wild, index)]
            items = [
                item if (item := known.get(card._text)) is not None else _item_of(card, index, rules)
                for card in hand
            ]
            reach = _reachable_sums(items)
            if not self.subtracts:
                if not reach >> target & 1:
                    continue  # no subset of the class's cards adds up to the target
                sets = SubsetSums(items, target=target, min_size=2, exclude_all_super=wider is not None)
                block = SumBlock(sets=sets, totals=_totals(sets), first=None, pattern=self.id, seat=seat)
                if block.entries:
                    yield block
                continue
            shared: dict[tuple[int, int, bool], SubsetSums] = {}
            # The totals of the sets after a first card depend on what the other cards are
            # worth, not on which cards they are: first cards alike (a Shaman's identities of
            # one value, cards of one value and weight) share them.
            tallied: dict[tuple[tuple[tuple[int, int, bool], ...], int, bool], SetTotals] = {}
            for place, item in enumerate(items):
                others = items[:place] + items[place + 1 :]
                worth = tuple((c.value, c.weight, c.covers_super) for c in item)
                for first in item:
                    rest = first.value - target
                    if rest < 1 or not reach >> rest & 1:
                        continue  # nothing (of the class's cards) to subtract it down to the target
                    cache_key = (place, rest, first.covers_super)
                    if cache_key not in shared:
                        shared[cache_key] = SubsetSums(
                            others,
                            target=rest,
                            min_size=1,
                            exclude_all_super=wider is not None,
                            start_super=first.covers_super,
                        )
                    sets = shared[cache_key]
                    tally_key = (worth, rest, first.covers_super)
                    totals = tallied.get(tally_key)
                    if totals is None:
                        totals = tallied[tally_key] = _totals(sets)
                    block = SumBlock(sets=sets, totals=totals, first=first, pattern=self.id, seat=seat)
                    if block.entries:
                        yield block


def _totals(sets: SubsetSums) -> SetTotals:
    """A block's entries and plays: each set of n cards is laid in (n-1)! orders (its top
    card fixed) per entry."""
    return sets.totals(lambda n: factorial(n - 1))


def _reachable_sums(items: list[Item]) -> int:
    """Bit v set when some cards of ``items`` (each as one of its identities, or left out) add
    up to v: a necessary condition, checked before building any subset count."""
    reach = 1
    for item in items:
        if item:
            grown = reach
            for value in {choice.value for choice in item}:
                grown |= reach << value
            reach = grown
    return reach


def _item(
    card: Card, key: frozenset[Suit], wider: frozenset[Suit] | None, rules: MatchRules
) -> tuple[Choice, ...]:
    """``card`` as every identity whose suits cover ``key`` (a real card: itself or nothing)."""
    out = []
    for identity in identity_choices(card):
        suits = play_suits(identity, rules)
        if key <= suits:
            out.append(
                Choice(
                    card=card,
                    identity=identity,
                    value=in_play_value(identity),
                    weight=len(suit_choices(identity)),
                    covers_super=wider is not None and wider <= suits,
                )
            )
    return tuple(out)


def _item_of(card: Card, index: int, rules: MatchRules) -> Item:
    """``_item`` for the suit class at ``index``, worked out (a card the table does not hold)."""
    key, wider = SUIT_CLASSES[index]
    return _item(card, key, wider, rules)


def _items_table() -> dict[tuple[bool, int], dict[str | None, Item]]:
    """``_item`` of every card of the deck by its notation, per 8s rule and suit class (a
    Shaman has 52 identities to test per class on every listing: built once, at import)."""
    table: dict[tuple[bool, int], dict[str | None, Item]] = {}
    for wild in (False, True):
        rules = MatchRules(eight_must_share_suit=not wild)
        for index, (key, wider) in enumerate(SUIT_CLASSES):
            table[(wild, index)] = {card._text: _item(card, key, wider, rules) for card in DABONG_55.cards}
    return table


class SumBlock:
    """The sets of one suit class (and, for a subtraction, one first card), paged lazily."""

    def __init__(
        self, *, sets: SubsetSums, totals: SetTotals, first: Choice | None, pattern: str, seat: int
    ) -> None:
        self._sets = sets
        self._first = first
        self._pattern = pattern
        self._seat = seat
        self.entries = totals.entries
        self.plays = totals.plays

    def iter_entries(self, skip: int) -> Iterator[LegalEntry]:
        for members, inner in self._sets.walk(skip):
            for entry in self._entries_of(members):
                if inner:
                    inner -= 1
                    continue
                yield entry

    def _entries_of(self, members: tuple[Choice, ...]) -> Iterator[LegalEntry]:
        lead = (self._first,) if self._first is not None else ()
        for place, top in enumerate(members):
            below = members[:place] + members[place + 1 :]
            laid = (*lead, *below, top)
            cards = tuple(c.card for c in laid)
            identities = tuple(c.identity for c in laid)
            free = len(below)
            note = None
            if free > 1:
                start = len(lead) + 1
                note = f"cards {start}..{start + free - 1} in any order"
            for suit in suit_choices(top.identity):
                yield LegalEntry(
                    action=Action(
                        type="play",
                        seat=self._seat,
                        cards=cards,
                        suit=suit,
                        declare=declarations(cards, identities),
                    ),
                    orderings=factorial(free),
                    note=note,
                    patterns=(self._pattern,),
                )


def _by_value(options: tuple[Card, ...]) -> dict[int, tuple[Card, ...]]:
    out: dict[int, list[Card]] = {}
    for identity in options:
        out.setdefault(in_play_value(identity), []).append(identity)
    return {value: tuple(cards) for value, cards in out.items()}


# What an undeclared Shaman may be inside a play of one suit, grouped by value (constant).
_SHAMAN_OPTIONS: dict[tuple[Suit, bool], dict[int, tuple[Card, ...]]] = {
    (suit, share): _by_value(identities_with_suit(suit, MatchRules(eight_must_share_suit=share)))
    for suit in ELEMENT_SUITS
    for share in (True, False)
}


def _value_paths(
    grouped: list[dict[int, tuple[Card, ...]]], signs: tuple[int, ...], start: int, total: int
) -> Iterator[tuple[int, ...]]:
    """Values, one per slot from its options, with ``sum(sign * value) == total``.

    The search runs over values (at most ten per slot), not cards; the caller expands
    each value path into the cards that have those values. A branch is cut as soon as
    the slots left cannot reach what is missing (their smallest and largest signed sums).
    """
    size = len(grouped)
    low = [0] * (size + 1)
    high = [0] * (size + 1)
    for place in range(size - 1, start - 1, -1):
        values = grouped[place]
        ends = (signs[place] * min(values), signs[place] * max(values))
        low[place] = low[place + 1] + min(ends)
        high[place] = high[place + 1] + max(ends)
    path: list[int] = []

    def grow(place: int, left: int) -> Iterator[tuple[int, ...]]:
        if not low[place] <= left <= high[place]:
            return
        sign = signs[place]
        if place == size - 1:  # the last value is forced
            if sign * left in grouped[place]:
                yield (*path, sign * left)
            return
        for value in grouped[place]:
            path.append(value)
            yield from grow(place + 1, left - sign * value)
            path.pop()

    if start == size:
        if total == 0:
            yield ()
        return
    yield from grow(start, total)


def _suit_clash(slots: list[Slot], rules: MatchRules) -> tuple[Slot, Slot] | None:
    """Two cards with no suit in common (None when all share one)."""
    common = ALL_SUITS
    for slot in slots:
        assert slot.identity is not None
        common = common & play_suits(slot.identity, rules)
    if common:
        return None
    for i, a in enumerate(slots):
        for b in slots[i + 1 :]:
            assert a.identity is not None and b.identity is not None
            if not play_suits(a.identity, rules) & play_suits(b.identity, rules):
                return a, b
    return None


#: ``_item`` per (8s wild, suit class index) and card notation: constant, since a card's
#: identities, values and suits depend on nothing else.
_ITEMS: dict[tuple[bool, int], dict[str | None, Item]] = _items_table()
