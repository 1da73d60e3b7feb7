"""The dabong! matcher old against new: the same answers, and the time of each, paired.

    python -m benchmarks.matcher_ab --old main          # this tree against main's matcher
    python -m benchmarks.matcher_ab --old HEAD~1 --quick

The old matcher is ``git archive``d from ``--old`` into a temporary folder and imported beside
this tree's as another package, so both run in one process, interleaved (which side goes first
alternates by round), best of ``--rounds``, in this process's CPU seconds: on the shared host
an A/A run (``--old`` the tree's own commit) then agrees within 1-3 % per group and 5 % per
call, where the wall clock moved by 15 % per group and 2-3 times per call.

The A/B set is fixed by ``--seed``: random hands of 4-14 cards with 0-3 Shamans at every
level (previous plays for the mirror, pending 2s, wild 8s now and then) and the 26-card
three-Shaman hands of ``benchmarks.dabong_matcher``; for each, the listing's first, inner and
last pages (each call computes the totals), and the checks of its longest listed play
declared and undeclared, its Shamans laid alone, and a few random (mostly illegal) plays.
Every answer is compared as text (totals, entries, readings, misses, undeclared Shamans); a
difference is printed and makes the exit status 1.

A benchmark, not a test: it writes nothing. The issue's bar (#32): no listing or check slower
by more than 10 %; read each group's total ratio first, then the worst single call (a call of
a few microseconds still moves by a few per cent between runs).
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

from rules_core.games.dabong.matcher import MATCHER
from rules_core.games.dabong.matcher_api import MatchBudgetExceeded, MatchRules, PileContext
from rules_core.games.dabong.values import REAL_CARDS, SHAMANS, card_suits, pile_value
from rules_core.kernel import Card, Rank

from .dabong_matcher import CASES

ROOT = Path(__file__).resolve().parent.parent
PAGE = 20
OLD_PACKAGE = "ab_old_rules_core"


@dataclass(frozen=True, slots=True)
class Item:
    """One call of the A/B set: a group, a label, and how to make it on either matcher."""

    group: str
    label: str
    call: Callable[[Any, Any], object]  # (matcher module, converter) -> answer


def load_old(rev: str, into: Path) -> ModuleType:
    """``rev``'s ``rules_core`` as the package ``ab_old_rules_core`` (its imports are relative)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev, "rules_core"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "rules_core").rename(into / OLD_PACKAGE)
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{OLD_PACKAGE}.games.dabong.matcher")


class Convert:
    """This tree's cards, piles and rules as one matcher package's own (by their text)."""

    def __init__(self, package: str) -> None:
        self.kernel = importlib.import_module(f"{package}.kernel")
        self.api = importlib.import_module(f"{package}.games.dabong.matcher_api")

    def card(self, card: Card) -> Any:
        return self.kernel.parse_card(str(card))

    def cards(self, cards: tuple[Card, ...]) -> tuple[Any, ...]:
        return tuple(self.card(c) for c in cards)

    def ctx(self, ctx: PileContext) -> Any:
        values = {f.name: getattr(ctx, f.name) for f in fields(ctx)}
        values["top"] = self.card(ctx.top)
        values["previous_play"] = self.cards(ctx.previous_play)
        values["river"] = None if ctx.river is None else self.card(ctx.river)
        values["active_suits"] = frozenset(self.kernel.Suit(s.value) for s in ctx.active_suits)
        return self.api.PileContext(**values)

    def rules(self, rules: MatchRules) -> Any:
        return self.api.MatchRules(**{f.name: getattr(rules, f.name) for f in fields(rules)})


def _listing_text(listing: Any) -> str:
    entries = "\n".join(repr(e) for e in listing.entries)
    return f"{listing.total_entries} {listing.total_plays} {listing.next_offset}\n{entries}"


def _check_text(check: Any) -> str:
    return f"{tuple(check.readings)!r}\n{check.misses!r}\n{check.undeclared!r}"


def _guarded(run: Callable[[], str]) -> str:
    try:
        return run()
    except MatchBudgetExceeded as exc:  # the same refusal on both sides is the same answer
        return f"over budget: {exc.__class__.__name__}"
    except Exception as exc:
        if exc.__class__.__name__ == "MatchBudgetExceeded":
            return f"over budget: {exc.__class__.__name__}"
        raise


def _table(rng: random.Random, level: str) -> tuple[PileContext, tuple[Card, ...], MatchRules]:
    shamans = rng.choice((0, 0, 1, 1, 2, 3))
    size = rng.randint(max(4, shamans), 14)
    jacks = [c for c in REAL_CARDS if c.rank is Rank.JACK]
    hand = [*rng.sample(SHAMANS, shamans), *rng.sample(jacks, rng.randint(0, 1))]
    rank = rng.choice([c.rank for c in REAL_CARDS])
    hand += rng.sample([c for c in REAL_CARDS if c.rank is rank and c not in hand], rng.randint(0, 2))
    hand += rng.sample([c for c in REAL_CARDS if c not in hand], max(0, size - len(hand)))
    top = rng.choice([c for c in REAL_CARDS if c not in hand])
    ctx = PileContext(top=top, active_suits=card_suits(top), pile_value=pile_value(top), hand_size=len(hand))
    outside = [c for c in REAL_CARDS if c not in hand and c != top]
    if rng.random() < 0.5:
        ctx = replace(ctx, previous_play=(*rng.sample(outside, rng.randint(1, 3)), top))
    if level != "beginner" and rng.random() < 0.25:
        two = rng.choice([c for c in outside if c.rank is Rank.TWO] or [top])
        ctx = replace(ctx, top=two, active_suits=card_suits(two), pile_value=pile_value(two))
        ctx = replace(ctx, pending_twos=rng.choice((1, 1, 2, 3)))
    rules = MatchRules(level=level, eight_must_share_suit=rng.random() < 0.8)
    return ctx, tuple(hand), rules


def ab_set(seed: int, per_level: int) -> list[Item]:
    rng = random.Random(seed)
    tables = [
        (level, *_table(rng, level))
        for level in ("beginner", "intermediate", "master")
        for _ in range(per_level)
    ]
    tables += [("master 26+3", ctx, hand, MatchRules(level="master")) for _, ctx, hand in CASES[1:]]
    items: list[Item] = []
    for n, (group, ctx, hand, rules) in enumerate(tables):
        try:
            first = MATCHER.list_plays(ctx, hand, rules, seat=0, limit=PAGE)
        except MatchBudgetExceeded:
            continue
        total = first.total_entries
        for page, offset in (("first", 0), ("inner", total // 2), ("last", max(0, total - PAGE))):
            items.append(Item(f"list {group}", f"#{n} {page}", _lister(ctx, hand, rules, offset)))
        plays: list[tuple[str, tuple[Card, ...], tuple[tuple[Card, Card], ...]]] = []
        if first.entries:
            longest = max((e.action for e in first.entries), key=lambda a: len(a.cards))
            plays.append(("declared", longest.cards, longest.declare))
            if longest.declare:
                plays.append(("undeclared", longest.cards, ()))
        shamans = tuple(c for c in hand if c.is_shaman)
        if shamans:
            plays.append(("undeclared", shamans, ()))
        for _ in range(3):
            plays.append(("random", tuple(rng.sample(hand, rng.randint(1, min(len(hand), 6)))), ()))
        for kind, cards, declare in plays:
            where = "beginner" if rules.level == "beginner" else "later levels"
            items.append(Item(f"check {kind} {where}", f"#{n} {group}", _checker(ctx, cards, declare, rules)))
    return items


def _lister(
    ctx: PileContext, hand: tuple[Card, ...], rules: MatchRules, offset: int
) -> Callable[[Any, Any], object]:
    def call(matcher: Any, conv: Any) -> object:
        args = (conv.ctx(ctx), conv.cards(hand), conv.rules(rules))
        return lambda: _guarded(
            lambda: _listing_text(matcher.list_plays(*args, seat=0, offset=offset, limit=PAGE))
        )

    return call


def _checker(
    ctx: PileContext, cards: tuple[Card, ...], declare: tuple[tuple[Card, Card], ...], rules: MatchRules
) -> Callable[[Any, Any], object]:
    def call(matcher: Any, conv: Any) -> object:
        args = (
            conv.ctx(ctx),
            conv.cards(cards),
            tuple((conv.card(a), conv.card(b)) for a, b in declare),
            conv.rules(rules),
        )
        return lambda: _guarded(lambda: _check_text(matcher.check_play(*args)))

    return call


def best_time(run: Callable[[], object], repeat: int) -> float:
    """CPU seconds per call: this process's own time, so that another job on the machine
    (the benchmark's host is shared) slows the figure less than it would the wall clock."""
    start = time.process_time()
    for _ in range(repeat):
        run()
    return (time.process_time() - start) / repeat


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", default="main", help="the git revision of the old matcher (default main)")
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--per-level", type=int, default=20, help="random hands per level (default 20)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds, best kept (default 5)")
    parser.add_argument("--quick", action="store_true", help="8 hands per level, 3 rounds")
    parser.add_argument("--only", choices=("check", "list"), help="time only the checks or the listings")
    args = parser.parse_args(argv)
    if args.quick:
        args.per_level, args.rounds = 8, 3
    items = [
        i for i in ab_set(args.seed, args.per_level) if args.only is None or i.group.startswith(args.only)
    ]
    with tempfile.TemporaryDirectory(prefix="matcher-ab-") as folder:
        old_module = load_old(args.old, Path(folder))
        sides = {
            "old": (old_module.MATCHER, Convert(OLD_PACKAGE)),
            "new": (MATCHER, Convert("rules_core")),
        }
        calls = {side: [item.call(m, conv) for item in items] for side, (m, conv) in sides.items()}
        differ = 0
        for k, item in enumerate(items):
            old_answer, new_answer = calls["old"][k](), calls["new"][k]()  # type: ignore[operator]
            if old_answer != new_answer:
                differ += 1
                if differ <= 5:
                    print(f"DIFFERENT {item.group} {item.label}:")
                    print(f"  old {old_answer!r:.400}\n  new {new_answer!r:.400}")
        best: dict[str, list[float]] = {side: [float("inf")] * len(items) for side in sides}
        for round_ in range(args.rounds):
            for k in range(len(items)):
                for side in ("old", "new") if round_ % 2 == 0 else ("new", "old"):  # neither always first
                    first_run = best_time(calls[side][k], 1)  # type: ignore[arg-type]
                    repeat = max(1, min(400, int(0.02 / max(first_run, 1e-6))))
                    best[side][k] = min(best[side][k], best_time(calls[side][k], repeat))  # type: ignore[arg-type]
    print(f"A/B set: {len(items)} calls, {differ} with different answers (old {args.old} against this tree)")
    print(f"{'group':<26}{'calls':>6}{'old ms':>11}{'new ms':>11}{'new/old':>9}{'worst':>8}{'>1.10':>7}")
    for group in sorted({item.group for item in items}):
        ks = [k for k, item in enumerate(items) if item.group == group]
        old_total = sum(best["old"][k] for k in ks) * 1000
        new_total = sum(best["new"][k] for k in ks) * 1000
        ratios = [best["new"][k] / best["old"][k] for k in ks]
        slower = sum(1 for r in ratios if r > 1.10)
        print(
            f"{group:<26}{len(ks):>6}{old_total:>11.3f}{new_total:>11.3f}"
            f"{new_total / old_total:>9.3f}{max(ratios):>8.2f}{slower:>7}"
        )
    worst = max(range(len(items)), key=lambda k: best["new"][k] / best["old"][k])
    print(
        f"slowest relative call: {items[worst].group} {items[worst].label}: "
        f"{best['old'][worst] * 1e3:.4f} -> {best['new'][worst] * 1e3:.4f} ms"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
