"""Every ruling or design-note id cited in the code, tests and docs exists where it is kept.

The matcher's optimisation decisions moved from ``docs/rulings/dabong-matcher.md`` to
``docs/design/matcher.md`` (issue #32: rulings are readings of the rule text, design notes
say how the code is made fast); an id cited after such a move must still lead somewhere.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools.rulings_index import rulings_in

ROOT = Path(__file__).resolve().parent.parent.parent
DESIGN = ROOT / "docs" / "design" / "matcher.md"
MATCHER_RULINGS = ROOT / "docs" / "rulings" / "dabong-matcher.md"
NOTE_HEADING = re.compile(r"^### (MD-\d+) ", re.M)
CITED_NOTE = re.compile(r"\bMD-\d+\b")
CITED_MATCHER_RULING = re.compile(r"\bR-DABONG-M\d+\b")


def _cited_in() -> dict[Path, str]:
    texts = {}
    for top in ("rules_core", "service", "tests", "tools", "benchmarks", "docs"):
        for path in (ROOT / top).rglob("*"):
            if path.suffix in {".py", ".md"} and path.is_file():
                texts[path] = path.read_text(encoding="utf-8")
    return texts


def test_every_cited_design_note_exists() -> None:
    notes = set(NOTE_HEADING.findall(DESIGN.read_text(encoding="utf-8")))
    assert notes, "docs/design/matcher.md has no MD-NN notes"
    missing = {
        (str(path.relative_to(ROOT)), note)
        for path, text in _cited_in().items()
        for note in CITED_NOTE.findall(text)
        if note not in notes
    }
    assert not missing, f"design notes cited but not in docs/design/matcher.md: {sorted(missing)}"


def test_every_cited_matcher_ruling_is_still_a_ruling() -> None:
    rulings = {r for r, _ in rulings_in(MATCHER_RULINGS.read_text(encoding="utf-8"))}
    missing = {
        (str(path.relative_to(ROOT)), ruling)
        for path, text in _cited_in().items()
        if path not in {DESIGN, MATCHER_RULINGS}  # they name the old ids of the moved notes
        for ruling in CITED_MATCHER_RULING.findall(text)
        if ruling not in rulings
    }
    assert not missing, f"matcher rulings cited but not in docs/rulings/dabong-matcher.md: {sorted(missing)}"


def test_moved_notes_are_no_longer_rulings() -> None:
    rulings = {r for r, _ in rulings_in(MATCHER_RULINGS.read_text(encoding="utf-8"))}
    notes = set(NOTE_HEADING.findall(DESIGN.read_text(encoding="utf-8")))
    assert not {f"R-DABONG-M{n.removeprefix('MD-')}" for n in notes} & rulings
