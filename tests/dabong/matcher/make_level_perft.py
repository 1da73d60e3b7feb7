"""Write ``level_perft.json``: Intermediate / Master play counts from the brute-force oracle.

Run ``python -m tests.dabong.matcher.make_level_perft`` (a minute or two) after a rule
change the oracle reflects. Counts are per listing label (the first label of each
ordered play: a play is listed once, under its first pattern): ordered plays, and
entries (the plays an entry groups: a card set with its identities, its top card
and named suit, and for a first-card pattern also its first card; a run or a
mirror is one entry per order).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules_core.games.dabong.matcher_api import MatchRules, PileContext
from rules_core.kernel import parse_card
from tests.dabong.matcher.helpers import ANY_ORDER, SEQUENCES, cards, pile
from tests.dabong.oracle import Label, Play, oracle_labels

PERFT_FILE = Path(__file__).parent / "level_perft.json"

#: (level, hand, top, extras): extras may set pending 2s, the previous play, the river.
CASES: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    ("intermediate", "3E 3F 3W 4A 5A JA SH1", "3A", {}),
    ("intermediate", "AF JF 9E 2E QE 6F", "9F", {}),
    ("intermediate", "5F 5A 5W 3E 3A 3F", "KF", {}),
    ("intermediate", "AA 3A 4A 8A KA JW", "5F", {}),
    ("intermediate", "4F 4E 4W KA KE KW 6A 6E 6W", "QF", {}),
    ("intermediate", "3W 2F AA KE QA JF 10E 9W", "3F", {}),
    ("intermediate", "7E 7A 7F 6E 6W 6A", "3E", {}),
    ("intermediate", "7E 3E 3A 7A 5E", "7W", {"previous": "3W 7W"}),
    ("intermediate", "7F 4F AF AW 4W 7W", "7A", {}),
    ("intermediate", "7A 7F", "3E", {"river": "7E"}),
    ("intermediate", "2W 2E SH1 4F", "2F", {"pending": 1}),
    ("master", "KF KE KW KA 6W QW", "6F", {}),
    ("master", "KF KE 3W 3A 9F 9E QW QA", "6F", {}),
    ("master", "2A 3A 4A 4W AF SH1", "2F", {"pending": 1}),
    ("master", "2A 3A 4A 4W 6W 5W 10W", "2F", {"pending": 2}),
    ("master", "6W 5W 10W 2E 4E 6E", "2F", {"pending": 3}),
    ("master", "2W KW 10A 5F", "2F", {"pending": 5}),
    ("master", "2W KW", "2F", {"pending": 6}),
)


def context(top: str, hand_size: int, extras: dict[str, Any]) -> PileContext:
    ctx = replace(pile(top), hand_size=hand_size, pending_twos=extras.get("pending", 0))
    if "previous" in extras:
        ctx = replace(ctx, previous_play=cards(extras["previous"]))
    if "river" in extras:
        ctx = replace(ctx, river=parse_card(extras["river"]))
    return ctx


def label_key(label: Label) -> str:
    return "/".join(label)


def entry_key(play: Play, label: Label) -> tuple[Any, ...]:
    laid, ids, suit = play
    pattern = label[-1] if label[0] in ("twos_neutralization",) else label[0]
    pairs = frozenset(zip(laid, ids, strict=True))
    if pattern in SEQUENCES:
        return (laid, ids, suit)
    if pattern in ANY_ORDER:
        return (pairs, laid[-1], suit)
    return (pairs, laid[0], laid[-1], suit)


def perft(level: str, hand_text: str, top: str, extras: dict[str, Any]) -> dict[str, Any]:
    hand = cards(hand_text)
    found = oracle_labels(context(top, len(hand), extras), hand, MatchRules(level=level))
    plays: Counter[str] = Counter()
    entries: dict[str, set[tuple[Any, ...]]] = {}
    for play, labels in found.items():
        key = label_key(labels[0])
        plays[key] += 1
        entries.setdefault(key, set()).add(entry_key(play, labels[0]))
    return {
        "level": level,
        "hand": hand_text,
        "top": top,
        "extras": extras,
        "plays": dict(sorted(plays.items())),
        "entries": {k: len(v) for k, v in sorted(entries.items())},
    }


def main() -> None:
    rows = [perft(*case) for case in CASES]
    PERFT_FILE.write_text(json.dumps(rows, indent=1) + "\n")
    print(f"wrote {len(rows)} cases to {PERFT_FILE}")


if __name__ == "__main__":
    main()
