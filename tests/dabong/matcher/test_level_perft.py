"""Perft-style pinned counts at Intermediate and Master, computed by the brute-force oracle.

``level_perft.json`` comes from ``python -m tests.dabong.matcher.make_level_perft``
(never from the matcher); a mismatch prints both per-label breakdowns.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchRules
from tests.dabong.matcher.helpers import cards
from tests.dabong.matcher.make_level_perft import PERFT_FILE, context

ROWS: list[dict[str, Any]] = json.loads(PERFT_FILE.read_text())


@pytest.mark.parametrize(
    "row", ROWS, ids=[f"{r['level']} {r['top']} <- {r['hand']} {r['extras']}" for r in ROWS]
)
def test_level_perft(row: dict[str, Any]) -> None:
    hand = cards(row["hand"])
    ctx = context(row["top"], len(hand), row["extras"])
    listing = MATCHER.list_plays(ctx, hand, MatchRules(level=row["level"]), seat=0)
    plays: Counter[str] = Counter()
    entries: Counter[str] = Counter()
    for entry in listing.entries:
        key = "/".join(entry.patterns)
        plays[key] += entry.orderings
        entries[key] += 1
    got = {"plays": dict(sorted(plays.items())), "entries": dict(sorted(entries.items()))}
    want = {"plays": row["plays"], "entries": row["entries"]}
    assert got == want, f"matcher {got}\noracle  {want}"
    assert listing.total_plays == sum(row["plays"].values())
    assert listing.total_entries == sum(row["entries"].values())


def test_level_perft_covers_every_pattern() -> None:
    seen = {label for row in ROWS for label in row["plays"]}
    shapes = {"clone", "twenty_one", "straight", "full_house", "flush", "three_by_three", "eight_straight"}
    shapes |= {"heaven", "hell", "mirror", "self_mirror", "four_of_a_kind", "four_pair", "twos_add_on"}
    assert shapes <= seen
    assert "shaman_neutralization/addition" in seen
    assert {label.split("/")[0] for label in seen} >= {"twos_neutralization"}
