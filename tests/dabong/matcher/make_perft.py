"""Write ``perft.json``: exhaustive play counts on small hands, from the brute-force oracle.

Run ``python -m tests.dabong.matcher.make_perft`` (about a minute) after a rule
change that the oracle reflects; the suite then checks the fast matcher against
the pinned numbers in a fraction of a second. Counts are per pattern: ordered
plays, and entries (plays that differ only in a free middle order grouped: an
addition by its card set, identities, top card and named suit; a subtraction
also by its first card).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from tests.dabong.matcher.helpers import BEGINNER, cards, pile
from tests.dabong.oracle import Play, oracle_plays

PERFT_FILE = Path(__file__).parent / "perft.json"

FIRE = "AF 2F 3F 4F 5F 6F 7F 8F 9F 10F JF QF KF"

#: (hand, tops): each top a card, or "card/suit" for a top 8 or Jack with its named suit.
CASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("AF 2F 3F 4F 5F 6F 7F 8F", ("AW", "2W", "3W", "5W", "7W", "9W", "10W", "JW/W", "QW", "KW", "8E/F")),
    ("AF 2F 3F JE JW 8A 9A SH1", ("2W", "5E", "9F", "KE", "AA", "JA/W", "8W/A")),
    ("AE 2E 3E 4E SH1 SH2", ("3F", "6E", "10A", "KW")),
    ("AW 2A 3W 4A JA 5E SH3", ("5F", "7W", "QA", "AE")),
    (FIRE, ("AW", "2E", "7W", "KE", "JE/F")),
    (f"{FIRE} SH1", ("7W", "QA", "3E")),
    ("2W 3W 4A JW SH1 SH2 SH3", ("9E", "KA")),
)


def entry_key(play: Play, pattern: str) -> tuple[Any, ...]:
    laid, ids, suit = play
    pairs = frozenset(zip(laid, ids, strict=True))
    if pattern == "addition":
        return (pairs, laid[-1], suit)
    if pattern == "subtraction":
        return (pairs, laid[0], laid[-1], suit)
    return (laid, ids, suit)


def perft(hand_text: str, top_text: str) -> dict[str, Any]:
    top, _, suit = top_text.partition("/")
    found = oracle_plays(pile(top, suit or None), cards(hand_text), BEGINNER)
    plays: Counter[str] = Counter()
    entries: dict[str, set[tuple[Any, ...]]] = {}
    for play, patterns in found.items():
        for pattern in patterns:
            plays[pattern] += 1
            entries.setdefault(pattern, set()).add(entry_key(play, pattern))
    return {
        "hand": hand_text,
        "top": top_text,
        "plays": dict(sorted(plays.items())),
        "entries": {p: len(e) for p, e in sorted(entries.items())},
    }


def main() -> None:
    rows = [perft(hand, top) for hand, tops in CASES for top in tops]
    PERFT_FILE.write_text(json.dumps(rows, indent=1) + "\n")
    print(f"wrote {len(rows)} cases to {PERFT_FILE}")


if __name__ == "__main__":
    main()
