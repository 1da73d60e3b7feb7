"""``python -m benchmarks --only PART``: the page keeps what this run did not measure.

A run of some parts rewrites their sections and their target rows; every other part's
section and every target this run did not evaluate are carried from the page on disk,
marked as coming from an earlier run (each section keeps its own load-average note), so a
partial run never wipes the figures of a full one.
"""

from __future__ import annotations

import re

_ROW = re.compile(r"^\| (?P<target>[^|]+?) \| (?P<result>[^|]+?) \|.*$", re.M)
EARLIER = " (earlier run)"


def part_sections(page: str) -> dict[str, str]:
    """The part sections of ``page`` (a heading whose text ends in "_(this part: N s)_") by title."""
    out = {}
    for chunk in re.split(r"\n(?=## )", page):
        if chunk.startswith("## ") and re.search(r"^_\(this part: [^)]*\)_$", chunk, re.M):
            out[chunk.splitlines()[0][3:]] = chunk.rstrip("\n") + "\n"
    return out


def _earlier(row: str) -> str:
    cells = row.split(" | ")
    if not cells[1].endswith(EARLIER):
        cells[1] += EARLIER
    return " | ".join(cells)


def _target_rows(page: str) -> tuple[str, list[re.Match[str]]]:
    """The Targets section of ``page`` and its table rows (header rows left out)."""
    chunk = next((c for c in re.split(r"\n(?=## )", page) if c.startswith("## Targets")), "")
    rows = [m for m in _ROW.finditer(chunk) if m["target"] not in ("target", "---")]
    return chunk, rows


def merge(old_page: str, new_page: str) -> str:
    """``new_page`` with the parts and target rows of ``old_page`` it lacks carried over."""
    new_sections = part_sections(new_page)
    carried = [text for title, text in part_sections(old_page).items() if title not in new_sections]
    if not carried:
        return new_page
    _, old_rows = _target_rows(old_page)
    chunk, new_rows = _target_rows(new_page)
    measured = [m.group(0) for m in new_rows if m["result"] != "not evaluated"]
    named = {m["target"] for m in new_rows if m["result"] != "not evaluated"}
    earlier = [
        _earlier(m.group(0))
        for m in old_rows
        # an earlier page's row may carry a footnote mark after the target's name
        if m["target"].rstrip(" ¹²³⁴*") not in named and m["result"] != "not evaluated"
    ]
    if new_rows and earlier:  # the carried rows replace this run's "not evaluated" ones
        first, last = new_rows[0].start(), new_rows[-1].end()
        targets = chunk[:first] + "\n".join(measured + earlier) + chunk[last:]
        page = new_page.replace(chunk, targets, 1)
    else:
        page = new_page
    at = page.find("\n## Method")
    at = len(page) if at < 0 else at
    note = (
        "_Carried from the page's earlier run (this run measured only: "
        + "; ".join(new_sections)
        + "); each section keeps its own load note._\n\n"
    )
    return page[:at].rstrip("\n") + "\n\n" + note + "\n".join(carried) + page[at:]
