"""The dabong! matcher: which ways a laid sequence is a legal play, and every play of a hand.

``check_play`` and ``list_plays`` share the card facts and the pattern units'
declarations but not their search: a check solves for the identities of one
laid sequence, a listing counts card sets with a dynamic programme and walks
them lazily. Tests hold the two against each other and against a brute-force
oracle written from the rule text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import islice

from ...kernel import DABONG_55, Card, LegalEntry, Rank, ReasonCatalog, ReasonCode, format_card
from .matcher_api import MatchRules, PileContext, PlayCheck, PlayListing, PlayReading
from .patterns import PATTERNS, Block, Miss, Slot
from .patterns.budget import CHECK_ADVICE, LIST_ADVICE, WorkBudget
from .patterns.common import LEVELS, deck_key
from .patterns.counted import RUN_SHAPES, Rule, rule_for
from .patterns.plan import Plan, Step, plan, river_usable, shape_twin
from .patterns.registry import MODE_IDS
from .patterns.shape_unit import ClassJudge, Laying, Member, ShapePattern, shape_reason
from .patterns.shapes import FIRST_CARD_MESSAGE, NO_DECLARATION_MESSAGE, SHAPE_REASONS
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
        answer = plan(ctx, rules)
        readings: list[PlayReading] = []
        misses: list[tuple[str, str, str]] = []
        uses_river = ctx.river is not None and ctx.river in cards
        budget = _check_budget(cards, slots, rules)
        for step in answer.steps:
            if not step.unit.takes(len(slots)):
                continue
            found, miss = _run(step, slots, budget)
            readings.extend(_finish(step, r, uses_river) for r in found)
            if miss is not None and miss.as_tuple() not in misses:
                misses.append(miss.as_tuple())
        if readings:
            return PlayCheck(readings=tuple(readings), undeclared=_undeclared(slots, readings))
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
    ) -> PlayListing:
        rules = match_rules(options)
        if offset < 0 or (limit is not None and limit < 0):
            raise ValueError("offset and limit must not be negative")
        strange = [format_card(c) for c in hand if c not in DABONG_55]
        if strange or len(set(hand)) != len(hand):
            raise ValueError(f"a hand holds distinct dabong! cards (got {', '.join(strange) or 'a repeat'})")
        ordered = tuple(sorted(hand, key=deck_key))
        answer = plan(ctx, rules)
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
    laid = " ".join(format_card(c) for c in cards)
    open_shamans = sum(1 for s in slots if s.identity is None)
    return WorkBudget(
        rules.check_budget,
        task=f"checking {laid} with {open_shamans} undeclared Shamans at {rules.level}",
        advice=CHECK_ADVICE,
    )


def _run(
    step: Step, slots: tuple[Slot, ...], budget: WorkBudget
) -> tuple[tuple[PlayReading, ...], Miss | None]:
    unit = step.unit
    if isinstance(unit, ShapePattern):
        return unit.readings_on(step.lay, slots, budget)
    return unit.readings(step.lay.ctx, slots, step.lay.rules)


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
    rules: list[Rule | None] = []
    for step in answer.steps:
        unit = step.unit
        label = (step.pattern, step.via or unit.id) if step.pattern is not None else None
        if river is None and not isinstance(unit, ShapePattern):
            blocks.extend(unit.blocks(step.lay.ctx, hand, step.lay.rules, seat))
            twin = shape_twin(unit)
            earlier.append(_acceptor(step) if twin is None else twin.class_judge(step.lay))
            rules.append(rule_for(unit, step.lay))
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
        rules.append(rule_for(shaped, step.lay) if owner_ok else None)
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


def _undeclared(slots: tuple[Slot, ...], readings: list[PlayReading]) -> tuple[Card, ...]:
    """Undeclared Shamans whose identity is not the same in every reading."""
    out = []
    for place, slot in enumerate(slots):
        if slot.identity is None and len({r.identities[place] for r in readings}) > 1:
            out.append(slot.card)
    return tuple(out)


MATCHER = DabongMatcher()

__all__ = ["MATCHER", "MISS_REASONS", "DabongMatcher", "match_rules"]
