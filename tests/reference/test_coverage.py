"""The reference covers every rule of the three rule documents.

Per game, ``examples.py`` maps each section of the rule document (per level or preset)
to rule ids. This test fails on any gap: a section with no rule id, a rule id that does
not exist, a rule of the table no section maps to, an adjudicated rule with no worked
example, a cited ruling that the rulings document does not hold. Gaps that wait on
colleagues' work are listed by name in ``KNOWN_PENDING`` (one explicit list, each with
what it waits on); a listed gap that has been closed fails too, so the list stays true.
"""

from __future__ import annotations

import pytest

from rules_core.games import REGISTRY
from rules_core.reference import coverage_gaps, reference_data
from service.resources.reference import rulings_of

#: "kind: subject" -> what it waits on. Reviewers: this is everything the reference lacks.
KNOWN_PENDING: dict[str, str] = {}


def _gaps(name: str) -> list[str]:
    game = REGISTRY.get(name)
    assert game is not None
    data = reference_data(game)
    found = [f"{g.kind}: {g.subject}" for g in coverage_gaps(game.rules, data.coverage, data.examples)]
    rulings = rulings_of(game)
    for rule in game.rules:
        if rule.ruling is not None and rule.ruling not in rulings:
            found.append(f"ruling_text_missing: {rule.id} cites {rule.ruling}")
    return found


@pytest.mark.parametrize("name", REGISTRY.names())
def test_no_coverage_gap_beyond_the_known_pending_list(name: str) -> None:
    unknown = [g for g in _gaps(name) if g not in KNOWN_PENDING]
    assert not unknown, "coverage gaps:\n" + "\n".join(unknown)


def test_known_pending_list_is_current() -> None:
    every = {g for name in REGISTRY.names() for g in _gaps(name)}
    closed = sorted(set(KNOWN_PENDING) - every)
    assert not closed, f"closed gaps still listed as pending: {closed}"


@pytest.mark.parametrize("name", REGISTRY.names())
def test_every_document_level_has_sections(name: str) -> None:
    game = REGISTRY.get(name)
    assert game is not None
    data = reference_data(game)
    levels = {s.level for s in data.coverage}
    rule_levels = {r.level for r in game.rules}
    assert rule_levels <= levels | {"all"}, (name, sorted(rule_levels - levels))
    assert data.coverage, f"{name} has no coverage list"
