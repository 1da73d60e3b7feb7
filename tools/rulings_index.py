"""Write ``docs/rulings.md``, the index of every ruling in ``docs/rulings/*.md``.

    python -m tools.rulings_index          # rewrite the index
    python -m tools.rulings_index --check  # exit 1 when the index is out of date

A ruling is a heading ``## R-XX-NN Title`` or a paragraph opening ``**R-XX-NN Title.**``;
the index lists them per file, in file order, so a new ruling cannot be left out of it
(``tests/reference/test_rulings_index.py`` runs ``--check``).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings"
INDEX = ROOT / "docs" / "rulings.md"

#: Files in the order the index shows them, with their section titles.
SECTIONS = (
    ("99.md", "99"),
    ("dobon.md", "Dobon"),
    ("dabong.md", "dabong! (engine)"),
    ("dabong-matcher.md", "dabong! (matcher)"),
    ("service.md", "HTTP contract"),
    ("reference.md", "Rules reference"),
)

HEADING = re.compile(r"^## (R-[A-Z0-9]+-[A-Z0-9]+) (.+?)\s*$")
PARAGRAPH = re.compile(r"^\*\*(R-[A-Z0-9]+-[A-Z0-9]+) (.+?)\.?\*\*")

PREAMBLE = """# Rulings

Every point the rule documents (`../shared/seeds/`) and the shared rulings leave open, and what
the service decides, under a stable id. The full text of each, with its evidence, is in the
file named in each section (the rules reference serves it beside the rule that cites it).
Points that groups play differently are also rule options whose default is the ruling.
"""

CODA = """
## Benchmarks and bots

Choices made in measuring (playout policy, trading off in dabong! playouts, pairing of targets)
are stated in `docs/benchmarks.md`; the bots' strategies and how a win is counted in `docs/bots.md`.
"""


def rulings_in(text: str) -> list[tuple[str, str]]:
    found = []
    for line in text.splitlines():
        match = HEADING.match(line) or PARAGRAPH.match(line)
        if match:
            found.append((match.group(1), match.group(2).rstrip(".")))
    return found


def render() -> str:
    parts = [PREAMBLE]
    listed = {name for name, _ in SECTIONS}
    unlisted = sorted(p.name for p in RULINGS.glob("*.md") if p.name not in listed)
    if unlisted:
        raise SystemExit(f"rulings files missing from tools/rulings_index.py SECTIONS: {unlisted}")
    for name, title in SECTIONS:
        parts.append(f"\n## {title} ([`rulings/{name}`](rulings/{name}))\n\n")
        for ruling_id, heading in rulings_in((RULINGS / name).read_text(encoding="utf-8")):
            parts.append(f"- **{ruling_id}** {heading}\n")
    parts.append(CODA)
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="fail when docs/rulings.md is out of date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if INDEX.read_text(encoding="utf-8") != text:
            print("docs/rulings.md is out of date: run python -m tools.rulings_index", file=sys.stderr)
            return 1
        return 0
    INDEX.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
