"""Reading a game's rulings document (``docs/rulings/<game>.md``) into id -> ruling.

The documents use two shapes: a heading per ruling (``## R-99-01 Players``)
followed by its paragraphs up to the next heading, or one paragraph opening with
the bold id (``**R-DABONG-01 Dealer.** ...``). Parsing is pure: the caller reads
the file, so the core does no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^#{2,4}\s+(R-[A-Z0-9]+-\d+)\s*(.*)$")
_BOLD = re.compile(r"^\*\*(R-[A-Z0-9]+-\d+)\s*([^*]*?)\.?\*\*\s*(.*)$")


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    id: str
    title: str
    text: str


def parse_rulings(markdown: str) -> dict[str, Ruling]:
    """Every ruling of the document by id, its text joined into one paragraph."""
    found: dict[str, Ruling] = {}
    current: tuple[str, str] | None = None
    one_paragraph = False
    body: list[str] = []

    def close() -> None:
        if current is not None:
            found[current[0]] = Ruling(
                id=current[0], title=current[1].strip(), text=" ".join(" ".join(body).split())
            )

    for line in markdown.splitlines():
        heading, bold = _HEADING.match(line), _BOLD.match(line)
        if heading or bold or line.startswith("#") or (one_paragraph and not line.strip()):
            close()
            current, body, one_paragraph = None, [], False
            if heading:
                current = (heading.group(1), heading.group(2))
            elif bold:
                current, body, one_paragraph = (bold.group(1), bold.group(2)), [bold.group(3)], True
            continue
        if current is not None:
            body.append(line)
    close()
    return found
