"""The dabong! matcher: which ways a laid sequence is a legal play, and every play of a hand.

``check_play`` and ``list_plays`` share the card facts and the pattern units'
declarations but not their search: a check solves for the identities of one
laid sequence, a listing counts card sets with a dynamic programme and walks
them lazily. Tests hold the two against each other and against a brute-force
oracle written from the rule text.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import islice
from typing import overload

from ...kernel import DABONG_55, Card, LegalEntry, Rank, ReasonCatalog, ReasonCode, format_card
from .matcher_api import MatchRules, PileContext, PlayCheck, PlayListing, PlayReading
from .patterns import PATTERNS, Block, Miss, Slot
from .patterns.budget import CHECK_ADVICE, LIST_ADVICE, WorkBudget
from .patterns.common import LEVELS, deck_key
from .patterns.counted import RUN_SHAPES, EarlierRules
from .patterns.plan import Plan, Step, plan, river_usable, shape_twin
from .patterns.registry import MODE_IDS
from .patterns.shape_unit import ClassJudge, Laying, Member, ShapePattern, shape_reason
from .patterns.shapes import FIRST_CARD_MESSAGE, NO_DECLARATION_MESSAGE
from .patterns.single import SinglePattern
from .patterns.specs import SHAPE_REASONS
from .patterns.sums import SameSuitSum
from .values import is_real

#: The reason codes of the matcher's misses (the engine merges them into its catalog).
#: Input problems reuse the engine's codes (``no_cards``, ``card_repeated``, ``declare_*``),
#: which its own catalog defines; messages arrive rendered in ``PlayCheck.misses``.
MISS_REASONS = ReasonCatalog(
    ReasonCode(code=code, template=template, rule_id=rule_id)
    for code, template, rule_id in (
        ("not_a_dabong_card", "a card that is not in the dabong! deck", "dabong.follow"),
        ("shaman_declared_twice", "a Shaman declared as two different cards", "dabong.shaman"),
        ("single_does_not_follow", "a single card must follow suit or rank, or be an 8", "dabong.follow"),
        (
            "eight_must_share_suit",
            "an 8 inside a multi-card play must share the others' suit",
            "dabong.eight",
        ),
        ("addition_suits_differ", "an addition needs cards of one suit", "dabong.addition"),
        ("addition_wrong_total", "an addition must add up to the top card's value", "dabong.addition"),
        ("subtraction_suits_differ", "a subtraction needs cards of one suit", "dabong.subtraction"),
        ("subtraction_biggest_first", "a subtraction lays the biggest card first", "dabong.subtraction"),
        ("subtraction_wrong_total", "a subtraction must come to the top card's value", "dabong.subtraction"),
        *(
            (code, message, rule_id)
            for code, (message, rule_id) in SHAPE_REASONS.items()
            if not code.startswith(("addition_", "subtraction_", "eight_"))
        ),
        *(
            (f"{p.id}_{tail}", message, p.rule_id)
            for p in PATTERNS
            if isinstance(p, ShapePattern)
            for tail, message in (
                ("first_card_does_not_follow", FIRST_CARD_MESSAGE),
                ("no_declaration_fits", NO_DECLARATION_MESSAGE),
            )
        ),
    )
)


def match_rules(options: object) -> MatchRules:
    """The ``MatchRules`` for ``options``.

    ``MatchRules`` itself; an object with a ``match_rules()`` method (the engine's
    options may grow one); or an options object with a ``level`` (``DabongOptions``),
    read as: that level, ``eight_must_share_suit`` if it has one, and every pattern
    whose id names a boolean attribute set to ``False`` switched off.
    """
    if isinstance(options, MatchRules):
        return options
    build = getattr(options, "match_rules", None)
    if callable(build):
        rules = build()
        if isinstance(rules, MatchRules):
            return rules
    level = getattr(options, "level", None)
    if isinstance(level, str) and level in LEVELS:
        return MatchRules(
            level=level,
            disabled=frozenset(
                name
                for name in (*(p.id for p in PATTERNS), *MODE_IDS)
                if getattr(options, name, True) is False
            ),
            eight_must_share_suit=bool(getattr(options, "eight_must_share_suit", True)),
        )
    raise TypeError(f"the matcher needs MatchRules or dabong! options, not {type(options).__name__}")


def _input_misses(
    cards: tuple[Card, ...], declare: tuple[tuple[Card, Card], ...]
) -> list[tuple[str, str, str]]:
    """Every problem with the play as written, before any pattern is tried."""
    out: list[tuple[str, str, str]] = []
    if not cards:
        out.append(("no_cards", "dabong.follow", "a play needs at least one card"))
    seen: set[Card] = set()
    for card in cards:
        if card not in DABONG_55:
            out.append(("not_a_dabong_card", "dabong.follow", f"{format_card(card)} is not a dabong! card"))
        elif card in seen:
            out.append(("card_repeated", "dabong.follow", f"{format_card(card)} is laid twice"))
        seen.add(card)
    declared: dict[Card, Card] = {}
    for shaman, identity in declare:
        name = format_card(shaman)
        if not shaman.is_shaman:
            out.append(("declare_not_shaman", "dabong.shaman", f"only a Shaman is declared, not {name}"))
            continue
        if not is_real(identity):
            out.append(
                (
                    "declare_not_real",
                    "dabong.shaman",
                    f"{name} must be declared as one of the 52 real cards, not {format_card(identity)}",
                )
            )
        if shaman not in seen:
            out.append(("declare_not_in_play", "dabong.shaman", f"{name} is declared but not laid"))
        if declared.get(shaman, identity) != identity:
            out.append(("shaman_declared_twice", "dabong.shaman", f"{name} is declared twice"))
        declared[shaman] = identity
    return out


class DabongMatcher:
    """The ``Matcher`` of the contract (``matcher_api.Matcher``)."""

    def check_play(
        self,
        ctx: PileContext,
        cards: tuple[Card, ...],
        declare: tuple[tuple[Card, Card], ...],
        options: object,
    ) -> PlayCheck:
        rules = match_rules(options)
        problems = _input_misses(cards, declare) + _river_misses(ctx, cards, rules)
        if problems:
            return PlayCheck(readings=(), misses=tuple(problems))
        declared = dict(declare)
        slots = tuple(Slot(card=c, identity=declared.get(c) if c.is_shaman else c) for c in cards)
        answer = plan(ctx, rules, len(slots), every_reading=True)
        uses_river = ctx.river is not None and ctx.river in cards
        budget = _check_budget(cards, slots, rules)
        steps = tuple(step for step in answer.steps if step.unit.takes(len(slots)))
        search = _Search(steps, slots, budget, uses_river)
        if search.settle():
            return PlayCheck(readings=LazyReadings(search), undeclared=search.undeclared())
        misses: list[tuple[str, str, str]] = []
        for step in steps:
            miss = _miss(step, slots)
            if miss is not None and miss.as_tuple() not in misses:
                misses.append(miss.as_tuple())
        if answer.blanket_miss is not None:
            message, rule_id = shape_reason(answer.blanket_miss)
            assert rule_id is not None
            misses = [(answer.blanket_miss, rule_id, f"facing {ctx.pending_twos} pending 2s: {message}")]
        return PlayCheck(readings=(), misses=tuple(misses))

    def list_plays(
        self,
        ctx: PileContext,
        hand: tuple[Card, ...],
        options: object,
        *,
        seat: int,
        offset: int = 0,
        limit: int | None = None,
        patterns: frozenset[str] | None = None,
    ) -> PlayListing:
        rules = match_rules(options)
        if offset < 0 or (limit is not None and limit < 0):
            raise ValueError("offset and limit must not be negative")
        strange = [format_card(c) for c in hand if c not in DABONG_55]
        if strange or len(set(hand)) != len(hand):
            raise ValueError(f"a hand holds distinct dabong! cards (got {', '.join(strange) or 'a repeat'})")
        ordered = tuple(sorted(hand, key=deck_key))
        answer = plan(ctx, rules)
        if patterns is not None:
            # Only the asked patterns' steps run, so their blocks are counted and paged like
            # any listing instead of being filtered from every play of the hand; a play is
            # then owned by the first asked pattern it is, not by an earlier one left out.
            kept = tuple(s for s in answer.steps if s.unit.id in patterns or s.pattern in patterns)
            answer = replace(answer, steps=kept)
        shamans = sum(1 for c in hand if c.is_shaman)
        budget = WorkBudget(
            rules.list_budget,
            task=f"listing the plays of {len(hand)} cards ({shamans} Shamans) at {rules.level}",
            advice=LIST_ADVICE,
        )
        blocks = _blocks(answer, ordered, seat, river=None, budget=budget)
        if river_usable(ctx, rules) and ctx.river is not None and ctx.river not in hand:
            whole = tuple(sorted((*hand, ctx.river), key=deck_key))
            blocks += _blocks(answer, whole, seat, river=ctx.river, budget=budget)
        total_entries = sum(b.entries for b in blocks)
        total_plays = sum(b.plays for b in blocks)
        page = tuple(islice(_entries_from(blocks, offset), limit))
        end = offset + len(page)
        return PlayListing(
            entries=page,
            total_entries=total_entries,
            total_plays=total_plays,
            next_offset=end if end < total_entries else None,
        )


def _check_budget(cards: tuple[Card, ...], slots: tuple[Slot, ...], rules: MatchRules) -> WorkBudget:
    """One budget for every unit's search of one check (only undeclared Shamans cost much)."""

    def task() -> str:
        laid = " ".join(format_card(c) for c in cards)
        open_shamans = sum(1 for s in slots if s.identity is None)
        return f"checking {laid} with {open_shamans} undeclared Shamans at {rules.level}"

    return WorkBudget(rules.check_budget, task=task, advice=CHECK_ADVICE)


def _solutions(
    step: Step, slots: tuple[Slot, ...], budget: WorkBudget, avoid: tuple[int, Card] | None = None
) -> Iterator[tuple[Card, ...]]:
    """The identity tuples under which ``slots`` is ``step``'s unit, lazily, in reading order
    (``avoid`` (place, identity): only those without that identity there)."""
    unit = step.unit
    if step.twos_only:
        if any(s.identity is not None and s.identity.rank is not Rank.TWO for s in slots):
            return iter(())
        plain = replace(step, twos_only=False)
        return (ids for ids in _solutions(plain, slots, budget, avoid) if _all_twos(ids))
    if isinstance(unit, ShapePattern):
        return unit.solutions(step.lay, slots, budget, avoid)
    if isinstance(unit, SinglePattern | SameSuitSum):
        found = unit.solutions(step.lay.ctx, slots, step.lay.rules)
    else:
        found = iter([r.identities for r in unit.readings(step.lay.ctx, slots, step.lay.rules)[0]])
    if avoid is None:
        return found
    place, identity = avoid
    return (ids for ids in found if ids[place] != identity)


def _all_twos(ids: tuple[Card, ...]) -> bool:
    return all(i.rank is Rank.TWO for i in ids)


def _reading(step: Step, cards: tuple[Card, ...], ids: tuple[Card, ...], uses_river: bool) -> PlayReading:
    """The reading of ``cards`` as ``ids`` under ``step`` (``ids`` one of its solutions)."""
    unit = step.unit
    if isinstance(unit, ShapePattern):
        reading = unit.reading(step.lay, cards, ids)
    else:
        fixed = tuple(Slot(card=c, identity=i) for c, i in zip(cards, ids, strict=True))
        found, _ = unit.readings(step.lay.ctx, fixed, step.lay.rules)
        (reading,) = found
    return _finish(step, reading, uses_river)


def _miss(step: Step, slots: tuple[Slot, ...]) -> Miss | None:
    """Why ``slots`` is not ``step``'s unit (called only when it has no reading)."""
    unit = step.unit
    if isinstance(unit, ShapePattern):
        return unit.first_miss(step.lay, slots)
    return unit.readings(step.lay.ctx, slots, step.lay.rules)[1]


class _Search:
    """The readings of one check, found lazily step by step (each step's in its own order).

    ``settle`` looks only as far as the verdict needs: a first reading, and every undeclared
    Shaman seen with two identities (or every step searched); the rest is found on demand.
    """

    def __init__(
        self, steps: tuple[Step, ...], slots: tuple[Slot, ...], budget: WorkBudget, uses_river: bool
    ) -> None:
        self.cards = tuple(s.card for s in slots)
        self.uses_river = uses_river
        self._steps, self._slots, self._budget = steps, slots, budget
        self.found: list[tuple[Step, tuple[Card, ...]]] = []
        self.done = False
        #: The step being searched (every step before it is exhausted) and its solutions left.
        self._at = 0
        self._left: Iterator[tuple[Card, ...]] | None = None
        self._open = tuple(k for k, s in enumerate(slots) if s.identity is None)
        self._first: dict[int, Card] = {}
        self._varying: set[int] = set()

    def pull(self) -> bool:
        """Find one more reading; False when there are no more."""
        if self.done:
            return False
        steps = self._steps
        while self._at < len(steps):
            if self._left is None:
                self._left = _solutions(steps[self._at], self._slots, self._budget)
            ids = next(self._left, None)
            if ids is not None:
                break
            self._left = None
            self._at += 1
        else:
            self.done = True
            return False
        self.found.append((steps[self._at], ids))
        self._note(ids)
        return True

    def _note(self, ids: tuple[Card, ...]) -> None:
        """Mark the undeclared Shamans that ``ids`` shows with a second identity."""
        for place in self._open:
            if place in self._varying:
                continue
            seen = self._first.setdefault(place, ids[place])
            if seen != ids[place]:
                self._varying.add(place)

    def settle(self) -> bool:
        """Search until the verdict is known; whether the play has any reading.

        After the first reading, a few more usually show every undeclared Shaman with a
        second identity; one that still has not is searched for directly: any reading
        without its first identity there. That search starts at the step being pulled: the
        steps before it are exhausted, so all their readings are found, and none of them
        has a second identity there. A reading it finds may show other Shamans varying too.
        """
        while not self.found and self.pull():
            pass
        if not self.found:
            return False
        tries = _SETTLE_PULLS
        while len(self._varying) < len(self._open) and tries and self.pull():
            tries -= 1
        if self.done:
            return True
        for place in self._open:
            if place in self._varying:
                continue
            avoid = (place, self._first[place])
            rest = self._steps[self._at :]
            other = (ids for step in rest for ids in _solutions(step, self._slots, self._budget, avoid))
            found = next(other, None)
            if found is not None:
                self._note(found)
        return True

    def undeclared(self) -> tuple[Card, ...]:
        """Undeclared Shamans whose identity is not the same in every reading."""
        return tuple(self.cards[place] for place in self._open if place in self._varying)


#: Readings ``_Search.settle`` takes in order before it looks for a second identity directly.
_SETTLE_PULLS = 8


class LazyReadings(Sequence[PlayReading]):
    """``PlayCheck.readings`` of a legal check: every reading, built when first read.

    It is a sequence like the tuple it stands for (equal to that tuple, same order); the
    readings past those the verdict needed are searched for only when read, from the
    check's own work budget (reading them all may raise ``MatchBudgetExceeded``).
    """

    __slots__ = ("_built", "_search")

    def __init__(self, search: _Search) -> None:
        self._search = search
        self._built: list[PlayReading] = []

    def _reach(self, count: int | None) -> None:
        search = self._search
        while count is None or len(search.found) < count:
            if not search.pull():
                break
        for step, ids in search.found[len(self._built) : count]:
            self._built.append(_reading(step, search.cards, ids, search.uses_river))

    def __len__(self) -> int:
        self._reach(None)
        return len(self._built)

    def __bool__(self) -> bool:
        return True  # built only for a check with a reading

    @overload
    def __getitem__(self, index: int) -> PlayReading: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[PlayReading, ...]: ...
    def __getitem__(self, index: int | slice) -> PlayReading | tuple[PlayReading, ...]:
        if isinstance(index, slice) or index < 0:
            self._reach(None)
            return tuple(self._built)[index] if isinstance(index, slice) else self._built[index]
        self._reach(index + 1)
        return self._built[index]

    def __iter__(self) -> Iterator[PlayReading]:
        place = 0
        while True:
            self._reach(place + 1)
            if place >= len(self._built):
                return
            yield self._built[place]
            place += 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyReadings | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def _finish(step: Step, reading: PlayReading, uses_river: bool) -> PlayReading:
    """Relabel a reading for the 2s rules and add what every reading reports."""
    twos = 0
    for identity in reversed(reading.identities):
        if identity.rank is not Rank.TWO:
            break
        twos += 1
    if step.pattern is not None:
        assert step.rule_id is not None
        reading = replace(reading, pattern=step.pattern, rule_id=step.rule_id, via=step.via or step.unit.id)
    return replace(reading, top_twos=twos, uses_river=uses_river)


def _blocks(
    answer: Plan, hand: tuple[Card, ...], seat: int, *, river: Card | None, budget: WorkBudget
) -> list[Block]:
    """Every step's block over ``hand``; a river listing takes the whole hand, river included."""
    blocks: list[Block] = []
    earlier: list[ClassJudge] = []
    rules = EarlierRules()
    # The earlier steps' judges and rules are read only by shaped steps (none at Beginner).
    shaped_later = river is not None or any(isinstance(step.unit, ShapePattern) for step in answer.steps)
    for step in answer.steps:
        unit = step.unit
        label = (step.pattern, step.via or unit.id) if step.pattern is not None else None
        if river is None and not isinstance(unit, ShapePattern):
            blocks.extend(unit.blocks(step.lay.ctx, hand, step.lay.rules, seat))
            if not shaped_later:
                continue
            twin = shape_twin(unit)
            earlier.append(_acceptor(step) if twin is None else twin.class_judge(step.lay))
            rules.add(unit, step.lay)
            continue
        shaped = shape_twin(unit) if river is not None else unit
        if not isinstance(shaped, ShapePattern):
            continue
        block = shaped.listed(
            step.lay,
            hand,
            seat,
            earlier=tuple(earlier),
            take_all=river is not None,
            river=river,
            label=label,
            budget=budget,
            earlier_rules=rules,
        )
        blocks.append(block)
        earlier.append(shaped.class_judge(step.lay))
        owner_ok = shaped.laying is not Laying.SEQUENCE or shaped.max_cards == 1 or shaped.id in RUN_SHAPES
        rules.add(shaped if owner_ok else None, step.lay)
    return blocks


def _acceptor(step: Step) -> ClassJudge:
    """A Beginner unit without a shape twin (the single) judged on each class's representative."""
    unit, lay = step.unit, step.lay

    def accepts(members: tuple[Member, ...], classes: range) -> list[bool]:
        if not unit.takes(len(members)):
            return [False] * len(classes)
        out = []
        for first in classes:
            laid = members if first < 0 else (members[first], *members[:first], *members[first + 1 :])
            slots = tuple(Slot(card=c, identity=i) for c, i in laid)
            out.append(unit.takes(len(slots)) and bool(unit.readings(lay.ctx, slots, lay.rules)[0]))
        return out

    return accepts


def _river_misses(ctx: PileContext, cards: tuple[Card, ...], rules: MatchRules) -> list[tuple[str, str, str]]:
    """The river card in a play: only with the river on, and only in a play that empties the hand."""
    if ctx.river is None or ctx.river not in cards:
        return []
    for code, fails in (
        ("river_not_in_use", not river_usable(ctx, rules)),
        ("river_only_in_winning_play", len(cards) != ctx.hand_size + 1),
    ):
        if fails:
            message, rule_id = shape_reason(code)
            assert rule_id is not None
            return [(code, rule_id, f"{format_card(ctx.river)}: {message}")]
    return []


def _entries_from(blocks: list[Block], offset: int) -> Iterator[LegalEntry]:
    """Entries from number ``offset`` on, skipping whole blocks by their counts."""
    for block in blocks:
        if offset >= block.entries:
            offset -= block.entries
            continue
        yield from block.iter_entries(offset)
        offset = 0


MATCHER = DabongMatcher()

__all__ = ["MATCHER", "MISS_REASONS", "DabongMatcher", "LazyReadings", "match_rules"]
