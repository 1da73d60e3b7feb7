"""Perft-style pinned counts: the matcher's totals on small hands against the oracle's.

The numbers in ``perft.json`` were computed by the brute-force oracle
(``python -m tests.dabong.matcher.make_perft``), never by the matcher; on a
mismatch the test prints the per-pattern breakdown of both.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from rules_core.games.dabong.matcher import MATCHER
from tests.dabong.matcher.helpers import BEGINNER, cards, pile
from tests.dabong.matcher.make_perft import PERFT_FILE

ROWS: list[dict[str, Any]] = json.loads(PERFT_FILE.read_text())


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['top']} <- {r['hand']}" for r in ROWS])
def test_perft(row: dict[str, Any]) -> None:
    top, _, suit = row["top"].partition("/")
    listing = MATCHER.list_plays(pile(top, suit or None), cards(row["hand"]), BEGINNER, seat=0)
    plays: Counter[str] = Counter()
    entries: Counter[str] = Counter()
    for entry in listing.entries:
        (pattern,) = entry.patterns
        plays[pattern] += entry.orderings
        entries[pattern] += 1
    got = {"plays": dict(sorted(plays.items())), "entries": dict(sorted(entries.items()))}
    want = {"plays": row["plays"], "entries": row["entries"]}
    assert got == want, f"matcher {got}\noracle  {want}"
    assert listing.total_plays == sum(row["plays"].values())
    assert listing.total_entries == sum(row["entries"].values())


def test_perft_covers_every_beginner_pattern() -> None:
    seen = {pattern for row in ROWS for pattern in row["plays"]}
    assert seen == {"single", "addition", "subtraction"}
