"""Coverage of a rule document: each of its sections mapped to the rule ids that adjudicate it.

Each game's ``examples.py`` writes its list from the rule document (section by
section, per level or preset). ``coverage_gaps`` names every gap: a section with
no rule id, a rule id that does not exist, a rule of the table that no section
maps to, an adjudicated rule with no worked example.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..kernel import RuleExample, RuleTable


@dataclass(frozen=True, slots=True, kw_only=True)
class DocumentSection:
    """One section (or paragraph) of the rule document and the rules that cover it."""

    section: str
    #: The rule level or preset the section belongs to ("all" when it always applies).
    level: str = "all"
    rule_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Gap:
    kind: str
    subject: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.subject} ({self.detail})"


SECTION_WITHOUT_RULE = "section_without_rule"
UNKNOWN_RULE = "unknown_rule"
RULE_NOT_COVERED = "rule_not_in_coverage"
RULE_WITHOUT_EXAMPLE = "rule_without_example"


def sources_by_rule(sections: Iterable[DocumentSection]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for section in sections:
        for rule_id in section.rule_ids:
            out.setdefault(rule_id, []).append(section.section)
    return out


def coverage_gaps(
    rules: RuleTable,
    sections: Iterable[DocumentSection],
    examples: Mapping[str, tuple[RuleExample, ...]],
) -> list[Gap]:
    sections = tuple(sections)
    gaps: list[Gap] = []
    for section in sections:
        if not section.rule_ids:
            gaps.append(
                Gap(kind=SECTION_WITHOUT_RULE, subject=section.section, detail=f"level {section.level}")
            )
        for rule_id in section.rule_ids:
            if rule_id not in rules:
                gaps.append(Gap(kind=UNKNOWN_RULE, subject=rule_id, detail=f"cited by {section.section!r}"))
    covered = sources_by_rule(sections)
    for rule_id in examples:
        if rule_id not in rules:
            gaps.append(Gap(kind=UNKNOWN_RULE, subject=rule_id, detail="has worked examples"))
    for rule in rules:
        if rule.id not in covered:
            gaps.append(Gap(kind=RULE_NOT_COVERED, subject=rule.id, detail="no document section maps to it"))
        if rule.not_adjudicated is None and not rule.examples and not examples.get(rule.id):
            gaps.append(Gap(kind=RULE_WITHOUT_EXAMPLE, subject=rule.id, detail=f"level {rule.level}"))
    return gaps
