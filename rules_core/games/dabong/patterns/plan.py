"""Which pattern units answer a pile: the normal plays, or the answers to pending 2s.

Facing pending 2s (Intermediate up) the only plays are the add-on (2s only) and,
at Master, the neutralisations: a single card of the accumulated value, any
multi-card pattern whose first card is a 2 or has that value (its own first-card
rule replaced), and, facing one 2, the Ace + Shaman addition. Facing six or
more 2s at Master nothing answers (ruling "2s at Master"). At Beginner the
matcher ignores ``pending_twos``: the engine makes the seat pick up.

A check also reports every other pattern an add-on is (``every_reading``): two 2s laid on
a pending 2 are a clone as well (the clone rule: "identically valued cards when faced with
THAT SAME value of card"), four of them a four of a kind at Master, and an add-on may be a
mirror or a self mirror. Those steps come after the add-on, so the add-on stays the first
reading (what the play does), and only plays of 2s pass them (R-DABONG-M39). A listing lists
each play once, under the add-on, and takes no such steps.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..matcher_api import MatchRules, PileContext
from .base import Pattern
from .common import level_on
from .registry import (
    ACE_AND_SHAMAN,
    ADDITION,
    ADDITION_TWIN,
    SINGLE,
    SINGLE_OF_VALUE,
    SUBTRACTION,
    SUBTRACTION_TWIN,
    TWOS_ADD_ON,
    enabled_patterns,
    mode_on,
)
from .shape_unit import ShapePattern
from .shapes import Lay

#: Most 2s that can still be answered at Master ("not beyond 10").
MOST_TWOS_ANSWERED = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One unit run on one lay; ``pattern``/``rule_id`` relabel its readings (the unit: ``via``)."""

    unit: Pattern
    lay: Lay
    pattern: str | None = None
    rule_id: str | None = None
    via: str | None = None
    #: Only readings whose identities are all 2s (the other patterns an add-on is).
    twos_only: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    steps: tuple[Step, ...]
    #: When the pile is answered by 2s rules: the one reason code for every miss.
    blanket_miss: str | None = None


def plan(
    ctx: PileContext, rules: MatchRules, size: int | None = None, *, every_reading: bool = False
) -> Plan:
    """The units that may answer ``ctx``, in listing order (with ``size``: only the units that
    take a play of that many cards, so a check builds no step it would drop; ``every_reading``,
    a check's plan: facing 2s, also the other patterns a play of 2s is, after the add-on)."""
    plain = Lay(ctx=ctx, rules=rules)
    if ctx.pending_twos <= 0 or not level_on(rules, "intermediate"):
        enabled = enabled_patterns(rules)
        if size is not None:
            enabled = tuple(p for p in enabled if p.takes(size))
        return Plan(steps=tuple(Step(unit=p, lay=plain) for p in enabled))
    master = level_on(rules, "master")
    if master and ctx.pending_twos > MOST_TWOS_ANSWERED:
        return Plan(steps=(), blanket_miss="twos_beyond_ten")
    steps: list[Step] = []
    if mode_on(rules, "twos_add_on", "intermediate"):
        steps.append(Step(unit=TWOS_ADD_ON, lay=plain))
        if every_reading:
            # A one-card add-on is only that ("Playing a single 2 ... is a 2s add-on"): the
            # single is left out; the sums never add 2s up to a 2's value.
            also = (p for p in enabled_patterns(rules) if p is not SINGLE)
            steps += [Step(unit=p, lay=plain, twos_only=True) for p in also if size is None or p.takes(size)]
    if master and mode_on(rules, "twos_neutralization", "master"):
        neutral = Lay(ctx=ctx, rules=rules, neutral=2 * ctx.pending_twos)
        units: list[Pattern] = [SINGLE_OF_VALUE, SUBTRACTION_TWIN]
        units += [p for p in enabled_patterns(rules) if isinstance(p, ShapePattern)]
        for unit in units:
            steps.append(
                Step(
                    unit=unit,
                    lay=neutral,
                    pattern="twos_neutralization",
                    rule_id="dabong.twos_neutralization",
                )
            )
    if master and ctx.pending_twos == 1 and mode_on(rules, "shaman_neutralization", "master"):
        steps.append(
            Step(
                unit=ACE_AND_SHAMAN,
                lay=plain,
                pattern="shaman_neutralization",
                rule_id="dabong.shaman_neutralization",
                via="addition",
            )
        )
    return Plan(steps=tuple(steps), blanket_miss="twos_not_neutralized" if master else "twos_add_on_only")


def river_usable(ctx: PileContext, rules: MatchRules) -> bool:
    return ctx.river is not None and mode_on(rules, "river", "intermediate")


def shape_twin(unit: Pattern) -> ShapePattern | None:
    """The shape unit that lists ``unit``'s plays of a fixed card set (the river), or None."""
    if isinstance(unit, ShapePattern):
        return unit
    return (
        {ADDITION.id: ADDITION_TWIN, SUBTRACTION.id: SUBTRACTION_TWIN}.get(unit.id)
        if unit is not SINGLE
        else None
    )
