"""The pattern registry: every play pattern unit, in listing order, with its level.

Intermediate and Master patterns are added here as further units; the matcher
runs whichever units the match rules switch on.
"""

from __future__ import annotations

from ..matcher_api import MatchRules
from .base import OrderRule, Pattern
from .common import level_on
from .single import SinglePattern
from .sums import SameSuitSum

SINGLE = SinglePattern(id="single", rule_id="dabong.follow", level="beginner")
ADDITION = SameSuitSum(id="addition", rule_id="dabong.addition", level="beginner", order=OrderRule.ANY)
SUBTRACTION = SameSuitSum(
    id="subtraction", rule_id="dabong.subtraction", level="beginner", order=OrderRule.BIGGEST_FIRST
)

#: Every unit, in the order the listing presents them.
PATTERNS: tuple[Pattern, ...] = (SINGLE, ADDITION, SUBTRACTION)


def enabled_patterns(rules: MatchRules) -> tuple[Pattern, ...]:
    """The units on under ``rules``: their level is reached and no option switched them off."""
    return tuple(p for p in PATTERNS if level_on(rules, p.level) and p.id not in rules.disabled)
