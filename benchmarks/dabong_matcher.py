"""Timings of the dabong! matcher (a benchmark, not a test).

Run ``python -m benchmarks.dabong_matcher`` from the repository root. Targets:
one play validated in under 1 ms for any hand; a 26-card hand with all three
Shamans counted with its first page in under 50 ms. ``CASES`` (label, pile,
hand) are the hands timed here, for the benchmark suite to reuse.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchBudgetExceeded, MatchRules, PileContext
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS, card_suits, pile_value
from rules_core.kernel import Card, parse_card, parse_cards

RULES = MatchRules()
MASTER = MatchRules(level="master")


def pile(top: str) -> PileContext:
    card = parse_card(top)
    return PileContext(top=card, active_suits=card_suits(card), pile_value=pile_value(card))


def timed(label: str, run: Callable[[], object], repeat: int) -> None:
    run()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, (time.perf_counter() - start) / repeat)
    print(f"{label:<60} {best * 1000:9.3f} ms")


def hand_of(seed: int, size: int, top: str, shamans: int) -> tuple[Card, ...]:
    rng = random.Random(seed)
    rest = [c for c in REAL_CARDS if str(c) != top]
    return (*SHAMANS[:shamans], *rng.sample(rest, size - shamans))


TOPS_26 = ("2F", "9W", "KA", "AE")

#: (label, pile, hand): a typical 8-card hand, and 26-card hands holding all three Shamans.
CASES: tuple[tuple[str, PileContext, tuple[Card, ...]], ...] = (
    ("8 cards + 1 Shaman on 9F", pile("9F"), hand_of(1, 8, "9F", 1)),
    *((f"26 cards + 3 Shamans on {top}", pile(top), hand_of(2, 26, top, 3)) for top in TOPS_26),
)


def main() -> None:
    label8, typical, hand8 = CASES[0]
    print(f"{label8}:", " ".join(map(str, hand8)))
    timed(
        "validate a single card (9W)",
        lambda: MATCHER.check_play(typical, parse_cards(["9W"]), (), RULES),
        2000,
    )
    timed(
        "validate an addition (4E 5E)",
        lambda: MATCHER.check_play(typical, parse_cards(["4E", "5E"]), (), RULES),
        2000,
    )
    timed(
        "validate a lone undeclared Shaman (all 20 readings)",
        lambda: MATCHER.check_play(typical, (SHAMANS[0],), (), RULES),
        500,
    )
    timed(
        "validate SH1 SH2 SH3 undeclared as a sum on a King (348 readings)",
        lambda: MATCHER.check_play(pile("KE"), SHAMANS, (), RULES),
        20,
    )
    timed(
        "list every play of the 8-card hand", lambda: MATCHER.list_plays(typical, hand8, RULES, seat=0), 100
    )
    for label, ctx, hand in CASES[1:]:
        listing = MATCHER.list_plays(ctx, hand, RULES, seat=0, limit=50)
        middle = listing.total_entries // 2
        timed(
            f"{label}: count + first page of 50",
            partial(MATCHER.list_plays, ctx, hand, RULES, seat=0, limit=50),
            10,
        )
        timed(
            f"   ... a page of 50 from entry {middle}",
            partial(MATCHER.list_plays, ctx, hand, RULES, seat=0, offset=middle, limit=50),
            10,
        )
        print(f"   ({listing.total_entries} entries, {listing.total_plays} ordered plays)")

    master()


#: Master-level plays validated one at a time (top, cards, declarations).
MASTER_CHECKS: tuple[tuple[str, str, str], ...] = (
    ("flush of five on 10E", "10E", "10A 3A QA 4A JW"),
    ("eight straight on 3F", "3F", "3W 2F AA KE QA JF 10E 9W"),
    ("three by three on QF", "QF", "4F 4E 4W KA KE KW 6A 6E 6W"),
    ("self mirror on 7A", "7A", "7F 4F AF AW 4W 7W"),
    ("full house with a declared Shaman on KF", "KF", "5F 5A SH1 3E 3A"),
)


def master(*, big: bool = False) -> None:
    """Master rules: checks of the big shapes, and listings of growing hands.

    The set shapes, runs and self mirrors are counted by a dynamic programme
    (``patterns/counted.py``): time grows with its states, not with the number of plays,
    but is still over the 50 ms target for 26 cards and three Shamans (that hand spends
    the whole work budget and is refused); the 26-card hands run only with ``big``.
    """
    for label, top, laid in MASTER_CHECKS:
        played = parse_cards(laid.split())
        declare = tuple((c, parse_card("5W")) for c in played if c.is_shaman)
        timed(
            f"master: validate a {label}",
            partial(MATCHER.check_play, pile(top), played, declare, MASTER),
            200,
        )
    sizes = [(8, 1), (10, 1), (12, 1), (12, 2)] + ([(26, 0), (26, 3)] if big else [])
    for size, shamans in sizes:
        ctx = pile("9W")
        hand = hand_of(3, size, "9W", shamans)
        label = f"master: {size} cards + {shamans} Shaman(s) on 9W: count + first page of 50"
        try:
            listing = MATCHER.list_plays(ctx, hand, MASTER, seat=0, limit=50)
        except MatchBudgetExceeded as over:
            over_budget(label, partial(MATCHER.list_plays, ctx, hand, MASTER, seat=0, limit=50), over)
            continue
        timed(label, partial(MATCHER.list_plays, ctx, hand, MASTER, seat=0, limit=50), 1)
        print(f"   ({listing.total_entries} entries, {listing.total_plays} ordered plays)")
    undeclared = partial(MATCHER.check_play, pile("KE"), SHAMANS, (), MASTER)
    try:
        undeclared()
    except MatchBudgetExceeded as over:
        over_budget("master: validate SH1 SH2 SH3 undeclared on KE", undeclared, over)


def over_budget(label: str, run: Callable[[], object], over: MatchBudgetExceeded) -> None:
    """How long a call takes to give up with ``MatchBudgetExceeded`` (the budget's cost)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        try:
            run()
        except MatchBudgetExceeded:
            best = min(best, time.perf_counter() - start)
    print(f"{label:<60} {best * 1000:9.3f} ms  (over budget: {over.spent} > {over.limit} units)")


if __name__ == "__main__":
    import sys

    main()
    if "--master-26" in sys.argv:
        master(big=True)
